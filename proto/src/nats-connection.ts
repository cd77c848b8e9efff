// How every NATS client of ours connects (runner, services worker, gateway): reconnect forever with a jittered wait,
// notice a dead server within half a minute, and log every disconnect and reconnect. Structural types only, so the
// contracts stay free of the client library.

/** Options for `connect()` of `@nats-io/transport-node` (the client's own names). */
export interface NatsReconnectOptions {
  name: string;
  maxReconnectAttempts: number;
  reconnectTimeWait: number;
  reconnectJitter: number;
  pingInterval: number;
  maxPingOut: number;
}

/** Reconnects forever, 1–2 s apart per server (the client walks the cluster's servers in turn); a silent server is dropped after 3 missed pings 10 s apart. */
export function natsConnectOptions(name: string): NatsReconnectOptions {
  return { name, maxReconnectAttempts: -1, reconnectTimeWait: 1000, reconnectJitter: 1000, pingInterval: 10_000, maxPingOut: 3 };
}

/** The status events of a connection that we log (the client's `nc.status()` yields these and more). */
export interface NatsStatusEvent {
  type: string;
  server?: string;
  error?: unknown;
}

export interface NatsStatusLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Counts and logs the connection's disconnects and reconnects until it closes (and calls `onReconnect`); never rejects. */
export function watchNatsStatus(nc: { status(): AsyncIterable<NatsStatusEvent> }, log: NatsStatusLog, onReconnect?: () => void): { disconnects: number; reconnects: number } {
  const counts = { disconnects: 0, reconnects: 0 };
  let since = 0;
  void (async () => {
    for await (const s of nc.status()) {
      switch (s.type) {
        case 'disconnect':
          counts.disconnects++;
          since = Date.now();
          log.warn({ server: s.server, disconnects: counts.disconnects }, 'NATS disconnected; reconnecting');
          break;
        case 'reconnect':
          counts.reconnects++;
          log.info({ server: s.server, reconnects: counts.reconnects, downMs: since ? Date.now() - since : undefined }, 'NATS reconnected');
          onReconnect?.();
          break;
        case 'staleConnection':
          log.warn({}, 'NATS server stopped answering pings; reconnecting');
          break;
        case 'error':
          log.warn({ err: s.error }, 'NATS connection error');
          break;
        default:
          break;
      }
    }
  })().catch(() => undefined);
  return counts;
}

/** Closes a connection whatever its state: drains it when that finishes within `timeoutMs`, else just closes it. */
export async function closeNats(nc: { isClosed(): boolean; drain(): Promise<void>; close(): Promise<void> }, timeoutMs = 5000): Promise<void> {
  if (nc.isClosed()) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const drained = nc.drain().then(
    () => true,
    () => false,
  );
  const ok = await Promise.race([drained, new Promise<boolean>((r) => (timer = setTimeout(() => r(false), timeoutMs)))]);
  clearTimeout(timer);
  if (!ok && !nc.isClosed()) await nc.close().catch(() => undefined);
}
