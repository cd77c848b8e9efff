// AtCoder, LibreOJ and Codeforces Gym end to end inside the services, on the real database: each site's problem is
// imported into the bank from its recording, then a submission to it goes through the remote lane to a worker that
// talks over real HTTP (the live transport) to a fixture server playing the site, and ends with the site's verdict,
// pushed as Submitting → Pending → Judging → Accepted like a runner's.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JudgeStatus, type PushMessage, type RemoteOj, type Stoppable } from '@oj/proto';
import { problems, remoteJudgeRun } from '../db/schema';
import { seedRemoteLanguages } from '../db/seed';
import { JudgeIngester } from '../judge/ingester';
import { requeueOne } from '../judge/judge-admin.repo';
import { OutboxRelay } from '../judge/outbox-relay';
import { addSubmission, addUser, serviceContext } from '../testing/fixtures';
import { settled as settledRow, siteFixture, statusesOf } from '../testing/remote-judge';
import { startTestDb, type TestDb } from '../testing/test-db';
import { startFixtureServer, type FixtureServer } from './http/fixture-server';
import { liveHttp } from './http/live-http';
import { replayHttp } from './http/replay-http';
import { createRemoteImportService } from './remote-import.service';
import { replaceAccounts } from './remote-judge.repo';
import { startRemoteWorker } from './remote-worker';

const fixture = siteFixture;

/** Each site: its import recording, the display id it gets, the seeded language used, and the judged run. */
const SITES = [
  { oj: 'AC', dir: 'atcoder', id: 'abc900_a', displayId: 'AC-abc900_a', title: 'Lamp Count', limits: [2000, 1024], langs: 6, language: 'C++ (GCC 9.2.1)', runId: '48000001', time: 7, memory: 3632 },
  { oj: 'LIBRE', dir: 'libreoj', id: '1', displayId: 'LIBRE-1', title: 'Garden Fence', limits: [1000, 256], langs: 16, language: 'C++ (GCC 9)', runId: '2000001', time: 12, memory: 3088 },
  { oj: 'GYM', dir: 'codeforces', id: '100001B', displayId: 'GYM-100001B', title: 'Stacked Boxes', limits: [2500, 512], langs: 29, language: 'GNU G++17 7.3.0', runId: '910007', time: 46, memory: 2048 },
] as const;
const IMPORTS: Record<string, string> = { AC: 'import-abc900_a.json', LIBRE: 'import-1.json', GYM: 'gym-import-100001B.json' };
const JUDGED: Partial<Record<RemoteOj, string>> = { AC: 'judge-accepted.json', LIBRE: 'judge-accepted.json', GYM: 'gym-judge-accepted.json' };

describe('AtCoder, LibreOJ and Gym problems imported and judged through their sites', () => {
  let t: TestDb;
  let ctx: ReturnType<typeof serviceContext>;
  let relay: OutboxRelay;
  let ingester: JudgeIngester;
  const pushed: PushMessage[] = [];
  const pids: Partial<Record<RemoteOj, number>> = {};
  let worker: Stoppable | null = null;
  let servers: FixtureServer[] = [];

  beforeAll(async () => {
    t = await startTestDb();
    await seedRemoteLanguages(t.db);
    ctx = serviceContext(t.db);
    relay = new OutboxRelay(ctx);
    ingester = new JudgeIngester(ctx, relay);
    await ingester.start();
    await ctx.transport.subscribePush((m) => pushed.push(m));
    await replaceAccounts(t.db, 'atcoder', [{ username: 'judge1', password: 'secret-1' }]);
    await replaceAccounts(t.db, 'libreoj', [{ username: 'judge1', password: 'secret-1' }]);
    await replaceAccounts(t.db, 'cf', [{ username: 'judge1', password: 'secret-1' }]);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = null;
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
  });
  afterAll(async () => {
    await ingester.stop();
    await t.stop();
  });

  /** A worker whose sites are fixture servers playing a scenario each, over the live transport. */
  async function startWorker(scenarios: Partial<Record<RemoteOj, string>>, opts: { timeoutMs?: number; pollDeadlineMs?: number } = {}) {
    const baseUrls: Partial<Record<RemoteOj, string>> = {};
    for (const s of SITES.filter((x) => scenarios[x.oj])) {
      const server = await startFixtureServer(fixture(s.dir, scenarios[s.oj]!).exchanges);
      servers.push(server);
      baseUrls[s.oj] = server.url;
    }
    const http = liveHttp({ timeoutMs: opts.timeoutMs ?? 5000 });
    worker = await startRemoteWorker({
      db: t.db,
      transport: ctx.transport.remoteTransport(),
      logger: ctx.logger,
      workerId: 'remote-sites-test',
      concurrency: 3,
      httpFor: () => http,
      baseUrls,
      paceMs: 0,
      timing: { pollFirstMs: 5, pollMaxMs: 20, submitTries: 1, accountWaitMs: 2000, ...(opts.pollDeadlineMs && { pollDeadlineMs: opts.pollDeadlineMs }) },
    });
  }

  async function submit(oj: RemoteOj, language: string): Promise<number> {
    const u = await addUser(t.db);
    const s = await addSubmission(t.db, u.uid, pids[oj]!, { language, code: 'int main() { return 0; }' });
    const row = await t.db.transaction((tx) => requeueOne(tx, s.submitId, 'practice'));
    await relay.flush();
    return row.submitId;
  }

  const settled = (submitId: number) => settledRow(t.db, submitId, 600);

  it.each(SITES)('imports $displayId into the bank with its limits as stated and the site languages', async (s) => {
    const admin = await addUser(t.db, ['root']);
    const service = createRemoteImportService(ctx, { http: replayHttp(fixture(s.dir, IMPORTS[s.oj]!)) });
    const got = await service.importProblem({ name: s.oj, problemId: s.id }, admin);
    expect(got.problemId).toBe(s.displayId);
    const [p] = await t.db.select().from(problems).where(eq(problems.id, got.pid));
    expect(p).toMatchObject({ problemId: s.displayId, title: s.title, timeLimit: s.limits[0], memoryLimit: s.limits[1], isRemote: true });
    pids[s.oj] = got.pid;
  });

  it('judges one submission of each site against its fixture server: Submitting, Pending, Judging, Accepted', async () => {
    await startWorker(JUDGED);
    const ids = await Promise.all(SITES.map((s) => submit(s.oj, s.language)));
    for (const [i, s] of SITES.entries()) {
      const row = await settled(ids[i]!);
      expect(row, s.oj).toMatchObject({ status: JudgeStatus.ACCEPTED, time: s.time, memory: s.memory, judger: 'remote-sites-test' });
      expect(statusesOf(pushed, ids[i]!), s.oj).toEqual([JudgeStatus.SUBMITTING, JudgeStatus.PENDING, JudgeStatus.JUDGING, JudgeStatus.ACCEPTED]);
      const [run] = await t.db.select().from(remoteJudgeRun).where(eq(remoteJudgeRun.submitId, ids[i]!));
      expect(run, s.oj).toMatchObject({ oj: s.oj, runId: s.runId, status: JudgeStatus.ACCEPTED });
    }
    for (const server of servers) {
      expect(server.errors).toEqual([]);
      expect(server.cursor.unused()).toEqual([]);
    }
  });

  it('a site refusing the submission is Submitted Failed with its reason; a site that stops answering is System Error', async () => {
    await startWorker({ AC: 'submit-refused.json', LIBRE: 'submit-refused.json' });
    const [ac, libre] = await Promise.all([submit('AC', 'C++ (GCC 9.2.1)'), submit('LIBRE', 'C++ (GCC 9)')]);
    expect(await settled(ac)).toMatchObject({ status: JudgeStatus.SUBMITTED_FAILED, errorMessage: 'Wait a little before submitting again.' });
    expect(await settled(libre)).toMatchObject({ status: JudgeStatus.SUBMITTED_FAILED, errorMessage: 'submission/submit: PERMISSION_DENIED' });
    await worker?.stop();
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
    await startWorker({ AC: 'poll-timeout.json', LIBRE: 'poll-timeout.json' }, { timeoutMs: 200, pollDeadlineMs: 1000 });
    const [acLate, libreLate] = await Promise.all([submit('AC', 'C++ (GCC 9.2.1)'), submit('LIBRE', 'C++ (GCC 9)')]);
    const a = await settled(acLate);
    expect(a.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(a.errorMessage).toMatch(/^No verdict from AC within 1 s \(run 48000001\): no answer from 127\.0\.0\.1:\d+ within 200 ms/);
    const l = await settled(libreLate);
    expect(l.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(l.errorMessage).toMatch(/^No verdict from LIBRE within 1 s \(run 2000001\): no answer from 127\.0\.0\.1:\d+ within 200 ms/);
  });
});
