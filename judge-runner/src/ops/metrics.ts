// The runner's Prometheus metrics: judge time per language, its slots, its NATS connection. One registry per process
// (prom-client's default), so a runner inside the embedded stack shows on the gateway's /metrics; a metric another part
// of the process made first (the NATS counter) is shared. docs/operations.md#metrics.
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

function metric<M>(name: string, make: () => M): M {
  return (register.getSingleMetric(name) as M | undefined) ?? make();
}

export const judgeDuration = metric(
  'oj_judge_duration_seconds',
  () =>
    new Histogram({
      name: 'oj_judge_duration_seconds',
      help: 'A judge job from the slot taken to the final verdict published, by language',
      labelNames: ['language'],
      buckets: [0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30, 60, 120],
    }),
);

export const runnerNatsEvents = metric(
  'oj_nats_connection_events_total',
  () => new Counter({ name: 'oj_nats_connection_events_total', help: 'NATS disconnects and reconnects, by client', labelNames: ['client', 'event'] }),
);

const runners = new Map<string, () => { total: number; busy: number }>();
const slotGauge = (name: string, help: string, pick: (s: { total: number; busy: number }) => number) =>
  metric(
    name,
    () =>
      new Gauge({
        name,
        help,
        labelNames: ['runner'],
        collect() {
          this.reset();
          for (const [runner, slots] of runners) this.set({ runner }, pick(slots()));
        },
      }),
  );
slotGauge('oj_runner_slots_total', 'Judge slots of each runner in this process', (s) => s.total);
slotGauge('oj_runner_slots_busy', 'Judge slots of each runner in this process holding a job', (s) => s.busy);

/** Reports a runner's slots until the returned function is called. */
export function registerRunnerSlots(runnerId: string, slots: () => { total: number; busy: number }): () => void {
  runners.set(runnerId, slots);
  return () => void runners.delete(runnerId);
}

/** Node's own figures (CPU, memory, event-loop lag, GC), once per process. */
export function collectRunnerProcessMetrics(): void {
  if (!register.getSingleMetric('process_cpu_user_seconds_total')) collectDefaultMetrics();
}

export async function renderRunnerMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: register.contentType, body: await register.metrics() };
}
