// The runner loop over a small in-process RunnerTransport (the interface's simplest implementation) and the
// real bwrap sandbox: ack after final, System Error for repeated deliveries, bad jobs and infrastructure faults.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, type JobDelivery, type JudgeEvent, type JudgeJob, type RunnerHeartbeat, type RunnerTransport } from '@oj/proto';
import { loadRunnerConfig } from './config';
import { makeJob, template } from './job-fixture';
import { detectLanguages, type LanguageDef } from './languages';
import { createRunnerLogger } from './logger';
import { startRunner } from './runner';
import { createSandboxFactory, type SandboxFactory } from './sandbox/index';

let root: string;
let sandboxes: SandboxFactory;
let languages: LanguageDef[];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'oj-runner-test-'));
  await chmod(root, 0o711);
  sandboxes = await createSandboxFactory({ driver: 'bwrap', cacheDir: path.join(root, 'cache'), uidBase: 28_100 });
  languages = await detectLanguages();
});

afterAll(async () => {
  await sandboxes.close();
  await rm(root, { recursive: true, force: true });
});

interface Outcome {
  acked: boolean;
  events: JudgeEvent[];
  /** Events published before the ack. */
  eventsAtAck: number;
}

/** Delivers each job once (with the given delivery count) and records what the runner does with it. */
async function feed(jobs: { job: unknown; deliveryCount?: number }[]): Promise<{ outcomes: Outcome[]; heartbeats: RunnerHeartbeat[] }> {
  const events: JudgeEvent[] = [];
  const heartbeats: RunnerHeartbeat[] = [];
  const outcomes: Outcome[] = [];
  let handler: ((d: JobDelivery) => Promise<void>) | null = null;
  const transport: RunnerTransport = {
    async consumeJobs(h) {
      handler = h;
      return { stop: async () => undefined };
    },
    async publishEvent(ev) {
      events.push(ev);
    },
    async heartbeat(hb) {
      heartbeats.push(hb);
    },
    async close() {},
  };
  const config = { ...loadRunnerConfig({ OJ_RUNNER_ID: 'unit-runner', OJ_RUNNER_WORK_DIR: path.join(root, 'work'), OJ_RUNNER_ACK_WAIT_MS: '3000' }), slots: 1 };
  const runner = await startRunner({ transport, config, logger: createRunnerLogger({ level: 'silent' }), sandboxes, languages });
  try {
    for (const { job, deliveryCount } of jobs) {
      const start = events.length;
      const outcome: Outcome = { acked: false, events: [], eventsAtAck: -1 };
      const delivery = {
        job: job as JudgeJob, // deliberately unchecked: the runner must decode it itself
        deliveryCount: deliveryCount ?? 1,
        ack: async () => {
          outcome.acked = true;
          outcome.eventsAtAck = events.length - start;
        },
        nak: async () => undefined,
        working: () => undefined,
      };
      await handler!(delivery);
      outcome.events = events.slice(start);
      outcomes.push(outcome);
    }
  } finally {
    await runner.stop();
  }
  return { outcomes, heartbeats };
}

describe('startRunner', () => {
  it('judges a job and acks only after its final event; heartbeats its languages and slots', async () => {
    const { outcomes, heartbeats } = await feed([{ job: makeJob('C', template('C')) }]);
    const [o] = outcomes;
    expect(o!.acked).toBe(true);
    expect(o!.events.at(-1)).toMatchObject({ kind: 'final', status: JudgeStatus.ACCEPTED, judger: 'unit-runner' });
    expect(o!.eventsAtAck).toBe(o!.events.length);
    expect(heartbeats[0]).toMatchObject({ runnerId: 'unit-runner', slots: 1, freeSlots: 1, languages: languages.map((l) => l.name) });
  });

  it('reports the job in its slot in a heartbeat sent when the slot is taken, and says goodbye when stopped', async () => {
    const slow = '#include <stdio.h>\n#include <unistd.h>\nint main(void) { int a, b; usleep(800000); if (scanf("%d %d", &a, &b) != 2) return 1; printf("%d\\n", a + b); return 0; }\n';
    const job = makeJob('C', slow, {}, 41);
    const { outcomes, heartbeats } = await feed([{ job }]);
    expect(outcomes[0]!.events.at(-1)).toMatchObject({ kind: 'final', status: JudgeStatus.ACCEPTED });
    // The timer's heartbeat is 5 s away: the busy one was sent because the slot was taken.
    const busy = heartbeats.find((hb) => hb.freeSlots === 0);
    expect(busy?.jobs).toEqual([{ submitId: 41, problemId: job.problem.problemId, startedAt: expect.any(Number) }]);
    expect(heartbeats.at(-1)).toMatchObject({ leaving: true, freeSlots: 1, jobs: [] });
  });

  it('ends a job delivered more than 3 times as System Error without running it', async () => {
    const { outcomes } = await feed([{ job: makeJob('C', template('C'), {}, 7), deliveryCount: 4 }]);
    expect(outcomes[0]).toMatchObject({ acked: true, events: [expect.objectContaining({ kind: 'final', status: JudgeStatus.SYSTEM_ERROR, submitId: 7, errorMessage: 'judging failed repeatedly' })] });
  });

  it('drops a malformed job: System Error when its submission can be told, nothing otherwise; acked either way', async () => {
    const { outcomes } = await feed([{ job: { submitId: 8, version: 2, code: 5 } }, { job: { nonsense: true } }]);
    expect(outcomes[0]).toMatchObject({ acked: true, events: [expect.objectContaining({ kind: 'final', status: JudgeStatus.SYSTEM_ERROR, submitId: 8, version: 2 })] });
    expect(outcomes[1]).toMatchObject({ acked: true, events: [] });
  });

  it('turns an infrastructure fault into a System Error final', async () => {
    const { outcomes } = await feed([{ job: makeJob('Python2', 'print 1', {}, 9) }]);
    expect(outcomes[0]!.acked).toBe(true);
    expect(outcomes[0]!.events.at(-1)).toMatchObject({ kind: 'final', status: JudgeStatus.SYSTEM_ERROR, submitId: 9 });
  });
});
