// The runner's NATS connection as operations see it: every disconnect and reconnect counted and logged, and the
// readiness probe (connected, JetStream answering).
import type { JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { natsProbe, followNatsStatus, type ReadinessProbe } from '@oj/proto';
import { runnerNatsEvents } from './metrics';

export function followRunnerNats(nc: NatsConnection, jsm: JetStreamManager): ReadinessProbe {
  // Counted here; logged by the connection's own watcher (watchNatsStatus in nats-transport.ts).
  const watch = followNatsStatus(nc, (event) => runnerNatsEvents.inc({ client: 'runner', event }));
  return natsProbe(watch, () => jsm.getAccountInfo());
}
