// Scale-out process: the services' background workers (outbox relay, judge-event ingester, stall watchdog,
// pruning) against an external PostgreSQL and NATS. Runs the migrations and the first-start seed.
import pino from 'pino';
import { createNatsBus, createServices, loadServicesConfig, migrate, seed } from '@oj/services';
import { loadInfraConfig } from './config';
import { onStop, requireUrls } from './process-env';

const logger = pino();
try {
  const { databaseUrl, natsUrl, natsReplicas } = requireUrls();
  await migrate(databaseUrl);
  const seeded = await seed(databaseUrl, { adminPassword: loadInfraConfig().adminPassword });
  if (seeded.adminPasswordGenerated) console.log(`Super admin: root / ${seeded.adminPasswordGenerated} (shown once)`);
  const bus = await createNatsBus({ url: natsUrl, logger, name: `worker-${process.pid}`, replicas: natsReplicas });
  const services = await createServices({ databaseUrl, transport: bus, config: loadServicesConfig(), logger });
  await services.startWorkers();
  logger.info('services workers are running');
  onStop(async () => {
    await services.close();
    await bus.close();
  });
} catch (e) {
  console.error(`The services worker could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
