// The remote-judge worker end to end inside the services: a remote submission's outbox row goes to the remote lane,
// the worker judges it against a recorded Codeforces exchange, and the ingester stores and pushes what a runner's
// events would give: Submitting → Pending → Judging → the verdict, on the real database.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JudgeStatus, type PushMessage, type Stoppable } from '@oj/proto';
import { remoteJudgeAccount, remoteJudgeRun } from '../db/schema';
import { JudgeIngester } from '../judge/ingester';
import { requeueOne } from '../judge/judge-admin.repo';
import { createJudgeAdminService } from '../judge/judge-admin.service';
import { RunnerRegistry } from '../judge/runner-registry';
import { OutboxRelay } from '../judge/outbox-relay';
import type { Viewer } from '../account/viewer';
import { addProblem, addSubmission, addUser, refusal, serviceContext } from '../testing/fixtures';
import { settled as settledRow, statusesOf } from '../testing/remote-judge';
import { startTestDb, type TestDb } from '../testing/test-db';
import { loadFixture, replayHttp, type Fixture } from './http/replay-http';
import { insertRun, replaceAccounts } from './remote-judge.repo';
import { startRemoteWorker } from './remote-worker';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/codeforces');
const fixture = (name: string) => loadFixture(path.join(dir, name));

describe('the remote-judge worker', () => {
  let t: TestDb;
  let ctx: ReturnType<typeof serviceContext>;
  let relay: OutboxRelay;
  let ingester: JudgeIngester;
  let pid: number;
  const pushed: PushMessage[] = [];
  let worker: Stoppable | null = null;
  let replay: ReturnType<typeof replayHttp>;

  beforeAll(async () => {
    t = await startTestDb();
    ctx = serviceContext(t.db);
    relay = new OutboxRelay(ctx);
    ingester = new JudgeIngester(ctx, relay);
    await ingester.start();
    await ctx.transport.subscribePush((m) => pushed.push(m));
    pid = (await addProblem(t.db, { problemId: 'CF-1A', isRemote: true })).id;
  });
  afterAll(async () => {
    await worker?.stop();
    await ingester.stop();
    await t.stop();
  });

  async function startWorker(f: Fixture, timing: { pollDeadlineMs?: number } = {}) {
    await worker?.stop();
    replay = replayHttp(f);
    worker = await startRemoteWorker({
      db: t.db,
      transport: ctx.transport.remoteTransport(),
      logger: ctx.logger,
      workerId: 'remote-test',
      concurrency: 2,
      httpFor: () => replay,
      paceMs: 0,
      timing: { pollFirstMs: 5, pollMaxMs: 20, submitTries: 2, accountWaitMs: 500, ...timing },
    });
  }

  /** A new remote submission, sent on its way as the submit route would (an outbox row, then the relay). */
  async function submit(u?: Viewer): Promise<number> {
    u ??= await addUser(t.db);
    const s = await addSubmission(t.db, u.uid, pid, { language: 'GNU G++17 7.3.0', code: 'int main() { return 0; }' });
    const row = await t.db.transaction((tx) => requeueOne(tx, s.submitId, 'practice'));
    await relay.flush();
    return row.submitId;
  }

  const settled = (submitId: number) => settledRow(t.db, submitId);
  const account = async () => (await t.db.select().from(remoteJudgeAccount).where(eq(remoteJudgeAccount.username, 'judge1')))[0]!;

  it('judges a submission on the site: Submitting, Pending, Judging, then Accepted with time and memory', async () => {
    await replaceAccounts(t.db, 'cf', [{ username: 'judge1', password: 'secret-1' }]);
    await startWorker(fixture('judge-accepted.json'));
    const id = await submit();
    const row = await settled(id);
    expect(row).toMatchObject({ status: JudgeStatus.ACCEPTED, time: 15, memory: 256, judger: 'remote-test' });
    expect(statusesOf(pushed, id)).toEqual([JudgeStatus.SUBMITTING, JudgeStatus.PENDING, JudgeStatus.JUDGING, JudgeStatus.ACCEPTED]);
    expect(replay.cursor.unused()).toEqual([]);
    expect(await account()).toMatchObject({ busyBy: null, failing: false });
    const [run] = await t.db.select().from(remoteJudgeRun).where(eq(remoteJudgeRun.submitId, id));
    expect(run).toMatchObject({ oj: 'CF', runId: '900001', status: JudgeStatus.ACCEPTED });
    expect(run!.finishedAt).not.toBeNull();
  });

  it('a submission the site refuses is Submitted Failed with the site reason', async () => {
    await startWorker(fixture('submit-duplicate.json'));
    const id = await submit();
    expect(await settled(id)).toMatchObject({ status: JudgeStatus.SUBMITTED_FAILED, errorMessage: 'You have submitted exactly the same code before' });
    expect((await account()).busyBy).toBeNull();
  });

  it('a site down at submit time is Submitted Failed after the retries, saying so', async () => {
    await startWorker(fixture('submit-site-down.json'));
    const id = await submit();
    const row = await settled(id);
    expect(row.status).toBe(JudgeStatus.SUBMITTED_FAILED);
    expect(row.errorMessage).toContain('CF cannot be reached');
    expect(row.errorMessage).toContain('HTTP 503');
  });

  it('the owner resubmits a Submitted Failed submission: sent to the site again, to Accepted', async () => {
    const owner = await addUser(t.db);
    await startWorker(fixture('submit-site-down.json'));
    const id = await submit(owner);
    expect((await settled(id)).status).toBe(JudgeStatus.SUBMITTED_FAILED);
    const admin = createJudgeAdminService(ctx, relay, new RunnerRegistry());
    expect(await refusal(admin.resubmit(id, await addUser(t.db)))).toBe('AUTH_FORBIDDEN');
    await startWorker(fixture('judge-accepted.json'));
    pushed.length = 0;
    await admin.resubmit(id, owner);
    await relay.flush();
    expect(await settled(id)).toMatchObject({ status: JudgeStatus.ACCEPTED, time: 15, memory: 256 });
    expect(statusesOf(pushed, id).slice(-4)).toEqual([JudgeStatus.SUBMITTING, JudgeStatus.PENDING, JudgeStatus.JUDGING, JudgeStatus.ACCEPTED]);
    // The second version has a run of its own.
    const runs = await t.db.select().from(remoteJudgeRun).where(eq(remoteJudgeRun.submitId, id));
    expect(runs.map((r) => r.status)).toEqual([JudgeStatus.ACCEPTED]);
    expect(await refusal(admin.resubmit(id, owner))).toBe('RESUBMIT_NOT_ALLOWED');
  });

  it('a status that never comes, or cannot be read, is System Error naming the run, never a verdict', async () => {
    await startWorker(fixture('poll-timeout.json'), { pollDeadlineMs: 300 });
    const late = await settled(await submit());
    expect(late.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(late.errorMessage).toMatch(/^No verdict from CF within 0 s \(run 900001\): no answer from codeforces.com/);
    await startWorker(fixture('poll-changed.json'));
    const changed = await settled(await submit());
    expect(changed.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(changed.errorMessage).toContain('The status page of CF was not understood (run 900001)');
  });

  it('a job delivered again polls the run already made instead of submitting twice', async () => {
    const f = fixture('judge-accepted.json');
    // Only the status calls after the submit: any login or submit would find no recorded exchange.
    await startWorker({ ...f, exchanges: f.exchanges.slice(-3) });
    const u = await addUser(t.db);
    const s = await addSubmission(t.db, u.uid, pid, { language: 'GNU G++17 7.3.0' });
    const row = await t.db.transaction((tx) => requeueOne(tx, s.submitId, 'practice'));
    await insertRun(t.db, { submitId: row.submitId, version: row.version, oj: 'CF', accountId: (await account()).id, runId: '900001' });
    await relay.flush();
    expect(await settled(row.submitId)).toMatchObject({ status: JudgeStatus.ACCEPTED, time: 15 });
    expect(replay.cursor.requests.every((r) => r.startsWith('GET /api/user.status'))).toBe(true);
  });

  it('an account the site refuses is set aside; without another one the submission fails saying why', async () => {
    await startWorker(fixture('login-refused.json'));
    const id = await submit();
    const row = await settled(id);
    expect(row).toMatchObject({ status: JudgeStatus.SUBMITTED_FAILED });
    expect(row.errorMessage).toContain('No usable CF account');
    expect(await account()).toMatchObject({ failing: true, lastError: 'Invalid handle/email or password', busyBy: null });
    // Saving the account again (the switch config) makes it usable again; the password is kept.
    await replaceAccounts(t.db, 'cf', [{ username: 'judge1', password: '' }]);
    expect(await account()).toMatchObject({ failing: false, lastError: null, password: 'secret-1' });
  });
});
