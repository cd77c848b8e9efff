// The judge modes across packages: a problem's checker, extra files, file IO and case mode columns (PostgreSQL) →
// the job the outbox relay builds → the real runner judging it in the bwrap sandbox → the ingester storing the
// verdict, the score and the OI rank score. In-process memory bus.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, type JudgeJob } from '@oj/proto';
import { createMemoryBus, createServices, migrate, seed, silentLogger, type OjServicesImpl, type Viewer } from '@oj/services';
import { createSandboxFactory, detectLanguages, judge, type JudgeDeps, type SandboxFactory } from '@oj/judge-runner';
import { startTestDatabase, type TestDatabase } from '../support/pg';

// Checker: AC when the output is the answer; 7 with half points when it is off by one; else WA.
const CHECKER = `#include <stdio.h>
int main(int argc, char** argv) {
  FILE* u = fopen(argv[2], "r"); FILE* s = fopen(argv[3], "r"); FILE* k = fopen("/w/note.txt", "r");
  long a, b; if (!u || !s || !k || fscanf(s, "%ld", &b) != 1) return 3;
  if (fscanf(u, "%ld", &a) != 1) return 2;
  if (a == b) return 0;
  if (a == b + 1 || a == b - 1) { fprintf(stderr, "points 0.5 off by one"); return 7; }
  return 1;
}
`;

describe('judge modes, services to runner and back', () => {
  let pg: TestDatabase;
  let sql: postgres.Sql;
  let services: OjServicesImpl;
  let sandboxes: SandboxFactory;
  let deps: JudgeDeps;
  let root: string;
  const bus = createMemoryBus({ logger: silentLogger(), eventRetryMs: 20 });
  const jobs: JudgeJob[] = [];
  let viewer: Viewer;

  beforeAll(async () => {
    pg = await startTestDatabase();
    await migrate(pg.url);
    await seed(pg.url, { adminPassword: 'root-pass-1' });
    sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    await bus.consumeJobs(async (d) => {
      jobs.push(d.job);
      await d.ack();
    }, { concurrency: 1 });
    services = await createServices({ databaseUrl: pg.url, transport: bus, logger: silentLogger(), config: { outboxIntervalMs: 3_600_000, maintenanceIntervalMs: 3_600_000, submitIntervalS: 0 } });
    await services.startWorkers();
    const u = await services.account.createUser({ username: 'modes_user', password: 'password1' });
    const { sessionId } = await services.account.login('modes_user', 'password1', '127.0.0.1');
    viewer = (await services.account.verifySession(u.uid, sessionId))!;

    root = await mkdtemp(path.join(os.tmpdir(), 'oj-modes-flow-'));
    await chmod(root, 0o711);
    sandboxes = await createSandboxFactory({ driver: 'bwrap', cacheDir: path.join(root, 'cache'), uidBase: 28_200 });
    deps = { sandbox: sandboxes.forSlot(0), helperSandbox: sandboxes.forSlot(1000), languages: await detectLanguages(), workRoot: path.join(root, 'work'), judger: 'modes-flow' };

    const [p] = await sql`
      insert into problems (problem_id, title, type, judge_mode, judge_case_mode, difficulty, io_score, spj_language, spj_code,
                            user_extra_file, judge_extra_file, is_file_io, io_read_file_name, io_write_file_name)
      values ('P2001', 'Double it', 1, 'spj', 'subtask_average', 2, 100, 'C', ${CHECKER},
              ${sql.json({ 'factor.txt': '2' })}, ${sql.json({ 'note.txt': 'judge only' })}, true, 'double.in', 'double.out')
      returning id`;
    await sql`insert into problem_language (pid, lid) select ${p!.id}, id from languages where name = 'Python3'`;
    // group 1: n=1, n=2 (50 points); group 2: n=3, n=4 (50 points)
    for (const [seq, n, g] of [[1, 1, 1], [2, 2, 1], [3, 3, 2], [4, 4, 2]] as const) {
      await sql`insert into problem_case (pid, input, output, score, group_num, seq) values (${p!.id}, ${`${n}\n`}, ${`${2 * n}\n`}, 50, ${g}, ${seq})`;
    }
  });

  afterAll(async () => {
    await services?.close();
    await bus.close();
    await sql?.end();
    await sandboxes?.close();
    await pg?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  async function judged(code: string) {
    const sub = await services.submissions.submit({ pid: 'P2001', language: 'Python3', code }, viewer, '127.0.0.1');
    for (let i = 0; i < 200 && !jobs.some((j) => j.submitId === sub.submitId); i++) await new Promise((r) => setTimeout(r, 25));
    const job = jobs.find((j) => j.submitId === sub.submitId)!;
    await judge(job, { publishEvent: (ev) => bus.publishEvent(ev) }, deps);
    let row: Record<string, unknown> = {};
    for (let i = 0; i < 200; i++) {
      [row] = await sql`select status, score, oi_rank_score from judge where submit_id = ${sub.submitId}`;
      if (row && ![5, 6, 7].includes(row.status as number)) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    return { job, row, submitId: sub.submitId };
  }

  it('builds the job from the problem columns', async () => {
    const { job } = await judged('print(0)\n');
    expect(job.problem).toMatchObject({
      judgeMode: 'spj',
      judgeCaseMode: 'subtask_average',
      ioScore: 100,
      spjLanguage: 'C',
      spjCode: CHECKER,
      userExtraFile: { 'factor.txt': '2' },
      judgeExtraFile: { 'note.txt': 'judge only' },
      isFileIO: true,
      ioReadFileName: 'double.in',
      ioWriteFileName: 'double.out',
    });
    expect(job.problem.cases.map((c) => [c.index, c.score, c.groupNum])).toEqual([[1, 50, 1], [2, 50, 1], [3, 50, 2], [4, 50, 2]]);
  });

  it('full marks: AC, score 100, OI rank score round(0.1 × 100 + 2 × 2) = 14', async () => {
    const code = 'f = int(open("factor.txt").read())\nn = int(open("double.in").read())\nopen("double.out", "w").write(str(f * n))\n';
    const { row } = await judged(code);
    expect(row).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 100, oi_rank_score: 14 });
  });

  it('partial: checker half points and a wrong case; subtask averages; OI rank score of the score', async () => {
    // n=1 → 2 (AC 50), n=2 → 5 (off by one: ⌊0.5 × 50⌋ = 25), n=3 → 6 (AC 50), n=4 → 0 (WA 0)
    const code = 'n = int(open("double.in").read())\nopen("double.out", "w").write(str({1: 2, 2: 5, 3: 6, 4: 0}[n]))\n';
    const { row, submitId } = await judged(code);
    // group 1: round(75 / 2) = 38; group 2: round(50 / 2) = 25 → 63; rank: round(6.3 + 2 × 2 × 0.63) = round(8.82) = 9
    expect(row).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 63, oi_rank_score: 9 });
    const cases = await sql`select seq, status, score from judge_case where submit_id = ${submitId} order by seq`;
    expect(cases.map((c) => [c.status, c.score])).toEqual([[0, 50], [JudgeStatus.PARTIAL_ACCEPTED, 25], [0, 50], [JudgeStatus.WRONG_ANSWER, 0]]);
  });
});
