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
      ingestBatchMax: undefined,
      logLevel: 'info',
      logFormat: undefined,
      workerHttpPort: undefined,
      workerHttpHost: '0.0.0.0',
      metricsToken: undefined,
    });
  });

  it('reads the operations variables: logs, the worker port, the metrics token', () => {
    const c = loadInfraConfig({ OJ_LOG_LEVEL: 'debug', OJ_LOG_FORMAT: 'json', OJ_WORKER_HTTP_PORT: '0', OJ_WORKER_HTTP_HOST: '127.0.0.1', OJ_METRICS_TOKEN: 'a-long-metrics-token' });
    expect(c).toMatchObject({ logLevel: 'debug', logFormat: 'json', workerHttpPort: 0, workerHttpHost: '127.0.0.1', metricsToken: 'a-long-metrics-token' });
    expect(() => loadInfraConfig({ OJ_LOG_FORMAT: 'xml' })).toThrow(/OJ_LOG_FORMAT/);
    expect(() => loadInfraConfig({ OJ_INGEST_BATCH_MAX: '0' })).toThrow(/OJ_INGEST_BATCH_MAX/);
    expect(() => loadInfraConfig({ OJ_WORKER_HTTP_PORT: '70000' })).toThrow(/OJ_WORKER_HTTP_PORT/);
    // A token too short to be a secret is refused without being echoed.
    expect(() => loadInfraConfig({ OJ_METRICS_TOKEN: 'short-secret' })).toThrow(/OJ_METRICS_TOKEN .*12 characters/);
    expect(() => loadInfraConfig({ OJ_METRICS_TOKEN: 'short-secret' })).not.toThrow(/short-secret/);
  });

  it('reads the variables it knows', () => {
    const c = loadInfraConfig({ PORT: '9000', DATABASE_URL: 'postgres://u:p@db/oj', NATS_URL: 'nats://n:4222,nats://m:4222', OJ_BUS: 'memory', OJ_ADMIN_PASSWORD: 'secret1', OJ_NATS_REPLICAS: '3', OJ_INGEST_BATCH_MAX: '16' });
    expect(c).toMatchObject({ port: 9000, databaseUrl: 'postgres://u:p@db/oj', natsUrl: 'nats://n:4222,nats://m:4222', bus: 'memory', adminPassword: 'secret1', natsReplicas: 3, ingestBatchMax: 16 });
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
