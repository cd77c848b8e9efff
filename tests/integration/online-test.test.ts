// The online test and the queue lanes through the REAL judge runner (bubblewrap sandbox) on real PostgreSQL,
// on BOTH buses (a real nats-server with JetStream, and the in-process MemoryBus): a test job is compiled
// and run once and its result pushed on `test-judge:<key>`; a rejudge of a whole problem does not delay a
// practice submission made after it.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { isInProgress, JudgeStatus, LOCAL_LANGUAGES, type PushMessage, type RunnerTransport, type TestJudgeResult, topics } from '@oj/proto';
import { createMemoryBus, createNatsBus, createServices, migrate, seed, silentLogger, type OjServicesImpl, type Viewer } from '@oj/services';
import { createNatsRunnerTransport, createRunnerLogger, loadRunnerConfig, startRunner, type Runner } from '@oj/judge-runner';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { startTestNats, type TestNats } from '../support/nats';

const C_AB = LOCAL_LANGUAGES.find((l) => l.name === 'C')!.template;
const logger = createRunnerLogger({ level: 'silent' });

async function eventually<T>(fn: () => Promise<T | null | undefined | false> | T | null | undefined | false, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each([
  ['nats bus', 'nats'],
  ['memory bus', 'memory'],
] as const)('online test and lanes through the real runner on the %s', (_name, kind) => {
  let pg: TestDatabase;
  let nats: TestNats | undefined;
  let sql: postgres.Sql;
  let dir: string;
  let services: OjServicesImpl;
  let runner: Runner;
  let runnerTransport: RunnerTransport;
  let closeBus: () => Promise<void>;
  let user: Viewer;
  let root: Viewer;
  const pushes: PushMessage[] = [];

  async function viewerOf(name: string, password: string): Promise<Viewer> {
    const { user: u, sessionId } = await services.account.login(name, password, '127.0.0.1');
    return (await services.account.verifySession(u.uid, sessionId))!;
  }

  beforeAll(async () => {
    pg = await startTestDatabase();
    await migrate(pg.url);
    await seed(pg.url, { adminPassword: 'root-pass-1' });
    sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    dir = await mkdtemp(path.join(os.tmpdir(), 'oj-online-test-'));
    await chmod(dir, 0o711);
    const config = loadRunnerConfig({ OJ_RUNNER_ID: `rt-${kind}`, OJ_RUNNER_WORK_DIR: path.join(dir, 'work'), OJ_SANDBOX: 'bwrap', OJ_RUNNER_SLOTS: '1', OJ_SANDBOX_UID_BASE: kind === 'nats' ? '26100' : '26200' });
    let servicesTransport;
    if (kind === 'nats') {
      nats = await startTestNats();
      const bus = await createNatsBus({ url: nats.url, logger: silentLogger() });
      runnerTransport = await createNatsRunnerTransport({ url: nats.url, runnerId: config.runnerId, logger });
      servicesTransport = bus;
      await bus.subscribePush((m) => pushes.push(m));
      closeBus = () => bus.close();
    } else {
      const bus = createMemoryBus({ logger: silentLogger() });
      runnerTransport = bus;
      servicesTransport = bus;
      await bus.subscribePush((m) => pushes.push(m));
      closeBus = () => bus.close();
    }
    services = await createServices({ databaseUrl: pg.url, transport: servicesTransport, logger: silentLogger(), config: { submitIntervalS: 0 } });
    await services.startWorkers();
    runner = await startRunner({ transport: runnerTransport, config, logger });
    await services.account.createUser({ username: 'ot_user', password: 'password1' });
    user = await viewerOf('ot_user', 'password1');
    root = await viewerOf('root', 'root-pass-1');
  }, 120_000);

  afterAll(async () => {
    await runner?.stop();
    if (kind === 'nats') await runnerTransport?.close();
    await services?.close();
    await closeBus?.();
    await sql?.end();
    await nats?.stop();
    await pg?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function runTest(code: string, userInput: string, expectedOutput?: string): Promise<TestJudgeResult> {
    const key = await services.testJudge.submit({ pid: '1000', language: 'C', code, userInput, expectedOutput, type: 'public' }, user);
    // The push arrives on test-judge:<key>; REST then answers it once.
    const pushed = await eventually(() => pushes.find((m) => m.topic === topics.testJudge(key)));
    expect(pushed.event).toBe('test-judge.result');
    const result = await services.testJudge.result(key, user);
    expect(result).toEqual(pushed.data);
    await expect(services.testJudge.result(key, user)).rejects.toMatchObject({ code: 'TEST_JUDGE_NOT_FOUND' });
    return result;
  }

  it('runs the code on the custom input and compares with the expected output when given', async () => {
    const ac = await runTest(C_AB, '20 22\n', '42');
    expect(ac).toMatchObject({ status: JudgeStatus.ACCEPTED, userInput: '20 22\n', userOutput: '42\n', expectedOutput: '42', problemJudgeMode: 'default' });
    expect(ac.time).toBeGreaterThanOrEqual(0);
    expect(ac.memory).toBeGreaterThan(0);

    const wa = await runTest(C_AB, '1 1\n', '3');
    expect(wa).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, userOutput: '2\n' });

    const free = await runTest(C_AB, '5 6\n');
    expect(free).toMatchObject({ status: JudgeStatus.ACCEPTED, userOutput: '11\n' });

    const ce = await runTest('int main( { return 0; } /* padding to pass the minimum code length rule */', '1 2\n');
    expect(ce.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(ce.stderr).toMatch(/error/i);
  });

  it('a rejudge of a whole problem does not delay a practice submission', async () => {
    const N = 8;
    const ids: number[] = [];
    for (let i = 0; i < N; i++) ids.push((await services.submissions.submit({ pid: '1000', language: 'C', code: `${C_AB}\n/* ${i} */\n`, cid: 0 }, user, '127.0.0.1')).submitId);
    await eventually(async () => (await sql`select count(*)::int as n from judge where submit_id = any(${ids}) and status in (5, 6, 7)`)[0]!.n === 0);
    const [p] = await sql`select id from problems where problem_id = '1000'`;
    const finals: number[] = [];
    const seen = pushes.length;
    const { count } = await services.judgeAdmin.rejudgeProblem(p!.id as number, root);
    expect(count).toBeGreaterThanOrEqual(N);
    const practice = (await services.submissions.submit({ pid: '1000', language: 'C', code: `${C_AB}\n/* practice */\n`, cid: 0 }, user, '127.0.0.1')).submitId;
    await eventually(async () => (await sql`select count(*)::int as n from judge where pid = ${p!.id} and status in (5, 6, 7)`)[0]!.n === 0);
    // The last final's push may still be on its way when its row is stored.
    const finalPushes = () => {
      finals.length = 0;
      for (const m of pushes.slice(seen)) {
        const d = m.data as { submitId: number; status: number };
        if (m.topic === topics.submission(d.submitId) && m.event === 'submission.status' && !isInProgress(d.status)) finals.push(d.submitId);
      }
      return finals.length;
    };
    await eventually(() => finalPushes() >= count + 1, 10_000).catch(() => {});
    expect(finals).toHaveLength(count + 1);
    // One slot: at most the rejudge job already running finishes before the practice one.
    expect(finals.indexOf(practice)).toBeLessThanOrEqual(1);
    const statuses = await sql`select status from judge where submit_id = any(${ids})`;
    expect(statuses.every((r) => r.status === JudgeStatus.ACCEPTED)).toBe(true);
  });
});
