// For the contest-core tests only: the gateway on the real services, a fresh migrated and seeded
// PostgreSQL database (with a raw SQL handle for arranging times and verdicts) and the memory bus; helpers for
// REST calls, sockets and contest creation.
import { expect } from 'vitest';
import postgres from 'postgres';
import { createMemoryBus, createServices, migrate, seed, silentLogger, type MemoryBus, type OjServicesImpl } from '@oj/services';
import type { AdminContestBody, RoleName, SubscribeAck, UserInfo } from '@oj/proto';
import { buildGateway, loadGatewayConfig, type Gateway } from '@oj/gateway';
import { connectRecording, type ClientSocket, type Received } from '../support/live';
import { startTestDatabase, type TestDatabase } from '../support/pg';

export const ROOT_PASSWORD = 'root-pass-123';
export const PASSWORD = 'secret-123';
export const CODE = '#include <stdio.h>\nint main(void) {\n    int a, b;\n    scanf("%d %d", &a, &b);\n    printf("%d\\n", a + b);\n    return 0;\n}\n';

export type { ClientSocket, Received };

/** An envelope as the tests read it. */
export interface Env {
  status: number;
  code?: string;
  msg: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

export interface ContestFixture {
  gw: Gateway;
  services: OjServicesImpl;
  bus: MemoryBus;
  sql: postgres.Sql;
  /** The database's URL (for a second services process). */
  dbUrl: string;
  url: string;
  createUser(username: string, roles?: RoleName[]): Promise<UserInfo>;
  login(username: string, password?: string): Promise<string>;
  get(path: string, token?: string): Promise<Env>;
  post(path: string, body: object, token?: string): Promise<Env>;
  put(path: string, body: object | undefined, token?: string): Promise<Env>;
  del(path: string, token?: string): Promise<Env>;
  /** Creates a contest as `token` (defaults filled in) and answers its id. */
  contest(token: string, body: Partial<AdminContestBody> & { startTime: string; endTime: string }): Promise<number>;
  connect(token?: string): Promise<{ socket: ClientSocket; received: Received[] }>;
  subscribe(socket: ClientSocket, topic: string, since?: number): Promise<SubscribeAck>;
  stop(): Promise<void>;
}

/** ISO time `s` seconds from now. */
export const at = (s: number) => new Date(Date.now() + s * 1000).toISOString();

export async function startContestFixture(opts: { submitIntervalS?: number } = {}): Promise<ContestFixture> {
  const pg: TestDatabase = await startTestDatabase();
  await migrate(pg.url);
  await seed(pg.url, { adminPassword: ROOT_PASSWORD });
  const bus = createMemoryBus();
  const services = await createServices({
    databaseUrl: pg.url,
    transport: bus,
    logger: silentLogger(),
    config: { submitIntervalS: opts.submitIntervalS ?? 0, commentMinAc: 0 },
  });
  await services.startWorkers();
  const config = loadGatewayConfig({ OJ_JWT_SECRET: 'test-secret-'.padEnd(40, 'x'), OJ_RATE_SUBMIT_PER_MIN: '1000' });
  const gw = await buildGateway({ services, push: bus, config });
  const url = await gw.listen(0, '127.0.0.1');
  const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
  const sockets: ClientSocket[] = [];
  let logins = 0;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object, token?: string): Promise<Env> => {
    const res = await gw.app.inject({ method, url: path, ...(body !== undefined && { payload: body }), headers: token ? { authorization: token } : {} });
    return res.json() as Env;
  };

  const fx: ContestFixture = {
    gw,
    services,
    bus,
    sql,
    dbUrl: pg.url,
    url,
    createUser: (username, roles) => services.account.createUser({ username, password: PASSWORD, roles }),
    async login(username, password = PASSWORD) {
      const remoteAddress = `10.201.${Math.floor(logins / 250)}.${(logins++ % 250) + 1}`;
      const res = await gw.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
      expect(res.statusCode).toBe(200);
      return res.headers.authorization as string;
    },
    get: (path, token) => call('GET', path, undefined, token),
    post: (path, body, token) => call('POST', path, body, token),
    put: (path, body, token) => call('PUT', path, body, token),
    del: (path, token) => call('DELETE', path, undefined, token),
    async contest(token, body) {
      const r = await call('POST', '/api/admin/contest', { title: 'A contest', description: 'About it', type: 0, auth: 0, ...body }, token);
      expect(r).toMatchObject({ status: 200 });
      return r.data.cid as number;
    },
    connect: (token) => connectRecording(url, token, sockets),
    subscribe: (socket, topic, since) => socket.timeout(10_000).emitWithAck('subscribe', { topic, ...(since !== undefined && { since }) }),
    async stop() {
      for (const s of sockets) s.close();
      await sql.end();
      await gw.close();
      await services.close();
      await bus.close();
      await pg.stop();
    },
  };
  return fx;
}
