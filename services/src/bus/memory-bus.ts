// The in-process bus of the embedded default (no nats-server): the same semantics as the NATS bus —
// a job queue with lanes in priority order, ack/nak and redelivery after an ack deadline, judge events
// delivered at least once to one consumer group, and push fan-out. Messages are copied through JSON
// and decoded on delivery, as they would be on the wire.
import pino, { type Logger } from 'pino';
import {
  decodeJson,
  JudgeEvent,
  JudgeJob,
  LANES,
  PushMessage,
  RunnerHeartbeat,
  TestJudgeRunnerResult,
  type JobDelivery,
  type Lane,
  type PackSource,
  type PushTransport,
  type RunnerTransport,
  type ServicesTransport,
  type Stoppable,
} from '@oj/proto';

/** Chunk size of a pack streamed from the in-process store. */
const STREAM_SLICE = 1024 * 1024;

export interface MemoryBusOptions {
  /** A delivered job neither acked nor nak'ed within this time is redelivered (JetStream's ack_wait). */
  ackWaitMs?: number;
  /** Delay before a judge event whose handler failed is delivered again. */
  eventRetryMs?: number;
  logger?: Logger;
}

interface QueuedJob {
  id: number;
  lane: Lane;
  raw: string;
  deliveries: number;
  availableAt: number;
  /** Token of the current delivery; acks of an older delivery are ignored. */
  token: number | null;
  deadline: NodeJS.Timeout | null;
}

interface JobConsumer {
  handler: (d: JobDelivery) => Promise<void>;
  concurrency: number;
  active: number;
  stopped: boolean;
}

interface EventConsumer {
  handler: (ev: JudgeEvent) => Promise<void>;
  stopped: boolean;
}

export class MemoryBus implements ServicesTransport, PushTransport, RunnerTransport {
  private readonly ackWaitMs: number;
  private readonly eventRetryMs: number;
  private readonly logger: Logger;
  private nextId = 1;
  private nextToken = 1;
  private readonly pending: QueuedJob[] = [];
  private readonly inFlight = new Map<number, QueuedJob>();
  private jobConsumers: JobConsumer[] = [];
  private wakeTimer: NodeJS.Timeout | null = null;

  private readonly events: string[] = [];
  private eventConsumers: EventConsumer[] = [];
  private eventRound = 0;
  private dispatching = false;
  private retryTimer: NodeJS.Timeout | null = null;

  private readonly pushHandlers = new Set<(msg: PushMessage) => void>();
  private readonly heartbeatHandlers = new Set<(hb: RunnerHeartbeat) => void>();
  private closed = false;

  constructor(opts: MemoryBusOptions = {}) {
    this.ackWaitMs = opts.ackWaitMs ?? 30_000;
    this.eventRetryMs = opts.eventRetryMs ?? 200;
    this.logger = opts.logger ?? pino({ name: 'memory-bus', level: 'warn' });
  }

  // ---------- jobs ----------

  async enqueueJob(lane: Lane, job: JudgeJob): Promise<void> {
    this.assertOpen();
    this.pending.push({ id: this.nextId++, lane, raw: JSON.stringify({ ...job, lane }), deliveries: 0, availableAt: 0, token: null, deadline: null });
    this.pumpJobs();
  }

  async consumeJobs(handler: (d: JobDelivery) => Promise<void>, opts: { concurrency: number }): Promise<Stoppable> {
    this.assertOpen();
    const c: JobConsumer = { handler, concurrency: Math.max(1, opts.concurrency), active: 0, stopped: false };
    this.jobConsumers.push(c);
    this.pumpJobs();
    return {
      stop: async () => {
        c.stopped = true;
        this.jobConsumers = this.jobConsumers.filter((x) => x !== c);
      },
    };
  }

  /** Jobs waiting or in flight (for tests and the embedded status page). */
  jobCounts(): { pending: number; inFlight: number } {
    return { pending: this.pending.length, inFlight: this.inFlight.size };
  }

  private nextAvailable(now: number): QueuedJob | undefined {
    let best: QueuedJob | undefined;
    for (const j of this.pending) {
      if (j.availableAt > now) continue;
      if (!best || LANES.indexOf(j.lane) < LANES.indexOf(best.lane) || (j.lane === best.lane && j.id < best.id)) best = j;
    }
    return best;
  }

  private pumpJobs(): void {
    if (this.closed) return;
    const now = Date.now();
    for (const c of this.jobConsumers) {
      while (!c.stopped && c.active < c.concurrency) {
        const j = this.nextAvailable(now);
        if (!j) break;
        this.pending.splice(this.pending.indexOf(j), 1);
        this.deliver(c, j);
      }
    }
    this.scheduleWake(now);
  }

  /** Wakes the pump when the earliest delayed (nak'ed) job becomes available. */
  private scheduleWake(now: number): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    const future = this.pending.filter((j) => j.availableAt > now).map((j) => j.availableAt);
    if (future.length === 0 || this.jobConsumers.length === 0) return;
    this.wakeTimer = setTimeout(() => this.pumpJobs(), Math.min(...future) - now + 1);
    this.wakeTimer.unref();
  }

  private deliver(c: JobConsumer, j: QueuedJob): void {
    const token = this.nextToken++;
    j.token = token;
    j.deliveries++;
    this.inFlight.set(j.id, j);
    const current = () => j.token === token && this.inFlight.get(j.id) === j;
    const armDeadline = () => {
      if (j.deadline) clearTimeout(j.deadline);
      j.deadline = setTimeout(() => {
        if (!current()) return;
        this.logger.warn({ submissionId: this.peekSubmitId(j) }, 'job ack deadline passed; redelivering');
        this.requeue(j, 0);
      }, this.ackWaitMs);
      j.deadline.unref();
    };
    let job: JudgeJob;
    try {
      job = decodeJson(JudgeJob, j.raw);
    } catch (err) {
      this.logger.error({ err }, 'undecodable judge job dropped');
      this.inFlight.delete(j.id);
      return;
    }
    armDeadline();
    const delivery: JobDelivery = {
      job,
      deliveryCount: j.deliveries,
      ack: async () => {
        if (!current()) return;
        if (j.deadline) clearTimeout(j.deadline);
        j.token = null;
        this.inFlight.delete(j.id);
      },
      nak: async (delayMs = 0) => {
        if (!current()) return;
        this.requeue(j, delayMs);
      },
      working: () => {
        if (current()) armDeadline();
      },
    };
    c.active++;
    void (async () => {
      try {
        await c.handler(delivery);
      } catch (err) {
        this.logger.error({ err }, 'job handler threw');
      } finally {
        c.active--;
        this.pumpJobs();
      }
    })();
  }

  private requeue(j: QueuedJob, delayMs: number): void {
    if (j.deadline) clearTimeout(j.deadline);
    j.deadline = null;
    j.token = null;
    this.inFlight.delete(j.id);
    j.availableAt = Date.now() + Math.max(0, delayMs);
    this.pending.push(j);
    this.pumpJobs();
  }

  private peekSubmitId(j: QueuedJob): number | undefined {
    try {
      return (JSON.parse(j.raw) as { submitId?: number }).submitId;
    } catch {
      return undefined;
    }
  }

  // ---------- judge events ----------

  async publishEvent(ev: JudgeEvent): Promise<void> {
    this.assertOpen();
    this.events.push(JSON.stringify(ev));
    this.dispatchEvents();
  }

  async consumeEvents(handler: (ev: JudgeEvent) => Promise<void>): Promise<Stoppable> {
    this.assertOpen();
    const c: EventConsumer = { handler, stopped: false };
    this.eventConsumers.push(c);
    this.dispatchEvents();
    return {
      stop: async () => {
        c.stopped = true;
        this.eventConsumers = this.eventConsumers.filter((x) => x !== c);
      },
    };
  }

  /** Delivers events one at a time, in order; a failing handler gets the same event again later. */
  private dispatchEvents(): void {
    if (this.dispatching || this.retryTimer || this.closed) return;
    this.dispatching = true;
    void (async () => {
      try {
        while (!this.closed && this.events.length > 0 && this.eventConsumers.length > 0) {
          const raw = this.events[0]!;
          let ev: JudgeEvent;
          try {
            ev = decodeJson(JudgeEvent, raw);
          } catch (err) {
            this.logger.error({ err }, 'undecodable judge event dropped');
            this.events.shift();
            continue;
          }
          const c = this.eventConsumers[this.eventRound++ % this.eventConsumers.length]!;
          try {
            await c.handler(ev);
            this.events.shift();
          } catch (err) {
            this.logger.warn({ err, submissionId: ev.submitId, kind: ev.kind }, 'judge event handler failed; will redeliver');
            this.retryTimer = setTimeout(() => {
              this.retryTimer = null;
              this.dispatchEvents();
            }, this.eventRetryMs);
            this.retryTimer.unref();
            return;
          }
        }
      } finally {
        this.dispatching = false;
      }
    })();
  }

  /** Judge events stored but not yet handled. */
  pendingEvents(): number {
    return this.events.length;
  }

  // ---------- push and heartbeats ----------

  async publishPush(msg: PushMessage): Promise<void> {
    this.assertOpen();
    const raw = JSON.stringify(msg);
    for (const h of this.pushHandlers) {
      try {
        h(decodeJson(PushMessage, raw));
      } catch (err) {
        this.logger.error({ err, topic: msg.topic }, 'push handler failed');
      }
    }
  }

  async subscribePush(handler: (msg: PushMessage) => void): Promise<Stoppable> {
    this.pushHandlers.add(handler);
    return { stop: async () => void this.pushHandlers.delete(handler) };
  }

  async subscribeTopic(topic: string, handler: (msg: PushMessage) => void): Promise<Stoppable> {
    return this.subscribePush((msg) => {
      if (msg.topic === topic) handler(msg);
    });
  }

  async heartbeat(hb: RunnerHeartbeat): Promise<void> {
    const raw = JSON.stringify(hb);
    for (const h of this.heartbeatHandlers) {
      try {
        h(decodeJson(RunnerHeartbeat, raw));
      } catch (err) {
        this.logger.error({ err }, 'heartbeat handler failed');
      }
    }
  }

  async onHeartbeat(handler: (hb: RunnerHeartbeat) => void): Promise<Stoppable> {
    this.heartbeatHandlers.add(handler);
    return { stop: async () => void this.heartbeatHandlers.delete(handler) };
  }

  // ---------- online-test results (not durable, one consumer each, like a NATS queue group) ----------

  private readonly testResultHandlers: ((r: TestJudgeRunnerResult) => Promise<void>)[] = [];
  private testResultTurn = 0;

  async publishTestResult(r: TestJudgeRunnerResult): Promise<void> {
    this.assertOpen();
    const raw = JSON.stringify(r);
    const hs = this.testResultHandlers;
    if (hs.length === 0) return;
    const h = hs[this.testResultTurn++ % hs.length]!;
    try {
      await h(decodeJson(TestJudgeRunnerResult, raw));
    } catch (err) {
      this.logger.error({ err, key: r.key }, 'test result handler failed');
    }
  }

  async consumeTestResults(handler: (r: TestJudgeRunnerResult) => Promise<void>): Promise<Stoppable> {
    this.testResultHandlers.push(handler);
    return {
      stop: async () => {
        const i = this.testResultHandlers.indexOf(handler);
        if (i >= 0) this.testResultHandlers.splice(i, 1);
      },
    };
  }

  // ---------- test data (the in-process stand-in for the NATS object store) ----------
  // The embedded mode without nats-server keeps packs in memory: it accepts a streamed pack (read here in one
  // allocation of its size) but holds it whole. Big test data belongs on the NATS object store.

  private readonly testdataObjects = new Map<string, Uint8Array>();
  /** How many test-data packs were fetched (tests check that a runner's cache fetches a version once). */
  testdataFetches = 0;

  async putTestdata(version: string, pack: Uint8Array | PackSource): Promise<void> {
    this.assertOpen();
    if (this.testdataObjects.has(version)) return;
    if (pack instanceof Uint8Array) {
      this.testdataObjects.set(version, Uint8Array.from(pack));
      return;
    }
    const bytes = new Uint8Array(pack.size);
    let at = 0;
    for await (const chunk of pack.open()) {
      if (at + chunk.byteLength > bytes.byteLength) throw new Error(`test-data pack ${version} is longer than its size`);
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    if (at !== bytes.byteLength) throw new Error(`test-data pack ${version} is shorter than its size`);
    this.testdataObjects.set(version, bytes);
  }

  async getTestdata(version: string): Promise<Uint8Array | null> {
    this.assertOpen();
    this.testdataFetches++;
    const pack = this.testdataObjects.get(version);
    return pack ? Uint8Array.from(pack) : null;
  }

  /** The pack in 1 MiB copies (the caller may keep or reuse them). */
  async getTestdataStream(version: string): Promise<AsyncIterable<Uint8Array> | null> {
    this.assertOpen();
    this.testdataFetches++;
    const pack = this.testdataObjects.get(version);
    if (!pack) return null;
    return (async function* () {
      for (let at = 0; at < pack.byteLength; at += STREAM_SLICE) yield pack.slice(at, at + STREAM_SLICE);
    })();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    for (const j of this.inFlight.values()) if (j.deadline) clearTimeout(j.deadline);
    this.jobConsumers = [];
    this.eventConsumers = [];
    this.pushHandlers.clear();
    this.heartbeatHandlers.clear();
    this.testResultHandlers.length = 0;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('memory bus is closed');
  }
}

export function createMemoryBus(opts: MemoryBusOptions = {}): MemoryBus {
  return new MemoryBus(opts);
}
