// The NATS bus of the services and gateways: judge jobs onto the JetStream work queue JUDGE_JOBS, judge
// events from the durable stream JUDGE_RESULTS (consumer `services-ingester`), push messages over core NATS.
// It reconnects forever and logs every disconnect and reconnect (proto's nats-connection.ts).
import pino, { type Logger } from 'pino';
import { connect, nanos, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  StorageType,
  type JetStreamClient,
  type JsMsg,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { Objm, setSha256Backend, type ObjectStore } from '@nats-io/obj';
import { followNats, type NatsOps } from '../ops/nats-ops';
import { natsRemoteTransport } from './nats-remote';
import { observeIngestLag } from '../ops/metrics';
import { KeyedBatches } from './keyed-batches';
import {
  closeNats,
  decodeJson,
  ensureDurableConsumer,
  ensureJudgeStreams,
  ensureStreamReplicas,
  natsConnectOptions,
  resolveReplicas,
  watchNatsStatus,
  whenJetStreamAnswers,
  type ReplicaPolicy,
  JudgeEvent,
  objectChunks,
  PushMessage,
  RunnerHeartbeat,
  STREAMS,
  SUBJECTS,
  TESTDATA_BUCKET,
  TESTDATA_STREAM,
  TestJudgeRunnerResult,
  type JudgeJob,
  type Lane,
  type PackSource,
  type PushTransport,
  type ReadyCheck,
  type RemoteJudgeTransport,
  type ServicesTransport,
  type Stoppable,
} from '@oj/proto';

export const INGESTER_DURABLE = 'services-ingester';
/** How long the server waits for the ingester's ack before another worker gets the event (heartbeats extend it). */
export const INGESTER_ACK_WAIT_MS = 10_000;
/**
 * Judge events stored at once by one ingester, each in a transaction of its own; one submission's in order. A burst
 * of verdicts is bound by the round trips of the events' transactions, not by CPU: one at a time, the ingester fell
 * behind two runner slots by a minute on a loaded machine (docs/benchmarks.md (d)).
 */
export const INGEST_CONCURRENCY = 4;

/** Chunk size of test-data objects written here. */
const TESTDATA_CHUNK_BYTES = 256 * 1024;

/** A pull-driven stream over `chunks`: the object store reads the next chunk only when it has sent the last one. */
function toReadableStream(chunks: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const it = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(c) {
      const r = await it.next();
      if (r.done) c.close();
      else c.enqueue(r.value);
    },
    async cancel() {
      await it.return?.();
    },
  });
}

export interface NatsBusOptions {
  url: string;
  logger?: Logger;
  /** Redelivery delay of a judge event whose handler failed. */
  eventRetryMs?: number;
  /** How long the server waits for the ingester's ack before redelivering an event (default 10 s). */
  eventAckWaitMs?: number;
  /** Judge events stored at once (default INGEST_CONCURRENCY). */
  eventConcurrency?: number;
  /**
   * Most events of one submission stored in one transaction (default 1). Above 1 a backlog drains in fewer commits
   * (docs/benchmarks.md, "Fourth pass"), but a submission's queued events then reach the browser in one burst, and
   * the verdict panel no longer shows the cases one by one; so it is off by default (`OJ_INGEST_BATCH_MAX`).
   */
  eventBatchMax?: number;
  /** Connection name shown by the server. */
  name?: string;
  /** Replicas of the streams (OJ_NATS_REPLICAS); default min(3, the cluster's size). */
  replicas?: number;
}

export class NatsBus implements ServicesTransport, PushTransport {
  private readonly subs = new Set<Subscription>();
  private readonly reconnectHandlers = new Set<() => void>();
  private readonly ops: NatsOps;

  private constructor(
    readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly logger: Logger,
    private readonly opts: NatsBusOptions,
    private readonly policy: ReplicaPolicy,
  ) {
    this.ops = followNats(nc, jsm);
  }

  static async connect(opts: NatsBusOptions): Promise<NatsBus> {
    const logger = opts.logger ?? pino({ name: 'nats-bus', level: 'warn' });
    const nc = await connect({ servers: opts.url.split(','), ...natsConnectOptions(opts.name ?? 'oj-services') });
    const onReconnect = new Set<() => void>();
    watchNatsStatus(nc, logger, () => {
      for (const h of onReconnect) h();
    });
    try {
      const jsm = await whenJetStreamAnswers('JetStream', () => jetstreamManager(nc), { log: logger });
      const policy: ReplicaPolicy = { ...resolveReplicas(opts.replicas, nc.info), log: logger };
      await whenJetStreamAnswers('judge streams', () => ensureJudgeStreams(jsm, policy), { log: logger });
      await whenJetStreamAnswers('test-data stream', () => ensureStreamReplicas(jsm, TESTDATA_STREAM, policy, { ifExists: true }), { log: logger });
      const bus = new NatsBus(nc, jetstream(nc), jsm, logger, opts, policy);
      onReconnect.add(() => {
        for (const h of bus.reconnectHandlers) h();
      });
      return bus;
    } catch (err) {
      await nc.close();
      throw err;
    }
  }

  async enqueueJob(lane: Lane, job: JudgeJob): Promise<void> {
    await this.js.publish(SUBJECTS.job(lane), JSON.stringify({ ...job, lane }));
  }

  async enqueueRemoteJob(job: JudgeJob): Promise<void> {
    await this.js.publish(SUBJECTS.remoteJob, JSON.stringify(job));
  }

  /** The remote-judge worker's side of the bus (the remote lane's jobs in, judge events out). */
  remoteTransport(): RemoteJudgeTransport {
    return natsRemoteTransport(this.js, this.jsm, this.logger);
  }

  consumeEvents(handler: (ev: JudgeEvent) => Promise<void>): Promise<Stoppable> {
    return this.consumeEventBatches(async (evs) => {
      for (const ev of evs) await handler(ev);
    });
  }

  async consumeEventBatches(handler: (evs: readonly JudgeEvent[]) => Promise<void>): Promise<Stoppable> {
    const retryMs = this.opts.eventRetryMs ?? 1000;
    const ackWait = nanos(this.opts.eventAckWaitMs ?? INGESTER_ACK_WAIT_MS);
    const log = this.logger;
    const cfg = { durable_name: INGESTER_DURABLE, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, filter_subject: SUBJECTS.resultAll, ack_wait: ackWait, max_ack_pending: 1000 };
    await ensureDurableConsumer(this.jsm, STREAMS.results, cfg, log);
    // While an event is being stored, `in_progress` every third of the ack wait: a slow transaction keeps its event,
    // a killed worker's events go to another worker within the ack wait.
    const beatMs = Math.max(200, Math.floor((this.opts.eventAckWaitMs ?? INGESTER_ACK_WAIT_MS) / 3));
    const consumer = await whenJetStreamAnswers('ingester consumer', () => this.js.consumers.get(STREAMS.results, INGESTER_DURABLE), { log });
    // Pull requests that expire every 5 s (the client's idle heartbeat is half of that): when the consumer's leader
    // moves to another node (a NATS node lost), the pull is renewed within seconds instead of the default 30 s.
    const messages = await consumer.consume({ max_messages: 32, expires: 5000 });
    // Different submissions' events at once (the transactions of several workers' ingesters overlap the same way);
    // one submission's one batch after another, as the runner sent them.
    const store = async (batch: Array<{ m: JsMsg; ev: JudgeEvent }>) => {
      const beat = setInterval(() => {
        for (const { m } of batch) {
          try {
            m.working();
          } catch {
            // closed: the event is redelivered
          }
        }
      }, beatMs);
      try {
        await handler(batch.map((x) => x.ev));
        for (const { m, ev } of batch) {
          m.ack();
          observeIngestLag(ev.kind, m.info.timestampNanos);
        }
      } catch (err) {
        this.logger.warn({ err, submissionId: batch[0]!.ev.submitId, kinds: batch.map((x) => x.ev.kind) }, 'judge event handler failed; nak');
        for (const { m } of batch) m.nak(retryMs);
      } finally {
        clearInterval(beat);
      }
    };
    const queue = new KeyedBatches<number, { m: JsMsg; ev: JudgeEvent }>(this.opts.eventConcurrency ?? INGEST_CONCURRENCY, (_, batch) => store(batch), this.opts.eventBatchMax ?? 1);
    const loop = (async () => {
      try {
        for await (const m of messages) {
          let ev: JudgeEvent;
          try {
            ev = decodeJson(JudgeEvent, m.data);
          } catch (err) {
            this.logger.error({ err, subject: m.subject }, 'undecodable judge event terminated');
            m.term('undecodable');
            continue;
          }
          await queue.take(ev.submitId, { m, ev });
        }
      } finally {
        await queue.idle();
      }
    })().catch((err: unknown) => this.logger.error({ err }, 'judge event consumer stopped'));
    return {
      stop: async () => {
        await messages.close();
        await loop;
      },
    };
  }

  readiness(): Promise<ReadyCheck[]> {
    return this.ops.readiness();
  }

  async publishPush(msg: PushMessage): Promise<void> {
    this.nc.publish(SUBJECTS.push(msg.topic), JSON.stringify(msg));
  }

  async subscribePush(handler: (msg: PushMessage) => void): Promise<Stoppable> {
    return this.subscribe(SUBJECTS.pushAll, (data) => handler(decodeJson(PushMessage, data)));
  }

  onReconnect(handler: () => void): Stoppable {
    this.reconnectHandlers.add(handler);
    return { stop: async () => void this.reconnectHandlers.delete(handler) };
  }

  async subscribeTopic(topic: string, handler: (msg: PushMessage) => void): Promise<Stoppable> {
    return this.subscribe(SUBJECTS.push(topic), (data) => handler(decodeJson(PushMessage, data)));
  }

  async onHeartbeat(handler: (hb: RunnerHeartbeat) => void): Promise<Stoppable> {
    return this.subscribe(SUBJECTS.runnerHeartbeat, (data) => handler(decodeJson(RunnerHeartbeat, data)));
  }

  async requestHeartbeats(): Promise<void> {
    this.nc.publish(SUBJECTS.runnerHello);
  }

  /** Queue group `services`: each result is handled by one services process. */
  async consumeTestResults(handler: (r: TestJudgeRunnerResult) => Promise<void>): Promise<Stoppable> {
    return this.subscribe(
      SUBJECTS.testResult,
      (data) => {
        const r = decodeJson(TestJudgeRunnerResult, data);
        handler(r).catch((err: unknown) => this.logger.error({ err, key: r.key }, 'test result handler failed'));
      },
      'services',
    );
  }

  private subscribe(subject: string, onData: (data: Uint8Array) => void, queue?: string): Stoppable {
    const sub = this.nc.subscribe(subject, {
      ...(queue ? { queue } : {}),
      callback: (err, m) => {
        if (err) {
          this.logger.error({ err, subject }, 'subscription error');
          return;
        }
        try {
          onData(m.data);
        } catch (e) {
          this.logger.error({ err: e, subject: m.subject }, 'message dropped');
        }
      },
    });
    this.subs.add(sub);
    return {
      stop: async () => {
        this.subs.delete(sub);
        sub.unsubscribe();
      },
    };
  }

  // ---------- test data: the object store bucket `oj-testdata`, one object per version ----------

  private objectStore: Promise<ObjectStore> | null = null;

  /** The bucket, created on first use (the runners create it with the same options). */
  private testdataStore(): Promise<ObjectStore> {
    // Node's sha256 for the objects' digests: the default pure-JS one caps a put or get at ~60 MB/s.
    setSha256Backend('native');
    this.objectStore ??= new Objm(this.nc)
      .create(TESTDATA_BUCKET, { storage: StorageType.File, replicas: this.policy.replicas })
      .then(async (os) => {
        await ensureStreamReplicas(this.jsm, TESTDATA_STREAM, this.policy);
        return os;
      })
      .catch((err: unknown) => {
        this.objectStore = null;
        throw err;
      });
    return this.objectStore;
  }

  /**
   * Streams a pack from disk in 256 KiB chunks: the object store publishes them in batches with up to ~30 in flight,
   * so the chunk size bounds the memory a large upload holds while it is stored (1 MiB chunks held ~26 MiB more).
   */
  async putTestdata(version: string, pack: Uint8Array | PackSource): Promise<void> {
    const os = await this.testdataStore();
    const size = pack instanceof Uint8Array ? pack.byteLength : pack.size;
    const info = await os.info(version);
    if (info && !info.deleted && info.size === size) return;
    if (pack instanceof Uint8Array) {
      await os.putBlob({ name: version }, pack);
      return;
    }
    const maxChunk = Math.min(TESTDATA_CHUNK_BYTES, this.nc.info?.max_payload ?? TESTDATA_CHUNK_BYTES);
    await os.put({ name: version, options: { max_chunk_size: maxChunk } }, toReadableStream(pack.open()));
  }

  async getTestdata(version: string): Promise<Uint8Array | null> {
    return (await this.testdataStore()).getBlob(version);
  }

  /** Every stored test-data version and its size (backups walk it). */
  async listTestdata(): Promise<Array<{ version: string; size: number }>> {
    const infos = await (await this.testdataStore()).list();
    return infos.filter((i) => !i.deleted).map((i) => ({ version: i.name, size: i.size }));
  }

  async getTestdataStream(version: string): Promise<AsyncIterable<Uint8Array> | null> {
    const found = await (await this.testdataStore()).get(version);
    return found ? objectChunks(found) : null;
  }

  /** Drains the connection, or just closes it when that cannot finish (NATS away). */
  async close(): Promise<void> {
    this.ops.stop();
    await closeNats(this.nc);
  }
}

export function createNatsBus(opts: NatsBusOptions): Promise<NatsBus> {
  return NatsBus.connect(opts);
}
