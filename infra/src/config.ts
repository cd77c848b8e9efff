// Configuration of the one-command local stack (`pnpm start`), read once from the environment and validated.
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

const Env = Type.Object({
  PORT: Type.Optional(Type.String({ pattern: '^[0-9]{1,5}$' })),
  HOST: Type.Optional(Type.String({ minLength: 1 })),
  OJ_DATA_DIR: Type.Optional(Type.String({ minLength: 1 })),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  NATS_URL: Type.Optional(Type.String({ pattern: '^(nats|tls|ws|wss)://' })),
  OJ_BUS: Type.Optional(Type.Union([Type.Literal('nats'), Type.Literal('memory')])),
  OJ_ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 6, maxLength: 20 })),
  OJ_WEB_DIST: Type.Optional(Type.String({ minLength: 1 })),
  OJ_NATS_REPLICAS: Type.Optional(Type.String({ pattern: '^[1-5]$' })),
  OJ_INGEST_BATCH_MAX: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9])$' })),
  OJ_LOG_LEVEL: Type.Optional(Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)))),
  OJ_LOG_FORMAT: Type.Optional(Type.Union([Type.Literal('pretty'), Type.Literal('json')])),
  OJ_WORKER_HTTP_PORT: Type.Optional(Type.String({ pattern: '^[0-9]{1,5}$' })),
  OJ_WORKER_HTTP_HOST: Type.Optional(Type.String({ minLength: 1 })),
  OJ_METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16, maxLength: 256 })),
});

export interface InfraConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  natsUrl?: string;
  /** Force the in-process bus even when nats-server is on PATH. */
  bus?: 'nats' | 'memory';
  adminPassword?: string;
  webDist?: string;
  /** Replicas of the JetStream streams (OJ_NATS_REPLICAS, 1–5); unset: min(3, the NATS cluster's size). */
  natsReplicas?: number;
  /**
   * Most queued events of one submission the ingester stores in one transaction (`OJ_INGEST_BATCH_MAX`, 1–99; default
   * 1). Above 1 a judging backlog drains in fewer commits, but a submission's queued events reach the browser in one
   * burst, without the case-by-case display (docs/operations.md).
   */
  ingestBatchMax?: number;
  /** `OJ_LOG_LEVEL` (default info) and `OJ_LOG_FORMAT` (default: pretty on a terminal, else JSON). */
  logLevel?: string;
  logFormat?: 'pretty' | 'json';
  /** The services worker's /healthz, /readyz, /metrics port (`OJ_WORKER_HTTP_PORT`; 0: any free one); unset: none. */
  workerHttpPort?: number;
  workerHttpHost?: string;
  /** Lets a remote scraper read a worker's /metrics with `Authorization: Bearer <token>`. */
  metricsToken?: string;
}

export function loadInfraConfig(env: NodeJS.ProcessEnv = process.env): InfraConfig {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(Env.properties)) {
    const v = env[key];
    if (v !== undefined && v !== '') picked[key] = v;
  }
  if (!Value.Check(Env, picked)) {
    const err = Value.Errors(Env, picked).First();
    const name = err?.path.replace(/^\//, '') ?? 'environment';
    const got = name === 'OJ_METRICS_TOKEN' ? `${(picked[name] ?? '').length} characters` : JSON.stringify(picked[name]);
    throw new Error(`Bad configuration: ${name} ${err?.message ?? 'is invalid'} (got ${got})`);
  }
  const e = picked as Static<typeof Env>;
  const port = Number(e.PORT ?? 8080);
  if (port < 1 || port > 65535) throw new Error(`Bad configuration: PORT must be 1-65535 (got ${e.PORT})`);
  const workerHttpPort = e.OJ_WORKER_HTTP_PORT === undefined ? undefined : Number(e.OJ_WORKER_HTTP_PORT);
  if (workerHttpPort !== undefined && workerHttpPort > 65535) throw new Error(`Bad configuration: OJ_WORKER_HTTP_PORT must be 0-65535 (got ${e.OJ_WORKER_HTTP_PORT})`);
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    dataDir: e.OJ_DATA_DIR ?? '.data',
    databaseUrl: e.DATABASE_URL,
    natsUrl: e.NATS_URL,
    bus: e.OJ_BUS,
    adminPassword: e.OJ_ADMIN_PASSWORD,
    webDist: e.OJ_WEB_DIST,
    natsReplicas: e.OJ_NATS_REPLICAS === undefined ? undefined : Number(e.OJ_NATS_REPLICAS),
    ingestBatchMax: e.OJ_INGEST_BATCH_MAX === undefined ? undefined : Number(e.OJ_INGEST_BATCH_MAX),
    logLevel: e.OJ_LOG_LEVEL ?? 'info',
    logFormat: e.OJ_LOG_FORMAT,
    workerHttpPort,
    workerHttpHost: e.OJ_WORKER_HTTP_HOST ?? '0.0.0.0',
    metricsToken: e.OJ_METRICS_TOKEN,
  };
}
