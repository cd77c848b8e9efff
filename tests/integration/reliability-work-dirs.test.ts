// Fault 7 (issue 16): a runner killed (-9) mid-job leaves its job's work directory; started again on the same slots it
// removes it before taking jobs, judges the redelivered job, and its "judged" log line keeps its timestamp.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, SUBJECTS } from '@oj/proto';
import { makeJob } from '@oj/judge-runner/testing';
import { startTestNats, type TestNats } from '../support/nats';
import { waitFor } from '../support/live';
import { signalGroup, spawnRunner, workRoot, type RunnerProcess } from './reliability-fixture';

const SLOW_AB = '#include <stdio.h>\n#include <unistd.h>\nint main(){int a,b;scanf("%d %d",&a,&b);usleep(2500000);printf("%d\\n",a+b);return 0;}\n';
let nats: TestNats;
let nc: NatsConnection;
let root: string;
const runners: RunnerProcess[] = [];

beforeAll(async () => {
  nats = await startTestNats();
  nc = await connect({ servers: nats.url });
  root = await workRoot('oj-rel-workdirs-');
});

afterAll(async () => {
  for (const r of runners) signalGroup(r.child, 'SIGKILL');
  await nc?.close();
  await nats?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

const env = () => ({ NATS_URL: nats.url, OJ_RUNNER_ID: 'sweeper', OJ_RUNNER_WORK_DIR: path.join(root, 'w'), OJ_RUNNER_ACK_WAIT_MS: '2000', OJ_SANDBOX_UID_BASE: '24600' });
const jobDirs = async () => (await readdir(path.join(root, 'w'))).filter((n) => !n.startsWith('.'));
const started = (r: RunnerProcess) => waitFor('the runner to start', () => (/judge runner started/.test(r.output()) ? true : undefined), 60_000);

describe('a runner killed mid-job and started again', () => {
  it('removes the work dir the killed one left, judges the job again, and logs "judged" with its timestamp', async () => {
    const first = spawnRunner(env());
    runners.push(first);
    await started(first);
    const sub = nc.subscribe(SUBJECTS.result(77));
    const seen: string[] = [];
    void (async () => {
      for await (const m of sub) seen.push(m.string());
    })();
    const cases = [{ caseId: 1, index: 1, input: '1 2\n', output: '3\n', score: 100, groupNum: null }];
    await jetstream(nc).publish(SUBJECTS.job('practice'), JSON.stringify(makeJob('C', SLOW_AB, { cases }, 77)));
    await waitFor('judging to start', () => (seen.some((e) => e.includes(`"status":${JudgeStatus.JUDGING}`)) ? true : undefined), 60_000);
    signalGroup(first.child, 'SIGKILL');
    await first.exited;
    const left = await jobDirs();
    expect(left.some((n) => /^w24600-p\d+-s77-v1-/.test(n))).toBe(true);

    const t0 = Date.now();
    const second = spawnRunner(env());
    runners.push(second);
    await started(second);
    // Swept before the runner took any job.
    expect(second.output()).toMatch(/removed work dirs a killed runner left/);
    expect((await jobDirs()).filter((n) => left.includes(n))).toEqual([]);
    const judged = await waitFor(
      'the redelivered job to be judged',
      () => second.output().split('\n').find((l) => l.includes('"msg":"judged"')),
      60_000,
    );
    const line = JSON.parse(judged) as { time: number; timeMs: number; status: number; submissionId: number };
    expect(line.time).toBeGreaterThanOrEqual(t0);
    expect(line).toMatchObject({ status: JudgeStatus.ACCEPTED, submissionId: 77 });
    expect(line.timeMs).toBeGreaterThanOrEqual(0);
    sub.unsubscribe();
  }, 180_000);
});
