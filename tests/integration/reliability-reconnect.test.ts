// Fault 4 (issue 16): NATS away for longer than the client's default reconnect budget (10 tries, ~20 s): the runner
// and the services reconnect when it is back and judge again, logging the disconnect and the reconnect; SIGTERM while
// NATS is away stops a runner and a services worker cleanly (exit 0, no unhandled rejection).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { freePort, startNatsServer, type RunningNats } from '@oj/infra/processes';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { waitFor } from '../support/live';
import { finalOf, signalGroup, spawnRunner, spawnWorker, startJudgeServices, submitAb, workRoot, type JudgeServices, type RunnerProcess } from './reliability-fixture';

let db: TestDatabase;
let natsDir: string;
let port: number;
let nats: RunningNats | undefined;
let s: JudgeServices;
let root: string;
let runner: RunnerProcess;
let worker: RunnerProcess | undefined;

const startNats = () => startNatsServer({ storeDir: natsDir, port });

beforeAll(async () => {
  db = await startTestDatabase();
  natsDir = await mkdtemp(path.join(os.tmpdir(), 'oj-rel-reconnect-nats-'));
  port = await freePort();
  nats = await startNats();
  s = await startJudgeServices(db.url, nats.url);
  root = await workRoot('oj-rel-reconnect-');
  runner = spawnRunner({ NATS_URL: nats.url, OJ_RUNNER_ID: 'reconnecting', OJ_RUNNER_WORK_DIR: path.join(root, 'w'), OJ_SANDBOX_UID_BASE: '24300' });
  await waitFor('the runner to start', () => (/judge runner started/.test(runner.output()) ? true : undefined), 60_000);
}, 120_000);

afterAll(async () => {
  signalGroup(runner?.child, 'SIGKILL');
  worker?.child.kill('SIGKILL');
  await s?.close();
  await nats?.stop();
  await db?.stop();
  for (const d of [root, natsDir]) if (d) await rm(d, { recursive: true, force: true });
});

describe('NATS away for half a minute', () => {
  it('the runner and the services reconnect and judge again, and log it', async () => {
    const before = await submitAb(s);
    expect((await finalOf(s, before)).status).toBe(JudgeStatus.ACCEPTED);

    await nats!.stop();
    // Longer than the client's default reconnect budget (10 tries 2 s apart), after which it would give up for good.
    await new Promise((r) => setTimeout(r, 26_000));
    nats = await startNats();

    const after = await submitAb(s, `${'#include <stdio.h>\n'}int main(void){int a,b;if(scanf("%d %d",&a,&b)!=2)return 1;printf("%d\\n",a+b);return 0;}\n`);
    expect((await finalOf(s, after, 90_000)).status).toBe(JudgeStatus.ACCEPTED);
    expect(runner.output()).toMatch(/NATS disconnected/);
    expect(runner.output()).toMatch(/NATS reconnected/);
  }, 180_000);

  it('SIGTERM while NATS is away stops a runner and a services worker cleanly', async () => {
    worker = spawnWorker('worker', db.url, { NATS_URL: nats!.url });
    const w0 = worker;
    await waitFor('the worker to start', () => (/services workers are running/.test(w0.output()) ? true : undefined), 60_000);

    await nats!.stop();
    await waitFor('both to notice', () => (/NATS disconnected/.test(w0.output()) && runner.output().split('NATS disconnected').length > 2 ? true : undefined), 30_000);
    runner.child.kill('SIGTERM');
    w0.child.kill('SIGTERM');
    const [r, w] = await Promise.all([runner.exited, w0.exited]);
    expect(r, runner.output().slice(-2000)).toEqual({ code: 0, signal: null });
    expect(w, w0.output().slice(-2000)).toEqual({ code: 0, signal: null });
    for (const out of [runner.output(), w0.output()]) expect(out).not.toMatch(/Unhandled|uncaught/i);
    nats = await startNats();
  }, 120_000);
});
