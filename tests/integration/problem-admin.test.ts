// The problem bank's admin side over REST with a real runner: a problem made through the form is judged, every rule
// of the form answers its catalogued message (in the caller's language), a checker that does not compile is refused
// with the compiler's message, uploaded cases with subtasks attach, tags are created on the fly and duplicates
// refused, roles and ownership are checked, and deleting follows the documented rules.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInProgress, JudgeStatus, LOCAL_LANGUAGES, type AdminProblemDetail, type ProblemDTO } from '@oj/proto';
import { buildGateway, loadGatewayConfig, type Gateway } from '@oj/gateway';
import { createMemoryBus, createServices, migrate, seed, silentLogger, writeZip, type OjServicesImpl } from '@oj/services';
import { createRunnerLogger, loadRunnerConfig, startRunner, type Runner } from '@oj/judge-runner';
import { startTestDatabase, type TestDatabase } from '../support/pg';

const ROOT_PASSWORD = 'problem-admin-root-1';
const A_PLUS_B = LOCAL_LANGUAGES.find((l) => l.name === 'C')!.template;
type Envelope<T = unknown> = { status: number; data: T; msg: string; code?: string };

const CHECKER = `#include <stdio.h>
int main(int argc, char **argv) {
  FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
  long a, b;
  if (fscanf(out, "%ld", &a) != 1 || fscanf(ans, "%ld", &b) != 1) return 1;
  return a == b ? 0 : 1;
}
`;

function form(over: Partial<ProblemDTO['problem']> = {}, rest: Partial<ProblemDTO> = {}): ProblemDTO {
  return {
    problem: {
      problemId: 'PA-1',
      title: 'Sum of two',
      description: 'Add them.',
      input: 'Two integers.',
      output: 'Their sum.',
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      difficulty: 0,
      auth: 1,
      type: 0,
      codeShare: true,
      examples: [{ input: '1 2', output: '3' }],
      isRemoveEndBlank: true,
      openCaseResult: true,
      ...over,
    },
    samples: [
      { input: '1 2\n', output: '3\n' },
      { input: '20 22\n', output: '42\n' },
    ],
    isUploadTestCase: false,
    judgeMode: over.judgeMode ?? 'default',
    languages: [{ name: 'C' }, { name: 'C++' }],
    tags: [{ name: 'math' }],
    codeTemplates: [],
    ...rest,
  };
}

let db: TestDatabase;
let dir: string;
let services: OjServicesImpl;
let runner: Runner;
let gw: Gateway;
const tokens: Record<string, string> = {};

async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string | null, payload?: unknown, lang = 'en-US'): Promise<Envelope<T>> {
  const res = await gw.app.inject({ method, url, headers: { ...(who && { authorization: tokens[who] }), 'accept-language': lang }, ...(payload !== undefined && { payload: payload as object }) });
  expect(res.statusCode).toBeLessThan(500);
  return res.json() as Envelope<T>;
}

/** Submits `code` (C) and waits for its verdict. */
async function judged(who: string, problemId: string, code = A_PLUS_B): Promise<{ submitId: number; status: number; score: number | null }> {
  const sub = await call<{ submitId: number }>('POST', '/api/submit-problem-judge', who, { pid: problemId, language: 'C', code, cid: 0 });
  expect(sub.status, sub.msg).toBe(200);
  for (let i = 0; i < 600; i++) {
    const d = await call<{ submission: { status: number; score: number | null } }>('GET', `/api/get-submission-detail?submitId=${sub.data.submitId}`, who);
    if (!isInProgress(d.data.submission.status)) return { submitId: sub.data.submitId, ...d.data.submission };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no verdict');
}

const judge = async (who: string, problemId: string, code = A_PLUS_B) => (await judged(who, problemId, code)).status;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'oj-problem-admin-'));
  await chmod(dir, 0o711);
  db = await startTestDatabase();
  await migrate(db.url);
  await seed(db.url, { adminPassword: ROOT_PASSWORD });
  const bus = createMemoryBus();
  services = await createServices({ databaseUrl: db.url, transport: bus, logger: silentLogger(), config: { submitIntervalS: 0 } });
  await services.startWorkers();
  runner = await startRunner({
    transport: bus,
    config: loadRunnerConfig({ OJ_RUNNER_ID: 'problem-admin', OJ_RUNNER_WORK_DIR: dir, OJ_SANDBOX: 'bwrap', OJ_SANDBOX_UID_BASE: '23700' }),
    logger: createRunnerLogger({ level: 'silent' }),
  });
  gw = await buildGateway({ services, push: bus, config: loadGatewayConfig({ OJ_JWT_SECRET: 'problem-admin-secret-'.padEnd(40, 'x') }) });
  for (const [name, roles] of [['pa_admin', ['admin']], ['pa_padmin', ['problem_admin']], ['pa_padmin2', ['problem_admin']]] as const) {
    await services.account.createUser({ username: name, password: 'password1', roles: [...roles] });
  }
  await services.account.createUser({ username: 'pa_user', password: 'password1' });
  for (const [name, password] of [['root', ROOT_PASSWORD], ['pa_admin', 'password1'], ['pa_padmin', 'password1'], ['pa_padmin2', 'password1'], ['pa_user', 'password1']]) {
    const res = await gw.app.inject({ method: 'POST', url: '/api/login', payload: { username: name, password } });
    tokens[name!] = res.headers.authorization as string;
  }
}, 120_000);

afterAll(async () => {
  await gw?.close();
  await runner?.stop();
  await services?.close();
  await db?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the problem form', () => {
  it('creates a problem that judges, with its tag, languages and cases', async () => {
    const made = await call<{ pid: number; problemId: string }>('POST', '/api/admin/problem', 'root', form());
    expect(made.status, made.msg).toBe(200);
    const got = await call<AdminProblemDetail>('GET', `/api/admin/problem?pid=${made.data.pid}`, 'root');
    expect(got.data.title).toBe('Sum of two');
    // The seed's tag `Math` is reused (names match ignoring case).
    expect(got.data.tags.map((t) => t.name)).toEqual(['Math']);
    expect(got.data.languages.map((l) => l.name)).toEqual(['C', 'C++']);
    expect(got.data.modifiedUser).toBe('root');
    const cases = await call<{ input: string }[]>('GET', `/api/admin/problem/get-problem-cases?pid=${made.data.pid}`, 'root');
    expect(cases.data.map((c) => c.input)).toEqual(['1 2\n', '20 22\n']);
    expect(await judge('pa_user', 'PA-1')).toBe(JudgeStatus.ACCEPTED);
    expect(await judge('pa_user', 'PA-1', A_PLUS_B.replace('a + b', 'a - b'))).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it('answers each broken rule with its message, in the caller language', async () => {
    const cases: [ProblemDTO, string][] = [
      [form({ problemId: 'PA-2', title: ' ' }), 'PROBLEM_FIELD_REQUIRED'],
      [form({ problemId: 'pa-1' }), 'PROBLEM_ID_EXISTS'],
      [form({ problemId: 'PA-2', isFileIO: true, ioReadFileName: 'in.txt' }), 'PROBLEM_FILE_IO_NAMES'],
      [form({ problemId: 'PA-2' }, { samples: [] }), 'PROBLEM_CASES_REQUIRED'],
      [form({ problemId: 'PA-2' }, { samples: [{ input: ' ', output: '' }] }), 'PROBLEM_CASE_EMPTY'],
      [form({ problemId: 'PA-2', type: 1 }, { samples: [{ input: '1', output: '1', score: -1 }] }), 'PROBLEM_CASE_SCORE'],
      [form({ problemId: 'PA-2', type: 1, judgeCaseMode: 'subtask_lowest' }, { samples: [{ input: '1', output: '1', score: 10 }] }), 'PROBLEM_CASE_GROUP'],
      [form({ problemId: 'PA-2' }, { languages: [] }), 'PROBLEM_LANGUAGE_REQUIRED'],
      [form({ problemId: 'PA-2' }, { languages: [{ name: 'Brainfuck' }] }), 'PROBLEM_LANGUAGE_UNKNOWN'],
      [form({ problemId: 'PA-2' }, { tags: [{ name: 'dp' }, { name: 'DP' }] }), 'TAG_DUPLICATE'],
      [form({ problemId: 'PA-2', judgeMode: 'spj' }), 'PROBLEM_CHECKER_REQUIRED'],
    ];
    for (const [dto, code] of cases) {
      const res = await call('POST', '/api/admin/problem', 'root', dto);
      expect(res.code, JSON.stringify(dto.problem)).toBe(code);
    }
    const zh = await call('POST', '/api/admin/problem', 'root', form({ problemId: 'PA-2', title: '' }), 'zh-CN');
    expect(zh.msg).toBe('题目标题是必填项');
    const lid = (await call<AdminProblemDetail>('GET', `/api/admin/problem?pid=1`, 'root')).data.languages[0]!.id;
    const empty = await call('POST', '/api/admin/problem', 'root', form({ problemId: 'PA-2' }, { codeTemplates: [{ lid, code: ' ', status: true }] }));
    expect(empty.code).toBe('PROBLEM_TEMPLATE_EMPTY');
    const list = await call<{ total: number }>('GET', '/api/admin/problem/get-problem-list?keyword=PA-2', 'root');
    expect(list.data.total).toBe(0);
  });

  it('compiles the checker: a broken one is refused with the compiler message, a good one judges', async () => {
    const bad = await call('POST', '/api/admin/problem/compile-spj', 'root', { code: 'int main( {', language: 'C' });
    expect(bad.code).toBe('PROBLEM_CHECKER_COMPILE');
    expect(bad.msg).toMatch(/error/i);
    const saveBad = await call('POST', '/api/admin/problem', 'root', form({ problemId: 'PA-SPJ', judgeMode: 'spj', spjLanguage: 'C', spjCode: 'int main( {' }));
    expect(saveBad.code).toBe('PROBLEM_CHECKER_COMPILE');
    const good = await call('POST', '/api/admin/problem/compile-spj', 'root', { code: CHECKER, language: 'C' });
    expect(good.status, good.msg).toBe(200);
    const made = await call('POST', '/api/admin/problem', 'root', form({ problemId: 'PA-SPJ', judgeMode: 'spj', spjLanguage: 'C', spjCode: CHECKER }));
    expect(made.status, made.msg).toBe(200);
    expect(await judge('pa_user', 'PA-SPJ')).toBe(JudgeStatus.ACCEPTED);
  });

  it('attaches uploaded cases with subtask groups and spreads OI scores', async () => {
    const f = (name: string, text: string) => ({ name, data: Buffer.from(text) });
    const zip = writeZip([f('1.in', '1 2\n'), f('1.out', '3\n'), f('2.in', '2 2\n'), f('2.out', '4\n'), f('3.in', '5 5\n'), f('3.out', '10\n')]);
    const boundary = '----pa';
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.zip"\r\nContent-Type: application/zip\r\n\r\n`), zip, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await gw.app.inject({ method: 'POST', url: '/api/file/upload-testcase-zip?mode=subtask_lowest', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: tokens.root! } });
    const up = res.json() as Envelope<{ fileList: { input: string; output: string; score?: number }[]; fileListDir: string }>;
    expect(up.status, up.msg).toBe(200);
    const samples = up.data.fileList.map((c, i) => ({ input: c.input, output: c.output, score: [30, 30, 40][i]!, groupNum: i < 2 ? 1 : 2 }));
    const made = await call<{ pid: number }>('POST', '/api/admin/problem', 'root', form({ problemId: 'PA-OI', type: 1, judgeCaseMode: 'subtask_lowest' }, { isUploadTestCase: true, uploadTestcaseDir: up.data.fileListDir, samples }));
    expect(made.status, made.msg).toBe(200);
    const got = await call<AdminProblemDetail>('GET', `/api/admin/problem?pid=${made.data.pid}`, 'root');
    expect(got.data.isUploadCase).toBe(true);
    // Full marks are what an all-Accepted submission scores: subtask 1 (its cases 30 each, the lowest counts) + 40.
    expect(got.data.ioScore).toBe(70);
    const cases = await call<{ groupNum: number; score: number }[]>('GET', `/api/admin/problem/get-problem-cases?pid=${made.data.pid}`, 'root');
    expect(cases.data.map((c) => [c.groupNum, c.score])).toEqual([[1, 30], [1, 30], [2, 40]]);
    expect(await judge('pa_user', 'PA-OI')).toBe(JudgeStatus.ACCEPTED);
  });
});

describe('built-in checkers and subtask dependencies', () => {
  const printing = (text: string) => `#include <stdio.h>\nint main(void){puts("${text}");return 0;}\n`;

  it('keeps the float checker and its tolerance, and judges with it', async () => {
    const made = await call<{ pid: number }>('POST', '/api/admin/problem', 'root', form({ problemId: 'PA-FLOAT', checker: 'float', floatAbsoluteTolerance: 0.01 }, { samples: [{ input: '1 3\n', output: '0.333333\n' }] }));
    expect(made.status, made.msg).toBe(200);
    const got = await call<AdminProblemDetail>('GET', `/api/admin/problem?pid=${made.data.pid}`, 'root');
    expect(got.data).toMatchObject({ checker: 'float', floatAbsoluteTolerance: 0.01, floatRelativeTolerance: null });
    expect(await judge('pa_user', 'PA-FLOAT', printing('0.34'))).toBe(JudgeStatus.ACCEPTED);
    expect(await judge('pa_user', 'PA-FLOAT', printing('0.35'))).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it('compiles and judges with a scored checker written in Python', async () => {
    const checker = 'import sys\ngot = open(sys.argv[2]).read().split()\nwant = open(sys.argv[3]).read().split()\nif got == want:\n    sys.exit(0)\nprint("points 0.5", file=sys.stderr)\nsys.exit(7)\n';
    const bad = await call('POST', '/api/admin/problem/compile-spj', 'root', { code: 'def broken(:\n', language: 'Python3' });
    expect(bad.code).toBe('PROBLEM_CHECKER_COMPILE');
    const made = await call('POST', '/api/admin/problem', 'root', form({ problemId: 'PA-PYSPJ', type: 1, judgeMode: 'spj', spjLanguage: 'Python3', spjCode: checker }, { samples: [{ input: '1 2\n', output: '3\n', score: 100 }] }));
    expect(made.status, made.msg).toBe(200);
    expect(await judged('pa_user', 'PA-PYSPJ')).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 100 });
    expect(await judged('pa_user', 'PA-PYSPJ', A_PLUS_B.replace('a + b', 'a - b'))).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 50 });
  });

  it('keeps subtask dependencies: a subtask whose dependency fails is Skipped in the submission\'s subtask table', async () => {
    const samples = [
      { input: '1 1\n', output: '2\n', score: 30, groupNum: 1 },
      { input: '7 7\n', output: '14\n', score: 30, groupNum: 2 },
      { input: '2 2\n', output: '4\n', score: 40, groupNum: 3 },
    ];
    const dto = (subtaskDependencies: ProblemDTO['problem']['subtaskDependencies']) => form({ problemId: 'PA-DEP', type: 1, judgeCaseMode: 'subtask_lowest', subtaskDependencies }, { samples });
    const cycle = await call('POST', '/api/admin/problem', 'root', dto([{ groupNum: 2, dependencies: [3] }, { groupNum: 3, dependencies: [2] }]), 'zh-CN');
    expect([cycle.code, cycle.msg]).toEqual(['PROBLEM_SUBTASK_DEPENDENCY_CYCLE', '子任务依赖存在循环（经过子任务 2）']);
    const unknown = await call('POST', '/api/admin/problem', 'root', dto([{ groupNum: 3, dependencies: [4] }]));
    expect([unknown.code, unknown.msg]).toEqual(['PROBLEM_SUBTASK_DEPENDENCY_UNKNOWN', 'Subtask 4 in the subtask dependencies has no test case']);
    const made = await call<{ pid: number }>('POST', '/api/admin/problem', 'root', dto([{ groupNum: 3, dependencies: [2] }]));
    expect(made.status, made.msg).toBe(200);
    expect((await call<AdminProblemDetail>('GET', `/api/admin/problem?pid=${made.data.pid}`, 'root')).data.subtaskDependencies).toEqual([{ groupNum: 3, dependencies: [2] }]);
    // Wrong when a = 7: subtask 2 fails, so subtask 3 (which depends on it) is skipped.
    const wrongOn7 = A_PLUS_B.replace('a + b', 'a == 7 ? 0 : a + b');
    const r = await judged('pa_user', 'PA-DEP', wrongOn7);
    expect(r).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 30 });
    const table = await call<{ subTaskJudgeCaseVoList: { groupNum: number; status: number; score: number }[] }>('GET', `/api/get-all-case-result?submitId=${r.submitId}`, 'pa_user');
    expect(table.data.subTaskJudgeCaseVoList.map((g) => [g.groupNum, g.status, g.score])).toEqual([[1, JudgeStatus.ACCEPTED, 30], [2, JudgeStatus.WRONG_ANSWER, 0], [3, JudgeStatus.CANCELLED, 0]]);
  });
});

describe('roles, ownership and deleting', () => {
  it('keeps the admin side from users and a problem admin to their own problems', async () => {
    expect((await call('GET', '/api/admin/problem/get-problem-list', 'pa_user')).status).toBe(403);
    expect((await call('GET', '/api/admin/problem/get-problem-list', null)).status).toBe(401);
    const own = await call<{ pid: number }>('POST', '/api/admin/problem', 'pa_padmin', form({ problemId: 'PA-OWN' }));
    expect(own.status, own.msg).toBe(200);
    expect((await call('GET', `/api/admin/problem?pid=${own.data.pid}`, 'pa_padmin2')).status).toBe(403);
    expect((await call('PUT', '/api/admin/problem/change-problem-auth', 'pa_padmin2', { id: own.data.pid, auth: 2 })).status).toBe(403);
    expect((await call('PUT', '/api/admin/problem/change-problem-auth', 'pa_padmin', { id: own.data.pid, auth: 2 })).status).toBe(200);
    expect((await call('PUT', '/api/admin/problem/change-problem-auth', 'pa_admin', { id: own.data.pid, auth: 1 })).status).toBe(200);
    // Deleting: not for admins (the reference's rule), for the owning problem admin.
    expect((await call('DELETE', `/api/admin/problem?pid=${own.data.pid}`, 'pa_admin')).status).toBe(403);
    expect((await call('DELETE', `/api/admin/problem?pid=${own.data.pid}`, 'pa_padmin2')).status).toBe(403);
    expect(await judge('pa_user', 'PA-OWN')).toBe(JudgeStatus.ACCEPTED);
    const gone = await call<{ submissions: number }>('DELETE', `/api/admin/problem?pid=${own.data.pid}`, 'pa_padmin');
    expect(gone.status, gone.msg).toBe(200);
    expect(gone.data.submissions).toBe(1);
    expect((await call('GET', '/api/get-problem-detail?problemId=PA-OWN', 'root')).code).toBe('PROBLEM_NOT_FOUND');
  });

  it('refuses to delete a problem a contest uses', async () => {
    const made = await call<{ pid: number }>('POST', '/api/admin/problem', 'root', form({ problemId: 'PA-CONTEST' }));
    const now = Date.now();
    const contest = await call<{ cid: number }>('POST', '/api/admin/contest', 'root', {
      title: 'uses PA-CONTEST',
      description: 'x',
      type: 0,
      auth: 0,
      startTime: new Date(now + 3_600_000).toISOString(),
      endTime: new Date(now + 7_200_000).toISOString(),
    });
    expect(contest.status, contest.msg).toBe(200);
    const added = await call('POST', '/api/admin/contest/add-problem-from-public', 'root', { cid: contest.data.cid, pid: made.data.pid, displayId: 'A' });
    expect(added.status, added.msg).toBe(200);
    const refused = await call('DELETE', `/api/admin/problem?pid=${made.data.pid}`, 'root');
    expect(refused.code).toBe('PROBLEM_IN_CONTEST');
  });
});

describe('tags', () => {
  it('creates, renames, classifies and deletes; duplicates are refused', async () => {
    const cls = await call<{ id: number }>('POST', '/api/admin/tag/classification', 'root', { name: 'Algorithms', rank: 1 });
    expect(cls.status, cls.msg).toBe(200);
    const tag = await call<{ id: number }>('POST', '/api/admin/tag', 'pa_padmin', { name: 'Graphs', color: '#ff0000', tcid: cls.data.id });
    expect(tag.status, tag.msg).toBe(200);
    expect((await call('POST', '/api/admin/tag', 'root', { name: 'graphs' })).code).toBe('TAG_DUPLICATE');
    expect((await call('POST', '/api/admin/tag', 'pa_admin', { name: 'x' })).status).toBe(403);
    expect((await call('PUT', '/api/admin/tag', 'root', { id: tag.data.id, name: 'Graph theory', color: 'red', tcid: cls.data.id })).status).toBe(200);
    const grouped = await call<{ classification: { name: string } | null; tagList: { name: string }[] }[]>('GET', '/api/get-problem-tags-and-classification', null);
    expect(grouped.data.find((g) => g.classification?.name === 'Algorithms')?.tagList.map((t) => t.name)).toEqual(['Graph theory']);
    expect(grouped.data.find((g) => g.classification === null)?.tagList.map((t) => t.name)).toContain('Math');
    expect((await call('DELETE', `/api/admin/tag/classification?tcid=${cls.data.id}`, 'root')).status).toBe(200);
    expect((await call('DELETE', `/api/admin/tag?tid=${tag.data.id}`, 'root')).status).toBe(200);
    expect((await call<{ name: string }[]>('GET', '/api/get-all-problem-tags', null)).data.map((t) => t.name)).not.toContain('Graph theory');
  });
});
