// The gateway's operations endpoints on its real services and a real PostgreSQL: /healthz, /readyz (503 naming
// PostgreSQL once it is gone), /metrics (who may read it, counters by route template), request ids and the request
// log lines with the submission they are about.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_LANGUAGES } from '@oj/proto';
import { parseExposition } from '../../../tests/support/metrics';
import { dropTestDatabase } from '../../../tests/support/pg';
import { captureLogs, mentionsSubmission } from '../../../tests/support/log-lines';
import { loadGatewayConfig } from '../config';
import { buildGateway, type Gateway } from '../gateway';
import { startHarness, type Harness } from '../test-harness';

const { logger, lines } = captureLogs();
const TOKEN = 'scrape-token-for-tests-01';
let h: Harness;
/** A second gateway on the same services: a metrics token, and no per-request metrics (OJ_METRICS=off). */
let quiet: Gateway;

beforeAll(async () => {
  h = await startHarness({ logger });
  quiet = await buildGateway({
    services: h.services,
    push: h.bus,
    config: loadGatewayConfig({ OJ_JWT_SECRET: 'test-secret-'.padEnd(40, 'x'), OJ_METRICS_TOKEN: TOKEN, OJ_METRICS: 'off' }),
  });
});
afterAll(async () => {
  await quiet?.close();
  await h?.stop();
});

const get = (gw: Gateway, url: string, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  gw.app.inject({ method: 'GET', url, ...opts });
const scrape = async (gw: Gateway = h.gw) => {
  const res = await get(gw, '/metrics');
  expect(res.statusCode).toBe(200);
  return parseExposition(res.body);
};

describe('/healthz and /readyz', () => {
  it('answer alive, and ready with what was checked', async () => {
    const health = await get(h.gw, '/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await get(h.gw, '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      failing: [],
      checks: [
        { name: 'postgres', ok: true },
        { name: 'bus', ok: true, detail: 'in-process bus' },
      ],
    });
  });
});

describe('/metrics', () => {
  it('answers the Prometheus text format to callers on this machine', async () => {
    const res = await get(h.gw, '/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const m = parseExposition(res.body);
    expect(m.types.get('oj_http_requests_total')).toBe('counter');
    expect(m.types.get('oj_http_request_duration_seconds')).toBe('histogram');
    expect(m.value('oj_pg_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(10);
    expect(m.has('oj_pg_pool_waiting')).toBe(true);
    expect(m.has('oj_socket_connections')).toBe(true);
  });

  it('refuses a remote caller without the token, in the caller language; the token opens it', async () => {
    const remote = { remoteAddress: '203.0.113.9' };
    const zh = await get(h.gw, '/metrics', remote);
    expect(zh.statusCode).toBe(403);
    expect(zh.json()).toMatchObject({ status: 403, code: 'METRICS_FORBIDDEN', msg: '监控指标仅限本机或持有监控令牌时读取' });
    const en = await get(h.gw, '/metrics?l=en-US', { ...remote, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(en.statusCode).toBe(403); // this gateway has no token configured
    expect(en.json()).toMatchObject({ msg: 'Metrics are readable from this machine or with the metrics token' });
    expect((await get(quiet, '/metrics', remote)).statusCode).toBe(403);
    expect((await get(quiet, '/metrics', { ...remote, headers: { authorization: `Bearer ${TOKEN}-wrong` } })).statusCode).toBe(403);
    const ok = await get(quiet, '/metrics', { ...remote, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('# TYPE oj_http_requests_total counter');
  });

  it('counts requests by route template and status, never by raw URL; not with OJ_METRICS=off', async () => {
    const route = { method: 'GET', route: '/api/get-submission-detail', status: '200' };
    const before = await scrape();
    for (const id of [987_654, 987_655]) expect((await get(h.gw, `/api/get-submission-detail?submitId=${id}`)).statusCode).toBe(200);
    expect((await get(h.gw, '/api/no-such-call-here')).statusCode).toBe(404);
    expect((await get(quiet, '/api/get-submission-detail?submitId=987656')).statusCode).toBe(200);
    const after = await scrape();
    expect(after.value('oj_http_requests_total', route) - before.value('oj_http_requests_total', route)).toBe(2);
    expect(after.value('oj_http_request_duration_seconds_count', { method: 'GET', route: route.route }) - before.value('oj_http_request_duration_seconds_count', { method: 'GET', route: route.route })).toBe(2);
    const unmatched = { method: 'GET', route: '(unmatched)', status: '404' };
    expect(after.value('oj_http_requests_total', unmatched) - before.value('oj_http_requests_total', unmatched)).toBe(1);
    expect(after.samples.some((s) => Object.values(s.labels).some((v) => v.includes('987654') || v.includes('no-such-call')))).toBe(false);
  });
});

describe('request ids and request lines', () => {
  it('gives every answer an id: the caller’s when sane, a new one otherwise', async () => {
    const fresh = await get(h.gw, '/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get(h.gw, '/healthz', { headers: { 'x-request-id': 'lb-7f3a.42' } })).headers['x-request-id']).toBe('lb-7f3a.42');
    const odd = await get(h.gw, '/healthz', { headers: { 'x-request-id': '<script>alert(1)</script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one line per request with its id, route and status, and the submission it names', async () => {
    await h.createUser('ops_logger');
    const token = await h.login('ops_logger');
    const code = LOCAL_LANGUAGES.find((l) => l.name === 'C')!.template;
    const res = await h.gw.app.inject({
      method: 'POST',
      url: '/api/submit-problem-judge',
      headers: { authorization: token, 'x-request-id': 'submit-req-1' },
      payload: { pid: '1000', language: 'C', code, cid: 0 },
    });
    const submitId = (res.json() as { data: { submitId: number } }).data.submitId;
    expect(submitId).toBeGreaterThan(0);
    await get(h.gw, `/api/get-submission-detail?submitId=${submitId}`, { headers: { 'x-request-id': 'detail-req-1' } });

    const ofSubmit = lines.filter((l) => l.reqId === 'submit-req-1');
    expect(ofSubmit.map((l) => l.msg)).toEqual(['submission accepted', 'request answered']);
    for (const l of ofSubmit) expect(l.submissionId).toBe(submitId);
    expect(ofSubmit[1]).toMatchObject({ method: 'POST', route: '/api/submit-problem-judge', status: 200 });
    const ofDetail = lines.filter((l) => l.reqId === 'detail-req-1');
    expect(ofDetail).toHaveLength(1);
    expect(ofDetail[0]).toMatchObject({ submissionId: submitId, route: '/api/get-submission-detail', status: 200, url: `/api/get-submission-detail?submitId=${submitId}` });
    // Every line that names this submission anywhere carries the field.
    const naming = lines.filter((l) => mentionsSubmission(l, submitId));
    expect(naming.length).toBeGreaterThanOrEqual(3);
    expect(naming.filter((l) => l.submissionId !== submitId)).toEqual([]);
  });
});

describe('readiness without PostgreSQL', () => {
  it('answers 503 naming postgres once the database is gone, while /healthz still answers', async () => {
    await dropTestDatabase(h.databaseUrl);
    const ready = await get(h.gw, '/readyz');
    expect(ready.statusCode).toBe(503);
    const body = ready.json() as { status: string; failing: string[]; checks: { name: string; ok: boolean; detail?: string }[] };
    expect(body.status).toBe('not_ready');
    expect(body.failing).toEqual(['postgres']);
    expect(body.checks.find((c) => c.name === 'postgres')!.detail).toMatch(/\w/);
    expect((await get(h.gw, '/healthz')).statusCode).toBe(200);
  });
});
