// A PostgreSQL restart (issue 15, item 15): on its own embedded PostgreSQL (never the suite's shared one), a gateway
// with its services answers 503 with `Retry-After` and the catalogue's message in the caller's language while the
// database is down — never a 500 — and answers normally again once it is back, without a restart of its own: the
// pool reconnects.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, loadGatewayConfig, type Gateway } from '@oj/gateway';
import { startEmbeddedPostgres, type RunningPostgres } from '@oj/infra/processes';
import { createMemoryBus, createServices, migrate, seed, silentLogger, type MemoryBus, type OjServicesImpl } from '@oj/services';

const PASSWORD = 'pg-restart-1';
const ROOT_PASSWORD = 'restart-root-1';
let dir: string;
let pg: RunningPostgres;
let port: number;
let services: OjServicesImpl;
let bus: MemoryBus;
let gw: Gateway;
let token: string;

async function startPg(): Promise<RunningPostgres> {
  return startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), password: PASSWORD, ...(port ? { port } : {}) });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'oj-pg-restart-'));
  const { chmod } = await import('node:fs/promises');
  await chmod(dir, 0o755); // the postgres system user must reach its data dir
  pg = await startPg();
  port = Number(new URL(pg.adminUrl).port);
  await pg.createDatabase('oj');
  const url = pg.urlFor('oj');
  await migrate(url);
  await seed(url, { adminPassword: ROOT_PASSWORD });
  bus = createMemoryBus();
  services = await createServices({ databaseUrl: url, transport: bus, logger: silentLogger(), config: { submitIntervalS: 0, sessionCacheMs: 0 } });
  await services.startWorkers();
  gw = await buildGateway({ services, push: bus, config: loadGatewayConfig({ OJ_JWT_SECRET: 'restart-secret-'.padEnd(40, 'x') }) });
  const res = await gw.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'root', password: ROOT_PASSWORD } });
  token = res.headers.authorization as string;
}, 180_000);

afterAll(async () => {
  await gw?.close();
  await services?.close();
  await bus?.close();
  await pg?.stop();
  await rm(dir, { recursive: true, force: true });
});

const CALLS = [
  { method: 'GET', url: '/api/get-problem-list', auth: false },
  { method: 'GET', url: '/api/get-user-auth-info', auth: true },
  { method: 'POST', url: '/api/login', auth: false, payload: { username: 'root', password: ROOT_PASSWORD } },
] as const;

async function callAll(lang: 'en-US' | 'zh-CN') {
  return Promise.all(
    CALLS.map(async (c) => {
      const res = await gw.app.inject({
        method: c.method,
        url: c.url,
        headers: { 'accept-language': lang, ...(c.auth && { authorization: token }) },
        ...('payload' in c && { payload: c.payload }),
      });
      return { call: `${c.method} ${c.url}`, http: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() as { code?: string; msg: string } };
    }),
  );
}

describe('PostgreSQL restarts under a running gateway', () => {
  it('answers normally, then 503 with Retry-After while the database is down, then normally again', async () => {
    for (const r of await callAll('en-US')) expect(r.http, r.call).toBe(200);

    await pg.stop();
    for (const lang of ['en-US', 'zh-CN'] as const) {
      for (const r of await callAll(lang)) {
        expect(r.http, r.call).toBe(503);
        expect(r.retryAfter, r.call).toBe('5');
        expect(r.body.code, r.call).toBe('SERVICE_UNAVAILABLE');
        expect(r.body.msg).toBe(lang === 'en-US' ? 'The service is temporarily unavailable, please try again in a few seconds' : '服务暂时不可用，请几秒后重试');
      }
    }

    pg = await startPg();
    // The pool reconnects on the next queries: no gateway restart, and never a 500 on the way.
    const seen: number[] = [];
    const deadline = Date.now() + 30_000;
    let back = false;
    while (!back && Date.now() < deadline) {
      const answers = await callAll('en-US');
      seen.push(...answers.map((a) => a.http));
      back = answers.every((a) => a.http === 200);
      if (!back) await new Promise((r) => setTimeout(r, 250));
    }
    expect(back).toBe(true);
    expect(seen.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect((await gw.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 120_000);
});
