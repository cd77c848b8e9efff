// The small HTTP server of a process that has no gateway of its own (the services worker): the same /healthz,
// /readyz and /metrics as the gateway's, on `OJ_WORKER_HTTP_PORT`.
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { installErrorHandling } from '../error-handler';
import { registerOpsRoutes, type OpsRouteOptions } from '../routes/ops.routes';

export interface OpsServer {
  /** `http://host:port` it listens on. */
  url: string;
  close(): Promise<void>;
}

export async function startOpsServer(opts: OpsRouteOptions & { port: number; host: string; logger?: FastifyBaseLogger; trustProxy?: boolean }): Promise<OpsServer> {
  const app = Fastify({ ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }), logController: new LogController({ disableRequestLogging: true }), trustProxy: opts.trustProxy ?? false });
  installErrorHandling(app);
  registerOpsRoutes(app, opts);
  const url = await app.listen({ port: opts.port, host: opts.host });
  return { url, close: () => app.close() };
}
