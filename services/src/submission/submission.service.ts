// Submissions: submit (row + outbox in one transaction, job relayed after commit), list, detail, case
// results and status checks, each answering only what the caller may see. SQL lives in submission.repo.ts, the
// practice visibility rules in submission-access.ts; the row mapping (code and messages shown or withheld,
// contest views, subtask groups) is here.
import {
  CONTEST_STATUS,
  JudgeStatus,
  OjError,
  OWN_OJ,
  PAGE_SIZES,
  type CheckSubmissionsStatusBody,
  type CaseDataQuery,
  type JudgeCaseResult,
  type PageOf,
  type Submission,
  type SubmissionInfo,
  type SubmissionListItem,
  type SubmissionListQuery,
  type SubmitBody,
} from '@oj/proto';
import { isAdmin, type Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4, type DbOrTx } from '../db/client';
import type { JudgeRow } from '../db/schema';
import { pageOf, pageOffset } from '../db/paging';
import { accountAllowed, assertSubmit, canEnter, contestStatus, contestTimeS, isContestAdmin, loadContest, type ContestRow } from '../contest/access';
import { insertPendingRecord } from '../contest/contest-record.repo';
import { submissionView, type SubmissionView } from '../contest/contest-view';
import { queuePosition } from '../judge/judge-queue.repo';
import type { OutboxRelay } from '../judge/outbox-relay';
import type { RunnerRegistry } from '../judge/runner-registry';
import { findVisibleProblem } from '../problem/problem.service';
import { isOwner, practiceCodeVisible, practiceQueueVisible, practiceVisible } from './submission-access';
import {
  findContestProblem,
  findWithProblem,
  insertSubmission,
  listPractice,
  lockAndLastPracticeSubmit,
  problemLanguageOj,
  statusRows,
  watchFacts,
} from './submission.repo';
import { createCasePreviewCache } from '../testdata/case-preview';
import { caseDataFile, caseResults, type CaseDataFile } from './submission-cases';
import { secondsToWait, validateCode } from './validation';
import { groupSubmissionVisible, openableGroupProblem } from '../group/group-submit';
import { isMemberOf } from '../group/group-standing';
import { fileUnderTraining, trainingSubmitTarget } from '../training/training-submit';
import { fileUnderTask, taskOfSubmit, taskProblem } from '../education/task-submit';
import { examHiddenFrom } from '../education/task-access';
import { maskedStatus } from '../contest/sealed-results';
import { publishAll } from '../push/push.service';
import type { PushMessage } from '@oj/proto';

/** A course exam's submission before the teacher releases the results: −5 (or in progress), nothing of the result. */
const examMasked = <T extends { status: number; time: number | null; memory: number | null; judger: string | null; score: number | null; oiRankScore: number | null }>(s: T): T =>
  ({ ...maskedStatus(s), score: null, oiRankScore: null, ...('errorMessage' in s && { errorMessage: null }) });

export interface SubmissionService {
  /** Persists the submission (Pending) and its judge job in one transaction; the job is sent right after. */
  submit(body: SubmitBody, viewer: Viewer, ip: string): Promise<Submission>;
  list(q: SubmissionListQuery, viewer: Viewer | null): Promise<PageOf<SubmissionListItem>>;
  detail(submitId: number, viewer: Viewer | null): Promise<SubmissionInfo>;
  caseResults(submitId: number, viewer: Viewer | null): Promise<JudgeCaseResult>;
  /** One case's whole input or expected output (`get-case-data`), for those who may see it in the case results. */
  caseData(q: CaseDataQuery, viewer: Viewer | null): Promise<CaseDataFile>;
  /** Map submitId → submission without code and errorMessage. */
  checkStatus(body: CheckSubmissionsStatusBody, viewer: Viewer | null): Promise<Record<string, Submission>>;
  /** Whether `viewer` may receive the live status events of this submission. */
  canWatch(submitId: number, viewer: Viewer | null): Promise<boolean>;
}

export function toSubmission(r: JudgeRow, show: { code: boolean; errorMessage: boolean }): Submission {
  return {
    submitId: r.submitId,
    pid: r.pid,
    displayPid: r.displayPid,
    uid: r.uid,
    username: r.username,
    submitTime: r.submitTime.toISOString(),
    status: r.status,
    share: r.share,
    errorMessage: show.errorMessage ? r.errorMessage : null,
    time: r.time,
    memory: r.memory,
    score: r.score,
    length: r.length,
    code: show.code ? r.code : null,
    language: r.language,
    cid: r.cid,
    cpid: r.cpid,
    gid: r.gid,
    judger: r.judger,
    version: r.version,
    oiRankScore: r.oiRankScore,
    isManual: r.isManual,
    gmtCreate: r.gmtCreate.toISOString(),
    gmtModified: r.gmtModified.toISOString(),
  };
}

/** A contest submission as `view` allows: −5 and no result when hidden; no details of others while running. */
export function contestSubmission(j: JudgeRow, view: SubmissionView): Submission {
  const s = toSubmission(j, { code: view.code, errorMessage: view.code && !view.hideResult && !view.hideDetails });
  if (view.hideDetails) Object.assign(s, { time: null, memory: null });
  if (view.hideResult) Object.assign(s, { status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, time: null, memory: null, score: null, oiRankScore: null, judger: null, errorMessage: null });
  return s;
}

/** A row of the practice status list. */
export function toListItem(j: JudgeRow, title: string, problemGid: number | null = null): SubmissionListItem {
  return {
    uid: j.uid,
    submitId: j.submitId,
    username: j.username,
    pid: j.pid,
    displayPid: j.displayPid,
    title,
    displayId: null,
    submitTime: j.submitTime.toISOString(),
    status: j.status,
    share: j.share,
    time: j.time,
    memory: j.memory,
    score: j.score,
    oiRankScore: j.oiRankScore,
    length: j.length,
    language: j.language,
    cid: j.cid,
    cpid: j.cpid,
    judger: j.judger,
    isManual: j.isManual,
    problemGid,
  };
}

async function loadWithProblem(db: DbOrTx, submitId: number, viewer: Viewer | null) {
  if (!isInt4(submitId)) throw new OjError('SUBMISSION_NOT_FOUND');
  const hit = await findWithProblem(db, submitId);
  if (!hit) throw new OjError('SUBMISSION_NOT_FOUND');
  if (hit.j.cid > 0) return { ...hit, contest: await contestAccess(db, hit.j, viewer) };
  // A group's submissions stay inside the group (its members), with their owner.
  if (!(await groupSubmissionVisible(db, hit.j, viewer))) throw new OjError('SUBMISSION_FORBIDDEN');
  // A hidden problem's submissions stay with their owner and the admins.
  if (!practiceVisible(hit.auth, hit.j, viewer)) throw new OjError('SUBMISSION_FORBIDDEN');
  return { ...hit, contest: null };
}

/**
 * A contest submission's audience: logged-in users who may enter its contest once it has started, the owner and
 * the contest's admins; what each of them sees of it is `view`.
 */
async function contestAccess(db: DbOrTx, j: JudgeRow, viewer: Viewer | null): Promise<{ c: ContestRow; view: SubmissionView }> {
  if (!viewer) throw new OjError('AUTH_NOT_LOGGED_IN');
  const c = await loadContest(db, j.cid).catch(() => null);
  if (!c) throw new OjError('SUBMISSION_NOT_FOUND');
  if (!isOwner(j, viewer) && !isContestAdmin(viewer, c)) {
    const entered = (await canEnter(db, c, viewer)) && contestStatus(c) !== CONTEST_STATUS.SCHEDULED;
    if (!entered) throw new OjError('SUBMISSION_FORBIDDEN');
  }
  return { c, view: submissionView(c, viewer, j, { detail: true }) };
}

/** Case previews read from the test-data store (none when the transport keeps no store, e.g. some unit tests). */
const casePreviews = (ctx: ServiceContext) =>
  createCasePreviewCache(async (version) => {
    const t = ctx.transport;
    if (t.getTestdataStream) return t.getTestdataStream(version);
    return t.getTestdata ? t.getTestdata(version) : null;
  });

export function createSubmissionService(ctx: ServiceContext, relay: OutboxRelay, runners?: RunnerRegistry): SubmissionService {
  const { db, config } = ctx;
  const previews = casePreviews(ctx);

  /** The languages check of practice, for problem `pid`. */
  async function checkLanguage(pid: number, body: SubmitBody): Promise<void> {
    const oj = await problemLanguageOj(db, pid, body.language);
    if (oj === null) throw new OjError('LANGUAGE_UNAVAILABLE', { language: body.language });
    // Once any runner has been heard of, a language of ours no live runner offers would wait forever: refuse it now.
    // A remote site's language is judged on that site (the remote-judge worker), never by a runner.
    if (oj === OWN_OJ && runners?.availableLanguages()?.has(body.language) === false) throw new OjError('LANGUAGE_UNAVAILABLE', { language: body.language });
    validateCode(body.code, body.language);
  }

  /**
   * A submission inside contest `body.cid`: `pid` is the contest's display id. The contest's rules decide
   * (running, registered, account rule, not imported); no practice submit interval (the gateway's per-user rate
   * limit still applies); the job goes on the contest lane and the contest record is created pending in the
   * same transaction (the ingester fills in the verdict).
   */
  async function submitToContest(body: SubmitBody, viewer: Viewer, ip: string): Promise<Submission> {
    const cid = body.cid!;
    if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
    const c = await loadContest(db, cid);
    await assertSubmit(db, c, viewer);
    if (!isContestAdmin(viewer, c) && !accountAllowed(c, viewer.username)) throw new OjError('CONTEST_ACCOUNT_LIMIT');
    const cp = await findContestProblem(db, c.id, String(body.pid));
    if (!cp) throw new OjError('CONTEST_PROBLEM_NOT_FOUND');
    await checkLanguage(cp.pid, body);

    const row = await db.transaction(async (tx) => {
      const inserted = await insertSubmission(tx, {
        pid: cp.pid,
        displayPid: cp.displayId,
        uid: viewer.uid,
        username: viewer.username,
        code: body.code,
        language: body.language,
        cid: c.id,
        cpid: cp.id,
        ip,
        lane: 'contest',
      });
      await insertPendingRecord(tx, { cid: c.id, uid: viewer.uid, pid: cp.pid, displayId: cp.displayId, submitId: inserted.submitId, time: contestTimeS(c, inserted.submitTime), submitTime: inserted.submitTime, language: body.language });
      return inserted;
    });
    await relay.flush();
    return toSubmission(row, { code: true, errorMessage: true });
  }

  return {
    async submit(body, viewer, ip) {
      if (!viewer.permissions.includes('submit')) throw new OjError('AUTH_NO_SUBMIT');
      if (body.cid !== undefined && body.cid > 0) return submitToContest(body, viewer, ip);
      // Inside a group (`gid`): a member submits one of that group's problems, filed under the group.
      const asked = body.gid ? body.gid : null;
      if (asked !== null && !isInt4(asked)) throw new OjError('GROUP_NOT_FOUND');
      // Inside a training (`tid`): the training's rules first; the submission is a practice one filed under it. A
      // group's training (its group's rules) takes the problem as it holds it and files the submission in its group.
      const training = body.tid ? await trainingSubmitTarget(db, body.tid, String(body.pid), viewer) : null;
      // Inside a course's homework or exam (`homeworkId` / `examId`): the student's class, the task's problem and times.
      const named = taskOfSubmit(body);
      const inTask = named ? await taskProblem(db, named, String(body.pid), viewer, 'submit') : null;
      const task = inTask?.target ?? null;
      if (training && asked !== null && training.gid !== asked) throw new OjError('TRAINING_NOT_FOUND');
      const gid = training ? training.gid : asked;
      const problem = inTask
        ? inTask.problem
        : training?.gid != null
          ? training.problem
          : gid !== null
            ? await openableGroupProblem(db, String(body.pid), gid, viewer)
            : await findVisibleProblem(db, String(body.pid), viewer);
      if (!problem) throw new OjError('PROBLEM_NOT_FOUND');
      await checkLanguage(problem.id, body);

      const pushes: PushMessage[] = [];
      const row = await db.transaction(async (tx) => {
        const wait = secondsToWait(await lockAndLastPracticeSubmit(tx, viewer.uid), new Date(), config.submitIntervalS);
        if (wait > 0) throw new OjError('SUBMIT_TOO_FAST', { seconds: wait });
        const inserted = await insertSubmission(tx, {
          pid: problem.id,
          displayPid: problem.problemId,
          uid: viewer.uid,
          username: viewer.username,
          code: body.code,
          language: body.language,
          cid: 0,
          cpid: 0,
          gid,
          ip,
          lane: 'practice',
        });
        if (training) await fileUnderTraining(tx, training, viewer.uid, inserted.submitId);
        if (task) pushes.push(await fileUnderTask(tx, task, viewer.uid, inserted));
        return inserted;
      });
      await relay.flush();
      await publishAll(ctx.transport, pushes, ctx.logger);
      return toSubmission(row, { code: true, errorMessage: true });
    },

    async list(q, viewer) {
      if (q.onlyMine && !viewer) throw new OjError('AUTH_NOT_LOGGED_IN');
      const current = q.currentPage ?? 1;
      const size = q.limit ?? (q.onlyMine ? PAGE_SIZES.mySubmissionList : PAGE_SIZES.submissionList);
      // Filters no row can match (beyond the integer columns) answer an empty page instead of a SQL error.
      if ((q.gid !== undefined && !isInt4(q.gid)) || (q.status !== undefined && !isInt4(q.status))) return pageOf([], 0, current, size);
      // A group's status list is for its members.
      if (q.gid !== undefined && !(await isMemberOf(db, q.gid, viewer))) throw new OjError('GROUP_NOT_MEMBER');
      const pidFilter = q.problemID?.trim();
      const { total, rows } = await listPractice(
        db,
        {
          gid: q.gid,
          ...(q.onlyMine && viewer ? { uid: viewer.uid } : q.username?.trim() ? { username: q.username.trim() } : {}),
          ...(pidFilter && { displayPid: { value: pidFilter, exact: Boolean(q.completeProblemID) } }),
          ...(q.status !== undefined && { status: q.status }),
          visibleTo: isAdmin(viewer) ? { admin: true } : { admin: false, uid: viewer?.uid ?? null },
        },
        size,
        pageOffset(current, size),
      );
      const hidden = await examHiddenFrom(db, rows.map(({ j }) => j.submitId), viewer);
      return pageOf(
        rows.map(({ j, title, problemGid }) => (hidden.has(j.submitId) ? examMasked(toListItem(j, title, problemGid)) : toListItem(j, title, problemGid))),
        total,
        current,
        size,
      );
    },

    async detail(submitId, viewer) {
      const { j, codeShare, contest } = await loadWithProblem(db, submitId, viewer);
      if (contest) {
        // Contest code is never shared; the queue position is for the owner and contest admins.
        const position = contest.view.code ? await queuePosition(db, j) : undefined;
        return { submission: contestSubmission(j, contest.view), codeShare: false, ...(position !== undefined && { queuePosition: position }) };
      }
      // The site's code-sharing switch closes every problem's sharing.
      const shareOpen = codeShare && config.openCodeShare;
      const visible = practiceCodeVisible(j, shareOpen, viewer);
      const position = practiceQueueVisible(j, viewer) ? await queuePosition(db, j) : undefined;
      const s = toSubmission(j, { code: visible, errorMessage: visible });
      return { submission: (await examHiddenFrom(db, [j.submitId], viewer)).has(j.submitId) ? examMasked(s) : s, codeShare: shareOpen, ...(position !== undefined && { queuePosition: position }) };
    },

    async caseResults(submitId, viewer): Promise<JudgeCaseResult> {
      const loaded = await loadWithProblem(db, submitId, viewer);
      if ((await examHiddenFrom(db, [loaded.j.submitId], viewer)).has(loaded.j.submitId)) return { judgeCaseList: [], subTaskJudgeCaseVoList: [], judgeCaseMode: 'default' };
      return caseResults(db, previews, loaded, viewer);
    },

    async caseData(q, viewer) {
      const loaded = await loadWithProblem(db, q.submitId, viewer);
      if ((await examHiddenFrom(db, [loaded.j.submitId], viewer)).has(loaded.j.submitId)) throw new OjError('SUBMISSION_FORBIDDEN');
      return caseDataFile(db, previews, loaded, q.caseId, q.type, viewer);
    },

    async checkStatus(body, viewer) {
      const ids = body.submitIds.filter(isInt4);
      if (ids.length === 0 || !isInt4(body.cid ?? 0)) return {};
      const rows = await statusRows(db, ids, body.cid ?? 0);
      const out: Record<string, Submission> = {};
      if ((body.cid ?? 0) > 0) {
        // Contest submissions under the contest's rules (as `check-contest-submissions-status`).
        const c = await loadContest(db, body.cid!).catch(() => null);
        if (!c || !viewer) return {};
        const entered = isContestAdmin(viewer, c) || ((await canEnter(db, c, viewer)) && contestStatus(c) !== CONTEST_STATUS.SCHEDULED);
        if (!entered) return {};
        for (const { j } of rows) {
          const view = submissionView(c, viewer, j);
          if (view.listed) out[String(j.submitId)] = contestSubmission(j, { ...view, code: false });
        }
        return out;
      }
      const inGroup = new Map<number, boolean>();
      const hidden = await examHiddenFrom(db, rows.map(({ j }) => j.submitId), viewer);
      for (const { j, auth } of rows) {
        if (j.gid !== null && j.uid !== viewer?.uid) {
          if (!inGroup.has(j.gid)) inGroup.set(j.gid, await groupSubmissionVisible(db, j, viewer));
          if (!inGroup.get(j.gid)) continue;
        }
        const s = toSubmission(j, { code: false, errorMessage: false });
        if (practiceVisible(auth, j, viewer)) out[String(j.submitId)] = hidden.has(j.submitId) ? examMasked(s) : s;
      }
      return out;
    },

    async canWatch(submitId, viewer) {
      if (!isInt4(submitId)) return false;
      const row = await watchFacts(db, submitId);
      if (!row) return false;
      if (row.cid > 0) {
        // A contest submission's live status: its owner (unless the contest hides the result) and the contest's admins.
        const c = await loadContest(db, row.cid).catch(() => null);
        if (!c || !viewer) return false;
        if (isContestAdmin(viewer, c)) return true;
        return viewer.uid === row.uid && !submissionView(c, viewer, { uid: row.uid, submitTime: row.submitTime }, { detail: true }).hideResult;
      }
      // The same audience as the submission's REST detail: public practice problems for anyone, else owner/admins;
      // a group's submissions for its members only.
      // An unreleased exam's submission: only its teacher (the student's own topic carries it masked).
      if ((await examHiddenFrom(db, [submitId], viewer)).size > 0) return false;
      return practiceVisible(row.auth, row, viewer) && (await groupSubmissionVisible(db, row, viewer));
    },
  };
}
