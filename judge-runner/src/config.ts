// The runner's environment, read and validated once here (nothing else reads process.env).
import os from 'node:os';
import path from 'node:path';
import { Type, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { DEFAULT_LIMITS_POLICY, type LimitsPolicy } from './limits';

export interface RunnerConfig {
  natsUrl: string;
  runnerId: string;
  slots: number;
  /** Parent of the per-submission work dirs (world-traversable, 0711). */
  workDir: string;
  /** Where the measuring helper is built. */
  cacheDir: string;
  /** The sandbox driver: bwrap unless `OJ_SANDBOX=nsjail` (installing nsjail alone changes nothing). */
  sandbox: 'bwrap' | 'nsjail' | undefined;
  /** `OJ_NSJAIL_PATH`: the nsjail binary; undefined = looked for on PATH (only when the nsjail driver is chosen). */
  nsjailPath?: string;
  /** How long a job may go without an ack or a working() before JetStream redelivers it (OJ_RUNNER_ACK_WAIT_MS, 10 s). */
  ackWaitMs: number;
  /** How long one judge event's publish is retried before the job is given back (OJ_RUNNER_PUBLISH_DEADLINE_MS, 10 min). */
  publishDeadlineMs: number;
  /** On SIGTERM, how long running jobs may finish before they are given back (OJ_RUNNER_STOP_GRACE_MS, 20 s). */
  stopGraceMs: number;
  /** OJ_RUNNER_LANGUAGES: offer only these of the detected languages (comma-separated names; unset: all of them). */
  onlyLanguages?: string[];
  /** Replicas of the JetStream streams (OJ_NATS_REPLICAS); undefined: min(3, the NATS cluster's size). */
  natsReplicas?: number;
  /** Slot s runs programs as uid `uidBase + s`; undefined: the sandbox takes the first free range (sandbox/uid-lock.ts). */
  uidBase: number | undefined;
  heartbeatMs: number;
  /** PATH, to look for nsjail when `nsjailPath` is not given. */
  searchPath: string;
  logLevel: string;
  /** Budget of the on-disk test-data cache (`<workDir>/.testdata`), in MiB; default 2048. */
  testdataCacheMb?: number;
  /** Budget of the compile cache (`<workDir>/.compile-cache`), in MiB; 0 turns it off; default 512. */
  compileCacheMb?: number;
  /** Wall and output allowance of a test case (limits.ts); default HOJ's: wall 3 × CPU + 1 s, output ≥ 32 MB. */
  limits?: LimitsPolicy;
  /** `OJ_LOG_FORMAT`: `pretty` (pino-pretty) or `json`; default pretty on a terminal, JSON otherwise. */
  logFormat?: 'pretty' | 'json';
  /** `OJ_RUNNER_HTTP_PORT`: /healthz, /readyz, /metrics on this port (0: any free one); undefined: no HTTP port. */
  httpPort?: number;
  /** `OJ_RUNNER_HTTP_HOST` (default 0.0.0.0; /metrics still answers loopback callers or the token only). */
  httpHost?: string;
  /** `OJ_METRICS_TOKEN`: lets a remote scraper read /metrics with `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** `OJ_RUNNER_SELF_CHECK_S`: the sandbox self-check of /readyz is redone when older than this (default 60). */
  selfCheckS?: number;
}

function read<S extends TSchema>(env: NodeJS.ProcessEnv, name: string, schema: S, parse: (s: string) => unknown, fallback: unknown): unknown {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = parse(raw);
  if (!Value.Check(schema, value)) {
    const why = Value.Errors(schema, value).First()?.message ?? 'invalid';
    // A secret is never echoed into a log.
    const shown = /TOKEN|SECRET|PASSWORD/.test(name) ? `(${raw.length} characters)` : `"${raw}"`;
    throw new Error(`Invalid environment variable ${name}=${shown}: ${why}`);
  }
  return value;
}

const int = (s: string) => (/^-?\d+$/.test(s.trim()) ? Number(s) : s);
const decimal = (s: string) => (/^\d+(\.\d+)?$/.test(s.trim()) ? Number(s) : s);

/** OJ_RUNNER_WALL_FACTOR, OJ_RUNNER_WALL_EXTRA_MS, OJ_RUNNER_MIN_OUTPUT_MB. */
function limitsPolicy(env: NodeJS.ProcessEnv): LimitsPolicy {
  const d = DEFAULT_LIMITS_POLICY;
  return {
    wallFactor: read(env, 'OJ_RUNNER_WALL_FACTOR', Type.Number({ minimum: 1, maximum: 100 }), decimal, d.wallFactor) as number,
    wallExtraMs: read(env, 'OJ_RUNNER_WALL_EXTRA_MS', Type.Integer({ minimum: 0, maximum: 600_000 }), int, d.wallExtraMs) as number,
    minOutputBytes: (read(env, 'OJ_RUNNER_MIN_OUTPUT_MB', Type.Integer({ minimum: 1, maximum: 4096 }), int, d.minOutputBytes / (1024 * 1024)) as number) * 1024 * 1024,
  };
}

export function loadRunnerConfig(env: NodeJS.ProcessEnv = process.env): RunnerConfig {
  const workDir = read(env, 'OJ_RUNNER_WORK_DIR', Type.String({ pattern: '^/' }), (s) => s, path.join(os.tmpdir(), 'oj-runner')) as string;
  return {
    natsUrl: read(env, 'NATS_URL', Type.String({ pattern: '^(nats|tls|ws|wss)://' }), (s) => s, 'nats://127.0.0.1:4222') as string,
    runnerId: read(env, 'OJ_RUNNER_ID', Type.String({ minLength: 1, maxLength: 64 }), (s) => s, `${os.hostname()}-${process.pid}`) as string,
    slots: read(env, 'OJ_RUNNER_SLOTS', Type.Integer({ minimum: 1, maximum: 64 }), int, 1) as number,
    workDir,
    cacheDir: path.join(workDir, '.cache'),
    sandbox: read(env, 'OJ_SANDBOX', Type.Union([Type.Literal('bwrap'), Type.Literal('nsjail')]), (s) => s, undefined) as RunnerConfig['sandbox'],
    nsjailPath: read(env, 'OJ_NSJAIL_PATH', Type.String({ pattern: '^/' }), (s) => s, undefined) as string | undefined,
    ackWaitMs: read(env, 'OJ_RUNNER_ACK_WAIT_MS', Type.Integer({ minimum: 1000 }), int, 10_000) as number,
    publishDeadlineMs: read(env, 'OJ_RUNNER_PUBLISH_DEADLINE_MS', Type.Integer({ minimum: 1000 }), int, 600_000) as number,
    stopGraceMs: read(env, 'OJ_RUNNER_STOP_GRACE_MS', Type.Integer({ minimum: 0 }), int, 20_000) as number,
    onlyLanguages: read(env, 'OJ_RUNNER_LANGUAGES', Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1 }), (s) => s.split(',').map((x) => x.trim()).filter(Boolean), undefined) as string[] | undefined,
    natsReplicas: read(env, 'OJ_NATS_REPLICAS', Type.Integer({ minimum: 1, maximum: 5 }), int, undefined) as number | undefined,
    uidBase: read(env, 'OJ_SANDBOX_UID_BASE', Type.Integer({ minimum: 1000, maximum: 2_000_000_000 }), int, undefined) as number | undefined,
    heartbeatMs: 5000,
    testdataCacheMb: read(env, 'OJ_RUNNER_TESTDATA_CACHE_MB', Type.Integer({ minimum: 1 }), int, 2048) as number,
    compileCacheMb: read(env, 'OJ_RUNNER_COMPILE_CACHE_MB', Type.Integer({ minimum: 0 }), int, 512) as number,
    limits: limitsPolicy(env),
    searchPath: env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin',
    logFormat: read(env, 'OJ_LOG_FORMAT', Type.Union([Type.Literal('pretty'), Type.Literal('json')]), (s) => s, undefined) as RunnerConfig['logFormat'],
    httpPort: read(env, 'OJ_RUNNER_HTTP_PORT', Type.Integer({ minimum: 0, maximum: 65_535 }), int, undefined) as number | undefined,
    httpHost: read(env, 'OJ_RUNNER_HTTP_HOST', Type.String({ minLength: 1 }), (s) => s, '0.0.0.0') as string,
    metricsToken: read(env, 'OJ_METRICS_TOKEN', Type.String({ minLength: 16, maxLength: 256 }), (s) => s, undefined) as string | undefined,
    selfCheckS: read(env, 'OJ_RUNNER_SELF_CHECK_S', Type.Integer({ minimum: 1, maximum: 86_400 }), int, 60) as number,
    logLevel: read(env, 'OJ_LOG_LEVEL', Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l))), (s) => s, 'info') as string,
  };
}
