// Rejudge, cancel, manual judge, resubmit and the queue position, on the real services and PostgreSQL, with
// a hand-driven runner, on BOTH buses (the in-process MemoryBus and a real nats-server with JetStream):
// versions and lanes of the re-enqueued jobs, live status pushes, problem counters corrected after each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { JudgeStatus, ProblemType, type CaseResult, type JudgeJob, type PushMessage, topics } from '@oj/proto';
import { createServices, migrate, seed, silentLogger, type OjServicesImpl, type Viewer } from '@oj/services';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { startTestNats, type TestNats } from '../support/nats';
import { errorCode, eventually, memoryHarness, natsHarness, type Harness } from '../support/bus-harness';

const CODE = '#include <cstdio>\nint main() { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); return 0; }\n';

describe.each([
  ['memory bus', 'memory'],
  ['nats bus', 'nats'],
] as const)('judge administration on the %s', (_name, kind) => {
  let pg: TestDatabase;
  let nats: TestNats | undefined;
  let sql: postgres.Sql;
  let h: Harness;
  let services: OjServicesImpl;
  const pushes: PushMessage[] = [];
  let root: Viewer;
  let user: Viewer;

  async function viewerOf(name: string, password: string): Promise<Viewer> {
    const { user: u, sessionId } = await services.account.login(name, password, '127.0.0.1');
    return (await services.account.verifySession(u.uid, sessionId))!;
  }
  const judgeRow = async (submitId: number) => (await sql`select * from judge where submit_id = ${submitId}`)[0]!;
  const counters = async (problemId: string) => (await sql`select total, ac, wa, tle, mle, re, pe, ce, se, pa from problems where problem_id = ${problemId}`)[0]!;
  const caseCount = async (submitId: number) => Number((await sql`select count(*)::int as n from judge_case where submit_id = ${submitId}`)[0]!.n);
  const caseResult = (c: Partial<CaseResult> & { caseId: number; index: number }): CaseResult => ({
    status: JudgeStatus.ACCEPTED,
    time: 3,
    memory: 1024,
    score: 10,
    groupNum: null,
    userOutput: 'out',
    ...c,
  });

  /** Plays a runner judging `job` to `status` with one case; resolves once the final is stored. */
  async function judgeTo(job: JudgeJob, status: number, score: number | null = null) {
    const head = { submitId: job.submitId, version: job.version, judger: 'hand-runner' };
    const c = caseResult({ caseId: job.problem.cases[0]!.caseId, index: 1, status });
    await h.publishEvent({ kind: 'status', ...head, status: JudgeStatus.COMPILING, casesTotal: 1 });
    await h.publishEvent({ kind: 'case', ...head, total: 1, case: c });
    await h.publishEvent({ kind: 'final', ...head, status, score, time: 3, memory: 1024, errorMessage: null, cases: [c] });
    await eventually(async () => (await judgeRow(job.submitId)).status === status && (await judgeRow(job.submitId)).version === job.version);
  }

  async function submitAndJudge(pid: string, status: number, by = user) {
    const s = await services.submissions.submit({ pid, language: 'C++', code: CODE, cid: 0 }, by, '127.0.0.1');
    const job = await h.takeJob();
    expect(job.submitId).toBe(s.submitId);
    await judgeTo(job, status);
    return s.submitId;
  }

  beforeAll(async () => {
    pg = await startTestDatabase();
    await migrate(pg.url);
    await seed(pg.url, { adminPassword: 'root-pass-1' });
    sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    if (kind === 'nats') nats = await startTestNats();
    h = kind === 'memory' ? await memoryHarness() : await natsHarness(nats!);
    await h.transport.subscribePush((m) => pushes.push(m));
    services = await createServices({
      databaseUrl: pg.url,
      transport: h.transport,
      logger: silentLogger(),
      config: { submitIntervalS: 0, outboxIntervalMs: 3_600_000, maintenanceIntervalMs: 3_600_000 },
    });
    await services.startWorkers();
    root = await viewerOf('root', 'root-pass-1');
    await services.account.createUser({ username: `ja_user_${kind}`, password: 'password1' });
    user = await viewerOf(`ja_user_${kind}`, 'password1');
  });

  afterAll(async () => {
    await services?.close();
    await h?.close();
    await sql?.end();
    await nats?.stop();
    await pg?.stop();
  });

  it('rejudge bumps the version, drops the old cases, re-enqueues on the rejudge lane, pushes progress and corrects the counters', async () => {
    const before = await counters('1000');
    const submitId = await submitAndJudge('1000', JudgeStatus.WRONG_ANSWER);
    expect(await caseCount(submitId)).toBe(1);
    const afterWa = await counters('1000');
    expect(afterWa.total - before.total).toBe(1);
    expect(afterWa.wa - before.wa).toBe(1);

    const seen = pushes.length;
    const r = await services.judgeAdmin.rejudge(submitId, root);
    expect(r).toMatchObject({ submitId, status: JudgeStatus.PENDING, version: 2, isManual: false, score: null });
    expect(await caseCount(submitId)).toBe(0);
    expect((await judgeRow(submitId)).lane).toBe('rejudge');
    const job = await h.takeJob();
    expect(job).toMatchObject({ submitId, version: 2, lane: 'rejudge' });
    await eventually(async () => pushes.slice(seen).some((m) => m.topic === topics.submission(submitId) && (m.data as { status: number }).status === JudgeStatus.PENDING));

    // An event of the superseded attempt changes nothing.
    await h.publishEvent({ kind: 'final', submitId, version: 1, judger: 'old', status: JudgeStatus.ACCEPTED, score: null, time: 1, memory: 1, errorMessage: null, cases: [] });
    await judgeTo(job, JudgeStatus.ACCEPTED);
    const live = pushes.slice(seen).filter((m) => m.topic === topics.submission(submitId));
    expect(live.map((m) => m.event)).toContain('submission.case');
    expect((live.at(-1)!.data as { status: number }).status).toBe(JudgeStatus.ACCEPTED);
    const afterAc = await counters('1000');
    expect(afterAc.total).toBe(afterWa.total);
    expect(afterAc.wa - afterWa.wa).toBe(-1);
    expect(afterAc.ac - afterWa.ac).toBe(1);
  });

  it('only root with the rejudge permission may rejudge, cancel or manually judge', async () => {
    const submitId = await submitAndJudge('1000', JudgeStatus.ACCEPTED);
    await services.account.createUser({ username: `ja_admin_${kind}`, password: 'password1', roles: ['admin'] });
    const admin = await viewerOf(`ja_admin_${kind}`, 'password1');
    for (const v of [user, admin]) {
      expect(await errorCode(services.judgeAdmin.rejudge(submitId, v))).toBe('AUTH_FORBIDDEN');
      expect(await errorCode(services.judgeAdmin.cancel(submitId, v))).toBe('AUTH_FORBIDDEN');
      expect(await errorCode(services.judgeAdmin.manualJudge({ submitId, status: JudgeStatus.WRONG_ANSWER }, v))).toBe('AUTH_FORBIDDEN');
      expect(await errorCode(services.judgeAdmin.rejudgeProblem(1, v))).toBe('AUTH_FORBIDDEN');
    }
    expect(await errorCode(services.judgeAdmin.rejudge(999_999, root))).toBe('SUBMISSION_NOT_FOUND');
  });

  it('cancel ends a pending submission as Cancelled and ignores what its runner still sends', async () => {
    const s = await services.submissions.submit({ pid: '1000', language: 'C++', code: CODE, cid: 0 }, user, '127.0.0.1');
    const job = await h.takeJob();
    const before = await counters('1000');
    const c = await services.judgeAdmin.cancel(s.submitId, root);
    expect(c).toMatchObject({ status: JudgeStatus.CANCELLED, isManual: true, judger: 'root' });
    const head = { submitId: job.submitId, version: job.version, judger: 'late' };
    await h.publishEvent({ kind: 'status', ...head, status: JudgeStatus.JUDGING, casesTotal: 1 });
    await h.publishEvent({ kind: 'final', ...head, status: JudgeStatus.ACCEPTED, score: null, time: 1, memory: 1, errorMessage: null, cases: [] });
    // A later submission's final proves the ingester has gone past the late events.
    await submitAndJudge('1000', JudgeStatus.ACCEPTED);
    expect((await judgeRow(s.submitId)).status).toBe(JudgeStatus.CANCELLED);
    const after = await counters('1000');
    expect(after.total - before.total).toBe(2); // the cancelled one and the later one
    expect(after.ac - before.ac).toBe(1);
    expect(await errorCode(services.judgeAdmin.cancel(s.submitId, root))).toBe('JUDGE_ALREADY_CANCELLED');
  });

  it('manual judge: allowed statuses only, never on Compile Error or while judging; OI score clamped; counters moved', async () => {
    const ce = await submitAndJudge('1000', JudgeStatus.COMPILE_ERROR);
    expect(await errorCode(services.judgeAdmin.manualJudge({ submitId: ce, status: JudgeStatus.ACCEPTED }, root))).toBe('JUDGE_COMPILE_ERROR_FIXED');
    const wa = await submitAndJudge('1000', JudgeStatus.WRONG_ANSWER);
    for (const status of [JudgeStatus.PENDING, JudgeStatus.JUDGING, JudgeStatus.CANCELLED, JudgeStatus.COMPILE_ERROR, JudgeStatus.NOT_SUBMITTED, 42]) {
      expect(await errorCode(services.judgeAdmin.manualJudge({ submitId: wa, status }, root))).toBe('JUDGE_STATUS_NOT_ALLOWED');
    }
    const before = await counters('1000');
    const seen = pushes.length;
    const m = await services.judgeAdmin.manualJudge({ submitId: wa, status: JudgeStatus.ACCEPTED, score: 50 }, root);
    // ACM problem: the score is not taken.
    expect(m).toMatchObject({ status: JudgeStatus.ACCEPTED, isManual: true, judger: 'root', score: null, oiRankScore: null });
    const after = await counters('1000');
    expect([after.total - before.total, after.wa - before.wa, after.ac - before.ac]).toEqual([0, -1, 1]);
    await eventually(async () => pushes.slice(seen).some((p) => p.topic === topics.submission(wa) && (p.data as { isManual: boolean }).isManual));

    const pending = await services.submissions.submit({ pid: '1000', language: 'C++', code: CODE, cid: 0 }, user, '127.0.0.1');
    expect(await errorCode(services.judgeAdmin.manualJudge({ submitId: pending.submitId, status: JudgeStatus.ACCEPTED }, root))).toBe('JUDGE_IN_PROGRESS');
    await judgeTo(await h.takeJob(), JudgeStatus.ACCEPTED);

    const [oi] = await sql`select problem_id, difficulty, io_score from problems where type = ${ProblemType.OI} limit 1`;
    const oiSubmit = await submitAndJudge(oi!.problem_id as string, JudgeStatus.PARTIAL_ACCEPTED);
    const clamped = await services.judgeAdmin.manualJudge({ submitId: oiSubmit, status: JudgeStatus.ACCEPTED, score: 10_000 }, root);
    const io = oi!.io_score as number;
    expect(clamped.score).toBe(io);
    expect(clamped.oiRankScore).toBe(Math.round(2 * (oi!.difficulty as number) + 0.1 * io));
  });

  it('resubmit is for the submitter of a failed submit only', async () => {
    const ok = await submitAndJudge('1000', JudgeStatus.ACCEPTED);
    expect(await errorCode(services.judgeAdmin.resubmit(ok, user))).toBe('RESUBMIT_NOT_ALLOWED');
    await sql`update judge set status = ${JudgeStatus.SUBMITTED_FAILED} where submit_id = ${ok}`;
    expect(await errorCode(services.judgeAdmin.resubmit(ok, root))).toBe('AUTH_FORBIDDEN');
    const r = await services.judgeAdmin.resubmit(ok, user);
    expect(r.status).toBe(JudgeStatus.PENDING);
    const job = await h.takeJob();
    expect(job).toMatchObject({ submitId: ok, lane: 'practice', version: r.version });
    await judgeTo(job, JudgeStatus.ACCEPTED);
  });

  it('rejudge of a problem re-enqueues every submission behind practice work, and the queue position shows it', async () => {
    const ids = [await submitAndJudge('1002', JudgeStatus.TIME_LIMIT_EXCEEDED), await submitAndJudge('1002', JudgeStatus.ACCEPTED)];
    const [p] = await sql`select id from problems where problem_id = '1002'`;
    const res = await services.judgeAdmin.rejudgeProblem(p!.id as number, root);
    expect(res.count).toBeGreaterThanOrEqual(2);
    const practice = await services.submissions.submit({ pid: '1000', language: 'C++', code: CODE, cid: 0 }, user, '127.0.0.1');
    // Practice is ahead of every rejudge job in the queue.
    expect((await services.submissions.detail(practice.submitId, user)).queuePosition).toBe(1);
    const rejudged = await services.submissions.detail(ids[1]!, root);
    expect(rejudged.queuePosition).toBe(3);
    // Other users do not see a queue position.
    expect((await services.submissions.detail(ids[1]!, null)).queuePosition).toBeUndefined();

    const jobs: JudgeJob[] = [];
    for (let i = 0; i < res.count + 1; i++) jobs.push(await h.takeJob());
    expect(jobs.filter((j) => j.lane === 'rejudge').map((j) => j.submitId).sort()).toEqual([...ids].sort());
    for (const j of jobs) await judgeTo(j, JudgeStatus.ACCEPTED);
    expect(await counters('1002')).toMatchObject({ tle: 0 });
  });
});
