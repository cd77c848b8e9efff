// The gateway's environment: defaults, and a message naming the bad variable.
import { describe, expect, it } from 'vitest';
import { loadGatewayConfig } from './config';

const SECRET = 's'.repeat(32);

describe('loadGatewayConfig', () => {
  it('fills the documented defaults', () => {
    const c = loadGatewayConfig({ OJ_JWT_SECRET: SECRET });
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', jwtExpireS: 86_400, jwtRefreshS: 43_200, trustProxy: false });
    expect(c.rateLimit).toMatchObject({ windowMs: 60_000, loginPerIp: 20, submitPerUser: 30 });
    expect(c.maxSubscriptionsPerSocket).toBe(64);
  });

  it('reads the variables it knows', () => {
    const c = loadGatewayConfig({ OJ_JWT_SECRET: SECRET, PORT: '9000', OJ_JWT_EXPIRE_S: '3600', OJ_JWT_REFRESH_S: '600', OJ_TRUST_PROXY: 'true' });
    expect(c).toMatchObject({ port: 9000, jwtExpireS: 3600, jwtRefreshS: 600, trustProxy: true });
  });

  it('names the bad variable without echoing the secret', () => {
    expect(() => loadGatewayConfig({})).toThrow(/OJ_JWT_SECRET/);
    let message = '';
    try {
      loadGatewayConfig({ OJ_JWT_SECRET: 'short-secret' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('OJ_JWT_SECRET');
    expect(message).not.toContain('short-secret');
    expect(() => loadGatewayConfig({ OJ_JWT_SECRET: SECRET, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadGatewayConfig({ OJ_JWT_SECRET: SECRET, PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadGatewayConfig({ OJ_JWT_SECRET: SECRET, OJ_JWT_REFRESH_S: '90000' })).toThrow(/OJ_JWT_REFRESH_S/);
    expect(() => loadGatewayConfig({ OJ_JWT_SECRET: SECRET, OJ_TRUST_PROXY: 'yes' })).toThrow(/OJ_TRUST_PROXY/);
  });
});
