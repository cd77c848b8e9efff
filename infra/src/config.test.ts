import { describe, expect, it } from 'vitest';
import { loadInfraConfig } from './config';

describe('infra config', () => {
  it('has the embedded defaults', () => {
    expect(loadInfraConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '.data',
      databaseUrl: undefined,
      natsUrl: undefined,
      bus: undefined,
      adminPassword: undefined,
      webDist: undefined,
      natsReplicas: undefined,
    });
  });

  it('reads the variables it knows', () => {
    const c = loadInfraConfig({ PORT: '9000', DATABASE_URL: 'postgres://u:p@db/oj', NATS_URL: 'nats://n:4222,nats://m:4222', OJ_BUS: 'memory', OJ_ADMIN_PASSWORD: 'secret1', OJ_NATS_REPLICAS: '3' });
    expect(c).toMatchObject({ port: 9000, databaseUrl: 'postgres://u:p@db/oj', natsUrl: 'nats://n:4222,nats://m:4222', bus: 'memory', adminPassword: 'secret1', natsReplicas: 3 });
  });

  it('stops on a bad value, naming the variable', () => {
    expect(() => loadInfraConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadInfraConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadInfraConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadInfraConfig({ OJ_BUS: 'kafka' })).toThrow(/OJ_BUS/);
    expect(() => loadInfraConfig({ OJ_ADMIN_PASSWORD: '123' })).toThrow(/OJ_ADMIN_PASSWORD/);
    expect(() => loadInfraConfig({ OJ_NATS_REPLICAS: '0' })).toThrow(/OJ_NATS_REPLICAS/);
  });
});
