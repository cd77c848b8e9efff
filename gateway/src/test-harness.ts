// For the gateway's tests only: a gateway on the real services, a fresh migrated and seeded PostgreSQL
// database, and the in-process memory bus; plus small helpers to create users and log in over REST.
import type { FastifyBaseLogger } from 'fastify';
import { expect } from 'vitest';
import { createMemoryBus, createServices, migrate, seed, silentLogger, type MemoryBus, type OjServicesImpl } from '@oj/services';
import type { RoleName, UserInfo } from '@oj/proto';
import { captchaAnswer, lastMailBody, startTestDatabase } from '../../tests/support/pg';
import { loadGatewayConfig, type GatewayConfig } from './config';
import { buildGateway, type Gateway } from './gateway';


export const ROOT_PASSWORD = 'root-pass-123';
export const PASSWORD = 'secret-123';

export interface Harness {
  gw: Gateway;
  services: OjServicesImpl;
  bus: MemoryBus;
  config: GatewayConfig;
  /** The test database (a second services process can share it). */
  databaseUrl: string;
  createUser(username: string, roles?: RoleName[]): Promise<UserInfo>;
  /** Logs in over REST and returns the JWT. */
  login(username: string, password?: string): Promise<string>;
  /** The body of the newest stored mail to `to` ('' when none), read from the table: admins see no bodies. */
  mailText(to: string): Promise<string>;
  /** The stored answer of a captcha (the pictures are pixels: tests read the answer from the table). */
  captchaAnswer(key: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startHarness(
  opts: { env?: Record<string, string>; servicesConfig?: Parameters<typeof createServices>[0]['config']; logger?: FastifyBaseLogger } = {},
): Promise<Harness> {
  const db = await startTestDatabase();
  await migrate(db.url);
  await seed(db.url, { adminPassword: ROOT_PASSWORD });
  const bus = createMemoryBus();
  const services = await createServices({
    databaseUrl: db.url,
    transport: bus,
    logger: silentLogger(),
    config: { submitIntervalS: 0, ...opts.servicesConfig },
  });
  await services.startWorkers();
  const config = loadGatewayConfig({ OJ_JWT_SECRET: 'test-secret-'.padEnd(40, 'x'), ...opts.env });
  const gw = await buildGateway({ services, push: bus, config, ...(opts.logger && { logger: opts.logger }) });

  let logins = 0;
  return {
    gw,
    services,
    bus,
    config,
    databaseUrl: db.url,
    createUser: (username, roles) => services.account.createUser({ username, password: PASSWORD, roles }),
    async login(username, password = PASSWORD) {
      // A distinct client address per login keeps the per-IP login limit out of unrelated tests.
      const remoteAddress = `10.200.${Math.floor(logins / 250)}.${(logins++ % 250) + 1}`;
      const res = await gw.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
      expect(res.statusCode).toBe(200);
      const token = res.headers.authorization;
      expect(typeof token).toBe('string');
      return token as string;
    },
    mailText: (to) => lastMailBody(db.url, to),
    captchaAnswer: (key) => captchaAnswer(db.url, key),
    async stop() {
      await gw.close();
      await services.close();
      await bus.close();
      await db.stop();
    },
  };
}
