// Shared by the judge-flow and judge-administration suites: the services' side of a bus plus a hand-driven
// runner (take a job, publish judge events as a runner would), on the in-process bus or a real nats-server.
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { decodeJson, JudgeJob, OjError, STREAMS, SUBJECTS, type ErrorCode, type JudgeEvent, type PushMessage, type ServicesTransport } from '@oj/proto';
import { createMemoryBus, createNatsBus, silentLogger } from '@oj/services';
import type { TestNats } from './nats';

/** What a test needs from a bus: the services' side, and a hand-driven runner. */
export interface Harness {
  transport: ServicesTransport & { subscribePush(h: (m: PushMessage) => void): Promise<unknown> };
  takeJob(): Promise<JudgeJob>;
  publishEvent(ev: JudgeEvent): Promise<void>;
  close(): Promise<void>;
}

/** A queue whose `next()` waits (bounded) for the next item. */
function waitQueue<T>() {
  const items: T[] = [];
  const waiters: ((t: T) => void)[] = [];
  return {
    push(t: T) {
      const w = waiters.shift();
      if (w) w(t);
      else items.push(t);
    },
    next(ms = 10_000): Promise<T> {
      const t = items.shift();
      if (t !== undefined) return Promise.resolve(t);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no job arrived in time')), ms);
        waiters.push((x) => {
          clearTimeout(timer);
          resolve(x);
        });
      });
    },
    size: () => items.length,
  };
}

export async function memoryHarness(): Promise<Harness> {
  const bus = createMemoryBus({ logger: silentLogger(), eventRetryMs: 20 });
  const jobs = waitQueue<JudgeJob>();
  await bus.consumeJobs(
    async (d) => {
      jobs.push(d.job);
      await d.ack();
    },
    { concurrency: 4 },
  );
  return { transport: bus, takeJob: () => jobs.next(), publishEvent: (ev) => bus.publishEvent(ev), close: () => bus.close() };
}

export async function natsHarness(nats: TestNats): Promise<Harness> {
  const bus = await createNatsBus({ url: nats.url, logger: silentLogger(), eventRetryMs: 50 });
  const nc: NatsConnection = await connect({ servers: nats.url });
  const js = jetstream(nc);
  const jsm = await jetstreamManager(nc);
  await jsm.consumers.add(STREAMS.jobs, { durable_name: 'test-runner', ack_policy: AckPolicy.Explicit, ack_wait: nanos(30_000) });
  const consumer = await js.consumers.get(STREAMS.jobs, 'test-runner');
  return {
    transport: bus,
    async takeJob() {
      for (let i = 0; i < 20; i++) {
        const m = await consumer.next({ expires: 1000 });
        if (m) {
          m.ack();
          return decodeJson(JudgeJob, m.data);
        }
      }
      throw new Error('no job arrived in time');
    },
    async publishEvent(ev) {
      await js.publish(SUBJECTS.result(ev.submitId), JSON.stringify(ev));
    },
    async close() {
      await nc.drain();
      await bus.close();
    },
  };
}

export async function errorCode(p: Promise<unknown>): Promise<ErrorCode | 'ok' | 'other'> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof OjError ? e.code : 'other';
  }
}

/** Polls `fn` until it returns a truthy value (at most `ms`). */
export async function eventually<T>(fn: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
