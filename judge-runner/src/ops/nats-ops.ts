// The runner's NATS connection as operations see it: every disconnect and reconnect counted and logged, and the
// readiness probe (connected, JetStream answering).
import type { JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { natsProbe, watchNatsStatus, type ReadinessProbe } from '@oj/proto';
import type { Logger } from '../logger';
import { runnerNatsEvents } from './metrics';

export function followRunnerNats(nc: NatsConnection, jsm: JetStreamManager, logger: Logger | undefined): ReadinessProbe {
  const watch = watchNatsStatus(nc, (event) => {
    runnerNatsEvents.inc({ client: 'runner', event });
    if (event === 'disconnect') logger?.warn('NATS disconnected; reconnecting');
    else logger?.info({ server: nc.getServer() }, 'NATS reconnected');
  });
  return natsProbe(watch, () => jsm.getAccountInfo());
}
