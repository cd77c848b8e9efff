// The message transport seen by each side, as interfaces only. NATS JetStream implements them in
// production; an in-process bus implements the same ones for the embedded default without nats-server.
import type { JudgeEvent, JudgeJob, Lane, RunnerHeartbeat } from './nats';
import type { PushMessage } from './realtime/events';
import type { TestJudgeRunnerResult } from './judge-admin';
import type { ReadyCheck } from './ops';

/** A test-data pack too big to hold in memory: its size, and its bytes read afresh on each `open()`. */
export interface PackSource {
  size: number;
  open(): AsyncIterable<Uint8Array>;
}

export interface Stoppable {
  stop(): Promise<void>;
}

/** One delivery of a judge job. Ack only after the final event is stored; a job never acked is redelivered. */
export interface JobDelivery {
  job: JudgeJob;
  /** 1 on the first delivery. */
  deliveryCount: number;
  ack(): Promise<void>;
  /** Give the job back for redelivery (after `delayMs`). */
  nak(delayMs?: number): Promise<void>;
  /** Tell the queue the job is still being worked on (extends the ack deadline). */
  working(): void;
}

/** The runner's view of the bus. */
export interface RunnerTransport {
  /** Pulls jobs (highest lane first) and calls `handler` with at most `concurrency` in flight. */
  consumeJobs(handler: (d: JobDelivery) => Promise<void>, opts: { concurrency: number }): Promise<Stoppable>;
  /** Durably stores a judge event; resolves once stored. */
  publishEvent(ev: JudgeEvent): Promise<void>;
  heartbeat(hb: RunnerHeartbeat): Promise<void>;
  /** Calls `handler` whenever some process asks every runner for a heartbeat now (a gateway or worker that started). */
  onHeartbeatRequest?(handler: () => void): Promise<Stoppable>;
  /** The pack of a test-data version from the object store, or null when the store does not have it. */
  getTestdata?(version: string): Promise<Uint8Array | null>;
  /** The same pack as a stream of chunks (nothing held whole in memory), or null when the store does not have it. */
  getTestdataStream?(version: string): Promise<AsyncIterable<Uint8Array> | null>;
  /** Sends the result of an online-test job (not durable: an unanswered test expires after 10 minutes). */
  publishTestResult?(r: TestJudgeRunnerResult): Promise<void>;
  /** Whether the bus is usable now (`/readyz`); absent: an in-process bus, always usable. */
  readiness?(): Promise<ReadyCheck[]>;
  close(): Promise<void>;
}

/** A remote-judge worker's view of the bus: remote jobs in, judge events out (the same events as a runner's). */
export interface RemoteJudgeTransport {
  consumeJobs(handler: (d: JobDelivery) => Promise<void>, opts: { concurrency: number }): Promise<Stoppable>;
  publishEvent(ev: JudgeEvent): Promise<void>;
}

/** The services' view of the bus. */
export interface ServicesTransport {
  enqueueJob(lane: Lane, job: JudgeJob): Promise<void>;
  /** A remote problem's job, for the remote-judge workers (`SUBJECTS.remoteJob`); absent: no remote judging. */
  enqueueRemoteJob?(job: JudgeJob): Promise<void>;
  /** Durable, at-least-once delivery of judge events to one consumer group. */
  consumeEvents(handler: (ev: JudgeEvent) => Promise<void>): Promise<Stoppable>;
  /**
   * The same delivery in batches of one submission's events, in the order sent (the events that arrived while its
   * previous batch was being stored); all acknowledged or all redelivered. Absent: `consumeEvents` one by one.
   */
  consumeEventBatches?(handler: (evs: readonly JudgeEvent[]) => Promise<void>): Promise<Stoppable>;
  publishPush(msg: PushMessage): Promise<void>;
  onHeartbeat(handler: (hb: RunnerHeartbeat) => void): Promise<Stoppable>;
  /** Asks every runner for a heartbeat now: a process that just started knows the runners at once. */
  requestHeartbeats?(): Promise<void>;
  /** Stores the pack of a test-data version in the object store under `version` (idempotent). */
  putTestdata?(version: string, pack: Uint8Array | PackSource): Promise<void>;
  getTestdata?(version: string): Promise<Uint8Array | null>;
  getTestdataStream?(version: string): Promise<AsyncIterable<Uint8Array> | null>;
  /** Results of online-test jobs, each to one services process. */
  consumeTestResults?(handler: (r: TestJudgeRunnerResult) => Promise<void>): Promise<Stoppable>;
  /** Every push message of one topic, in every services process (how a site-config change reaches each of them). */
  subscribeTopic?(topic: string, handler: (msg: PushMessage) => void): Promise<Stoppable>;
  /** Whether the bus is usable now (`/readyz`); absent: an in-process bus, always usable. */
  readiness?(): Promise<ReadyCheck[]>;
}

/** The gateway's view of the bus: every push message, to relay to its sockets. */
export interface PushTransport {
  subscribePush(handler: (msg: PushMessage) => void): Promise<Stoppable>;
  /** Calls `handler` each time the bus is back after a disconnect (push messages sent meanwhile did not arrive). */
  onReconnect?(handler: () => void): Stoppable;
}
