// Fault 3 (issue 16): a runner paused (SIGSTOP: a long GC, a VM freeze) past its ack wait loses the job to another
// runner; when it resumes and publishes for the delivery it no longer holds, the ingester keeps the newer delivery's
// cases and verdict.
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJson, JudgeEvent, JudgeStatus, SUBJECTS } from '@oj/proto';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { startTestNats, type TestNats } from '../support/nats';
import { waitFor } from '../support/live';
import { finalOf, signalGroup, spawnRunner, startInProcessRunner, startJudgeServices, submitAb, workRoot, type InProcessRunner, type JudgeServices, type RunnerProcess } from './reliability-fixture';

// Sleeps 2.5 s of wall time in every case (under the 4 s wall limit): a case is long enough to pause the runner in.
const SLOW_AB = '#include <stdio.h>\n#include <unistd.h>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);usleep(2500000);printf("%lld\\n",a+b);return 0;}\n';

/** The paused runner's slot 0 runs its programs as this uid (OJ_SANDBOX_UID_BASE below). */
const PAUSED_UID = 24100;

/** A submission's program (`/w/main`, its command `main`) runs as `uid` on this machine. */
function programRunningAs(uid: number): boolean {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      if (/^Name:\s+main$/m.test(status) && new RegExp(`^Uid:\\s+${uid}\\s`, 'm').test(status)) return true;
    } catch {
      // gone meanwhile
    }
  }
  return false;
}

let db: TestDatabase;
let nats: TestNats;
let s: JudgeServices;
let root: string;
let nc: NatsConnection;
let paused: RunnerProcess | undefined;
let rescuer: InProcessRunner | undefined;

beforeAll(async () => {
  db = await startTestDatabase();
  nats = await startTestNats();
  s = await startJudgeServices(db.url, nats.url);
  root = await workRoot('oj-rel-fence-');
  nc = await connect({ servers: nats.url });
}, 120_000);

afterAll(async () => {
  if (paused) {
    signalGroup(paused.child, 'SIGCONT');
    signalGroup(paused.child, 'SIGKILL');
  }
  await rescuer?.stop();
  await s?.close();
  await nc?.close();
  await nats?.stop();
  await db?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a paused runner that resumes', () => {
  it('cannot overwrite the cases or the verdict of the runner that took its job over', async () => {
    paused = spawnRunner({ NATS_URL: nats.url, OJ_RUNNER_ID: 'paused', OJ_RUNNER_WORK_DIR: path.join(root, 'paused'), OJ_RUNNER_ACK_WAIT_MS: '2000', OJ_SANDBOX_UID_BASE: String(PAUSED_UID) });
    await waitFor('the first runner to start', () => (/judge runner started/.test(paused!.output()) ? true : undefined), 60_000);
    // Every event of the submission as the runners publish it (a core subscription sees JetStream publishes too).
    const events: JudgeEvent[] = [];
    const id = await submitAb(s, SLOW_AB);
    const sub = nc.subscribe(SUBJECTS.result(id));
    void (async () => {
      for await (const m of sub) events.push(decodeJson(JudgeEvent, m.data));
    })();
    await waitFor('the first runner to be judging', () => (events.some((e) => e.kind === 'status' && e.status === JudgeStatus.JUDGING) ? true : undefined), 60_000);
    // Paused while its first case's program runs (its sandbox is a process group of its own, so the case goes on): then
    // it has one case less to run than the rescuer when it resumes, and finishes first. Paused between Judging and the
    // case's start, it would have as many and lose the race (CI saw it once).
    await waitFor('the first case to be running', () => (programRunningAs(PAUSED_UID) ? true : undefined), 60_000);
    signalGroup(paused.child, 'SIGSTOP');

    // Another runner gets the job once the paused one's ack wait has run out.
    rescuer = await startInProcessRunner(nats.url, 'rescuer', { OJ_RUNNER_WORK_DIR: path.join(root, 'rescuer'), OJ_RUNNER_ACK_WAIT_MS: '2000', OJ_SANDBOX_UID_BASE: '24200' });
    await waitFor('the rescuer to start judging', () => (events.some((e) => e.judger === 'rescuer') ? true : undefined), 60_000);
    // The paused runner wakes while the rescuer is still judging, and finishes first (its wall clock ran on).
    signalGroup(paused.child, 'SIGCONT');
    await waitFor('the paused runner to publish its final', () => (events.some((e) => e.judger === 'paused' && e.kind === 'final') ? true : undefined), 60_000);
    expect(events.some((e) => e.judger === 'rescuer' && e.kind === 'final')).toBe(false);

    const final = await finalOf(s, id, 90_000);
    expect(final).toMatchObject({ status: JudgeStatus.ACCEPTED, judger: 'rescuer' });
    const cases = await s.services.submissions.caseResults(id, s.viewer);
    expect(cases.judgeCaseList.length).toBeGreaterThanOrEqual(1);
    expect(cases.judgeCaseList.every((c) => c.status === JudgeStatus.ACCEPTED)).toBe(true);
    // Each event named its delivery: the paused runner's the first, the rescuer's a later one.
    expect(events.find((e) => e.judger === 'paused' && e.kind === 'final')!.attempt).toEqual({ requeue: 0, delivery: 1 });
    expect(events.find((e) => e.judger === 'rescuer' && e.kind === 'final')!.attempt?.delivery).toBeGreaterThan(1);
    sub.unsubscribe();
  }, 180_000);
});
