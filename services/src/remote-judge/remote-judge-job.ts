// One remote submission, start to verdict: take an account of the site, log in, submit, then poll the site with
// backoff, publishing the same judge events as a local runner (Submitting → Pending/Judging → the site's verdict).
// A refused submit ends as Submitted Failed with the site's reason (the owner may resubmit); a site that is down or
// whose pages are not understood while its verdict is awaited ends as System Error, never as a guessed verdict.
import { ACCOUNT_SITE_OF, JudgeStatus, type JudgeEvent, type JudgeJob, type RemoteOj } from '@oj/proto';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { RemoteAccount, RemoteAdapter, SiteCall } from './adapter';
import { HttpSession, RemoteSiteError, type RemoteHttp } from './http/remote-http';
import { claimAccount, countAccounts, findAccount, findRun, finishRun, insertRun, releaseAccount, renewAccount, setAccountAside, type AccountRow } from './remote-judge.repo';

export interface RemoteTiming {
  /** First wait between two polls of the site; grows ×1.5 up to `pollMaxMs`. */
  pollFirstMs: number;
  pollMaxMs: number;
  /** No verdict after this long: System Error (the run is named in the message). */
  pollDeadlineMs: number;
  /** Tries of a submit whose site is down before it is Submitted Failed. */
  submitTries: number;
  /** How long a job waits for a free account before it goes back to the queue. */
  accountWaitMs: number;
  /** An account's hold, renewed at every poll. */
  leaseMs: number;
}

export interface RemoteJobContext {
  db: Db;
  adapter: RemoteAdapter;
  /** The site's transport, paced to its rate limit (shared by every account of the site). */
  http: RemoteHttp;
  base: string;
  holder: string;
  timing: RemoteTiming;
  /** Logged-in sessions kept between jobs, by account id. */
  sessions: Map<number, HttpSession>;
  publish(ev: JudgeEvent): Promise<void>;
  /** Keeps the job ours (the queue's ack deadline). */
  working(): void;
  log: Logger;
}

/** No account free now: the job goes back to the queue for a while. */
export class NoFreeAccountError extends Error {}

type Final = Extract<JudgeEvent, { kind: 'final' }>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function final(job: JudgeJob, judger: string, status: number, v: { time?: number | null; memory?: number | null; errorMessage?: string | null } = {}): Final {
  return { kind: 'final', submitId: job.submitId, version: job.version, judger, status, score: null, time: v.time ?? null, memory: v.memory ?? null, errorMessage: v.errorMessage ?? null, cases: [] };
}

const account = (row: AccountRow): RemoteAccount => ({ username: row.username, password: row.password });

/** A session of `row` that is logged in (a refused login sets the account aside and is rethrown). */
async function loggedIn(ctx: RemoteJobContext, row: AccountRow, fresh = false): Promise<SiteCall> {
  let session = fresh ? undefined : ctx.sessions.get(row.id);
  if (!session) {
    session = new HttpSession(ctx.http);
    const call = { http: session, base: ctx.base };
    try {
      await ctx.adapter.login(call, account(row));
    } catch (e) {
      if (e instanceof RemoteSiteError && e.kind === 'login') {
        await setAccountAside(ctx.db, row.id, e.message);
        ctx.log.warn({ site: row.site, username: row.username, reason: e.message }, 'remote account refused: set aside');
      }
      throw e;
    }
    ctx.sessions.set(row.id, session);
  }
  return { http: session, base: ctx.base };
}

async function takeAccount(ctx: RemoteJobContext, site: string): Promise<AccountRow | null> {
  const until = Date.now() + ctx.timing.accountWaitMs;
  for (let wait = 200; ; wait = Math.min(wait * 2, 2000)) {
    if ((await countAccounts(ctx.db, site)).usable === 0) return null;
    const row = await claimAccount(ctx.db, site, ctx.holder, ctx.timing.leaseMs);
    if (row) return row;
    if (Date.now() + wait > until) throw new NoFreeAccountError(`every ${site} account is busy`);
    ctx.working();
    await sleep(wait);
  }
}

/** Submits with some account; answers the run, or the final event that ends the job (Submitted Failed). */
async function submitSomewhere(ctx: RemoteJobContext, job: JudgeJob, oj: RemoteOj, problemId: string): Promise<{ row: AccountRow; runId: string } | Final> {
  const site = ACCOUNT_SITE_OF[oj];
  const failed = (why: string) => final(job, ctx.holder, JudgeStatus.SUBMITTED_FAILED, { errorMessage: why });
  for (;;) {
    const row = await takeAccount(ctx, site);
    if (!row) return failed(`No usable ${oj} account is configured (the switch config's ${site} accounts)`);
    let keep = false;
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          const call = await loggedIn(ctx, row, attempt > 1);
          const runId = await ctx.adapter.submit(call, account(row), { problemId, language: job.language, code: job.code });
          await insertRun(ctx.db, { submitId: job.submitId, version: job.version, oj, accountId: row.id, runId });
          keep = true;
          return { row, runId };
        } catch (e) {
          if (!(e instanceof RemoteSiteError)) throw e;
          ctx.log.warn({ oj, kind: e.kind, reason: e.message, attempt }, 'remote submit failed');
          if (e.kind === 'login' && ctx.sessions.has(row.id) && attempt === 1) {
            ctx.sessions.delete(row.id); // an expired session: log in again once
            continue;
          }
          if (e.kind === 'login') break; // set aside by loggedIn: try another account
          if (e.kind === 'down' && attempt < ctx.timing.submitTries) {
            ctx.working();
            await sleep(ctx.timing.pollFirstMs * 2 ** (attempt - 1));
            continue;
          }
          const what = e.kind === 'down' ? `${oj} cannot be reached: ` : e.kind === 'changed' ? `The page of ${oj} was not understood: ` : '';
          return failed(`${what}${e.message}`);
        }
      }
    } finally {
      if (!keep) await releaseAccount(ctx.db, row.id, ctx.holder);
    }
  }
}

/** Polls the run until the site's verdict, the deadline, or a page the adapter does not understand. */
async function awaitVerdict(ctx: RemoteJobContext, job: JudgeJob, oj: RemoteOj, problemId: string, row: AccountRow, runId: string): Promise<Final> {
  const head = { submitId: job.submitId, version: job.version, judger: ctx.holder };
  const deadline = Date.now() + ctx.timing.pollDeadlineMs;
  let shown: number = JudgeStatus.PENDING;
  let lastDown = '';
  for (let wait = ctx.timing.pollFirstMs; Date.now() + wait <= deadline; wait = Math.min(Math.round(wait * 1.5), ctx.timing.pollMaxMs)) {
    await sleep(wait);
    ctx.working();
    if (row.busyBy === ctx.holder) await renewAccount(ctx.db, row.id, ctx.holder, ctx.timing.leaseMs);
    try {
      // A status the site shows without a login (Codeforces' API) needs none; a site that wants one says 'login'.
      const session = ctx.sessions.get(row.id) ?? new HttpSession(ctx.http);
      let got;
      try {
        got = await ctx.adapter.poll({ http: session, base: ctx.base }, account(row), { problemId, runId });
      } catch (e) {
        if (!(e instanceof RemoteSiteError && e.kind === 'login')) throw e;
        got = await ctx.adapter.poll(await loggedIn(ctx, row, true), account(row), { problemId, runId });
      }
      if (got.state === 'judging' && shown !== JudgeStatus.JUDGING) {
        shown = JudgeStatus.JUDGING;
        await ctx.publish({ kind: 'status', ...head, status: JudgeStatus.JUDGING, casesTotal: 0 });
      }
      if (got.state !== 'done') continue;
      await finishRun(ctx.db, job.submitId, job.version, got.status);
      return final(job, ctx.holder, got.status, got);
    } catch (e) {
      if (!(e instanceof RemoteSiteError)) throw e;
      if (e.kind === 'changed') return final(job, ctx.holder, JudgeStatus.SYSTEM_ERROR, { errorMessage: `The status page of ${oj} was not understood (run ${runId}): ${e.message}` });
      lastDown = e.message;
      ctx.log.warn({ oj, runId, reason: e.message }, 'remote status not available; polling on');
    }
  }
  return final(job, ctx.holder, JudgeStatus.SYSTEM_ERROR, {
    errorMessage: `No verdict from ${oj} within ${Math.round(ctx.timing.pollDeadlineMs / 1000)} s (run ${runId})${lastDown ? `: ${lastDown}` : ''}`,
  });
}

/** Judges one remote job; answers its final event (not yet published). */
export async function runRemoteJob(ctx: RemoteJobContext, job: JudgeJob & { remote: { oj: RemoteOj; problemId: string } }): Promise<Final> {
  const { oj, problemId } = job.remote;
  const head = { submitId: job.submitId, version: job.version, judger: ctx.holder };
  // A job delivered again (a worker died, the watchdog re-sent it) polls the run already made: never submit twice.
  const earlier = await findRun(ctx.db, job.submitId, job.version);
  let run: { row: AccountRow; runId: string };
  if (earlier) {
    const row = await findAccount(ctx.db, earlier.accountId);
    if (!row) return final(job, ctx.holder, JudgeStatus.SYSTEM_ERROR, { errorMessage: `The ${oj} account of run ${earlier.runId} was removed` });
    run = { row, runId: earlier.runId };
  } else {
    await ctx.publish({ kind: 'status', ...head, status: JudgeStatus.SUBMITTING, casesTotal: 0 });
    const got = await submitSomewhere(ctx, job, oj, problemId);
    if ('kind' in got) return got;
    run = got;
  }
  try {
    await ctx.publish({ kind: 'status', ...head, status: JudgeStatus.PENDING, casesTotal: 0 });
    return await awaitVerdict(ctx, job, oj, problemId, run.row, run.runId);
  } finally {
    if (run.row.busyBy === ctx.holder) await releaseAccount(ctx.db, run.row.id, ctx.holder);
  }
}
