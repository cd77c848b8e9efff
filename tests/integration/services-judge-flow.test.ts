// submit → outbox → job on the bus → judge events (fed by hand, as a runner would publish them) →
// ingester persistence, counters, push seqs, idempotency, replay, stall watchdog. Run on BOTH buses:
// the in-process MemoryBus and a real nats-server with JetStream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import {
  decode,
  JudgeStatus,
  SubmissionCaseData,
  SubmissionStatusData,
  type CaseResult,
  type JudgeJob,
  type Lane,
  type PushMessage,
  type ServicesTransport,
  topics,
} from '@oj/proto';
import { createServices, migrate, seed, silentLogger, type OjServicesImpl, type Viewer } from '@oj/services';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { startTestNats, type TestNats } from '../support/nats';
import { errorCode, eventually, memoryHarness, natsHarness, type Harness } from '../support/bus-harness';

const CODE = '#include <cstdio>\nint main() { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); return 0; }\n';

describe.each([
  ['memory bus', 'memory'],
  ['nats bus', 'nats'],
] as const)('judge flow on the %s', (_name, kind) => {
  let pg: TestDatabase;
  let nats: TestNats | undefined;
  let sql: postgres.Sql;
  let h: Harness;
  let services: OjServicesImpl;
  const pushes: PushMessage[] = [];
  let failNextEnqueue = false;
  const viewers: Viewer[] = [];

  async function newViewer(name: string): Promise<Viewer> {
    const u = await services.account.createUser({ username: name, password: 'password1' });
    const { sessionId } = await services.account.login(name, 'password1', '127.0.0.1');
    const v = (await services.account.verifySession(u.uid, sessionId))!;
    viewers.push(v);
    return v;
  }

  const judgeRow = async (submitId: number) => (await sql`select * from judge where submit_id = ${submitId}`)[0]!;
  const counters = async (problemId: string) =>
    (await sql`select total, ac, wa, tle, mle, re, pe, ce, se, pa from problems where problem_id = ${problemId}`)[0]!;
  const caseResult = (c: Partial<CaseResult> & { caseId: number; index: number }): CaseResult => ({
    status: JudgeStatus.ACCEPTED,
    time: 3,
    memory: 1024,
    score: 20,
    groupNum: null,
    userOutput: 'out',
    ...c,
  });

  beforeAll(async () => {
    pg = await startTestDatabase();
    await migrate(pg.url);
    await seed(pg.url, { adminPassword: 'root-pass-1' });
    sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    if (kind === 'nats') nats = await startTestNats();
    h = kind === 'memory' ? await memoryHarness() : await natsHarness(nats!);
    await h.transport.subscribePush((m) => pushes.push(m));
    // Wraps the bus to simulate an outage of the job queue.
    const transport: ServicesTransport = {
      enqueueJob: async (lane: Lane, job: JudgeJob) => {
        if (failNextEnqueue) {
          failNextEnqueue = false;
          throw new Error('bus down');
        }
        return h.transport.enqueueJob(lane, job);
      },
      consumeEvents: (handler) => h.transport.consumeEvents(handler),
      publishPush: (m) => h.transport.publishPush(m),
      onHeartbeat: (handler) => h.transport.onHeartbeat(handler),
    };
    services = await createServices({
      databaseUrl: pg.url,
      transport,
      logger: silentLogger(),
      config: { outboxIntervalMs: 3_600_000, maintenanceIntervalMs: 3_600_000, judgeMaxRequeues: 1 },
    });
    await services.startWorkers();
  });

  afterAll(async () => {
    await services?.close();
    await h?.close();
    await sql?.end();
    await nats?.stop();
    await pg?.stop();
  });

  it('validates submissions', async () => {
    const v = await newViewer(`val_${kind}`);
    const body = { pid: '1000', language: 'C++', code: CODE };
    expect(await errorCode(services.submissions.submit({ ...body, pid: '9999' }, v, 'ip'))).toBe('PROBLEM_NOT_FOUND');
    expect(await errorCode(services.submissions.submit({ ...body, language: 'Cobol' }, v, 'ip'))).toBe('LANGUAGE_UNAVAILABLE');
    expect(await errorCode(services.submissions.submit({ ...body, code: '   ' }, v, 'ip'))).toBe('CODE_EMPTY');
    expect(await errorCode(services.submissions.submit({ ...body, code: 'int main(){}' }, v, 'ip'))).toBe('CODE_TOO_SHORT');
    expect(await errorCode(services.submissions.submit({ ...body, code: 'x'.repeat(65_536) }, v, 'ip'))).toBe('CODE_TOO_LONG');
    expect(await errorCode(services.submissions.submit(body, { ...v, permissions: [] }, 'ip'))).toBe('AUTH_NO_SUBMIT');
    const first = await services.submissions.submit(body, v, 'ip');
    expect(first.status).toBe(JudgeStatus.PENDING);
    expect(await errorCode(services.submissions.submit(body, v, 'ip'))).toBe('SUBMIT_TOO_FAST');
    // finish it so it does not linger
    const job = await h.takeJob();
    expect(job.submitId).toBe(first.submitId);
    await h.publishEvent({ kind: 'final', submitId: job.submitId, version: 1, judger: 'r', status: JudgeStatus.COMPILE_ERROR, score: null, time: null, memory: null, errorMessage: 'main.cpp:1: error', cases: [] });
    await eventually(async () => (await judgeRow(first.submitId)).status === JudgeStatus.COMPILE_ERROR);
    expect(await counters('1000')).toMatchObject({ total: 1, ce: 1 });
  });

  it('refuses a language no live runner offers, once a runner has been heard of', async () => {
    const v = await newViewer(`lang_${kind}`);
    // The runners of this file are simulated: one that offers the languages the other tests use, and not Rust.
    services.runners.record({ runnerId: `some-${kind}`, version: 't', languages: ['C', 'C++', 'Python3'], slots: 1, freeSlots: 1, at: Date.now() });
    const rust = { pid: '1000', language: 'Rust', code: 'fn main() { let s = 1 + 2; println!("{}", s); }' };
    expect(await errorCode(services.submissions.submit(rust, v, 'ip'))).toBe('LANGUAGE_UNAVAILABLE');
  });

  it('judges a submission case by case, persists it and pushes every step with seqs', async () => {
    const v = await newViewer(`ac_${kind}`);
    const other = await newViewer(`other_${kind}`);
    const before = await counters('1000');
    const sub = await services.submissions.submit({ pid: 1000, language: 'C++', code: CODE }, v, '10.1.2.3');
    expect(sub).toMatchObject({ status: JudgeStatus.PENDING, version: 1, uid: v.uid, displayPid: '1000', code: CODE, length: CODE.length });

    const job = await h.takeJob();
    expect(job).toMatchObject({ submitId: sub.submitId, version: 1, lane: 'practice', language: 'C++', code: CODE });
    expect(job.problem).toMatchObject({ problemId: '1000', type: 0, timeLimitMs: 1000, memoryLimitMb: 256 });
    expect(job.problem.cases.map((c) => c.index)).toEqual([1, 2, 3, 4, 5]);
    expect(job.problem.cases[0]).toMatchObject({ input: '1 2\n', output: '3\n' });
    const [ob] = await sql`select sent_at from outbox where submit_id = ${sub.submitId}`;
    expect(ob!.sent_at).not.toBeNull();

    const head = { submitId: sub.submitId, version: 1, judger: 'runner-1' };
    await h.publishEvent({ kind: 'status', ...head, status: JudgeStatus.COMPILING, casesTotal: 5 });
    await h.publishEvent({ kind: 'status', ...head, status: JudgeStatus.JUDGING, casesTotal: 5 });
    const cases = job.problem.cases.map((c) => caseResult({ caseId: c.caseId, index: c.index, time: c.index }));
    for (const c of cases) await h.publishEvent({ kind: 'case', ...head, total: 5, case: c });
    await eventually(async () => (await judgeRow(sub.submitId)).cases_done === 5);
    expect((await judgeRow(sub.submitId)).status).toBe(JudgeStatus.JUDGING);
    await h.publishEvent({ kind: 'final', ...head, status: JudgeStatus.ACCEPTED, score: 100, time: 5, memory: 1024, errorMessage: null, cases });
    await eventually(async () => (await judgeRow(sub.submitId)).status === JudgeStatus.ACCEPTED);

    const row = await judgeRow(sub.submitId);
    expect(row).toMatchObject({ judger: 'runner-1', time: 5, memory: 1024, score: 100, counted_status: 0, cases_done: 5, cases_total: 5, ip: '10.1.2.3' });
    const after = await counters('1000');
    expect(after.total).toBe(before.total + 1);
    expect(after.ac).toBe(before.ac + 1);
    const [{ n }] = await sql`select count(*)::int as n from judge_case where submit_id = ${sub.submitId}`;
    expect(n).toBe(5);

    // pushes: the submission topic has contiguous seqs from 1, with the exact payload schemas
    const topic = topics.submission(sub.submitId);
    await eventually(async () => pushes.filter((m) => m.topic === topic).length === 8);
    const mine = pushes.filter((m) => m.topic === topic);
    expect(mine.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(mine.map((m) => m.event)).toEqual([
      'submission.status',
      'submission.status',
      ...Array(5).fill('submission.case'),
      'submission.status',
    ]);
    for (const m of mine) decode(m.event === 'submission.case' ? SubmissionCaseData : SubmissionStatusData, m.data);
    expect(mine[7]!.data).toMatchObject({ status: JudgeStatus.ACCEPTED, casesDone: 5, casesTotal: 5, score: 100 });
    expect(mine[2]!.data).toMatchObject({ index: 1, total: 5, status: 0 });
    const userPushes = pushes.filter((m) => m.topic === topics.user(v.uid));
    expect(userPushes.map((m) => [m.seq, (m.data as { status: number }).status])).toEqual([
      [1, JudgeStatus.COMPILING],
      [2, JudgeStatus.JUDGING],
      [3, JudgeStatus.ACCEPTED],
    ]);
    expect(await services.push.latestSeq(topic)).toBe(8);

    // a redelivered final, a late case and an old status change nothing
    await h.publishEvent({ kind: 'final', ...head, status: JudgeStatus.WRONG_ANSWER, score: 0, time: 1, memory: 1, errorMessage: null, cases });
    await h.publishEvent({ kind: 'case', ...head, total: 5, case: cases[0]! });
    await h.publishEvent({ kind: 'status', ...head, status: JudgeStatus.JUDGING, casesTotal: 5 });
    await h.publishEvent({ kind: 'final', ...head, version: 2, status: JudgeStatus.WRONG_ANSWER, score: 0, time: 1, memory: 1, errorMessage: null, cases });
    // a marker event for another submission, handled after the ones above
    const marker = await services.submissions.submit({ pid: '1000', language: 'C++', code: CODE }, other, 'ip');
    await h.takeJob();
    await h.publishEvent({ kind: 'final', submitId: marker.submitId, version: 1, judger: 'r', status: JudgeStatus.WRONG_ANSWER, score: 0, time: 1, memory: 1, errorMessage: null, cases: [] });
    await eventually(async () => (await judgeRow(marker.submitId)).status === JudgeStatus.WRONG_ANSWER);
    expect(await judgeRow(sub.submitId)).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 100 });
    expect(await counters('1000')).toMatchObject({ total: after.total + 1, ac: after.ac, wa: after.wa + 1 });
    expect(await services.push.latestSeq(topic)).toBe(8);

    // replay
    const all = await services.push.replay(topic, 0);
    expect(all!.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // A replayed event is the published one, less `at` (its production time, for the gateways' push-latency metric).
    expect(mine[7]!.at).toEqual(expect.any(Number));
    expect(all![7]).toEqual({ ...mine[7], at: undefined });
    expect((await services.push.replay(topic, 6))!.map((m) => m.seq)).toEqual([7, 8]);
    expect(await services.push.replay(topic, 8)).toEqual([]);
    expect(await services.push.replay(topic, 9)).toBeNull();

    // visibility of code and case data
    const asOwner = await services.submissions.detail(sub.submitId, v);
    expect(asOwner.submission.code).toBe(CODE);
    expect(asOwner.codeShare).toBe(true);
    expect((await services.submissions.detail(sub.submitId, other)).submission.code).toBeNull();
    expect((await services.submissions.detail(sub.submitId, null)).submission.code).toBeNull();
    const ownerCases = await services.submissions.caseResults(sub.submitId, v);
    expect(ownerCases.judgeCaseList).toHaveLength(5);
    expect(ownerCases.judgeCaseList[0]).toMatchObject({ inputData: '1 2\n', outputData: '3\n', userOutput: 'out', seq: 1, status: 0 });
    const otherCases = await services.submissions.caseResults(sub.submitId, other);
    expect(otherCases.judgeCaseList[0]).toMatchObject({ inputData: null, outputData: null, userOutput: null, status: 0, time: 1 });
    expect(await services.submissions.canWatch(sub.submitId, null)).toBe(true);
    expect(await services.submissions.canWatch(999_999, null)).toBe(false);
    const status = await services.submissions.checkStatus({ submitIds: [sub.submitId, marker.submitId] }, null);
    expect(status[String(sub.submitId)]).toMatchObject({ status: 0, code: null, errorMessage: null });
    expect(status[String(marker.submitId)]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER });

    // lists
    const mineList = await services.submissions.list({ onlyMine: true }, v);
    expect(mineList.records.map((r) => r.submitId)).toEqual([sub.submitId]);
    expect(mineList.records[0]).toMatchObject({ title: 'A+B Problem', displayPid: '1000', status: 0 });
    expect(await errorCode(services.submissions.list({ onlyMine: true }, null))).toBe('AUTH_NOT_LOGGED_IN');
    const everyone = await services.submissions.list({ problemID: '1000', completeProblemID: true }, null);
    expect(everyone.records.map((r) => r.submitId).slice(0, 2)).toEqual([marker.submitId, sub.submitId]);
    expect((await services.submissions.list({ status: JudgeStatus.ACCEPTED, username: v.username }, null)).total).toBe(1);

    // pruned history forces a resync
    await sql`update push_event set created_at = now() - interval '2 hours' where topic = ${topic} and seq <= 3`;
    await services.maintenance();
    expect(await services.push.replay(topic, 0)).toBeNull();
    expect((await services.push.replay(topic, 3))!.map((m) => m.seq)).toEqual([4, 5, 6, 7, 8]);
  });

  it('relays a job the bus refused once, on the next sweep', async () => {
    const v = await newViewer(`outage_${kind}`);
    failNextEnqueue = true;
    const sub = await services.submissions.submit({ pid: '1001', language: 'Python3', code: 'print(1)' }, v, 'ip');
    const [ob] = await sql`select sent_at, attempts from outbox where submit_id = ${sub.submitId}`;
    expect(ob).toMatchObject({ sent_at: null, attempts: 1 });
    await sql`update outbox set available_at = now() where submit_id = ${sub.submitId}`;
    await services.relay.flush();
    const job = await h.takeJob();
    expect(job.submitId).toBe(sub.submitId);
    expect(job.problem.cases).toHaveLength(10);
    const cases = job.problem.cases.map((c) => caseResult({ caseId: c.caseId, index: c.index, score: 10, status: c.index <= 7 ? 0 : -1 }));
    await h.publishEvent({ kind: 'final', submitId: sub.submitId, version: 1, judger: 'r', status: JudgeStatus.PARTIAL_ACCEPTED, score: 70, time: 1, memory: 1, errorMessage: null, cases });
    await eventually(async () => (await judgeRow(sub.submitId)).status === JudgeStatus.PARTIAL_ACCEPTED);
    expect(await judgeRow(sub.submitId)).toMatchObject({ score: 70, oi_rank_score: 7 });
    expect(await counters('1001')).toMatchObject({ total: 1, pa: 1 });
  });

  it('answers numbers beyond the integer columns without SQL errors, and drops events for such ids', async () => {
    const big = 3_000_000_000;
    expect(await errorCode(services.submissions.detail(big, null))).toBe('SUBMISSION_NOT_FOUND');
    expect(await errorCode(services.submissions.caseResults(big, null))).toBe('SUBMISSION_NOT_FOUND');
    expect(await services.submissions.checkStatus({ submitIds: [big] }, null)).toEqual({});
    expect(await services.submissions.checkStatus({ submitIds: [1], cid: big }, null)).toEqual({});
    expect(await services.submissions.canWatch(big, null)).toBe(false);
    expect((await services.submissions.list({ gid: big }, null)).total).toBe(0);
    expect((await services.submissions.list({ status: big }, null)).total).toBe(0);
    expect((await services.submissions.list({ currentPage: 1e300 }, null)).records).toEqual([]);
    const v = await newViewer(`big_${kind}`);
    const body = { pid: '1000', language: 'C++', code: CODE };
    // a group that does not exist (one beyond the integer column included) is not found, without an SQL error
    expect(await errorCode(services.submissions.submit({ ...body, gid: big }, v, 'ip'))).toBe('GROUP_NOT_FOUND');
    expect(await errorCode(services.submissions.submit({ ...body, gid: 7 }, v, 'ip'))).toBe('GROUP_NOT_FOUND');
    expect(await errorCode(services.submissions.submit({ ...body, code: `${CODE}\0` }, v, 'ip'))).toBe('VALIDATION_FAILED');

    // a runner's event for an impossible id is dropped, not redelivered forever ahead of everyone else's
    await h.publishEvent({ kind: 'status', submitId: big, version: 1, judger: 'r', status: JudgeStatus.COMPILING, casesTotal: 1 });
    const sub = await services.submissions.submit({ ...body, gid: null }, v, 'ip');
    expect((await h.takeJob()).submitId).toBe(sub.submitId);
    await h.publishEvent({ kind: 'final', submitId: sub.submitId, version: 1, judger: 'r', status: JudgeStatus.COMPILE_ERROR, score: null, time: null, memory: null, errorMessage: 'e', cases: [] });
    await eventually(async () => (await judgeRow(sub.submitId)).status === JudgeStatus.COMPILE_ERROR);
    expect((await judgeRow(sub.submitId)).gid).toBeNull();
  });

  it('stores program output with NUL characters (PostgreSQL refuses them) and keeps the events flowing', async () => {
    const v = await newViewer(`nul_${kind}`);
    const sub = await services.submissions.submit({ pid: '1000', language: 'C++', code: CODE }, v, 'ip');
    const job = await h.takeJob();
    expect(job.submitId).toBe(sub.submitId);
    const head = { submitId: sub.submitId, version: 1, judger: 'runner\0-1' };
    const c1 = caseResult({ caseId: job.problem.cases[0]!.caseId, index: 1, status: JudgeStatus.WRONG_ANSWER, userOutput: 'a\0b', message: 'x\0y', score: 0 });
    await h.publishEvent({ kind: 'case', ...head, total: 5, case: c1 });
    await h.publishEvent({ kind: 'final', ...head, status: JudgeStatus.WRONG_ANSWER, score: 0, time: 3, memory: 1024, errorMessage: 'bad\0 output', cases: [c1] });
    await eventually(async () => (await judgeRow(sub.submitId)).status === JudgeStatus.WRONG_ANSWER);
    expect(await judgeRow(sub.submitId)).toMatchObject({ judger: 'runner-1', error_message: 'bad output', cases_done: 1 });
    const rows = await sql`select user_output, message from judge_case where submit_id = ${sub.submitId}`;
    expect(rows).toEqual([{ user_output: 'ab', message: 'xy' }]);
  });

  it('ignores a final without a verdict, and takes a re-run of stored cases as progress, not a stall', async () => {
    const v = await newViewer(`rerun_${kind}`);
    const sub = await services.submissions.submit({ pid: '1000', language: 'C++', code: CODE }, v, 'ip');
    const job = await h.takeJob();
    const head = { submitId: sub.submitId, version: 1, judger: 'runner-1' };
    const cases = job.problem.cases.map((c) => caseResult({ caseId: c.caseId, index: c.index }));
    await h.publishEvent({ kind: 'status', ...head, status: JudgeStatus.JUDGING, casesTotal: 5 });
    await h.publishEvent({ kind: 'case', ...head, total: 5, case: cases[0]! });
    for (const status of [42, JudgeStatus.NOT_SUBMITTED, JudgeStatus.SUBMITTED_UNKNOWN_RESULT]) {
      await h.publishEvent({ kind: 'final', ...head, status, score: 0, time: 1, memory: 1, errorMessage: null, cases: [] });
    }
    await h.publishEvent({ kind: 'case', ...head, total: 5, case: cases[1]! });
    await eventually(async () => (await judgeRow(sub.submitId)).cases_done === 2);
    expect(await judgeRow(sub.submitId)).toMatchObject({ status: JudgeStatus.JUDGING, counted_status: null });

    // The job was redelivered to another runner, which re-runs the cases already stored: that is progress.
    await sql`update judge set progress_at = now() - interval '1 hour' where submit_id = ${sub.submitId}`;
    await h.publishEvent({ kind: 'status', ...head, judger: 'runner-2', status: JudgeStatus.COMPILING, casesTotal: 5 });
    await h.publishEvent({ kind: 'case', ...head, judger: 'runner-2', total: 5, case: cases[0]! });
    await eventually(async () => {
      const [r] = await sql`select progress_at > now() - interval '1 minute' as fresh from judge where submit_id = ${sub.submitId}`;
      return r!.fresh as boolean;
    });
    await services.maintenance();
    expect(await judgeRow(sub.submitId)).toMatchObject({ requeues: 0, status: JudgeStatus.JUDGING });
    await h.publishEvent({ kind: 'final', ...head, judger: 'runner-2', status: JudgeStatus.ACCEPTED, score: 100, time: 5, memory: 1024, errorMessage: null, cases });
    await eventually(async () => (await judgeRow(sub.submitId)).status === JudgeStatus.ACCEPTED);
    expect(await judgeRow(sub.submitId)).toMatchObject({ cases_done: 5, requeues: 0 });
  });

  it('replays up to the latest seq even when a newer event commits between its two reads', async () => {
    const topic = topics.submission(kind === 'memory' ? 900_001 : 900_002);
    await sql`insert into push_topic (topic, seq) values (${topic}, 3)`;
    for (const seq of [1, 2, 3, 4]) {
      await sql`insert into push_event (topic, seq, event, data) values (${topic}, ${seq}, 'submission.status', '{}'::jsonb)`;
    }
    expect((await services.push.replay(topic, 1))?.map((m) => m.seq)).toEqual([2, 3]);
  });

  it('re-enqueues a stalled submission, then ends it as System Error', async () => {
    const v = await newViewer(`stall_${kind}`);
    const sub = await services.submissions.submit({ pid: '1002', language: 'C++', code: CODE }, v, 'ip');
    expect((await h.takeJob()).submitId).toBe(sub.submitId);
    await h.publishEvent({ kind: 'status', submitId: sub.submitId, version: 1, judger: 'dead-runner', status: JudgeStatus.COMPILING, casesTotal: 6 });
    await eventually(async () => (await judgeRow(sub.submitId)).status === JudgeStatus.COMPILING);

    await sql`update judge set progress_at = now() - interval '1 hour' where submit_id = ${sub.submitId}`;
    await services.maintenance();
    expect((await h.takeJob()).submitId).toBe(sub.submitId);
    expect(await judgeRow(sub.submitId)).toMatchObject({ requeues: 1, status: JudgeStatus.COMPILING });

    await sql`update judge set progress_at = now() - interval '1 hour' where submit_id = ${sub.submitId}`;
    await services.maintenance();
    expect(await judgeRow(sub.submitId)).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, counted_status: JudgeStatus.SYSTEM_ERROR });
    expect(await counters('1002')).toMatchObject({ total: 1, se: 1 });
    const topic = topics.submission(sub.submitId);
    await eventually(async () => pushes.some((m) => m.topic === topic && (m.data as { status: number }).status === JudgeStatus.SYSTEM_ERROR));
    // the runner coming back late changes nothing
    await h.publishEvent({ kind: 'final', submitId: sub.submitId, version: 1, judger: 'dead-runner', status: 0, score: 100, time: 1, memory: 1, errorMessage: null, cases: [] });
    const seq = await services.push.latestSeq(topic);
    await new Promise((r) => setTimeout(r, 200));
    expect((await judgeRow(sub.submitId)).status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(await services.push.latestSeq(topic)).toBe(seq);
    expect(await counters('1002')).toMatchObject({ total: 1, se: 1, ac: 0 });
  });
});
