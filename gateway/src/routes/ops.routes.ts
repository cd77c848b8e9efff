// `/healthz` (the process answers), `/readyz` (its dependencies answer: 503 naming those that do not) and `/metrics`
// (Prometheus text; loopback callers, or a bearer of OJ_METRICS_TOKEN). The gateway serves them on its port; the
// services worker on a small port of its own (ops-server.ts) with the same routes.
import type { FastifyInstance } from 'fastify';
import { HealthReport, metricsAllowed, OjError, OPS_PATHS, readiness, ReadyReport, type ReadinessProbe } from '@oj/proto';
import { mergeExpositions, renderMetrics } from '@oj/services';

export interface OpsRouteOptions {
  /** What this process depends on; each probe answers its checks. */
  probes: readonly ReadinessProbe[];
  metricsToken?: string;
  /** The expositions of this process's children (the stack's runner processes), merged into its /metrics. */
  metricsSources?: readonly (() => Promise<string>)[];
}

export function registerOpsRoutes(app: FastifyInstance, opts: OpsRouteOptions): void {
  const tags = ['operations'];
  app.get(OPS_PATHS.health, { schema: { tags, response: { 200: HealthReport } } }, async () => ({ status: 'ok' as const }));

  app.get(OPS_PATHS.ready, { schema: { tags, response: { 200: ReadyReport, 503: ReadyReport } } }, async (_req, reply) => {
    const { httpStatus, report } = await readiness(opts.probes);
    return reply.code(httpStatus).header('Cache-Control', 'no-store').send(report);
  });

  app.get(OPS_PATHS.metrics, { schema: { tags } }, async (req, reply) => {
    const auth = req.headers.authorization;
    if (!metricsAllowed(req.ip, typeof auth === 'string' ? auth : undefined, opts.metricsToken)) throw new OjError('METRICS_FORBIDDEN');
    const { contentType, body } = await renderMetrics();
    const children = await Promise.all((opts.metricsSources ?? []).map((source) => source().catch(() => '')));
    return reply.header('Content-Type', contentType).header('Cache-Control', 'no-store').send(children.length > 0 ? mergeExpositions(body, children) : body);
  });
}
