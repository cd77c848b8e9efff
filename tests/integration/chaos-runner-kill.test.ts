// Chaos: a judge runner process is killed (SIGKILL) in the middle of judging. The job stays unacked in JetStream,
// a second runner gets it, and the submission still reaches its final verdict — nothing is lost or stuck.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNatsBus, createServices, migrate, seed, type OjServices, type Viewer } from '@oj/services';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { waitFor } from '../support/live';
import { startTestNats, type TestNats } from '../support/nats';

const root = path.resolve(import.meta.dirname, '../..');
// Burns ~0.4 s of CPU per test case, then answers: long enough to be killed in the middle.
const SLOW_AB = `#include <cstdio>
int main() {
  volatile unsigned long x = 0;
  for (unsigned long i = 0; i < 400000000UL; i++) x += i;
  long long a, b;
  if (scanf("%lld %lld", &a, &b) != 2) return 1;
  printf("%lld\\n", a + b);
  return 0;
}
`;

function startRunnerProcess(natsUrl: string, id: string): ChildProcess {
  return spawn('pnpm', ['exec', 'tsx', 'judge-runner/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NATS_URL: natsUrl, OJ_RUNNER_ID: id, OJ_RUNNER_SLOTS: '1', OJ_RUNNER_ACK_WAIT_MS: '4000' },
    stdio: 'ignore',
    detached: true,
  });
}

function kill(p: ChildProcess, signal: NodeJS.Signals): void {
  if (!p.pid) return;
  try {
    process.kill(-p.pid, signal); // the whole group: pnpm, tsx and node
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
  }
}

describe('a runner killed mid-judge', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let services: OjServices;
  let bus: Awaited<ReturnType<typeof createNatsBus>>;
  const runners: ChildProcess[] = [];

  beforeAll(async () => {
    db = await startTestDatabase();
    nats = await startTestNats();
    await migrate(db.url);
    await seed(db.url, { adminPassword: 'chaos-pass' });
    bus = await createNatsBus({ url: nats.url });
    services = await createServices({ databaseUrl: db.url, transport: bus, config: { submitIntervalS: 0 } });
    await services.startWorkers();
  });

  afterAll(async () => {
    for (const r of runners) kill(r, 'SIGKILL');
    await services?.close();
    await bus?.close();
    await nats?.stop();
    await db?.stop();
  });

  it('still reaches its final verdict through another runner', async () => {
    const { sessionId, user } = await services.account.login('root', 'chaos-pass', '127.0.0.1');
    const viewer = (await services.account.verifySession(user.uid, sessionId)) as Viewer;
    expect(viewer).not.toBeNull();

    const first = startRunnerProcess(nats.url, 'runner-killed');
    runners.push(first);
    const sub = await services.submissions.submit({ pid: '1000', language: 'C++', code: SLOW_AB, cid: 0 }, viewer, '127.0.0.1');

    // Wait until the first runner is judging, with at least one case done, then kill it outright.
    await waitFor(
      'the first runner to be judging',
      async () => {
        const r = await services.submissions.caseResults(sub.submitId, viewer);
        const s = await services.submissions.detail(sub.submitId, viewer);
        return s.submission.status === 7 && r.judgeCaseList.length >= 1 ? true : undefined;
      },
      60_000,
    );
    kill(first, 'SIGKILL');
    const before = await services.submissions.detail(sub.submitId, viewer);
    expect(before.submission.status).toBe(7);

    // A second runner takes the redelivered job.
    runners.push(startRunnerProcess(nats.url, 'runner-second'));
    const final = await waitFor(
      'the final verdict',
      async () => {
        const s = await services.submissions.detail(sub.submitId, viewer);
        return s.submission.status === 7 || s.submission.status === 6 || s.submission.status === 5 ? undefined : s.submission;
      },
      90_000,
    );
    expect(final.status).toBe(0);
    expect(final.judger).toBe('runner-second');
    const cases = await services.submissions.caseResults(sub.submitId, viewer);
    expect(cases.judgeCaseList.length).toBeGreaterThanOrEqual(3);
    expect(cases.judgeCaseList.every((c) => c.status === 0)).toBe(true);
  }, 180_000);
});
