// A submission followed live (`useLiveSubmission` in a component, `watchSubmission` for lists) and the store its
// events, REST snapshots and polls land in (status, time, memory, score and the cases as they finish).
// `submission:<id>` is followed through the live-topic engine from the topic's start (so the cases already judged
// arrive too); the REST snapshot (detail + case results) is read once after the final status, after a resync or a
// refusal; while the socket is down, every watched submission still in progress is polled in one request per
// contest every 2 s, at most 300 times (a newly watched submission restarts the count).
import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import {
  isInProgress,
  JudgeStatus,
  POLLING,
  topics,
  type JudgeCaseResult,
  type Submission,
  type SubmissionCaseData,
  type SubmissionListItem,
  type SubmissionStatusData,
} from '@oj/proto';
import { api } from '../../lib/api';
import { decoders } from '../../lib/decoders';
import { PollGroup } from '../../lib/fallback-poll';
import { watchTopic } from '../../lib/useLiveTopic';
import type { TopicWatch } from '../../lib/live-topics';

// ---------- the store: live submissions by id, and its reducers ----------

export interface CaseRow {
  caseId: number;
  /** 1-based judging order. */
  index: number;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  groupNum: number | null;
  /** Test data shown to those the rules allow (read over REST, never pushed): previews and full sizes. */
  data?: CaseData;
}

export interface CaseData {
  input: string | null;
  output: string | null;
  inputBytes: number | null;
  outputBytes: number | null;
  userOutput: string | null;
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
  /** The problem's judge case mode once known (from a case event or the case results): subtasks are grouped by it. */
  caseMode: string | null;
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
      caseMode: null,
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
  if (d.mode) s.caseMode = d.mode;
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
  // A replayed event never drops the test data a REST read already brought.
  if (i >= 0) s.cases[i] = { ...row, data: row.data ?? s.cases[i]!.data };
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

/**
 * The case list read over REST replaces the pushed one when it is at least as complete. In the subtask modes the
 * answer groups the cases (`subTaskJudgeCaseVoList`); they are flattened back into judging order, keeping groupNum.
 */
export function applyCaseResult(submitId: number, r: JudgeCaseResult): void {
  const s = ensureSubmission(submitId);
  if (r.judgeCaseMode) s.caseMode = r.judgeCaseMode;
  const all = r.judgeCaseList.length > 0 ? r.judgeCaseList : r.subTaskJudgeCaseVoList.flatMap((g) => g.subtaskDetailList);
  const list = [...all].sort((a, b) => a.seq - b.seq || a.caseId - b.caseId);
  if (list.length < s.cases.length) return;
  s.cases = list.map((c, i) => ({
    caseId: c.caseId,
    index: i + 1,
    status: c.status,
    time: c.time,
    memory: c.memory,
    score: c.score,
    groupNum: c.groupNum,
    ...(hasData(c) && {
      data: { input: c.inputData, output: c.outputData, inputBytes: c.inputBytes ?? null, outputBytes: c.outputBytes ?? null, userOutput: c.userOutput },
    }),
  }));
  s.casesDone = Math.max(s.casesDone, s.cases.length);
  if (!isInProgress(s.status)) s.casesTotal = Math.max(s.casesTotal, s.cases.length);
}

const hasData = (c: JudgeCaseResult['judgeCaseList'][number]) => c.inputData !== null || c.outputData !== null || c.userOutput !== null;

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

// ---------- following a submission ----------

interface Watched {
  /** Contest of the submission (0: practice): the fallback poll asks under the contest's rules. */
  cid: number;
  refs: number;
  stop: TopicWatch;
}

const watched = new Map<number, Watched>();
const snapshotsInFlight = new Set<number>();

/** Detail + case results over REST. `final` marks it as the one snapshot after a final status. */
async function loadSnapshot(submitId: number, final: boolean): Promise<void> {
  if (snapshotsInFlight.has(submitId)) return;
  snapshotsInFlight.add(submitId);
  try {
    const [info, cases] = await Promise.all([
      api.get('/get-submission-detail', { query: { submitId }, decode: decoders.submissionInfo, silent: true }),
      api.get('/get-all-case-result', { query: { submitId }, decode: decoders.caseResult, silent: true }).catch(() => null),
    ]);
    applyRow(info.submission);
    if (cases) applyCaseResult(submitId, cases);
    if (final || !isInProgress(info.submission.status)) markFinalSnapshot(submitId);
  } catch {
    // Not visible or not reachable now; the next event or poll tries again.
  } finally {
    snapshotsInFlight.delete(submitId);
  }
}

/** After a status change: the one final snapshot, when the verdict is in. */
function afterStatus(submitId: number): void {
  const s = submissionsState.byId[submitId];
  if (s && !isInProgress(s.status) && !s.finalSnapshot) void loadSnapshot(submitId, true);
}

const inProgress = (submitId: number) => {
  const s = submissionsState.byId[submitId];
  return !s || isInProgress(s.status);
};

/** One `check-submissions-status` per contest (0: practice) for the watched submissions still being judged. */
const polls = new PollGroup<number>({
  intervalMs: POLLING.submissionMs,
  maxPolls: POLLING.submissionMaxPolls,
  async run(ids) {
    const pending = ids.filter(inProgress).slice(0, 200);
    if (pending.length === 0) return false;
    const byCid = new Map<number, number[]>();
    for (const id of pending) {
      const cid = watched.get(id)?.cid || (submissionsState.byId[id]?.detail?.cid ?? 0);
      byCid.set(cid, [...(byCid.get(cid) ?? []), id]);
    }
    for (const [cid, submitIds] of byCid) {
      try {
        const map = await api.post('/check-submissions-status', { submitIds, cid }, { decode: decoders.submissionMap, silent: true });
        for (const row of Object.values(map)) {
          applyRow(row);
          afterStatus(row.submitId);
        }
      } catch {
        // Keep polling within the budget; the network may come back.
      }
    }
    return true;
  },
});

/**
 * Follows a submission live until the returned function is called. Watching the same id twice is counted; the
 * topic is left when the last watcher goes.
 */
export function watchSubmission(submitId: number, cid = 0): () => void {
  const w = watched.get(submitId);
  if (w) {
    w.refs++;
    if (cid > 0) w.cid = cid;
  } else {
    ensureSubmission(submitId);
    polls.resetBudget();
    const stop = watchTopic(topics.submission(submitId), {
      fromSeq: 0,
      events: {
        'submission.status': (data) => {
          applyStatusEvent(data);
          afterStatus(data.submitId);
        },
        'submission.case': (data) => applyCaseEvent(data),
      },
      onResync: () => void loadSnapshot(submitId, false).then(() => afterStatus(submitId)),
      onRefused: () => void loadSnapshot(submitId, false),
      onSubscribed: () => afterStatus(submitId),
      poll: polls.member(submitId),
    });
    watched.set(submitId, { cid, refs: 1, stop });
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const cur = watched.get(submitId);
    if (!cur || --cur.refs > 0) return;
    watched.delete(submitId);
    cur.stop();
  };
}

/** One submission in a component: watched over the socket (or polled) while mounted and `watch`. */
export function useLiveSubmission(submitId: number | null, watch = true, cid = 0): LiveSubmission | null {
  useEffect(() => (submitId === null || !watch ? undefined : watchSubmission(submitId, cid)), [submitId, watch, cid]);
  const snap = useSnapshot(submissionsState);
  return submitId === null ? null : ((snap.byId[submitId] as LiveSubmission | undefined) ?? null);
}
