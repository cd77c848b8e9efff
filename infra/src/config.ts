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
    throw new Error(`Bad configuration: ${name} ${err?.message ?? 'is invalid'} (got ${JSON.stringify(picked[name])})`);
  }
  const e = picked as Static<typeof Env>;
  const port = Number(e.PORT ?? 8080);
  if (port < 1 || port > 65535) throw new Error(`Bad configuration: PORT must be 1-65535 (got ${e.PORT})`);
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
  };
}
