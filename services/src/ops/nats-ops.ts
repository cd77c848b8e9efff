// What a services process watches on its NATS connection: disconnects and reconnects (counted and logged),
// readiness (connected, JetStream answering), and the judge queue's lanes for the metrics.
import type { JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { natsProbe, watchNatsStatus, type ReadinessProbe } from '@oj/proto';
import { natsEvents, registerLaneSampler } from './metrics';
import { laneStats } from './queue-stats';

export interface NatsOps {
  readiness: ReadinessProbe;
  stop(): void;
}

export function followNats(nc: NatsConnection, jsm: JetStreamManager, logger: Logger, client = 'services'): NatsOps {
  const watch = watchNatsStatus(nc, (event) => {
    natsEvents.inc({ client, event });
    if (event === 'disconnect') logger.warn({ client }, 'NATS disconnected; reconnecting');
    else logger.info({ client, server: nc.getServer() }, 'NATS reconnected');
  });
  const unregister = registerLaneSampler(() => laneStats(jsm));
  return { readiness: natsProbe(watch, () => jsm.getAccountInfo()), stop: unregister };
}
