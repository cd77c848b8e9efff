// The gateway's own metrics: requests by route template and status, their duration, the sockets, the frames
// written to them and the push latency (event produced by the services → emitted here). docs/operations.md#metrics.
import { Counter, Gauge, Histogram } from 'prom-client';
import { metric } from '@oj/services';
import type { PushMessage } from '@oj/proto';

const httpRequests = metric(
  'oj_http_requests_total',
  () => new Counter({ name: 'oj_http_requests_total', help: 'HTTP requests answered, by method, route template and status', labelNames: ['method', 'route', 'status'] }),
);

const httpDuration = metric(
  'oj_http_request_duration_seconds',
  () =>
    new Histogram({
      name: 'oj_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route template',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

/** One answered request in the HTTP metrics (all the per-request work metrics add; the benchmark times this call). */
export function recordHttpRequest(method: string, route: string, status: number, seconds: number): void {
  httpRequests.inc({ method, route, status });
  httpDuration.observe({ method, route }, seconds);
}

export const framesSent = metric(
  'oj_socket_frames_sent_total',
  () => new Counter({ name: 'oj_socket_frames_sent_total', help: 'Push frames written to sockets (one per socket), by event', labelNames: ['event'] }),
);

export const pushLatency = metric(
  'oj_push_latency_seconds',
  () =>
    new Histogram({
      name: 'oj_push_latency_seconds',
      help: 'Push event produced by the services until this gateway emitted it to its sockets, by event',
      labelNames: ['event'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    }),
);

const socketCounts = new Set<() => number>();
metric(
  'oj_socket_connections',
  () =>
    new Gauge({
      name: 'oj_socket_connections',
      help: 'Socket.IO connections open on this gateway',
      collect() {
        let n = 0;
        for (const count of socketCounts) n += count();
        this.set(n);
      },
    }),
);

/** Counts one gateway's sockets in `oj_socket_connections` until the returned function is called. */
export function registerSocketCount(count: () => number): () => void {
  socketCounts.add(count);
  return () => void socketCounts.delete(count);
}

/** A push message emitted now: its latency from `at` (replayed events carry none and are not measured). */
export function observePush(msg: Pick<PushMessage, 'event' | 'at'>, frames: number): void {
  if (frames > 0) framesSent.inc({ event: msg.event }, frames);
  if (msg.at !== undefined) pushLatency.observe({ event: msg.event }, Math.max(0, Date.now() - msg.at) / 1000);
}
