import { describe, expect, it } from 'vitest';
import { isLoopback, metricsAllowed, natsProbe, readiness, timedCheck, followNatsStatus } from './ops';

describe('who may read /metrics', () => {
  const token = 'scrape-token-0123456789';
  it('lets callers on this machine in, with or without a token configured', () => {
    for (const a of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopback(a), a).toBe(true);
      expect(metricsAllowed(a, undefined, undefined), a).toBe(true);
      expect(metricsAllowed(a, undefined, token), a).toBe(true);
    }
  });
  it('refuses anyone else unless they bear the configured token', () => {
    for (const a of ['10.0.0.5', '192.168.1.9', '::ffff:10.0.0.5', '128.0.0.1', '1127.0.0.1', undefined]) {
      expect(metricsAllowed(a, undefined, token), String(a)).toBe(false);
      expect(metricsAllowed(a, `Bearer ${token}`, undefined), String(a)).toBe(false); // no token configured: nobody remote
      expect(metricsAllowed(a, `Bearer ${token}`, token), String(a)).toBe(true);
      expect(metricsAllowed(a, `bearer   ${token}`, token), String(a)).toBe(true);
      expect(metricsAllowed(a, `Bearer ${token}x`, token), String(a)).toBe(false);
      expect(metricsAllowed(a, `Bearer ${token.slice(0, -1)}`, token), String(a)).toBe(false);
      expect(metricsAllowed(a, token, token), String(a)).toBe(false); // the scheme is required
    }
  });
});

describe('readiness', () => {
  it('is ready when every check is, and names what is not (a throwing probe counts as failed)', async () => {
    const ok = await readiness([async () => [{ name: 'postgres', ok: true }], async () => [{ name: 'nats', ok: true }]]);
    expect(ok).toEqual({ httpStatus: 200, report: { status: 'ready', failing: [], checks: [{ name: 'postgres', ok: true }, { name: 'nats', ok: true }] } });
    const bad = await readiness([
      async () => [{ name: 'postgres', ok: false, detail: 'connection refused' }],
      async () => {
        throw new Error('boom');
      },
    ]);
    expect(bad.httpStatus).toBe(503);
    expect(bad.report.status).toBe('not_ready');
    expect(bad.report.failing).toEqual(['postgres', 'probe-2']);
    expect(bad.report.checks[1]).toEqual({ name: 'probe-2', ok: false, detail: 'boom' });
  });

  it('fails a check that does not answer in time', async () => {
    const t0 = Date.now();
    const c = await timedCheck('postgres', 50, () => new Promise(() => undefined));
    expect(c).toEqual({ name: 'postgres', ok: false, detail: 'no answer within 50 ms' });
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(await timedCheck('postgres', 50, async () => 1)).toEqual({ name: 'postgres', ok: true });
  });
});

describe('the NATS status watch', () => {
  /** Status events as the client's `status()` iterator yields them, pushed by the test. */
  function statusSource() {
    const queue: { type: string }[] = [];
    let wake: (() => void) | null = null;
    let closed = false;
    return {
      push(type: string) {
        queue.push({ type });
        wake?.();
      },
      close() {
        closed = true;
        wake?.();
      },
      isClosed: () => closed,
      async *status() {
        while (!closed) {
          if (queue.length === 0) await new Promise<void>((r) => (wake = r));
          while (queue.length) yield queue.shift()!;
        }
      },
    };
  }
  const tick = () => new Promise((r) => setTimeout(r, 5));

  it('follows disconnects and reconnects, reports each, and is down once closed', async () => {
    const nc = statusSource();
    const seen: string[] = [];
    const watch = followNatsStatus(nc, (t) => seen.push(t));
    let jsCalls = 0;
    const probe = natsProbe(watch, async () => jsCalls++);
    expect(watch.connected()).toBe(true);
    expect(await probe()).toEqual([{ name: 'nats', ok: true }, { name: 'jetstream', ok: true }]);
    nc.push('ping');
    nc.push('disconnect');
    await tick();
    expect(watch.connected()).toBe(false);
    expect(await probe()).toEqual([
      { name: 'nats', ok: false, detail: 'disconnected' },
      { name: 'jetstream', ok: false, detail: 'NATS is disconnected' },
    ]);
    expect(jsCalls).toBe(1); // JetStream is not asked while NATS is down
    nc.push('reconnecting');
    nc.push('reconnect');
    await tick();
    expect(watch.connected()).toBe(true);
    expect(seen).toEqual(['disconnect', 'reconnect']);
    nc.close();
    await tick();
    expect(watch.connected()).toBe(false);
  });
});
