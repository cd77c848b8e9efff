// Fault 2 (issue 16): while the results stream cannot take a publish, the runner retries with backoff and keeps the
// job (in_progress), costing no delivery; once the stream takes publishes again the submission ends with its true
// verdict, never System Error.
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, STREAMS } from '@oj/proto';
import { laneConsumerName } from '@oj/judge-runner';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { startTestNats, type TestNats } from '../support/nats';
import { waitFor } from '../support/live';
import { finalOf, startInProcessRunner, startJudgeServices, submitAb, workRoot, type InProcessRunner, type JudgeServices } from './reliability-fixture';

let db: TestDatabase;
let nats: TestNats;
let s: JudgeServices;
let runner: InProcessRunner;
let nc: NatsConnection;
let jsm: JetStreamManager;
let root: string;

beforeAll(async () => {
  db = await startTestDatabase();
  nats = await startTestNats();
  s = await startJudgeServices(db.url, nats.url);
  root = await workRoot('oj-rel-publish-');
  // A short ack wait: a runner that gave the job back on each failed publish would burn its deliveries in seconds.
  runner = await startInProcessRunner(nats.url, 'retrying-runner', { OJ_RUNNER_WORK_DIR: path.join(root, 'w'), OJ_RUNNER_ACK_WAIT_MS: '2000', OJ_SANDBOX_UID_BASE: '24000' });
  nc = await connect({ servers: nats.url });
  jsm = await jetstreamManager(nc);
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await s?.close();
  await nc?.close();
  await nats?.stop();
  await db?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Makes JUDGE_RESULTS refuse every new message (full, discard new), or take them again. */
async function blockResults(blocked: boolean): Promise<void> {
  const info = await jsm.streams.info(STREAMS.results);
  await jsm.streams.update(STREAMS.results, blocked ? { max_msgs: Math.max(1, info.state.messages), discard: 'new' as never } : { max_msgs: -1, discard: 'old' as never });
}

describe('a results stream that cannot take a publish', () => {
  it('holds the judged result until the stream is back: the true verdict, no delivery spent', async () => {
    // Something in the stream first, so that "full" is reachable.
    const warm = await submitAb(s);
    expect((await finalOf(s, warm)).status).toBe(JudgeStatus.ACCEPTED);

    await blockResults(true);
    const id = await submitAb(s, `${'#include <stdio.h>\n'}int main(void){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);return 0;}\n`);
    // Three ack waits and more: a runner that counted failed publishes as deliveries would have given up by now.
    await new Promise((r) => setTimeout(r, 9000));
    const during = await s.services.submissions.detail(id, s.viewer);
    expect(during.submission.status).toBe(JudgeStatus.PENDING);
    const lane = await jsm.consumers.info(STREAMS.jobs, laneConsumerName('practice'));
    expect(lane.num_ack_pending).toBe(1);
    expect(lane.num_redelivered).toBe(0);

    await blockResults(false);
    const final = await finalOf(s, id, 60_000);
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    expect(final.judger).toBe('retrying-runner');
    // The runner acks the job once its work dir is cleaned up, a moment after the final it published is stored.
    const after = await waitFor('the job to be acked', async () => {
      const info = await jsm.consumers.info(STREAMS.jobs, laneConsumerName('practice'));
      return info.num_ack_pending === 0 ? info : undefined;
    }, 30_000);
    expect(after.num_redelivered).toBe(0);
  }, 120_000);
});
