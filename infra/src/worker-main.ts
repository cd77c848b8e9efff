// Scale-out process: the services' background workers (outbox relay, judge-event ingester, stall watchdog,
// pruning) against an external PostgreSQL and NATS. Runs the migrations and the first-start seed. With
// OJ_WORKER_HTTP_PORT it answers /healthz, /readyz (PostgreSQL, NATS, JetStream) and /metrics there.
import { startOpsServer, type OpsServer } from '@oj/gateway';
import { collectProcessMetrics, createLogger, createNatsBus, createServices, loadServicesConfig, migrate, seed } from '@oj/services';
import { loadInfraConfig } from './config';
import { onStop, requireUrls } from './process-env';

const infra = loadInfraConfig();
const logger = createLogger({ level: infra.logLevel, format: infra.logFormat });
collectProcessMetrics();
try {
  const { databaseUrl, natsUrl, natsReplicas } = requireUrls();
  await migrate(databaseUrl);
  const seeded = await seed(databaseUrl, { adminPassword: infra.adminPassword });
  if (seeded.adminPasswordGenerated) console.log(`Super admin: root / ${seeded.adminPasswordGenerated} (shown once)`);
  const bus = await createNatsBus({ url: natsUrl, logger, name: `worker-${process.pid}`, replicas: natsReplicas, eventBatchMax: infra.ingestBatchMax });
  const services = await createServices({ databaseUrl, transport: bus, config: loadServicesConfig(), logger });
  await services.startWorkers();
  let ops: OpsServer | null = null;
  if (infra.workerHttpPort !== undefined) {
    ops = await startOpsServer({ port: infra.workerHttpPort, host: infra.workerHttpHost ?? '0.0.0.0', probes: [() => services.ops.readiness()], metricsToken: infra.metricsToken });
    logger.info({ url: ops.url }, 'health, readiness and metrics are served');
  }
  logger.info('services workers are running');
  onStop(async () => {
    await ops?.close();
    await services.close();
    await bus.close();
  });
} catch (e) {
  console.error(`The services worker could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
