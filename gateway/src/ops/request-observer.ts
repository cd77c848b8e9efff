// One place that sees every request: its id (the caller's `X-Request-Id` when sane, else a new one, echoed on the
// answer), one log line when it is answered (method, route, status, time; `submissionId` when the request names
// one), and the HTTP metrics (by route template, never the raw URL, so the label set stays bounded).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordHttpRequest } from './gateway-metrics';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's `genReqId`: a proxy's request id is kept (so lines of both match), anything odd is replaced. */
export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Routes whose 5xx is an answer (not ready), not an error. */
export const PROBES = new Set(['/readyz']);

const SUBMIT_ID = /^[1-9]\d{0,9}$/;

/** The `submitId` a query or body names, if any. */
function submissionOf(source: unknown): number | null {
  const v = source && typeof source === 'object' ? (source as Record<string, unknown>).submitId : undefined;
  if (typeof v !== 'number' && typeof v !== 'string') return null;
  return SUBMIT_ID.test(String(v)) ? Number(v) : null;
}

const tagged = new WeakSet<FastifyRequest>();

/** From now on, every line this request logs names the submission (the submit route calls it once it has the id). */
export function tagSubmission(req: FastifyRequest, submissionId: number): void {
  if (tagged.has(req)) return;
  tagged.add(req);
  req.log = req.log.child({ submissionId });
}

export function installRequestObserver(app: FastifyInstance, opts: { metrics: boolean }): void {
  const tag = (req: FastifyRequest, source: unknown) => {
    const id = submissionOf(source);
    if (id !== null) tagSubmission(req, id);
  };
  // The query is known at once; a body only once it is parsed (a refused request's body is never read).
  app.addHook('onRequest', async (req) => tag(req, req.query));
  app.addHook('preHandler', async (req) => tag(req, req.body));
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? '(unmatched)';
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (opts.metrics) recordHttpRequest(req.method, route, status, ms / 1000);
    const line = { method: req.method, url: req.url, route, status, ms: Math.round(ms * 10) / 10 };
    // A readiness probe's 503 is its answer, not a failure of ours (the check that failed is logged where it runs).
    if (status >= 500 && !PROBES.has(route)) req.log.error(line, 'request answered');
    else if (status >= 500) req.log.warn(line, 'request answered');
    else req.log.info(line, 'request answered');
  });
}
