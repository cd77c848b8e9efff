// The JetStream streams of judging, as both sides create them: the services (when they send jobs) and every runner
// (when it pulls them) call `ensureJudgeStreams` with the same settings, so whichever starts first creates them.
// Each stream is kept at the replica count the cluster allows (`resolveReplicas`): created with it, and an existing
// stream with fewer replicas is scaled up on start (docs/operations.md, "Upgrading a single-replica deployment").
import { STREAMS, SUBJECTS } from './nats';

const DAY_NS = 24 * 3600 * 1000 * 1_000_000;
/** Replicas a stream never exceeds by default (JetStream's own advice: R3 survives one lost node). */
export const DEFAULT_MAX_REPLICAS = 3;

/** The part of a stream's settings we choose (the JetStream client's names and values). */
export interface JudgeStreamConfig {
  name: string;
  subjects: string[];
  retention: 'workqueue' | 'limits';
  storage: 'file';
  /** Nanoseconds. */
  max_age?: number;
  num_replicas?: number;
}

export const JUDGE_STREAMS: Record<keyof typeof STREAMS, JudgeStreamConfig> = {
  /** One message per job until a runner acks it. */
  jobs: { name: STREAMS.jobs, subjects: [SUBJECTS.jobAll], retention: 'workqueue', storage: 'file' },
  /** Judge events, kept a day for the ingester to catch up after an outage. */
  results: { name: STREAMS.results, subjects: [SUBJECTS.resultAll], retention: 'limits', storage: 'file', max_age: DAY_NS },
};

/** What the stream functions need of a JetStream manager (`jsm.streams`). */
export interface StreamAdmin {
  streams: {
    info(name: string): Promise<{ config: { num_replicas?: number } }>;
    add(cfg: JudgeStreamConfig): Promise<unknown>;
    update(name: string, cfg: { num_replicas: number }): Promise<unknown>;
  };
}

/** What the stream functions say about what they did (a pino logger fits). */
export interface StreamLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The servers of the cluster the connection sees: 1 without a cluster, else the distinct `connect_urls`. */
export function clusterSize(info: { cluster?: string; connect_urls?: string[] } | undefined): number {
  if (!info?.cluster) return 1;
  return Math.max(1, new Set(info.connect_urls ?? []).size);
}

/**
 * The replica count of every stream: `configured` (OJ_NATS_REPLICAS) when set, else min(3, the cluster's size).
 * `explicit` says whether an existing stream may also be scaled down to it (only when configured: a process that
 * connects while the cluster is still forming sees too few servers and must not shrink a stream).
 */
export function resolveReplicas(configured: number | undefined, info: Parameters<typeof clusterSize>[0]): { replicas: number; explicit: boolean } {
  if (configured !== undefined) return { replicas: configured, explicit: true };
  return { replicas: Math.min(DEFAULT_MAX_REPLICAS, clusterSize(info)), explicit: false };
}

export interface ReplicaPolicy {
  replicas: number;
  explicit: boolean;
  log?: StreamLog;
}

/** JetStream answers this when a stream asks for more replicas than there are servers to place them on. */
const NO_PLACEMENT = 10005;
const STREAM_NOT_FOUND = 10059;
/** "JetStream system temporarily unavailable" (a cluster without a meta leader yet). */
const JETSTREAM_UNAVAILABLE = 10008;
const apiCode = (e: unknown): number | undefined => {
  const x = e as { code?: unknown; api_error?: { err_code?: unknown } };
  const c = x?.api_error?.err_code ?? x?.code;
  return typeof c === 'number' ? c : undefined;
};

/** The NATS client's names for a request nobody answered: in time, or at all (nats-core, jetstream). */
const UNANSWERED = new Set(['TimeoutError', 'NoResponders', 'NoRespondersError', 'JetStreamNotEnabled']);

/**
 * JetStream did not answer an admin request: in time (a loaded machine, a cluster still electing its leaders), at
 * all yet (no responders: a server still starting, or without JetStream), or said it is temporarily unavailable.
 * The request may be made again.
 */
export function isJetStreamUnanswered(e: unknown): boolean {
  let x: unknown = e;
  for (let depth = 0; depth < 4 && x instanceof Error; depth++, x = x.cause) {
    if (UNANSWERED.has(x.name) || apiCode(x) === JETSTREAM_UNAVAILABLE) return true;
  }
  return false;
}

/** How long a process's start keeps asking JetStream for its streams and consumers before giving up. */
export const JETSTREAM_START_DEADLINE_MS = 60_000;

/**
 * Runs an idempotent JetStream admin `step` (a stream or consumer made or looked up at start) again while JetStream
 * does not answer (`isJetStreamUnanswered`), waiting longer each time, until `deadlineMs`; any other error, or the
 * deadline, is thrown. A process started beside a loaded or still-forming cluster waits for it instead of exiting.
 */
export async function whenJetStreamAnswers<T>(what: string, step: () => Promise<T>, opts: { log?: StreamLog; deadlineMs?: number } = {}): Promise<T> {
  const deadline = Date.now() + (opts.deadlineMs ?? JETSTREAM_START_DEADLINE_MS);
  for (let waitMs = 250; ; waitMs = Math.min(waitMs * 2, 4000)) {
    try {
      return await step();
    } catch (e) {
      if (!isJetStreamUnanswered(e) || Date.now() + waitMs > deadline) throw e;
      opts.log?.warn({ err: e, what, retryInMs: waitMs }, 'JetStream did not answer; asking again');
      await new Promise((r) => setTimeout(r, waitMs));
    }
  }
}

/**
 * Scales stream `name` (with `ifExists`: when there is one; answers 0 otherwise) to `policy.replicas` (up always; down only when the count is explicit). When the cluster
 * cannot place that many (fewer JetStream servers than detected), it steps down one at a time, with a warning.
 */
export async function ensureStreamReplicas(jsm: StreamAdmin, name: string, policy: ReplicaPolicy, opts: { ifExists?: boolean } = {}): Promise<number> {
  let current: number;
  try {
    current = (await jsm.streams.info(name)).config.num_replicas ?? 1;
  } catch (e) {
    if (opts.ifExists && apiCode(e) === STREAM_NOT_FOUND) return 0;
    throw e;
  }
  const want = policy.replicas;
  if (current === want || (current > want && !policy.explicit)) return current;
  for (let r = want; r > current || (policy.explicit && r === want); r--) {
    try {
      await jsm.streams.update(name, { num_replicas: r });
      policy.log?.info({ stream: name, from: current, to: r }, 'stream replicas changed');
      return r;
    } catch (e) {
      if (apiCode(e) !== NO_PLACEMENT || r <= 1) throw e;
      policy.log?.warn({ stream: name, replicas: r }, 'the cluster cannot place this many replicas; trying fewer');
    }
  }
  return current;
}

/** Adds a stream at the policy's replicas, stepping down when the cluster cannot place them. */
async function addStream(jsm: StreamAdmin, cfg: JudgeStreamConfig, policy: ReplicaPolicy): Promise<void> {
  for (let r = policy.replicas; ; r--) {
    try {
      await jsm.streams.add({ ...cfg, num_replicas: r });
      return;
    } catch (e) {
      if (apiCode(e) !== NO_PLACEMENT || r <= 1) throw e;
      policy.log?.warn({ stream: cfg.name, replicas: r }, 'the cluster cannot place this many replicas; trying fewer');
    }
  }
}

/**
 * Creates the judge streams unless they exist, and brings existing ones to the policy's replica count; idempotent,
 * and safe when several processes race to create them. Without a policy: one replica, existing streams untouched.
 */
export async function ensureJudgeStreams(jsm: StreamAdmin, policy: ReplicaPolicy = { replicas: 1, explicit: false }): Promise<void> {
  for (const cfg of Object.values(JUDGE_STREAMS)) {
    let exists = false;
    try {
      await jsm.streams.info(cfg.name);
      exists = true;
    } catch {
      // not there yet
    }
    if (!exists) {
      try {
        await addStream(jsm, cfg, policy);
        continue;
      } catch (err) {
        // Someone else created it meanwhile: fine as long as it exists now.
        await jsm.streams.info(cfg.name).catch(() => {
          throw err;
        });
      }
    }
    await ensureStreamReplicas(jsm, cfg.name, policy);
  }
}

/** The part of a durable consumer's settings every caller gives (the rest are the JetStream client's names too). */
export interface DurableConsumerConfig {
  durable_name: string;
  /** Nanoseconds. */
  ack_wait: number;
  [setting: string]: unknown;
}

/** What `ensureDurableConsumer` needs of a JetStream manager (`jsm.consumers`). */
export interface ConsumerAdmin {
  consumers: {
    info(stream: string, durable: string): Promise<{ config: { ack_wait?: number } }>;
    add(stream: string, cfg: DurableConsumerConfig): Promise<unknown>;
    update(stream: string, durable: string, cfg: { ack_wait: number }): Promise<unknown>;
  };
}

const CONSUMER_NOT_FOUND = 10014;

/**
 * Creates the durable consumer `cfg.durable_name` on `stream` unless it exists, and brings an existing one's ack wait
 * to ours (one made by an older version: a killed process's messages would wait that long for another). Asked again
 * while JetStream does not answer (`whenJetStreamAnswers`).
 */
export async function ensureDurableConsumer(jsm: ConsumerAdmin, stream: string, cfg: DurableConsumerConfig, log?: StreamLog): Promise<void> {
  await whenJetStreamAnswers(
    `consumer ${cfg.durable_name}`,
    async () => {
      try {
        const info = await jsm.consumers.info(stream, cfg.durable_name);
        if (info.config.ack_wait !== cfg.ack_wait) await jsm.consumers.update(stream, cfg.durable_name, { ack_wait: cfg.ack_wait });
      } catch (e) {
        if (apiCode(e) !== CONSUMER_NOT_FOUND) throw e;
        await jsm.consumers.add(stream, cfg);
      }
    },
    { log },
  );
}
