// What a services process watches on its NATS connection: disconnects and reconnects (counted and logged),
// readiness (connected, JetStream answering), and the judge queue's lanes for the metrics.
import type { JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { natsProbe, followNatsStatus, type ReadinessProbe } from '@oj/proto';
import { natsEvents, registerLaneSampler } from './metrics';
import { laneStats } from './queue-stats';

export interface NatsOps {
  readiness: ReadinessProbe;
  stop(): void;
}

export function followNats(nc: NatsConnection, jsm: JetStreamManager, client = 'services'): NatsOps {
  // Counted here; logged by the connection's own watcher (watchNatsStatus in nats-bus.ts).
  const watch = followNatsStatus(nc, (event) => natsEvents.inc({ client, event }));
  const unregister = registerLaneSampler(() => laneStats(jsm));
  return { readiness: natsProbe(watch, () => jsm.getAccountInfo()), stop: unregister };
}
