// Standalone judge runner process: connects to NATS_URL (a comma-separated list for a cluster), judges until
// SIGTERM/SIGINT; with OJ_RUNNER_HTTP_PORT it also answers /healthz, /readyz and /metrics there. It stops cleanly in
// any state: while NATS is away, mid-job (the job is given back, or left to be redelivered), or while still starting.
import { loadRunnerConfig } from './config';
import { createRunnerLogger } from './logger';
import { createNatsRunnerTransport } from './nats-transport';
import { collectRunnerProcessMetrics } from './ops/metrics';
import { startRunnerOpsServer, type RunnerOpsServer } from './ops/ops-server';
import { startRunner, type Runner } from './runner';
import type { RunnerTransport } from '@oj/proto';

const config = loadRunnerConfig();
const logger = createRunnerLogger({ level: config.logLevel, runnerId: config.runnerId, format: config.logFormat });
collectRunnerProcessMetrics();
let transport: RunnerTransport | null = null;
let runner: Runner | null = null;
let ops: RunnerOpsServer | null = null;
let stopping = false;

const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  try {
    await ops?.close();
    await runner?.stop();
    await transport?.close();
  } catch (e) {
    logger.error({ err: e }, 'unclean stop');
  }
  logger.info('stopped');
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
// Started by the one-machine stack (infra/src/runner-child.ts): it stops when that process is gone, even killed.
const parent = Number(process.env.OJ_RUNNER_PARENT_PID);
if (Number.isSafeInteger(parent) && parent > 1) {
  setInterval(() => {
    if (process.ppid !== parent) void shutdown('parent exited');
  }, 1_000).unref();
}

try {
  transport = await createNatsRunnerTransport({ url: config.natsUrl, ackWaitMs: config.ackWaitMs, runnerId: config.runnerId, replicas: config.natsReplicas, logger });
  // What the machine lacks (a system package, the nsjail binary it was told to use) stops it here, saying what.
  if (!stopping) runner = await startRunner({ transport, config, logger });
} catch (e) {
  logger.fatal({ err: e }, `judge runner cannot start: ${e instanceof Error ? e.message : String(e)}`);
  await transport?.close().catch(() => undefined);
  process.exit(1);
}
if (config.httpPort !== undefined && runner && !stopping) {
  const started = runner;
  ops = await startRunnerOpsServer({ port: config.httpPort, host: config.httpHost ?? '0.0.0.0', probes: [() => started.readiness()], metricsToken: config.metricsToken });
  logger.info({ url: ops.url }, 'health, readiness and metrics are served');
}
