// Standalone judge runner process: connects to NATS_URL, judges until SIGTERM/SIGINT; with OJ_RUNNER_HTTP_PORT it
// also answers /healthz, /readyz and /metrics there.
import { loadRunnerConfig } from './config';
import { createRunnerLogger } from './logger';
import { createNatsRunnerTransport } from './nats-transport';
import { collectRunnerProcessMetrics } from './ops/metrics';
import { startRunnerOpsServer, type RunnerOpsServer } from './ops/ops-server';
import { startRunner } from './runner';

const config = loadRunnerConfig();
const logger = createRunnerLogger({ level: config.logLevel, runnerId: config.runnerId, format: config.logFormat });
collectRunnerProcessMetrics();
const transport = await createNatsRunnerTransport({ url: config.natsUrl, ackWaitMs: config.ackWaitMs, runnerId: config.runnerId, logger });
// What the machine lacks (a system package, the nsjail binary it was told to use) stops it here, saying what.
const runner = await startRunner({ transport, config, logger }).catch(async (e: unknown) => {
  logger.fatal({ err: e }, `judge runner cannot start: ${e instanceof Error ? e.message : String(e)}`);
  await transport.close();
  process.exit(1);
});
let ops: RunnerOpsServer | null = null;
if (config.httpPort !== undefined) {
  ops = await startRunnerOpsServer({ port: config.httpPort, host: config.httpHost ?? '0.0.0.0', probes: [() => runner.readiness()], metricsToken: config.metricsToken });
  logger.info({ url: ops.url }, 'health, readiness and metrics are served');
}

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  await ops?.close();
  await runner.stop();
  await transport.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
