// The runner's operations port on the real bwrap sandbox: the sandbox self-check (a real program in a real sandbox,
// cached), /healthz, /readyz and /metrics served over HTTP, and the judge-time and slot metrics moving with a job.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobDelivery, ReadyCheck, RunnerTransport } from '@oj/proto';
import { parseExposition } from '../../../tests/support/metrics';
import { loadRunnerConfig } from '../config';
import { makeJob, template } from '../job-fixture';
import { detectLanguages, type LanguageDef } from '../languages';
import { createRunnerLogger } from '../logger';
import { startRunner } from '../runner';
import { createSandboxFactory, type SandboxFactory } from '../sandbox/index';
import { startRunnerOpsServer } from './ops-server';
import { SELF_CHECK_SLOT } from './runner-ops';
import { createSandboxSelfCheck, sandboxRunsAProgram } from './self-check';

let root: string;
let sandboxes: SandboxFactory;
let languages: LanguageDef[];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'oj-runner-ops-'));
  await chmod(root, 0o711);
  sandboxes = await createSandboxFactory({ driver: 'bwrap', cacheDir: path.join(root, 'cache'), uidBase: 28_300 });
  languages = await detectLanguages();
});
afterAll(async () => {
  await sandboxes.close();
  await rm(root, { recursive: true, force: true });
});

describe('the sandbox self-check', () => {
  it('starts a real program in the sandbox and reads what it printed', async () => {
    await expect(sandboxRunsAProgram(sandboxes.forSlot(SELF_CHECK_SLOT), path.join(root, 'work'))).resolves.toBeUndefined();
  });

  it('fails, saying why, when the sandbox cannot start a program there', async () => {
    const file = path.join(root, 'not-a-dir');
    await writeFile(file, 'x');
    const check = createSandboxSelfCheck(() => sandboxRunsAProgram(sandboxes.forSlot(SELF_CHECK_SLOT), path.join(file, 'work')), 60_000);
    const r = await check.refresh();
    expect(r).toMatchObject({ name: 'sandbox', ok: false });
    expect(r.detail).toMatch(/ENOTDIR|not a directory/);
  });

  it('is cached: a probe answers the last result and refreshes it in the background only once it is stale', async () => {
    let runs = 0;
    const run = async () => {
      runs++;
      await sandboxRunsAProgram(sandboxes.forSlot(SELF_CHECK_SLOT), path.join(root, 'work'));
    };
    const fresh = createSandboxSelfCheck(run, 60_000);
    expect(fresh.probe()).toMatchObject({ ok: false, detail: 'not checked yet' }); // kicks the first check
    await fresh.refresh();
    expect(runs).toBe(1); // the probe's check and refresh() shared one run
    for (let i = 0; i < 20; i++) expect(fresh.probe()).toEqual({ name: 'sandbox', ok: true });
    expect(runs).toBe(1);
    const stale = createSandboxSelfCheck(run, 0);
    await stale.refresh();
    const before = runs;
    stale.probe();
    stale.probe(); // the first one's check is still running
    await stale.refresh();
    expect(runs - before).toBe(1);
  });
});

describe('the runner ops port', () => {
  it('serves health, readiness (bus and sandbox) and metrics that move with a judged job', async () => {
    let handler: ((d: JobDelivery) => Promise<void>) | null = null;
    let busReady: ReadyCheck[] = [{ name: 'nats', ok: true }];
    const transport: RunnerTransport = {
      async consumeJobs(h) {
        handler = h;
        return { stop: async () => undefined };
      },
      publishEvent: async () => undefined,
      heartbeat: async () => undefined,
      readiness: async () => busReady,
      async close() {},
    };
    const config = { ...loadRunnerConfig({ OJ_RUNNER_ID: 'ops-runner', OJ_RUNNER_WORK_DIR: path.join(root, 'work') }), slots: 2 };
    const runner = await startRunner({ transport, config, logger: createRunnerLogger({ level: 'silent' }), sandboxes, languages });
    const ops = await startRunnerOpsServer({ port: 0, host: '127.0.0.1', probes: [() => runner.readiness()] });
    try {
      expect(ops.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${ops.url}/healthz`);
      expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
      const ready = await fetch(`${ops.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', failing: [], checks: [{ name: 'nats', ok: true }, { name: 'sandbox', ok: true }] });

      const scrape = async () => {
        const r = await fetch(`${ops.url}/metrics`);
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
        return parseExposition(await r.text());
      };
      const before = await scrape();
      expect(before.value('oj_runner_slots_total', { runner: 'ops-runner' })).toBe(2);
      expect(before.value('oj_runner_slots_busy', { runner: 'ops-runner' })).toBe(0);
      let acked = false;
      await handler!({ job: makeJob('C', template('C'), {}, 77), deliveryCount: 1, ack: async () => void (acked = true), nak: async () => undefined, working: () => undefined });
      expect(acked).toBe(true);
      const after = await scrape();
      expect(after.value('oj_judge_duration_seconds_count', { language: 'C' }) - before.value('oj_judge_duration_seconds_count', { language: 'C' })).toBe(1);
      expect(after.value('oj_judge_duration_seconds_sum', { language: 'C' })).toBeGreaterThan(before.value('oj_judge_duration_seconds_sum', { language: 'C' }));

      busReady = [{ name: 'nats', ok: false, detail: 'disconnected' }];
      const down = await fetch(`${ops.url}/readyz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ status: 'not_ready', failing: ['nats'] });
      expect((await fetch(`${ops.url}/nothing-here`)).status).toBe(404);
      expect((await fetch(`${ops.url}/metrics`, { method: 'POST' })).status).toBe(405);
    } finally {
      await ops.close();
      await runner.stop();
    }
    // A stopped runner no longer reports slots.
    const r = parseExposition(await (await import('./metrics')).renderRunnerMetrics().then((m) => m.body));
    expect(r.has('oj_runner_slots_total', { runner: 'ops-runner' })).toBe(false);
  });
});
