// Fault 5 (issue 16): a services worker killed in the middle of storing a verdict. The ingester's consumer has a
// 10 s ack wait (an older consumer's 30 s is brought down on start) and the worker sends in_progress while an event
// is being stored, so a slow transaction keeps its event and a killed worker's event reaches the other worker within
// seconds.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { AckPolicy, DeliverPolicy, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureJudgeStreams, JudgeStatus, STREAMS, SUBJECTS } from '@oj/proto';
import { INGESTER_DURABLE } from '@oj/services';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { startTestNats, type TestNats } from '../support/nats';
import { waitFor } from '../support/live';
import { finalOf, spawnWorker, startInProcessRunner, startJudgeServices, submitAb, workRoot, type InProcessRunner, type JudgeServices, type RunnerProcess } from './reliability-fixture';

let db: TestDatabase;
let nats: TestNats;
let s: JudgeServices;
let nc: NatsConnection;
let jsm: JetStreamManager;
let runner: InProcessRunner;
let root: string;
const workers: RunnerProcess[] = [];

beforeAll(async () => {
  db = await startTestDatabase();
  nats = await startTestNats();
  nc = await connect({ servers: nats.url });
  jsm = await jetstreamManager(nc);
  // The ingester's consumer as an older version made it: a 30 s ack wait.
  await ensureJudgeStreams(jsm);
  await jsm.consumers.add(STREAMS.results, { durable_name: INGESTER_DURABLE, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, filter_subject: SUBJECTS.resultAll, ack_wait: 30_000_000_000, max_ack_pending: 1000 });
  // Submissions are made here; the ingesting is the two worker processes' alone.
  s = await startJudgeServices(db.url, nats.url, { workers: false });
  for (const name of ['worker-1', 'worker-2']) workers.push(spawnWorker(name, db.url, { NATS_URL: nats.url }));
  for (const w of workers) await waitFor('a worker to start', () => (/services workers are running/.test(w.output()) ? true : undefined), 90_000);
  root = await workRoot('oj-rel-ingest-');
  runner = await startInProcessRunner(nats.url, 'ingest-runner', { OJ_RUNNER_WORK_DIR: path.join(root, 'w'), OJ_SANDBOX_UID_BASE: '24400' });
}, 180_000);

afterAll(async () => {
  for (const w of workers) w.child.kill('SIGKILL');
  await runner?.stop();
  await s?.close();
  await nc?.close();
  await nats?.stop();
  await db?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a services worker killed mid-ingest', () => {
  it('its event goes to the other worker within the 10 s ack wait; while it lives, in_progress keeps it', async () => {
    expect((await jsm.consumers.info(STREAMS.results, INGESTER_DURABLE)).config.ack_wait).toBe(10_000_000_000);
    const warm = await submitAb(s);
    expect((await finalOf(s, warm)).status).toBe(JudgeStatus.ACCEPTED);

    // Hold the problem's row: storing a practice verdict updates its counters, so the final's transaction waits (a
    // submission only key-shares the row, which this lock lets through).
    const sql = postgres(db.url, { max: 2, onnotice: () => {} });
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const locked = new Promise<void>((ready, fail) => {
      sql
        .begin(async (tx) => {
          await tx`select id from problems where problem_id = '1000' for no key update`;
          ready();
          await held;
        })
        .catch(fail);
    });
    await locked;
    try {
      const id = await submitAb(s, `${'#include <stdio.h>\n'}int main(void){int a,b;if(scanf("%d %d",&a,&b)!=2)return 1;printf("%d\\n",a+b);return 0;}\n`);
      const blocked = await waitFor(
        'a worker to be storing the verdict',
        async () => {
          const rows = await sql<{ name: string }[]>`select application_name as name from pg_stat_activity where application_name like 'worker-%' and wait_event_type = 'Lock'`;
          return rows[0]?.name;
        },
        60_000,
      );
      // Longer than the ack wait: without in_progress the server would hand the event out again meanwhile.
      await new Promise((r) => setTimeout(r, 13_000));
      const holding = await jsm.consumers.info(STREAMS.results, INGESTER_DURABLE);
      expect(holding.num_redelivered).toBe(0);
      expect(holding.num_ack_pending).toBeGreaterThanOrEqual(1);

      const victim = workers[blocked === 'worker-1' ? 0 : 1]!;
      victim.child.kill('SIGKILL');
      await victim.exited;
      const killedAt = Date.now();
      release();
      const final = await finalOf(s, id, 60_000);
      const tookMs = Date.now() - killedAt;
      expect(final.status).toBe(JudgeStatus.ACCEPTED);
      // The ack wait (10 s from the last in_progress) and a pull: well under the old 30 s.
      expect(tookMs).toBeLessThan(13_000);
    } finally {
      release();
      await sql.end();
    }
  }, 180_000);
});
