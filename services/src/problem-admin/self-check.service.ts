// The package self-check: every program of an imported ICPC package (`submissions/<verdict>/…`) is judged as a
// submission of the admin who asks, and the table compares the verdict with the folder it came from. The web
// follows each submission live on its own topic. Self-check submissions are ordinary submissions of that admin.
import { JudgeStatus, OjError, type SelfCheckRow, type SelfCheckView } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { OutboxRelay } from '../judge/outbox-relay';
import { findProblemById } from '../problem/problem.repo';
import { insertSubmission } from '../submission/submission.repo';
import { hasCases } from './problem-admin.repo';
import { mayEditProblem, isProblemManager } from './problem-admin.service';
import { packageSubmissionsOf, setPackageSubmissionRun, verdictsOf } from './package-submission.repo';

export interface SelfCheckService {
  /** Judges every program of the package again; answers the table with the new submissions. */
  start(pid: number, viewer: Viewer, ip: string): Promise<SelfCheckView>;
  view(pid: number, viewer: Viewer): Promise<SelfCheckView>;
}

const FINAL_PENDING: readonly number[] = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.SUBMITTING];

/** Whether verdict `status` is what a program of folder `expected` must get (null while it is not final). */
export function verdictMatches(expected: string, status: number | null): boolean | null {
  if (status === null || FINAL_PENDING.includes(status)) return null;
  switch (expected) {
    case 'accepted':
      return status === JudgeStatus.ACCEPTED;
    case 'wrong_answer':
      return status === JudgeStatus.WRONG_ANSWER || status === JudgeStatus.PRESENTATION_ERROR;
    case 'time_limit_exceeded':
      return status === JudgeStatus.TIME_LIMIT_EXCEEDED;
    // Kattis (and the package format) have no memory verdict: running out of memory is a Run Time Error there.
    case 'run_time_error':
    case 'memory_limit_exceeded':
      return status === JudgeStatus.MEMORY_LIMIT_EXCEEDED || status === JudgeStatus.RUNTIME_ERROR;
    case 'output_limit_exceeded':
      return status === JudgeStatus.RUNTIME_ERROR || status === JudgeStatus.WRONG_ANSWER;
    case 'compile_error':
      return status === JudgeStatus.COMPILE_ERROR;
    default:
      // `rejected` and unknown folders: anything but Accepted (and not a judge fault).
      return status !== JudgeStatus.ACCEPTED && status !== JudgeStatus.SYSTEM_ERROR;
  }
}

export function createSelfCheckService(ctx: ServiceContext, relay: OutboxRelay): SelfCheckService {
  const { db } = ctx;

  async function problemFor(pid: number, viewer: Viewer) {
    if (!isProblemManager(viewer)) throw new OjError('AUTH_FORBIDDEN');
    const p = await findProblemById(db, pid);
    if (!p) throw new OjError('PROBLEM_NOT_FOUND');
    if (!mayEditProblem(viewer, p)) throw new OjError('AUTH_FORBIDDEN');
    return p;
  }

  async function view(pid: number, viewer: Viewer): Promise<SelfCheckView> {
    const p = await problemFor(pid, viewer);
    const programs = await packageSubmissionsOf(db, pid);
    const verdicts = await verdictsOf(
      db,
      programs.flatMap((s) => (s.submitId !== null ? [s.submitId] : [])),
    );
    const rows: SelfCheckRow[] = programs.map((s) => {
      const v = s.submitId !== null ? verdicts.get(s.submitId) : undefined;
      const status = v?.status ?? null;
      return { id: s.id, path: s.path, language: s.language, expected: s.expected, submitId: v ? s.submitId : null, status, time: v?.time ?? null, matches: verdictMatches(s.expected, status) };
    });
    const accepted = rows.filter((r) => r.expected === 'accepted' && r.status === JudgeStatus.ACCEPTED && r.time !== null).map((r) => r.time!);
    return { pid, timeLimit: p.timeLimit, rows, slowestAccepted: accepted.length > 0 ? Math.max(...accepted) : null };
  }

  return {
    view,

    async start(pid, viewer, ip) {
      const p = await problemFor(pid, viewer);
      const programs = await packageSubmissionsOf(db, pid);
      if (programs.length === 0) throw new OjError('SELF_CHECK_EMPTY');
      // A problem imported without its data (an FPS item its site judged remotely): every program would be a System Error.
      if (!(await hasCases(db, pid))) throw new OjError('SELF_CHECK_NO_CASES');
      await db.transaction(async (tx) => {
        for (const s of programs) {
          const row = await insertSubmission(tx, { pid, displayPid: p.problemId, uid: viewer.uid, username: viewer.username, code: s.code, language: s.language, cid: 0, cpid: 0, ip, lane: 'rejudge' });
          await setPackageSubmissionRun(tx, s.id, row.submitId);
        }
      });
      await relay.flush();
      ctx.logger.info({ pid, programs: programs.length, by: viewer.username }, 'package self-check started');
      return view(pid, viewer);
    },
  };
}
