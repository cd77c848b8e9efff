// For the security-accounts-*.test.ts files only: a split deployment on one machine — one PostgreSQL database, one
// nats-server, and N gateways each with its own services (the first also runs the workers) — plus REST calls that
// carry a header token or the web's cookies with their CSRF proof, and sockets of either kind.
import { io as connectClient } from 'socket.io-client';
import postgres from 'postgres';
import { buildGateway, loadGatewayConfig, type Gateway } from '@oj/gateway';
import { createNatsBus, createServices, migrate, seed, silentLogger, type OjServicesImpl } from '@oj/services';
import type { RoleName, UserInfo } from '@oj/proto';
import { captchaAnswer, lastMailBody, startTestDatabase, type TestDatabase } from '../support/pg';
import { startTestNats, type TestNats } from '../support/nats';
import type { ClientSocket } from '../support/live';

export const ROOT_PASSWORD = 'accounts-root-pass';
export const PASSWORD = 'secret-123';
export const JWT_SECRET = 'accounts-secret-'.padEnd(48, 'x');

export interface AccountsNode {
  services: OjServicesImpl;
  gw: Gateway;
  url: string;
}

/** A session as a client holds it: a header token, or the web's cookie pair. */
export type Session = { token: string } | { cookie: string; csrf: string };

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface CallOptions {
  session?: Session;
  body?: object;
  ip?: string;
  headers?: Record<string, string>;
}

export interface AccountsFixture {
  nodes: AccountsNode[];
  sql: postgres.Sql;
  dbUrl: string;
  call(node: number, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts?: CallOptions): Promise<Answer>;
  createUser(username: string, opts?: { email?: string; roles?: RoleName[]; password?: string }): Promise<UserInfo>;
  /** Logs in on gateway `node` as an API client (header token) or as the web app (cookies). */
  login(node: number, username: string, opts?: { password?: string; ip?: string; cookies?: boolean }): Promise<Session>;
  /** A socket on gateway `node`, authenticated by the session (or anonymous); resolves once connected. */
  socket(node: number, session?: Session, opts?: { csrf?: boolean }): Promise<ClientSocket>;
  mailText(to: string): Promise<string>;
  captchaAnswer(key: string): Promise<string>;
  stop(): Promise<void>;
}

/** The `oj_token` and `oj_csrf` values of a response's Set-Cookie headers. */
export function cookiesOf(a: Answer): { token?: string; csrf?: string; raw: string[] } {
  const raw = [a.headers['set-cookie'] ?? []].flat().map(String);
  const value = (name: string) => raw.find((c) => c.startsWith(`${name}=`))?.split(';')[0]!.slice(name.length + 1);
  return { token: value('oj_token'), csrf: value('oj_csrf'), raw };
}

export function sessionHeaders(s: Session | undefined): Record<string, string> {
  if (!s) return {};
  return 'token' in s ? { authorization: s.token } : { cookie: s.cookie, 'x-csrf-token': s.csrf };
}

export async function startAccountsFixture(opts: {
  gateways: number;
  env?: Record<string, string>;
  servicesConfig?: Parameters<typeof createServices>[0]['config'];
  webDist?: string;
  logger?: ReturnType<typeof silentLogger>;
}): Promise<AccountsFixture> {
  const db: TestDatabase = await startTestDatabase();
  await migrate(db.url);
  await seed(db.url, { adminPassword: ROOT_PASSWORD });
  const nats: TestNats = await startTestNats();
  const buses: Awaited<ReturnType<typeof createNatsBus>>[] = [];
  const nodes: AccountsNode[] = [];
  const sockets: ClientSocket[] = [];
  for (let i = 0; i < opts.gateways; i++) {
    const bus = await createNatsBus({ url: nats.url, name: `accounts-gateway-${i}` });
    buses.push(bus);
    const logger = opts.logger ?? silentLogger();
    const services = await createServices({ databaseUrl: db.url, transport: bus, config: { submitIntervalS: 0, ...opts.servicesConfig }, logger, maxConnections: 4 });
    if (i === 0) await services.startWorkers();
    const config = loadGatewayConfig({ OJ_JWT_SECRET: JWT_SECRET, ...opts.env });
    const gw = await buildGateway({ services, push: bus, config, webDist: opts.webDist, logger });
    nodes.push({ services, gw, url: await gw.listen(0, '127.0.0.1') });
  }
  const sql = postgres(db.url, { max: 2, onnotice: () => {} });
  let ips = 0;

  const call: AccountsFixture['call'] = async (node, method, path, o = {}) => {
    const res = await nodes[node]!.gw.app.inject({
      method,
      url: path,
      ...(o.body !== undefined && { payload: o.body }),
      headers: { 'accept-language': 'en-US', ...sessionHeaders(o.session), ...o.headers },
      remoteAddress: o.ip ?? `10.77.${Math.floor(ips / 250)}.${(ips++ % 250) + 1}`,
    });
    let json: unknown = null;
    try {
      json = res.json();
    } catch {
      json = null;
    }
    return { status: res.statusCode, headers: res.headers, json };
  };

  return {
    nodes,
    sql,
    dbUrl: db.url,
    call,
    createUser: (username, o = {}) => nodes[0]!.services.account.createUser({ username, password: o.password ?? PASSWORD, email: o.email, roles: o.roles }),
    async login(node, username, o = {}) {
      const res = await call(node, 'POST', '/api/login', {
        body: { username, password: o.password ?? PASSWORD },
        ip: o.ip,
        headers: o.cookies ? { 'x-auth-mode': 'cookie' } : {},
      });
      if (res.json?.status !== 200) throw new Error(`login of ${username} failed: ${JSON.stringify(res.json)}`);
      if (!o.cookies) return { token: res.headers.authorization as string };
      const c = cookiesOf(res);
      return { cookie: `oj_token=${c.token}; oj_csrf=${c.csrf}`, csrf: c.csrf! };
    },
    async socket(node, session, so = { csrf: true }) {
      const auth = !session ? {} : 'token' in session ? { token: session.token } : so.csrf ? { csrf: session.csrf } : {};
      const socket: ClientSocket = connectClient(nodes[node]!.url, {
        path: '/socket.io',
        auth,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...(session && 'cookie' in session && { extraHeaders: { cookie: session.cookie } }),
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    },
    mailText: (to) => lastMailBody(db.url, to),
    captchaAnswer: (key) => captchaAnswer(db.url, key),
    async stop() {
      for (const s of sockets) s.close();
      await sql.end();
      for (const n of nodes) {
        await n.gw.close();
        await n.services.close();
      }
      for (const b of buses) await b.close();
      await nats.stop();
      await db.stop();
    },
  };
}
