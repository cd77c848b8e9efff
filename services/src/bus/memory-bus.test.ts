import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { JobDelivery, JudgeEvent, JudgeJob, Lane, PushMessage } from '@oj/proto';
import { MemoryBus } from './memory-bus';

const silent = pino({ level: 'silent' });

function job(submitId: number, lane: Lane = 'practice'): JudgeJob {
  return {
    submitId,
    version: 1,
    lane,
    language: 'C++',
    code: 'int main(){}',
    problem: {
      pid: 1,
      problemId: '1000',
      type: 0,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      timeLimitMs: 1000,
      memoryLimitMb: 256,
      stackLimitMb: 128,
      isRemoveEndBlank: true,
      caseVersion: 'v1',
      cases: [{ caseId: 1, index: 1, input: '1 2\n', output: '3\n', score: 100, groupNum: null }],
    },
    enqueuedAt: 0,
  };
}

const statusEvent = (submitId: number): JudgeEvent => ({ kind: 'status', submitId, version: 1, judger: 'r1', status: 6, casesTotal: 1 });

/** Resolves once `pred` holds, polling every 5 ms for at most `ms`. */
async function until(pred: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 5));
  }
}

let bus: MemoryBus;
afterEach(async () => {
  await bus?.close();
});

describe('MemoryBus jobs', () => {
  it('delivers higher lanes first and respects concurrency', async () => {
    bus = new MemoryBus({ logger: silent });
    await bus.enqueueJob('test', job(1, 'test'));
    await bus.enqueueJob('rejudge', job(2, 'rejudge'));
    await bus.enqueueJob('practice', job(3));
    await bus.enqueueJob('contest', job(4, 'contest'));
    await bus.enqueueJob('practice', job(5));
    const order: number[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    await bus.consumeJobs(
      async (d) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        order.push(d.job.submitId);
        await new Promise((r) => setTimeout(r, 5));
        await d.ack();
        inFlight--;
      },
      { concurrency: 1 },
    );
    await until(() => order.length === 5);
    expect(order).toEqual([4, 3, 5, 2, 1]);
    expect(maxInFlight).toBe(1);
    await until(() => bus.jobCounts().inFlight === 0);
    expect(bus.jobCounts()).toEqual({ pending: 0, inFlight: 0 });
  });

  it('redelivers a nak’ed job after its delay with a higher delivery count', async () => {
    bus = new MemoryBus({ logger: silent });
    await bus.enqueueJob('practice', job(7));
    const seen: { count: number; at: number }[] = [];
    await bus.consumeJobs(
      async (d) => {
        seen.push({ count: d.deliveryCount, at: Date.now() });
        if (d.deliveryCount === 1) await d.nak(50);
        else await d.ack();
      },
      { concurrency: 2 },
    );
    await until(() => seen.length === 2);
    expect(seen.map((s) => s.count)).toEqual([1, 2]);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(45);
    await until(() => bus.jobCounts().inFlight === 0);
    expect(bus.jobCounts().pending).toBe(0);
  });

  it('redelivers a job never acked once the ack deadline passes, and ignores the stale ack', async () => {
    bus = new MemoryBus({ logger: silent, ackWaitMs: 40 });
    await bus.enqueueJob('practice', job(8));
    const deliveries: JobDelivery[] = [];
    await bus.consumeJobs(
      async (d) => {
        deliveries.push(d);
      },
      { concurrency: 1 },
    );
    await until(() => deliveries.length === 2);
    expect(deliveries.map((d) => d.deliveryCount)).toEqual([1, 2]);
    await deliveries[0]!.ack(); // stale: the job belongs to the second delivery now
    expect(bus.jobCounts().inFlight).toBe(1);
    await deliveries[1]!.ack();
    expect(bus.jobCounts()).toEqual({ pending: 0, inFlight: 0 });
  });

  it('working() extends the ack deadline', async () => {
    // Work of 5 × 100 ms against a 400 ms ack wait: without working() it would be redelivered; the margin between
    // beats (4×) keeps a loaded machine's late timers from passing the deadline.
    bus = new MemoryBus({ logger: silent, ackWaitMs: 400 });
    await bus.enqueueJob('practice', job(9));
    const counts: number[] = [];
    await bus.consumeJobs(
      async (d) => {
        counts.push(d.deliveryCount);
        for (let i = 0; i < 5; i++) {
          await new Promise((r) => setTimeout(r, 100));
          d.working();
        }
        await d.ack();
      },
      { concurrency: 1 },
    );
    await until(() => bus.jobCounts().inFlight === 0 && counts.length > 0, 3000);
    expect(counts).toEqual([1]);
  });

  it('keeps jobs until a consumer arrives and stops delivering after stop()', async () => {
    bus = new MemoryBus({ logger: silent });
    await bus.enqueueJob('practice', job(10));
    const got: number[] = [];
    const sub = await bus.consumeJobs(
      async (d) => {
        got.push(d.job.submitId);
        await d.ack();
      },
      { concurrency: 1 },
    );
    await until(() => got.length === 1);
    await sub.stop();
    await bus.enqueueJob('practice', job(11));
    await new Promise((r) => setTimeout(r, 30));
    expect(got).toEqual([10]);
    expect(bus.jobCounts().pending).toBe(1);
  });
});

describe('MemoryBus judge events', () => {
  it('delivers in order, at least once: a failing handler gets the same event again', async () => {
    bus = new MemoryBus({ logger: silent, eventRetryMs: 10 });
    await bus.publishEvent(statusEvent(1));
    await bus.publishEvent(statusEvent(2));
    const handled: number[] = [];
    let failures = 0;
    await bus.consumeEvents(async (ev) => {
      if (ev.submitId === 1 && failures < 2) {
        failures++;
        throw new Error('database down');
      }
      handled.push(ev.submitId);
    });
    await until(() => handled.length === 2);
    expect(handled).toEqual([1, 2]);
    expect(failures).toBe(2);
    expect(bus.pendingEvents()).toBe(0);
  });

  it('drops an undecodable event instead of blocking the queue', async () => {
    bus = new MemoryBus({ logger: silent });
    await bus.publishEvent({ kind: 'bogus' } as unknown as JudgeEvent);
    await bus.publishEvent(statusEvent(3));
    const handled: number[] = [];
    await bus.consumeEvents(async (ev) => void handled.push(ev.submitId));
    await until(() => handled.length === 1);
    expect(handled).toEqual([3]);
  });
});

describe('MemoryBus push', () => {
  it('fans every push message out to every subscriber, as a copy', async () => {
    bus = new MemoryBus({ logger: silent });
    const a: PushMessage[] = [];
    const b: PushMessage[] = [];
    await bus.subscribePush((m) => a.push(m));
    const sb = await bus.subscribePush((m) => b.push(m));
    const msg: PushMessage = { topic: 'submission:1', seq: 1, event: 'submission.status', data: { x: 1 } };
    await bus.publishPush(msg);
    await sb.stop();
    await bus.publishPush({ ...msg, seq: 2 });
    expect(a.map((m) => m.seq)).toEqual([1, 2]);
    expect(b.map((m) => m.seq)).toEqual([1]);
    expect(a[0]).toEqual(msg);
    expect(a[0]).not.toBe(msg);
  });

  it('passes runner heartbeats to the services', async () => {
    bus = new MemoryBus({ logger: silent });
    const got: string[] = [];
    await bus.onHeartbeat((hb) => got.push(hb.runnerId));
    await bus.heartbeat({ runnerId: 'r1', version: '1', languages: ['C'], slots: 2, freeSlots: 2, at: 0 });
    expect(got).toEqual(['r1']);
  });
});

describe('MemoryBus test data', () => {
  const source = (parts: Uint8Array[], size: number) => ({
    size,
    async *open() {
      yield* parts;
    },
  });

  it('stores a streamed pack and streams it back in slices; refuses a stream that does not match its size', async () => {
    const bus = new MemoryBus({ logger: silent });
    const big = new Uint8Array(2.5 * 1024 * 1024).map((_, i) => i % 251);
    await bus.putTestdata('v1', source([big.subarray(0, 100), big.subarray(100)], big.byteLength));
    const back: Uint8Array[] = [];
    for await (const c of (await bus.getTestdataStream('v1'))!) back.push(c);
    expect(back.map((c) => c.byteLength)).toEqual([1024 * 1024, 1024 * 1024, 0.5 * 1024 * 1024]);
    expect(Buffer.concat(back).equals(Buffer.from(big))).toBe(true);
    // Byte comparison: toEqual walks a 2.5 MiB array element by element (a minute under load).
    expect(Buffer.from((await bus.getTestdata('v1'))!).equals(Buffer.from(big))).toBe(true);
    expect(bus.testdataFetches).toBe(2);
    expect(await bus.getTestdataStream('missing')).toBeNull();
    await expect(bus.putTestdata('v2', source([big.subarray(0, 10)], 11))).rejects.toThrow(/shorter than its size/);
    await expect(bus.putTestdata('v3', source([big.subarray(0, 12)], 11))).rejects.toThrow(/longer than its size/);
    expect(await bus.getTestdata('v2')).toBeNull();
    await bus.close();
  });
});
