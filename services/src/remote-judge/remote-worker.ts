// The remote-judge worker: takes jobs from the `remote` lane (any number of workers share it, like runners share
// theirs), judges each through its site's adapter with `concurrency` in flight, and stores the same judge events a
// runner does; the job is acked only after its final event is stored.
import { decode, isRemoteOj, JudgeJob, JudgeStatus, type JobDelivery, type JudgeEvent, type RemoteJudgeTransport, type RemoteOj, type Stoppable } from '@oj/proto';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { RemoteAdapter } from './adapter';
import { createAdapters } from './adapters';
import { paced, type HttpSession, type RemoteHttp } from './http/remote-http';
import { NoFreeAccountError, runRemoteJob, type RemoteTiming } from './remote-judge-job';

/** A job delivered more often than this ends as System Error (as on a runner). */
const MAX_DELIVERIES = 3;

export const DEFAULT_REMOTE_TIMING: RemoteTiming = {
  pollFirstMs: 1000,
  pollMaxMs: 10_000,
  pollDeadlineMs: 10 * 60_000,
  submitTries: 3,
  accountWaitMs: 20_000,
  leaseMs: 120_000,
};

export interface RemoteWorkerOptions {
  db: Db;
  transport: RemoteJudgeTransport;
  logger: Logger;
  workerId: string;
  concurrency: number;
  /** The transport to a site: the live one in production, a replay or a fixture server in tests. */
  httpFor(oj: RemoteOj): RemoteHttp;
  /** A site's base URL instead of its real address (a local fixture server). */
  baseUrls?: Partial<Record<RemoteOj, string>>;
  adapters?: Partial<Record<RemoteOj, RemoteAdapter>>;
  timing?: Partial<RemoteTiming>;
  /** Least time between two requests to one site; default: the adapter's (the site's rate limit). */
  paceMs?: number;
  /** How often a running job tells the queue it is still ours. */
  workingEveryMs?: number;
}

export async function startRemoteWorker(opts: RemoteWorkerOptions): Promise<Stoppable> {
  const adapters = opts.adapters ?? createAdapters();
  const timing = { ...DEFAULT_REMOTE_TIMING, ...opts.timing };
  const sites = new Map<RemoteOj, RemoteHttp>();
  const siteHttp = (oj: RemoteOj, adapter: RemoteAdapter) => {
    let http = sites.get(oj);
    if (!http) sites.set(oj, (http = paced(opts.httpFor(oj), opts.paceMs ?? adapter.minIntervalMs)));
    return http;
  };
  const sessions = new Map<number, HttpSession>();

  const handle = async (d: JobDelivery): Promise<void> => {
    let job: JudgeJob;
    try {
      job = decode(JudgeJob, d.job);
    } catch (err) {
      opts.logger.error({ err }, 'malformed remote job dropped');
      await d.ack();
      return;
    }
    const log = opts.logger.child({ submissionId: job.submitId, version: job.version, delivery: d.deliveryCount });
    const attempt = { requeue: job.requeue ?? 0, delivery: d.deliveryCount };
    const publish = (ev: JudgeEvent) => publishWithRetry(opts.transport, { ...ev, attempt }, log);
    const systemError = (why: string) => publish({ kind: 'final', submitId: job.submitId, version: job.version, judger: opts.workerId, status: JudgeStatus.SYSTEM_ERROR, score: null, time: null, memory: null, errorMessage: why, cases: [] });
    const remote = job.remote;
    const adapter = remote && isRemoteOj(remote.oj) ? adapters[remote.oj] : undefined;
    if (!remote || !adapter) {
      log.error({ remote }, 'remote job for a site without an adapter');
      await systemError(`Remote judging of ${remote?.oj ?? 'this problem'} is not supported`);
      await d.ack();
      return;
    }
    if (d.deliveryCount > MAX_DELIVERIES) {
      await systemError('Remote judging failed repeatedly');
      await d.ack();
      return;
    }
    const timer = setInterval(() => d.working(), opts.workingEveryMs ?? 3000);
    try {
      const oj = remote.oj as RemoteOj;
      const ctx = { db: opts.db, adapter, http: siteHttp(oj, adapter), base: opts.baseUrls?.[oj] ?? adapter.defaultBase, holder: opts.workerId, timing, sessions, publish, working: () => d.working(), log };
      const verdict = await runRemoteJob(ctx, { ...job, remote: { oj, problemId: remote.problemId } });
      await publish(verdict);
      log.info({ status: verdict.status, timeMs: verdict.time, memoryKb: verdict.memory }, 'remote verdict');
      await d.ack();
    } catch (err) {
      if (err instanceof NoFreeAccountError) {
        log.info({ reason: err.message }, 'no free remote account: job given back');
        await d.nak(5000);
        return;
      }
      log.error({ err }, 'remote judging failed: System Error');
      await systemError('Remote judging failed: system error').then(
        () => d.ack(),
        () => d.nak(1000),
      );
    } finally {
      clearInterval(timer);
    }
  };

  const consumer = await opts.transport.consumeJobs(handle, { concurrency: opts.concurrency });
  opts.logger.info({ workerId: opts.workerId, concurrency: opts.concurrency, sites: Object.keys(adapters) }, 'remote-judge worker started');
  return consumer;
}

/** Stores an event, retrying a failed publish a few times with a growing wait (the job stays ours meanwhile). */
async function publishWithRetry(transport: RemoteJudgeTransport, ev: JudgeEvent, log: Logger): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      await transport.publishEvent(ev);
      return;
    } catch (err) {
      if (tries >= 8) throw err;
      log.warn({ err, kind: ev.kind, tries }, 'judge event not stored; retrying');
      await new Promise((r) => setTimeout(r, 250 * 2 ** tries));
    }
  }
}
