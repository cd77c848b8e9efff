// The operations contract every process serves (gateway, services worker, judge runner): `/healthz` (alive),
// `/readyz` (ready, naming what is not) and `/metrics` (Prometheus), and who may read the metrics.
// Browser-safe: the NATS watcher is written against the client's shape, not its package.
import { Type, type Static } from '@sinclair/typebox';

export const OPS_PATHS = { health: '/healthz', ready: '/readyz', metrics: '/metrics' } as const;

/** One dependency's answer: `postgres`, `nats`, `jetstream`, `sandbox`… with why it is not ready. */
export const ReadyCheck = Type.Object({
  name: Type.String(),
  ok: Type.Boolean(),
  /** What failed (absent when ok, or a short note such as `in-process bus`). */
  detail: Type.Optional(Type.String()),
});
export type ReadyCheck = Static<typeof ReadyCheck>;

/** The body of `/readyz`: 200 when every check is ok, else 503. */
export const ReadyReport = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
  /** The names of the checks that failed. */
  failing: Type.Array(Type.String()),
  checks: Type.Array(ReadyCheck),
});
export type ReadyReport = Static<typeof ReadyReport>;

/** The body of `/healthz`: the process answers. */
export const HealthReport = Type.Object({ status: Type.Literal('ok') });

/** A readiness probe of one dependency; it must answer within its own timeout. */
export type ReadinessProbe = () => Promise<ReadyCheck[]>;

const errText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 300);

/** Runs `fn` as check `name`: ok when it resolves within `timeoutMs`, else its error (or the timeout) as detail. */
export async function timedCheck(name: string, timeoutMs: number, fn: () => Promise<unknown>): Promise<ReadyCheck> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([fn(), timeout]);
    return { name, ok: true };
  } catch (e) {
    return { name, ok: false, detail: errText(e) };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every probe (a probe that throws counts as one failed check) and answers the report and its HTTP status. */
export async function readiness(probes: readonly ReadinessProbe[]): Promise<{ httpStatus: 200 | 503; report: ReadyReport }> {
  const results = await Promise.all(
    probes.map((p, i) => p().catch((e: unknown): ReadyCheck[] => [{ name: `probe-${i + 1}`, ok: false, detail: errText(e) }])),
  );
  const checks = results.flat();
  const failing = checks.filter((c) => !c.ok).map((c) => c.name);
  return { httpStatus: failing.length ? 503 : 200, report: { status: failing.length ? 'not_ready' : 'ready', failing, checks } };
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Whether an address is the machine itself. */
export const isLoopback = (address: string | undefined): boolean => address !== undefined && LOOPBACK.test(address);

/** Compares in time independent of where the strings differ (the token is a secret). */
function sameSecret(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/**
 * Who may read `/metrics`: a caller on the machine itself, or anyone with `Authorization: Bearer <OJ_METRICS_TOKEN>`
 * when a token is configured. `address` is the client as the process sees it (behind a trusted proxy: the forwarded one).
 */
export function metricsAllowed(address: string | undefined, authorization: string | undefined, token: string | undefined): boolean {
  if (isLoopback(address)) return true;
  if (!token || !authorization) return false;
  const m = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  return m !== null && sameSecret(m[1]!, token);
}

/** The part of a NATS connection the watcher reads (`NatsConnection` of @nats-io/transport-node). */
export interface NatsStatusSource {
  status(): AsyncIterable<{ type: string }>;
  isClosed(): boolean;
}

export interface NatsStatusWatch {
  /** Connected now (not between a disconnect and its reconnect, not closed). */
  connected(): boolean;
}

/**
 * Follows a connection's status events: calls `on` for every disconnect and reconnect (to count and log them) and
 * answers whether the connection is up. The loop ends when the connection closes.
 */
export function followNatsStatus(nc: NatsStatusSource, on: (type: 'disconnect' | 'reconnect') => void): NatsStatusWatch {
  let up = true;
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type !== 'disconnect' && s.type !== 'reconnect') continue;
      up = s.type === 'reconnect';
      on(s.type);
    }
  })().catch(() => undefined);
  return { connected: () => up && !nc.isClosed() };
}

/** The probes of a NATS connection: connected, and JetStream answering an API request (`jsm.getAccountInfo()`). */
export function natsProbe(watch: NatsStatusWatch, jetstreamInfo: () => Promise<unknown>, timeoutMs = 2000): ReadinessProbe {
  return async () => {
    const nats: ReadyCheck = watch.connected() ? { name: 'nats', ok: true } : { name: 'nats', ok: false, detail: 'disconnected' };
    if (!nats.ok) return [nats, { name: 'jetstream', ok: false, detail: 'NATS is disconnected' }];
    return [nats, await timedCheck('jetstream', timeoutMs, jetstreamInfo)];
  };
}
