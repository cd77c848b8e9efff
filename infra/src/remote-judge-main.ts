// Scale-out process: a remote-judge worker (docs/remote-judge.md) against an external PostgreSQL and NATS. It takes
// the jobs of remote problems from the remote lane and judges them on their sites; start as many as needed.
import { createLogger, createNatsBus, loadServicesConfig, startRemoteJudgeWorker } from '@oj/services';
import { loadInfraConfig } from './config';
import { onStop, requireUrls } from './process-env';

const infra = loadInfraConfig();
const logger = createLogger({ level: infra.logLevel, format: infra.logFormat });
try {
  const { databaseUrl, natsUrl, natsReplicas } = requireUrls();
  const bus = await createNatsBus({ url: natsUrl, logger, name: `remote-judge-${process.pid}`, replicas: natsReplicas });
  const worker = await startRemoteJudgeWorker({ databaseUrl, transport: bus.remoteTransport(), config: loadServicesConfig(), logger });
  onStop(async () => {
    await worker.stop();
    await bus.close();
  });
} catch (e) {
  console.error(`The remote-judge worker could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
