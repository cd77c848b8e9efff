// Standalone judge runner process: connects to NATS_URL, judges until SIGTERM/SIGINT.
import { loadRunnerConfig } from './config';
import { createRunnerLogger } from './logger';
import { createNatsRunnerTransport } from './nats-transport';
import { startRunner } from './runner';

const config = loadRunnerConfig();
const logger = createRunnerLogger({ level: config.logLevel, runnerId: config.runnerId });
const transport = await createNatsRunnerTransport({ url: config.natsUrl, ackWaitMs: config.ackWaitMs, runnerId: config.runnerId, logger });
// What the machine lacks (a system package, the nsjail binary it was told to use) stops it here, saying what.
const runner = await startRunner({ transport, config, logger }).catch(async (e: unknown) => {
  logger.fatal({ err: e }, `judge runner cannot start: ${e instanceof Error ? e.message : String(e)}`);
  await transport.close();
  process.exit(1);
});

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  await runner.stop();
  await transport.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
