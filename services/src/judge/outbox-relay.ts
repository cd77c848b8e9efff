// The outbox relay: turns committed outbox rows into `JudgeJob`s on the bus, then marks them sent. Runs
// right after each submit and periodically, for rows a crash or a bus outage left behind.
import { createHash } from 'node:crypto';
import { BUILTIN_CHECKERS, checkerProtocolOf, isInProgress, LANES, parseRemoteProblemId, type JudgeJob, type Lane } from '@oj/proto';
import type { ServiceContext } from '../context';
import type { Tx } from '../db/client';
import { problemWithCases } from '../problem/problem.repo';
import { findSubmission, markSent, postpone, takeDueRows } from './judging.repo';

const BATCH = 100;
const MAX_BACKOFF_MS = 60_000;

function isLane(s: string): s is Lane {
  return (LANES as readonly string[]).includes(s);
}

type ProblemPart = JudgeJob['problem'];

/** The built-in checker of judge mode default (none: HOJ's comparison) and the float checker's tolerances. */
function builtinCheckerPart(p: { judgeMode: string; validatorFlags: string | null; checker: string; floatAbsoluteTolerance: number | null; floatRelativeTolerance: number | null }): Partial<ProblemPart> {
  const checker = BUILTIN_CHECKERS.find((c) => c === p.checker);
  if (p.judgeMode !== 'default' || p.validatorFlags !== null || !checker || checker === 'default') return {};
  if (checker !== 'float') return { checker };
  return { checker, ...(p.floatAbsoluteTolerance !== null && { floatAbsoluteTolerance: p.floatAbsoluteTolerance }), ...(p.floatRelativeTolerance !== null && { floatRelativeTolerance: p.floatRelativeTolerance }) };
}

export async function loadProblemPart(tx: Tx, pid: number): Promise<ProblemPart | null> {
  return (await loadJudgeTarget(tx, pid))?.problem ?? null;
}

/** The job's problem part, and the site that judges it when it is a remote problem (`CF-1A` → CF, `1A`). */
async function loadJudgeTarget(tx: Tx, pid: number): Promise<{ problem: ProblemPart; remote: JudgeJob['remote'] } | null> {
  const found = await problemWithCases(tx, pid);
  if (!found) return null;
  const problem = problemPartOf(found);
  const remote = found.p.isRemote ? parseRemoteProblemId(found.p.problemId) : null;
  return { problem, remote: remote ?? undefined };
}

function problemPartOf(found: NonNullable<Awaited<ReturnType<typeof problemWithCases>>>): ProblemPart {
  const { p, cases: rows } = found;
  // Uploaded cases: problem_case holds file names, the bytes are in the object store under `caseVersion`.
  const uploaded = p.isUploadCase && p.caseVersion ? p.caseVersion : null;
  const cases = rows.map((c, i) =>
    uploaded
      ? { caseId: c.id, index: i + 1, input: '', output: '', inputName: c.input, outputName: c.output, score: c.score, groupNum: c.groupNum }
      : { caseId: c.id, index: i + 1, input: c.input, output: c.output, score: c.score, groupNum: c.groupNum },
  );
  const hash = createHash('sha256');
  for (const c of cases) hash.update(`${c.caseId}\0${c.score}\0${c.groupNum ?? ''}\0${c.input}\0${c.output}\0`);
  return {
    pid: p.id,
    problemId: p.problemId,
    type: p.type,
    judgeMode: p.judgeMode as ProblemPart['judgeMode'],
    judgeCaseMode: p.judgeCaseMode as ProblemPart['judgeCaseMode'],
    timeLimitMs: p.timeLimit,
    memoryLimitMb: p.memoryLimit,
    stackLimitMb: p.stackLimit,
    isRemoveEndBlank: p.isRemoveEndBlank,
    ioScore: p.ioScore,
    ...(p.judgeMode !== 'default' && p.spjCode ? { spjLanguage: p.spjLanguage ?? 'C++', spjCode: p.spjCode } : {}),
    ...(p.judgeMode !== 'default' && checkerProtocolOf(p.checkerProtocol) !== 'testlib' ? { checkerProtocol: checkerProtocolOf(p.checkerProtocol) } : {}),
    // The ICPC default validator (judge mode default) or a kattis validator's extra arguments; null: neither.
    ...(p.validatorFlags !== null && (p.judgeMode === 'default' || p.checkerProtocol === 'kattis') ? { validatorFlags: p.validatorFlags } : {}),
    ...builtinCheckerPart(p),
    ...(p.subtaskDependencies && p.subtaskDependencies.length > 0 ? { subtaskDependencies: p.subtaskDependencies } : {}),
    ...(p.userExtraFile && Object.keys(p.userExtraFile).length > 0 ? { userExtraFile: p.userExtraFile } : {}),
    ...(p.judgeExtraFile && Object.keys(p.judgeExtraFile).length > 0 ? { judgeExtraFile: p.judgeExtraFile } : {}),
    ...(p.isFileIO ? { isFileIO: true, ioReadFileName: p.ioReadFileName ?? '', ioWriteFileName: p.ioWriteFileName ?? '' } : {}),
    caseVersion: uploaded ?? hash.digest('hex').slice(0, 16),
    ...(uploaded ? { testdata: { version: uploaded } } : {}),
    cases,
  };
}

export class OutboxRelay {
  private tail: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: ServiceContext) {}

  /** Sends every due outbox row. Concurrent calls share one queued sweep. Never rejects. */
  flush(): Promise<void> {
    if (this.queued) return this.queued;
    const p = this.tail.then(async () => {
      this.queued = null;
      try {
        await this.sweep();
      } catch (err) {
        this.ctx.logger.error({ err }, 'outbox sweep failed');
      }
    });
    this.queued = p;
    this.tail = p;
    return p;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.ctx.config.outboxIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.tail;
  }

  /** One pass over the due rows; returns how many jobs went on the bus. */
  async sweep(): Promise<number> {
    const { db, transport, logger } = this.ctx;
    return db.transaction(async (tx) => {
      const rows = await takeDueRows(tx, BATCH);
      const problemCache = new Map<number, Awaited<ReturnType<typeof loadJudgeTarget>>>();
      let sent = 0;
      for (const row of rows) {
        const sub = await findSubmission(tx, row.submitId);
        if (!sub || sub.version !== row.version || !isInProgress(sub.status) || !isLane(row.lane)) {
          // Obsolete (rejudged, finished, or deleted): nothing to judge.
          await markSent(tx, row.id);
          continue;
        }
        if (!problemCache.has(sub.pid)) problemCache.set(sub.pid, await loadJudgeTarget(tx, sub.pid));
        const target = problemCache.get(sub.pid);
        if (!target) {
          await markSent(tx, row.id);
          continue;
        }
        const job: JudgeJob = {
          submitId: sub.submitId,
          version: sub.version,
          // Orders this send after the ones before it (the fence of docs/judge.md): the watchdog counts its re-sends.
          requeue: sub.requeues,
          lane: row.lane,
          // A rejudge publishes no per-case events (see JudgeJob.progress).
          progress: row.lane === 'rejudge' ? 'verdict' : 'cases',
          language: sub.language,
          code: sub.code,
          problem: target.problem,
          enqueuedAt: Date.now(),
          ...(target.remote && { remote: target.remote }),
        };
        try {
          // A remote problem is judged on its site: its job goes to the remote-judge workers instead of a runner.
          if (!job.remote) await transport.enqueueJob(row.lane, job);
          else if (transport.enqueueRemoteJob) await transport.enqueueRemoteJob(job);
          else throw new Error('this bus has no remote-judge lane');
        } catch (err) {
          const backoff = Math.min(1000 * 2 ** row.attempts, MAX_BACKOFF_MS);
          logger.warn({ err, submissionId: row.submitId, attempts: row.attempts + 1 }, 'judge job enqueue failed; will retry');
          await postpone(tx, row.id, row.attempts + 1, new Date(Date.now() + backoff));
          break; // the bus is likely down: leave the rest for the next sweep
        }
        await markSent(tx, row.id);
        sent++;
      }
      return sent;
    });
  }
}
