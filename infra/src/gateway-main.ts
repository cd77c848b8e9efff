// Scale-out process: one gateway (REST, Socket.IO, the built web) against an external PostgreSQL and NATS.
// Run as many as needed behind a load balancer; they share OJ_JWT_SECRET. /healthz, /readyz and /metrics are on its port.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { buildGateway, loadGatewayConfig } from '@oj/gateway';
import { collectProcessMetrics, createLogger, createNatsBus, createServices, loadServicesConfig } from '@oj/services';
import { loadInfraConfig } from './config';
import { onStop, requireUrls } from './process-env';

const infra = loadInfraConfig();
const logger = createLogger({ level: infra.logLevel, format: infra.logFormat });
collectProcessMetrics();
try {
  const { databaseUrl, natsUrl, natsReplicas } = requireUrls();
  const config = loadGatewayConfig();
  const bus = await createNatsBus({ url: natsUrl, logger, name: `gateway-${process.pid}`, replicas: natsReplicas });
  const services = await createServices({ databaseUrl, transport: bus, config: loadServicesConfig(), logger });
  const webDist = path.resolve(import.meta.dirname, '../../web/dist');
  const gateway = await buildGateway({
    services,
    push: bus,
    config,
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    logger,
  });
  const url = await gateway.listen(config.port, config.host);
  logger.info({ url }, 'gateway is listening');
  onStop(async () => {
    await gateway.close();
    await services.close();
    await bus.close();
  });
} catch (e) {
  console.error(`The gateway could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
