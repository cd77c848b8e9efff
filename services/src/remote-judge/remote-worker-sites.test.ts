// The remote-judge worker judging one submission of HDU, POJ and SPOJ each, end to end: the outbox row goes to the
// remote lane, the worker's live HTTP layer talks to each site's recording served on 127.0.0.1 (HDU's pages as GBK
// bytes), and the ingester stores and pushes Submitting → Pending → Judging → Accepted on the real database.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JudgeStatus, type PushMessage, type RemoteOj, type Stoppable } from '@oj/proto';
import { remoteJudgeRun } from '../db/schema';
import { JudgeIngester } from '../judge/ingester';
import { requeueOne } from '../judge/judge-admin.repo';
import { OutboxRelay } from '../judge/outbox-relay';
import { addProblem, addSubmission, addUser, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { startFixtureServer, type FixtureServer } from './http/fixture-server';
import { liveHttp } from './http/live-http';
import { loadFixture } from './http/replay-http';
import { replaceAccounts } from './remote-judge.repo';
import { startRemoteWorker } from './remote-worker';
import { fixtureDir, settled as settledRow } from '../testing/remote-judge';

const SITES: { oj: RemoteOj; dir: string; account: string; displayId: string; language: string; runId: string; time: number; memory: number }[] = [
  { oj: 'HDU', dir: 'hdu', account: 'hdu', displayId: 'HDU-1000', language: 'G++', runId: '40000001', time: 31, memory: 1404 },
  { oj: 'POJ', dir: 'poj', account: 'poj', displayId: 'POJ-1000', language: 'G++', runId: '24000001', time: 16, memory: 164 },
  { oj: 'SPOJ', dir: 'spoj', account: 'spoj', displayId: 'SPOJ-TEST', language: 'C++14 (gcc 10.2.1)', runId: '31400001', time: 20, memory: 5325 },
];
const CODE = '#include <stdio.h>\nint main() { return 0; }';

describe('the remote-judge worker on HDU, POJ and SPOJ', () => {
  let t: TestDb;
  let ctx: ReturnType<typeof serviceContext>;
  let relay: OutboxRelay;
  let ingester: JudgeIngester;
  let worker: Stoppable;
  const servers = new Map<RemoteOj, FixtureServer>();
  const pushed: PushMessage[] = [];

  beforeAll(async () => {
    t = await startTestDb();
    ctx = serviceContext(t.db);
    relay = new OutboxRelay(ctx);
    ingester = new JudgeIngester(ctx, relay);
    await ingester.start();
    await ctx.transport.subscribePush((m) => pushed.push(m));
    for (const s of SITES) {
      servers.set(s.oj, await startFixtureServer(loadFixture(path.join(fixtureDir(s.dir), 'judge-accepted.json')).exchanges));
      await replaceAccounts(t.db, s.account, [{ username: 'judge1', password: 'secret-1' }]);
    }
    const http = liveHttp({ timeoutMs: 5000 });
    worker = await startRemoteWorker({
      db: t.db,
      transport: ctx.transport.remoteTransport(),
      logger: ctx.logger,
      workerId: 'remote-sites-test',
      concurrency: 3,
      httpFor: () => http,
      baseUrls: Object.fromEntries([...servers].map(([oj, server]) => [oj, server.url])),
      paceMs: 0,
      timing: { pollFirstMs: 5, pollMaxMs: 20, submitTries: 2, accountWaitMs: 500 },
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await ingester?.stop();
    await Promise.all([...servers.values()].map((s) => s.close()));
    await t?.stop();
  });

  async function submit(displayId: string, language: string): Promise<number> {
    const pid = (await addProblem(t.db, { problemId: displayId, isRemote: true })).id;
    const u = await addUser(t.db);
    const s = await addSubmission(t.db, u.uid, pid, { language, code: CODE });
    const row = await t.db.transaction((tx) => requeueOne(tx, s.submitId, 'practice'));
    await relay.flush();
    return row.submitId;
  }

  const settled = (submitId: number) => settledRow(t.db, submitId);

  it('judges one submission on each site: Submitting, Pending, Judging, then Accepted with the site time and memory', async () => {
    const ids = await Promise.all(SITES.map((s) => submit(s.displayId, s.language)));
    for (const [i, s] of SITES.entries()) {
      const row = await settled(ids[i]);
      expect(row, s.oj).toMatchObject({ status: JudgeStatus.ACCEPTED, time: s.time, memory: s.memory, judger: 'remote-sites-test' });
      const statuses = pushed.filter((m) => m.topic === `submission:${ids[i]}` && m.event === 'submission.status').map((m) => (m.data as { status: number }).status);
      expect(statuses, s.oj).toEqual([JudgeStatus.SUBMITTING, JudgeStatus.PENDING, JudgeStatus.JUDGING, JudgeStatus.ACCEPTED]);
      const [run] = await t.db.select().from(remoteJudgeRun).where(eq(remoteJudgeRun.submitId, ids[i]));
      expect(run, s.oj).toMatchObject({ oj: s.oj, runId: s.runId, status: JudgeStatus.ACCEPTED });
      const server = servers.get(s.oj)!;
      expect(server.errors, s.oj).toEqual([]);
      expect(server.cursor.unused(), s.oj).toEqual([]);
    }
  });
});
