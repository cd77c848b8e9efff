// The Prometheus metrics of a services process (and the registry the gateway serves): one registry per process,
// prom-client's default, so the embedded stack's single /metrics shows every part. Each metric is created once per
// process (`metric`), whoever imports it first; values that belong to an instance (a pool, a bus) are gathered at
// scrape time from the instances registered here. Names, types and labels: docs/operations.md#metrics.
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';
import { isInProgress, JUDGE_STATUS_SHORT, parseTopic, type JudgeStatusCode, type Lane, type PushMessage } from '@oj/proto';
import type { PoolStats } from './pool-stats';

/** The metric `name`, created by `make` unless this process has it already. */
export function metric<M>(name: string, make: () => M): M {
  return (register.getSingleMetric(name) as M | undefined) ?? make();
}

/** Node's own figures (CPU, memory, event-loop lag, GC), once per process. */
export function collectProcessMetrics(): void {
  if (!register.getSingleMetric('process_cpu_user_seconds_total')) collectDefaultMetrics();
}

/** The exposition of every metric of this process. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: register.contentType, body: await register.metrics() };
}

/** The NATS connections of this process, by client (`services`, `runner`…): reconnects and disconnects. */
export const natsEvents = metric(
  'oj_nats_connection_events_total',
  () => new Counter({ name: 'oj_nats_connection_events_total', help: 'NATS disconnects and reconnects, by client', labelNames: ['client', 'event'] }),
);

export const verdicts = metric(
  'oj_verdicts_total',
  () => new Counter({ name: 'oj_verdicts_total', help: 'Final verdicts stored by the judge-event ingester, by verdict', labelNames: ['verdict'] }),
);

export const ingestLag = metric(
  'oj_judge_ingest_lag_seconds',
  () =>
    new Histogram({
      name: 'oj_judge_ingest_lag_seconds',
      help: 'Judge event produced by a runner (stored on JUDGE_RESULTS) until the ingester stored it in PostgreSQL, by event kind',
      labelNames: ['kind'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    }),
);

/** Records one stored judge event, produced when JetStream stored it (`timestampNanos` of its delivery). */
export function observeIngestLag(kind: string, producedNanos: number): void {
  ingestLag.observe({ kind }, Math.max(0, Date.now() - producedNanos / 1e6) / 1000);
}

/** A verdict's label: the short key of the problem counters (`ac`, `wa`, `tle`…), or its code. */
export const verdictLabel = (status: number): string => JUDGE_STATUS_SHORT[status as JudgeStatusCode] ?? String(status);

/** Counts the verdicts among push messages the ingester published (a verdict's status on its submission's topic). */
export function countVerdicts(msgs: readonly PushMessage[]): void {
  for (const m of msgs) {
    if (m.event !== 'submission.status' || parseTopic(m.topic)?.kind !== 'submission') continue;
    const status = (m.data as { status: number }).status;
    if (!isInProgress(status)) verdicts.inc({ verdict: verdictLabel(status) });
  }
}

const pools = new Set<() => PoolStats>();

metric(
  'oj_pg_pool_connections',
  () =>
    new Gauge({
      name: 'oj_pg_pool_connections',
      help: 'PostgreSQL pool of this process: total (the pool size), idle (neither executing nor held by a transaction)',
      labelNames: ['state'],
      collect() {
        let total = 0;
        let idle = 0;
        for (const stats of pools) {
          const s = stats();
          total += s.total;
          idle += s.idle;
        }
        this.set({ state: 'total' }, total);
        this.set({ state: 'idle' }, idle);
      },
    }),
);

metric(
  'oj_pg_pool_waiting',
  () =>
    new Gauge({
      name: 'oj_pg_pool_waiting',
      help: 'Statements handed to the PostgreSQL pool that are not executing yet',
      collect() {
        let waiting = 0;
        for (const stats of pools) waiting += stats().waiting;
        this.set(waiting);
      },
    }),
);

/** Counts a pool in this process's pool metrics until the returned function is called. */
export function registerPool(stats: () => PoolStats): () => void {
  pools.add(stats);
  return () => void pools.delete(stats);
}

/** One lane of the judge queue as its JetStream consumer reports it. */
export interface LaneStats {
  lane: Lane;
  /** Jobs no runner holds. */
  waiting: number;
  /** Jobs delivered to a runner and not acked yet. */
  inFlight: number;
  /** Age of the lane's oldest job still in the stream (waiting or in flight), 0 when none. */
  oldestAgeS: number;
}

type LaneSampler = () => Promise<LaneStats[]>;
const samplers = new Set<LaneSampler>();
/** Scrapes come every few seconds from one or more Prometheus servers: the queue is asked at most this often. */
const SAMPLE_EVERY_MS = 1000;
let sample: { at: number; lanes: Promise<LaneStats[]> } | null = null;

async function sampleLanes(): Promise<LaneStats[]> {
  if (sample && Date.now() - sample.at < SAMPLE_EVERY_MS) return sample.lanes;
  // One bus answers for the whole queue (every bus of a process sees the same streams).
  const first = samplers.values().next().value;
  const lanes = first ? first().catch(() => []) : Promise.resolve([]);
  sample = { at: Date.now(), lanes };
  return lanes;
}

const laneGauge = (name: string, help: string, pick: (s: LaneStats) => number) =>
  metric(
    name,
    () =>
      new Gauge({
        name,
        help,
        labelNames: ['lane'],
        async collect() {
          this.reset();
          for (const s of await sampleLanes()) this.set({ lane: s.lane }, pick(s));
        },
      }),
  );

laneGauge('oj_judge_queue_waiting', 'Judge jobs per lane that no runner holds yet (JetStream consumer num_pending)', (s) => s.waiting);
laneGauge('oj_judge_queue_in_flight', 'Judge jobs per lane delivered to a runner and not acked (consumer num_ack_pending)', (s) => s.inFlight);
laneGauge('oj_judge_queue_oldest_age_seconds', "Age of each lane's oldest job still queued or being judged", (s) => s.oldestAgeS);

/** Samples the judge queue for the lane metrics while registered (a NATS bus; the in-process bus has none). */
export function registerLaneSampler(sampler: LaneSampler): () => void {
  samplers.add(sampler);
  return () => void samplers.delete(sampler);
}
