// Live submissions by id: status, time, memory, score and the cases as they finish. Pushed events
// (lib/socket.ts) and REST snapshots/polls both land here through these reducers.
import { proxy } from 'valtio';
import {
  isInProgress,
  JudgeStatus,
  type JudgeCaseResult,
  type Submission,
  type SubmissionCaseData,
  type SubmissionListItem,
  type SubmissionStatusData,
} from '@oj/proto';

export interface CaseRow {
  caseId: number;
  /** 1-based judging order. */
  index: number;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  groupNum: number | null;
}

export interface LiveSubmission {
  submitId: number;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  casesDone: number;
  casesTotal: number;
  /** Sorted by `index`, one per caseId. */
  cases: CaseRow[];
  errorMessage: string | null;
  /** The full row from the last REST snapshot (code, language, author…). */
  detail: Submission | null;
  /** True once the final snapshot (detail + cases) was loaded; it is fetched once. */
  finalSnapshot: boolean;
  /** Latest judge attempt known (0: unknown); status events of an older attempt are stale replays. */
  version: number;
}

export const submissionsState = proxy<{ byId: Record<number, LiveSubmission> }>({ byId: {} });

export function ensureSubmission(submitId: number, status: number = JudgeStatus.PENDING): LiveSubmission {
  let s = submissionsState.byId[submitId];
  if (!s) {
    submissionsState.byId[submitId] = {
      submitId,
      status,
      time: null,
      memory: null,
      score: null,
      casesDone: 0,
      casesTotal: 0,
      cases: [],
      errorMessage: null,
      detail: null,
      finalSnapshot: false,
      version: 0,
    };
    s = submissionsState.byId[submitId]!;
  }
  return s;
}

/** A pushed status. Events arrive in seq order, so they always win; a new run (rejudge) clears the cases. */
export function applyStatusEvent(d: SubmissionStatusData): void {
  const s = ensureSubmission(d.submitId, d.status);
  if (d.version !== undefined) {
    if (d.version < s.version) return;
    s.version = d.version;
  }
  const restarted = !isInProgress(s.status) && isInProgress(d.status);
  if (restarted || d.status === JudgeStatus.PENDING) {
    s.cases = [];
    s.finalSnapshot = false;
  }
  s.status = d.status;
  s.time = d.time;
  s.memory = d.memory;
  s.score = d.score;
  s.casesTotal = Math.max(d.casesTotal, restarted ? 0 : s.casesTotal);
  s.casesDone = Math.max(d.casesDone, s.cases.length);
}

/** A pushed case: upserted by caseId, kept in judging order. */
export function applyCaseEvent(d: SubmissionCaseData): void {
  const s = ensureSubmission(d.submitId, JudgeStatus.JUDGING);
  upsertCase(s, {
    caseId: d.caseId,
    index: d.index,
    status: d.status,
    time: d.time,
    memory: d.memory,
    score: d.score,
    groupNum: d.groupNum,
  });
  s.casesTotal = Math.max(s.casesTotal, d.total);
  s.casesDone = Math.max(s.casesDone, s.cases.length);
}

function upsertCase(s: LiveSubmission, row: CaseRow): void {
  const i = s.cases.findIndex((c) => c.caseId === row.caseId);
  if (i >= 0) s.cases[i] = row;
  else s.cases.push(row);
  s.cases.sort((a, b) => a.index - b.index);
}

/**
 * A row read over REST (snapshot, list or poll). REST answers are not ordered with the pushed events,
 * so an in-progress row never overwrites a final status already known.
 */
export function applyRow(row: Submission | SubmissionListItem): void {
  const s = ensureSubmission(row.submitId, row.status);
  if (!isInProgress(s.status) && isInProgress(row.status)) return;
  s.status = row.status;
  s.time = row.time;
  s.memory = row.memory;
  s.score = row.score;
  if ('errorMessage' in row) {
    if (row.errorMessage !== null) s.errorMessage = row.errorMessage;
    // Polls strip the code; keep the one a detail snapshot already brought.
    s.detail = { ...row, code: row.code ?? s.detail?.code ?? null };
  }
}

/** The case list read over REST replaces the pushed one when it is at least as complete. */
export function applyCaseResult(submitId: number, r: JudgeCaseResult): void {
  const s = ensureSubmission(submitId);
  const list = [...r.judgeCaseList].sort((a, b) => a.seq - b.seq || a.caseId - b.caseId);
  if (list.length < s.cases.length) return;
  s.cases = list.map((c, i) => ({
    caseId: c.caseId,
    index: i + 1,
    status: c.status,
    time: c.time,
    memory: c.memory,
    score: c.score,
    groupNum: c.groupNum,
  }));
  s.casesDone = Math.max(s.casesDone, s.cases.length);
  if (!isInProgress(s.status)) s.casesTotal = Math.max(s.casesTotal, s.cases.length);
}

export function markFinalSnapshot(submitId: number): void {
  ensureSubmission(submitId).finalSnapshot = true;
}

/**
 * The answer of an admin action (rejudge, cancel, manual judge, resubmit): it is newer than anything known,
 * so it is taken as is; a new judge attempt starts with no cases.
 */
export function applyAdminResult(row: Submission): void {
  const s = ensureSubmission(row.submitId, row.status);
  s.version = Math.max(s.version, row.version);
  if (isInProgress(row.status)) {
    s.cases = [];
    s.casesDone = 0;
    s.casesTotal = 0;
    s.finalSnapshot = false;
  }
  s.status = row.status;
  s.time = row.time;
  s.memory = row.memory;
  s.score = row.score;
  s.detail = { ...row, code: row.code ?? s.detail?.code ?? null };
}
