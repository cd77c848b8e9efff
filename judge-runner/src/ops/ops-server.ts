// The runner's small HTTP port (`OJ_RUNNER_HTTP_PORT`): /healthz, /readyz (NATS connected, JetStream answering, the
// sandbox able to start a program) and /metrics (loopback callers, or a bearer of OJ_METRICS_TOKEN) — the same
// contract as the gateway's (proto/src/ops.ts). Plain node:http: the runner has no web framework.
import http from 'node:http';
import { ERRORS, formatError, metricsAllowed, OPS_PATHS, readiness, type ReadinessProbe } from '@oj/proto';
import { renderRunnerMetrics } from './metrics';

export interface RunnerOpsServer {
  /** `http://host:port` it listens on. */
  url: string;
  close(): Promise<void>;
}

function send(res: http.ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body);
}

const json = (res: http.ServerResponse, status: number, body: unknown) => send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));

export async function startRunnerOpsServer(opts: { port: number; host: string; probes: readonly ReadinessProbe[]; metricsToken?: string }): Promise<RunnerOpsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { status: 405, msg: 'GET only' });
    if (path === OPS_PATHS.health) return json(res, 200, { status: 'ok' });
    if (path === OPS_PATHS.ready) {
      void readiness(opts.probes).then(({ httpStatus, report }) => json(res, httpStatus, report));
      return;
    }
    if (path === OPS_PATHS.metrics) {
      if (!metricsAllowed(req.socket.remoteAddress, req.headers.authorization, opts.metricsToken)) {
        return json(res, ERRORS.METRICS_FORBIDDEN.http, { status: ERRORS.METRICS_FORBIDDEN.status, data: null, msg: formatError('METRICS_FORBIDDEN', 'en-US'), code: 'METRICS_FORBIDDEN' });
      }
      void renderRunnerMetrics().then(({ contentType, body }) => send(res, 200, contentType, body));
      return;
    }
    json(res, 404, { status: 404, msg: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  return {
    url: `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
