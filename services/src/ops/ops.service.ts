// Readiness of one services instance (`/readyz` of the gateway and the worker): PostgreSQL answers, and the bus is
// usable (NATS connected, JetStream answering; the in-process bus always is).
import { timedCheck, type ReadyCheck, type ServicesTransport } from '@oj/proto';
import type { DbHandle } from '../db/client';

export interface OpsService {
  readiness(): Promise<ReadyCheck[]>;
}

/** A probe that hangs (a database that accepts connections but never answers) fails after this long. */
export const PROBE_TIMEOUT_MS = 2000;

export function createOpsService(handle: Pick<DbHandle, 'ping'>, transport: ServicesTransport): OpsService {
  return {
    async readiness() {
      const [postgres, bus] = await Promise.all([
        timedCheck('postgres', PROBE_TIMEOUT_MS, handle.ping),
        transport.readiness ? transport.readiness() : Promise.resolve<ReadyCheck[]>([{ name: 'bus', ok: true, detail: 'in-process bus' }]),
      ]);
      return [postgres, ...bus];
    },
  };
}
