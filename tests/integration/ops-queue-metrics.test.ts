// The judge-queue metrics per lane, sampled from JetStream on a real nats-server: jobs waiting before any runner
// exists (the stream's count), then as the lane consumer reports them once a runner holds one (waiting / in flight),
// the age of the oldest, and back to zero once acked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMetrics, createNatsBus, silentLogger, type NatsBus } from '@oj/services';
import { createNatsRunnerTransport } from '@oj/judge-runner';
import { makeJob, template } from '@oj/judge-runner/testing';
import type { JobDelivery, RunnerTransport, Stoppable } from '@oj/proto';
import { parseExposition } from '../support/metrics';
import { startTestNats, type TestNats } from '../support/nats';
import { waitFor } from '../support/live';

let nats: TestNats;
let bus: NatsBus;
let runner: RunnerTransport;

beforeAll(async () => {
  nats = await startTestNats();
  bus = await createNatsBus({ url: nats.url, logger: silentLogger() });
});
afterAll(async () => {
  await runner?.close();
  await bus?.close();
  await nats?.stop();
});

/** The lane gauges once the sample is fresh (the queue is asked at most once a second). */
async function lanes() {
  await new Promise((r) => setTimeout(r, 1100));
  const m = parseExposition((await renderMetrics()).body);
  const of = (lane: string) => ({
    waiting: m.value('oj_judge_queue_waiting', { lane }),
    inFlight: m.value('oj_judge_queue_in_flight', { lane }),
    oldest: m.value('oj_judge_queue_oldest_age_seconds', { lane }),
  });
  return { contest: of('contest'), practice: of('practice'), rejudge: of('rejudge') };
}

describe('judge queue metrics', () => {
  it('follow the jobs of each lane from JetStream', async () => {
    expect((await lanes()).contest).toEqual({ waiting: 0, inFlight: 0, oldest: 0 });
    const job = (id: number) => makeJob('C', template('C'), {}, id);
    await bus.enqueueJob('contest', job(1));
    await bus.enqueueJob('contest', job(2));
    await bus.enqueueJob('practice', job(3));
    // No runner yet: no lane consumer, the stream's count per lane.
    const queued = await lanes();
    expect(queued.contest).toMatchObject({ waiting: 2, inFlight: 0 });
    expect(queued.contest.oldest).toBeGreaterThanOrEqual(1);
    expect(queued.practice).toMatchObject({ waiting: 1, inFlight: 0 });
    expect(queued.rejudge).toEqual({ waiting: 0, inFlight: 0, oldest: 0 });

    // A runner takes one contest job (highest lane first) and holds it.
    runner = await createNatsRunnerTransport({ url: nats.url, ackWaitMs: 30_000 });
    const held: JobDelivery[] = [];
    const consumer: Stoppable = await runner.consumeJobs(
      async (d) => {
        held.push(d);
        await waitFor('the test to release the job', () => (held.length === 0 ? true : undefined), 60_000);
      },
      { concurrency: 1 },
    );
    await waitFor('the runner holding a job', () => (held.length === 1 ? true : undefined));
    expect(held[0]!.job.submitId).toBe(1);
    const judging = await lanes();
    expect(judging.contest).toMatchObject({ waiting: 1, inFlight: 1 });
    expect(judging.contest.oldest).toBeGreaterThanOrEqual(2);

    // Stop taking jobs once this one is acked: the rest stays queued.
    const stopping = consumer.stop();
    await held[0]!.ack();
    held.length = 0;
    await stopping;
    const after = await lanes();
    expect(after.contest).toMatchObject({ waiting: 1, inFlight: 0 });
    expect(after.practice.waiting).toBe(1);
  }, 90_000);
});
