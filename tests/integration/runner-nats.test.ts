// The judge runner against a real nats-server: a job published on JUDGE_JOBS is judged, its events land on
// JUDGE_RESULTS and the job is acked; a runner killed mid-job leaves the job to a second runner.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJson, JudgeEvent, JudgeStatus, LOCAL_LANGUAGES, STREAMS, SUBJECTS, type JudgeJob } from '@oj/proto';
import { createNatsRunnerTransport, createRunnerLogger, laneConsumerName, loadRunnerConfig, startRunner, type Runner } from '@oj/judge-runner';
import type { RunnerTransport } from '@oj/proto';
import { makeJob } from '@oj/judge-runner/testing';
import { startTestNats, type TestNats } from '../support/nats';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const ACK_WAIT_MS = 2000;
let nats: TestNats;
let nc: NatsConnection;
let js: JetStreamClient;
let jsm: JetStreamManager;
let root: string;
const logger = createRunnerLogger({ level: 'silent' });

beforeAll(async () => {
  nats = await startTestNats();
  nc = await connect({ servers: nats.url });
  js = jetstream(nc);
  jsm = await jetstreamManager(nc);
  root = await mkdtemp(path.join(os.tmpdir(), 'oj-runner-nats-'));
  await chmod(root, 0o711);
});

afterAll(async () => {
  await nc?.close();
  await nats?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

function job(submitId: number, code: string, language = 'C'): JudgeJob {
  const cases = [
    { caseId: 1, index: 1, input: '1 2\n', output: '3\n', score: 50, groupNum: null },
    { caseId: 2, index: 2, input: '5 5\n', output: '10\n', score: 50, groupNum: null },
  ];
  return makeJob(language, code, { cases }, submitId);
}

function runnerConfig(id: string, uidBase: number) {
  return loadRunnerConfig({
    NATS_URL: nats.url,
    OJ_RUNNER_ID: id,
    OJ_RUNNER_WORK_DIR: path.join(root, id),
    OJ_RUNNER_ACK_WAIT_MS: String(ACK_WAIT_MS),
    OJ_SANDBOX_UID_BASE: String(uidBase),
    OJ_SANDBOX: 'bwrap',
  });
}

async function startInProcessRunner(id: string, uidBase: number): Promise<{ runner: Runner; transport: RunnerTransport }> {
  const config = runnerConfig(id, uidBase);
  const transport = await createNatsRunnerTransport({ url: nats.url, ackWaitMs: ACK_WAIT_MS, runnerId: id, logger });
  const runner = await startRunner({ transport, config, logger });
  return { runner, transport };
}

/** Collects the events of one submission from JUDGE_RESULTS, in order, until `until` is satisfied (bounded). */
async function eventsOf(submitId: number, until: (events: JudgeEvent[]) => boolean, timeoutMs = 45_000): Promise<JudgeEvent[]> {
  const consumer = await js.consumers.get(STREAMS.results, { filter_subjects: SUBJECTS.result(submitId) });
  const messages = await consumer.consume();
  const events: JudgeEvent[] = [];
  const timer = setTimeout(() => void messages.close(), timeoutMs);
  try {
    for await (const m of messages) {
      events.push(decodeJson(JudgeEvent, m.data));
      if (until(events)) break;
    }
  } finally {
    clearTimeout(timer);
    await messages.close();
  }
  return events;
}

const hasFinal = (events: JudgeEvent[]) => events.some((e) => e.kind === 'final');

/** Waits (bounded) until the jobs stream is empty: a work-queue stream drops a message when it is acked. */
async function jobsAcked(): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    const info = await jsm.streams.info(STREAMS.jobs);
    if (info.state.messages === 0) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

const C_AB = LOCAL_LANGUAGES.find((l) => l.name === 'C')!.template;

describe('judge runner on NATS JetStream', () => {
  it('judges a published job: status, case and final events on JUDGE_RESULTS, and the job is acked', async () => {
    const { runner, transport } = await startInProcessRunner('runner-a', 23_000);
    try {
      await js.publish(SUBJECTS.job('practice'), JSON.stringify(job(1, C_AB)));
      const events = await eventsOf(1, hasFinal);
      expect(events.map((e) => (e.kind === 'status' ? `status:${e.status}` : e.kind))).toEqual(['status:6', 'status:7', 'case', 'case', 'final']);
      expect(events.every((e) => e.judger === 'runner-a' && e.submitId === 1 && e.version === 1)).toBe(true);
      expect(events.at(-1)).toMatchObject({ kind: 'final', status: JudgeStatus.ACCEPTED });
      expect(await jobsAcked()).toBe(true);
      const info = await jsm.consumers.info(STREAMS.jobs, laneConsumerName('practice'));
      expect(info.num_ack_pending).toBe(0);
    } finally {
      await runner.stop();
      await transport.close();
    }
  }, 90_000);

  it('a malformed job is dropped with a System Error final when its submission can be told', async () => {
    const { runner, transport } = await startInProcessRunner('runner-b', 23_000);
    try {
      await js.publish(SUBJECTS.job('contest'), JSON.stringify({ submitId: 2, version: 1, language: 42 }));
      const events = await eventsOf(2, hasFinal);
      expect(events).toEqual([expect.objectContaining({ kind: 'final', status: JudgeStatus.SYSTEM_ERROR, submitId: 2 })]);
      expect(await jobsAcked()).toBe(true);
    } finally {
      await runner.stop();
      await transport.close();
    }
  }, 60_000);

  it('a runner killed mid-job: a second runner gets the redelivery and the final verdict arrives', async () => {
    // Sleeps 2.5 s of wall time (under the 4 s wall limit) in the first case: plenty of time to kill the runner.
    const slow = '#include <stdio.h>\n#include <unistd.h>\nint main(){int a,b;scanf("%d %d",&a,&b);usleep(2500000);printf("%d\\n",a+b);return 0;}\n';
    const cfg = runnerConfig('victim', 23_100);
    let output = '';
    const victim: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(REPO, 'judge-runner/src/main.ts')], {
      cwd: REPO,
      env: {
        PATH: process.env.PATH,
        NATS_URL: nats.url,
        OJ_RUNNER_ID: 'victim',
        OJ_RUNNER_WORK_DIR: cfg.workDir,
        OJ_RUNNER_ACK_WAIT_MS: String(ACK_WAIT_MS),
        OJ_SANDBOX_UID_BASE: '23100',
        OJ_SANDBOX: 'bwrap',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    victim.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    victim.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    let rescuer: { runner: Runner; transport: RunnerTransport } | undefined;
    try {
      await js.publish(SUBJECTS.job('practice'), JSON.stringify(job(3, slow)));
      const started = await eventsOf(3, (ev) => ev.some((e) => e.kind === 'status' && e.status === JudgeStatus.JUDGING), 60_000);
      expect(started.at(-1), output).toMatchObject({ kind: 'status', status: JudgeStatus.JUDGING, judger: 'victim' });
      victim.kill('SIGKILL');
      await new Promise((r) => victim.once('exit', r));

      rescuer = await startInProcessRunner('rescuer', 23_200);
      const events = await eventsOf(3, (ev) => ev.some((e) => e.kind === 'final'), 60_000);
      const final = events.find((e) => e.kind === 'final');
      expect(final).toMatchObject({ status: JudgeStatus.ACCEPTED, judger: 'rescuer' });
      expect(events.some((e) => e.kind === 'case' && e.judger === 'victim')).toBe(false);
      expect(await jobsAcked()).toBe(true);
    } finally {
      if (victim.exitCode === null && victim.signalCode === null) victim.kill('SIGKILL');
      await rescuer?.runner.stop();
      await rescuer?.transport.close();
    }
  }, 120_000);
});
