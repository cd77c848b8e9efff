// The whole judge in one process tree: PostgreSQL (embedded unless DATABASE_URL), NATS (spawned nats-server
// unless NATS_URL, else the in-process bus), the services workers, one judge runner (a child process on NATS,
// runner-child.ts; in this process on the in-process bus) and the gateway.
// `pnpm start` uses it; the end-to-end tests and benchmarks start it the same way.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { existsSync } from 'node:fs';
import postgres from 'postgres';
import type { Logger } from 'pino';
import { buildGateway, loadGatewayConfig } from '@oj/gateway';
import { checkSystemPackages, createNatsRunnerTransport, loadRunnerConfig, startRunner } from '@oj/judge-runner';
import { collectProcessMetrics, createLogger, createMemoryBus, createNatsBus, createServices, loadServicesConfig, migrate, seed, startRemoteJudgeWorker } from '@oj/services';
import type { ReadinessProbe, RunnerTransport } from '@oj/proto';
import type { InfraConfig } from './config';
import { startEmbeddedPostgres } from './embedded-postgres';
import { startRunnerChild } from './runner-child';
import { natsServerOnPath, startNatsServer } from './nats-server';
import { loadOrCreateSecrets } from './secrets';

export interface Stack {
  url: string;
  databaseUrl: string;
  natsUrl: string | null;
  /** Set when the first start generated the root password. */
  adminPasswordGenerated?: string;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Environment handed to the packages' own config loaders (runner slots, JWT lifetimes…). */
  env?: NodeJS.ProcessEnv;
  /** Judge runners started in this process (0 for a stack whose runners run elsewhere). */
  runners?: number;
  /** Runs the judge runners in this process even on NATS (default: each its own process there). */
  runnersInProcess?: boolean;
  /** Where the runner processes' log lines go (default: this process's stdout); tests capture them here. */
  runnerOutput?: (text: string) => void;
  /** Overrides `cfg.logLevel`. */
  logLevel?: string;
  /** The logger of every part (default: `OJ_LOG_FORMAT` / `OJ_LOG_LEVEL` as configured); tests capture lines here. */
  logger?: Logger;
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`select 1 from pg_database where datname = ${name}`;
    if (rows.length === 0) await sql.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await sql.end();
  }
}

export async function startStack(cfg: InfraConfig, opts: StackOptions = {}): Promise<Stack> {
  const env = opts.env ?? process.env;
  const logger = opts.logger ?? createLogger({ level: opts.logLevel ?? cfg.logLevel, format: cfg.logFormat });
  collectProcessMetrics();
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const s of stops.reverse()) await s().catch((e: unknown) => logger.error({ err: e }, 'stop failed'));
  };
  try {
    const runnerCount = opts.runners ?? 1;
    if (runnerCount > 0) {
      // Throws, naming the packages and the install command, when the sandbox or the C compiler is missing.
      const { missing } = await checkSystemPackages();
      if (missing.length > 0) {
        logger.warn(`languages without their toolchain are not offered; to add them: apt-get install -y ${missing.join(' ')}`);
      }
    }

    const dataDir = path.resolve(cfg.dataDir);
    await mkdir(dataDir, { recursive: true });
    // The embedded PostgreSQL runs as the `postgres` user, which must be able to reach its data dir.
    await chmod(dataDir, 0o755);
    const secrets = await loadOrCreateSecrets(dataDir);

    let databaseUrl = cfg.databaseUrl;
    if (!databaseUrl) {
      const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), password: secrets.pgPassword });
      stops.push(() => pg.stop());
      await ensureDatabase(pg.adminUrl, 'oj');
      // This process over the Unix socket; `pnpm backup` (and any other tool) over TCP, from the file that holds the
      // password (owner-only).
      databaseUrl = pg.localUrlFor('oj');
      await writeFile(path.join(dataDir, 'database.url'), `${pg.urlFor('oj')}\n`, { mode: 0o600 });
      logger.info('embedded PostgreSQL is up');
    }

    let natsUrl: string | null = cfg.natsUrl ?? null;
    if (!natsUrl && cfg.bus !== 'memory' && natsServerOnPath()) {
      const nats = await startNatsServer({ storeDir: path.join(dataDir, 'nats') });
      stops.push(() => nats.stop());
      natsUrl = nats.url;
      // Where more runners join this stack: NATS_URL=$(cat <data dir>/nats.url) tsx judge-runner/src/main.ts
      await writeFile(path.join(dataDir, 'nats.url'), `${natsUrl}\n`);
      logger.info({ natsUrl }, 'nats-server with JetStream is up');
    }
    if (!natsUrl && cfg.bus === 'memory') logger.info('OJ_BUS=memory: using the in-process bus');
    else if (!natsUrl) logger.warn('nats-server is not on PATH: using the in-process bus (install it: apt-get install -y nats-server)');

    await migrate(databaseUrl);
    const seeded = await seed(databaseUrl, { adminPassword: cfg.adminPassword });

    const memoryBus = natsUrl ? null : createMemoryBus({ logger: logger.child({ part: 'bus' }) });
    const bus = natsUrl ? await createNatsBus({ url: natsUrl, logger: logger.child({ part: 'bus' }), replicas: cfg.natsReplicas, eventBatchMax: cfg.ingestBatchMax }) : memoryBus!;
    stops.push(() => bus.close());

    const servicesConfig = loadServicesConfig(env);
    const services = await createServices({
      databaseUrl,
      transport: bus,
      config: servicesConfig,
      logger: logger.child({ part: 'services' }),
    });
    stops.push(() => services.close());
    await services.startWorkers();
    // One remote-judge worker: remote problems are judged on their sites (docs/remote-judge.md).
    const remoteJudge = await startRemoteJudgeWorker({ databaseUrl, transport: bus.remoteTransport(), config: servicesConfig, logger: logger.child({ part: 'remote-judge' }) });
    stops.push(() => remoteJudge.stop());

    // The gateway's /readyz covers the stack's runners too: their bus and their sandbox self-check. On NATS each runs
    // in its own process (runner-child.ts); on the in-process bus, in this one.
    const runnerProbes: ReadinessProbe[] = [];
    const runnerMetrics: (() => Promise<string>)[] = [];
    const inProcess = !natsUrl || opts.runnersInProcess === true;
    for (let i = 0; i < runnerCount && !inProcess; i++) {
      const level = opts.logLevel ?? cfg.logLevel;
      const childEnv = { ...process.env, ...env, ...(level && { OJ_LOG_LEVEL: level }), ...(cfg.logFormat && { OJ_LOG_FORMAT: cfg.logFormat }) };
      const child = await startRunnerChild({ natsUrl: natsUrl!, env: childEnv, natsReplicas: cfg.natsReplicas, output: opts.runnerOutput });
      runnerProbes.push(child.readiness);
      runnerMetrics.push(child.metrics);
      stops.push(() => child.stop());
    }
    for (let i = 0; i < runnerCount && inProcess; i++) {
      const transport: RunnerTransport = natsUrl ? await createNatsRunnerTransport({ url: natsUrl, replicas: cfg.natsReplicas, logger: logger.child({ part: 'runner' }) }) : memoryBus!;
      const runnerConfig = loadRunnerConfig({ ...env, NATS_URL: natsUrl ?? undefined });
      const runner = await startRunner({
        transport,
        config: runnerCount > 1 ? { ...runnerConfig, runnerId: `${runnerConfig.runnerId}-${i}` } : runnerConfig,
        logger: logger.child({ part: 'runner' }),
      });
      runnerProbes.push(() => runner.readiness());
      stops.push(async () => {
        await runner.stop();
        if (natsUrl) await transport.close();
      });
    }

    const webDist = cfg.webDist ?? path.resolve(import.meta.dirname, '../../web/dist');
    const gateway = await buildGateway({
      services,
      push: bus,
      config: loadGatewayConfig({ ...env, OJ_JWT_SECRET: env.OJ_JWT_SECRET ?? secrets.jwtSecret, PORT: String(cfg.port), HOST: cfg.host }),
      webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
      logger: logger.child({ part: 'gateway' }),
      readiness: runnerProbes,
      metricsSources: runnerMetrics,
    });
    stops.push(() => gateway.close());
    const url = await gateway.listen(cfg.port, cfg.host);

    return { url, databaseUrl, natsUrl, adminPasswordGenerated: seeded.adminPasswordGenerated, stop: stopAll };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
