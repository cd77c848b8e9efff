// Problem imports over REST with a real runner: one original sample of each published format (HOJ, QDUOJ, FPS,
// Hydro, ICPC, Polygon) imports through its route and a correct program is judged Accepted on it; the export of a problem
// imports back equal; an ICPC package's and a HUSTOJ FPS export's programs self-check with every row matching; a
// Polygon package's main and wrong solutions are judged Accepted and Wrong Answer (its std checker, its own checker
// with subtasks), one without its generated tests refused in both languages; and a
// bad archive (a `../` path, a 100:1 entry, a DOCTYPE, an SQL problem, malformed YAML, a case without its answer, a
// checker that does not compile)
// is refused with a clear message in the caller's language and leaves the bank exactly as it was.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInProgress, JudgeStatus, type AdminProblemDetail, type ImportResult, type SelfCheckView } from '@oj/proto';
import { buildGateway, loadGatewayConfig, type Gateway } from '@oj/gateway';
import { createMemoryBus, createServices, migrate, seed, silentLogger, writeZip, type OjServicesImpl } from '@oj/services';
import { createRunnerLogger, loadRunnerConfig, startRunner, type Runner } from '@oj/judge-runner';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { fixtureFile, fixtureFiles, packageZip } from '../fixtures/problem-packages/build';

const ROOT_PASSWORD = 'import-root-1';
type Envelope<T = unknown> = { status: number; data: T; msg: string; code?: string };

const C = {
  sum: '#include <stdio.h>\nint main(){long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);return 0;}\n',
  max3: '#include <stdio.h>\nint main(){long a,b,c;scanf("%ld %ld %ld",&a,&b,&c);long m=a>b?a:b;if(c>m)m=c;printf("%ld\\n",m);return 0;}\n',
  vowels:
    '#include <stdio.h>\n#include <string.h>\nint main(){char w[1024];int n=0;if(scanf("%1023s",w)!=1)return 0;for(char*p=w;*p;p++)if(strchr("aeiou",*p))n++;printf("%d\\n",n);return 0;}\n',
  triple: '#include <stdio.h>\nint main(){long a;scanf("%ld",&a);printf("%ld\\n",3*a);return 0;}\n',
};

let db: TestDatabase;
let dir: string;
let services: OjServicesImpl;
let runner: Runner;
let gw: Gateway;
let token = '';

async function call<T = unknown>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Envelope<T>> {
  const res = await gw.app.inject({ method, url, headers: { authorization: token }, ...(payload !== undefined && { payload: payload as object }) });
  expect(res.statusCode).toBeLessThan(500);
  return res.json() as Envelope<T>;
}

async function upload(route: string, fileName: string, content: Buffer, lang = 'en-US'): Promise<Envelope<ImportResult>> {
  const boundary = '----oj-import-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await gw.app.inject({
    method: 'POST',
    url: `/api/file/${route}`,
    headers: { authorization: token, 'accept-language': lang, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode).toBeLessThan(500);
  return res.json() as Envelope<ImportResult>;
}

async function detail(pid: number): Promise<AdminProblemDetail> {
  const d = await call<AdminProblemDetail>('GET', `/api/admin/problem?pid=${pid}`);
  expect(d.status, d.msg).toBe(200);
  return d.data;
}

/** The verdict of `code` on problem `pid`, submitted in the first of `languages` the problem allows. */
async function judge(pid: number, code: string, languages = ['C', 'C++']): Promise<number> {
  const p = await detail(pid);
  const language = languages.find((l) => p.languages.some((x) => x.name === l));
  expect(language, `problem ${p.problemId} allows C or C++`).toBeDefined();
  const sub = await call<{ submitId: number }>('POST', '/api/submit-problem-judge', { pid: p.problemId, language, code, cid: 0 });
  expect(sub.status, sub.msg).toBe(200);
  for (let i = 0; i < 600; i++) {
    const d = await call<{ submission: { status: number } }>('GET', `/api/get-submission-detail?submitId=${sub.data.submitId}`);
    if (!isInProgress(d.data.submission.status)) return d.data.submission.status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no verdict');
}

/** Runs problem `pid`'s package self-check and answers its view once every row has its verdict. */
async function selfCheck(pid: number): Promise<SelfCheckView> {
  const started = await call<SelfCheckView>('POST', `/api/admin/problem/self-check?pid=${pid}`);
  expect(started.status, started.msg).toBe(200);
  let view = started.data;
  for (let i = 0; i < 900 && view.rows.some((row) => row.matches === null); i++) {
    await new Promise((res) => setTimeout(res, 200));
    view = (await call<SelfCheckView>('GET', `/api/admin/problem/self-check?pid=${pid}`)).data;
  }
  return view;
}

const bankSize = async () => (await call<{ total: number }>('GET', '/api/admin/problem/get-problem-list?limit=1')).data.total;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'oj-problem-import-'));
  await chmod(dir, 0o711);
  db = await startTestDatabase();
  await migrate(db.url);
  await seed(db.url, { adminPassword: ROOT_PASSWORD });
  const bus = createMemoryBus();
  services = await createServices({ databaseUrl: db.url, transport: bus, logger: silentLogger(), config: { submitIntervalS: 0 } });
  await services.startWorkers();
  runner = await startRunner({
    transport: bus,
    config: loadRunnerConfig({ OJ_RUNNER_ID: 'problem-import', OJ_RUNNER_WORK_DIR: dir, OJ_SANDBOX: 'bwrap', OJ_SANDBOX_UID_BASE: '23800', OJ_RUNNER_SLOTS: '2' }),
    logger: createRunnerLogger({ level: 'silent' }),
  });
  gw = await buildGateway({ services, push: bus, config: loadGatewayConfig({ OJ_JWT_SECRET: 'problem-import-secret-'.padEnd(40, 'x') }) });
  const res = await gw.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'root', password: ROOT_PASSWORD } });
  token = res.headers.authorization as string;
}, 120_000);

afterAll(async () => {
  await gw?.close();
  await runner?.stop();
  await services?.close();
  await db?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('one sample of each format imports and judges', () => {
  const cases: [format: string, route: string, file: () => [string, Buffer], title: string, code: string][] = [
    ['HOJ', 'import-problem', () => ['hoj.zip', packageZip('hoj', 'aplusb')], '', C.sum],
    ['QDUOJ', 'import-qdoj-problem', () => ['qduoj.zip', packageZip('qduoj', 'export')], 'Largest of Three', C.max3],
    ['FPS', 'import-fps-problem', () => ['problems.xml', fixtureFile('fps', 'two-problems/problems.xml')], 'Count the Vowels', C.vowels],
    ['Hydro', 'import-hydro-problem', () => ['hydro.zip', packageZip('hydro', 'export')], 'Triple It', C.triple],
    ['ICPC', 'import-icpc-problem', () => ['aplusb.zip', packageZip('icpc', 'aplusb')], 'Sum of Two', C.sum],
    ['Polygon', 'import-polygon-problem', () => ['a-plus-b.zip', packageZip('polygon', 'aplusb')], 'A + B', C.sum],
  ];
  for (const [format, route, file, title, code] of cases) {
    it(`${format}`, async () => {
      const [name, data] = file();
      const r = await upload(route, name, data);
      expect(r.status, r.msg).toBe(200);
      expect(r.data.problems.length).toBeGreaterThan(0);
      const target = title ? r.data.problems.find((p) => p.title === title) : r.data.problems[0];
      expect(target, `${format} imports ${title}`).toBeDefined();
      expect(target!.cases).toBeGreaterThan(0);
      expect(await judge(target!.id, code)).toBe(JudgeStatus.ACCEPTED);
    }, 120_000);
  }
});

/**
 * Imports an archive whose one problem has another judge's A+B special judge, checks it keeps `protocol`, and judges a
 * right sum (Accepted) and a wrong one (Wrong Answer); answers the import and the problem's id.
 */
async function importedForeignSpj(route: string, name: string, data: Buffer, protocol: string): Promise<{ r: Awaited<ReturnType<typeof upload>>; pid: number }> {
  const r = await upload(route, name, data);
  expect(r.status, r.msg).toBe(200);
  const pid = r.data.problems[0]!.id;
  expect((await detail(pid)).checkerProtocol).toBe(protocol);
  expect(await judge(pid, C.sum)).toBe(JudgeStatus.ACCEPTED);
  expect(await judge(pid, C.sum.replace('a+b', 'a+b+1'))).toBe(JudgeStatus.WRONG_ANSWER);
  return { r, pid };
}

describe("an FPS item's HUSTOJ special judge", () => {
  it("is judged with HUSTOJ's argument order: a right sum is Accepted, a wrong one Wrong Answer", async () => {
    // The special judge reads the user's output from its third argument only: in testlib's order a wrong sum would pass.
    const { r, pid } = await importedForeignSpj('import-fps-problem', 'hustoj-spj.xml', fixtureFile('fps', 'hustoj-spj/problems.xml'), 'hustoj');
    expect(r.data.warnings.map((w) => w.code)).toEqual(['FPS_SPJ_HUSTOJ']);
    // Our export keeps the protocol: the copy imports back as a HUSTOJ special judge.
    const res = await gw.app.inject({ method: 'GET', url: `/api/file/export-problem?pid=${pid}`, headers: { authorization: token } });
    expect(res.statusCode).toBe(200);
    const back = await upload('import-problem', 'export.zip', res.rawPayload);
    expect(back.status, back.msg).toBe(200);
    expect((await detail(back.data.problems[0]!.id)).checkerProtocol).toBe('hustoj');
  }, 120_000);
});

describe("a QDUOJ export's special judge", () => {
  it("is judged as QDUOJ judges it (input, user output; QDUOJ's own template refuses three arguments)", async () => {
    const { r } = await importedForeignSpj('import-qdoj-problem', 'qduoj.zip', packageZip('qduoj', 'spj-template'), 'qduoj');
    expect(r.data.warnings.map((w) => w.code)).toContain('QDUOJ_SPJ_PROTOCOL');
  }, 120_000);
});

describe("HUSTOJ's FPS export", () => {
  it('imports with its DOCTYPE header: titles as display ids without a clash warning, a remote item without cases (its self-check refused), solutions self-check Accepted', async () => {
    const before = await bankSize();
    const r = await upload('import-fps-problem', 'hustoj.xml', fixtureFile('fps', 'hustoj-export/problems.xml'));
    expect(r.status, r.msg).toBe(200);
    expect(r.data.problems.map((p) => [p.title, p.cases, p.submissions])).toEqual([
      ['两数之和 Sum of Two', 2, 2],
      ['Remote Echo', 0, 1],
    ]);
    expect(await bankSize()).toBe(before + 2);
    const [sum, remote] = r.data.problems;
    expect(sum!.problemId).toMatch(/^两数之和-Sum-of-Two/);
    const warnings = (problemId: string) => r.data.warnings.filter((w) => w.problemId === problemId);
    expect(warnings(sum!.problemId)).toEqual([]);
    // Each warning carries its code and params (the web translates them) beside the English sentence.
    expect(warnings(remote!.problemId)).toEqual([
      { problemId: remote!.problemId, code: 'FPS_REMOTE_NO_DATA', params: { remote: 'far 1001' }, message: expect.stringContaining('remotely on far 1001') },
      { problemId: remote!.problemId, code: 'NO_TEST_CASES', params: {}, message: expect.stringContaining('no test cases') },
    ]);
    const noCases = await call('POST', `/api/admin/problem/self-check?pid=${remote!.id}`);
    expect([noCases.status, noCases.code]).toEqual([400, 'SELF_CHECK_NO_CASES']);
    const d = await detail(sum!.id);
    expect(d).toMatchObject({ timeLimit: 1000, memoryLimit: 64, examples: [{ input: '1 2', output: '3' }] });
    const view = await selfCheck(sum!.id);
    expect(view.rows.map((row) => [row.language, row.status, row.matches])).toEqual([
      ['C', JudgeStatus.ACCEPTED, true],
      ['C++', JudgeStatus.ACCEPTED, true],
    ]);
  }, 300_000);
});

describe('export and self-check', () => {
  it('an exported problem imports back equal', async () => {
    const r = await upload('import-icpc-problem', 'floatsum.zip', packageZip('icpc', 'floatsum'));
    expect(r.status, r.msg).toBe(200);
    const original = await detail(r.data.problems[0]!.id);
    const res = await gw.app.inject({ method: 'GET', url: `/api/file/export-problem?pid=${original.id}`, headers: { authorization: token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    const back = await upload('import-problem', 'export.zip', res.rawPayload);
    expect(back.status, back.msg).toBe(200);
    const copy = await detail(back.data.problems[0]!.id);
    const strip = (p: AdminProblemDetail) => {
      const { id: _id, problemId: _pid, gmtCreate: _c, gmtModified: _m, modifiedUser: _u, ...rest } = p as AdminProblemDetail & Record<string, unknown>;
      return { ...rest, tags: p.tags.map((t) => t.name), languages: p.languages.map((l) => l.name) };
    };
    expect(copy.problemId).toMatch(new RegExp(`^${original.problemId}`));
    expect(strip(copy)).toEqual(strip(original));
    const cases = async (pid: number) => (await call<{ input: string; output: string; score: number | null }[]>('GET', `/api/admin/problem/get-problem-cases?pid=${pid}`)).data.map((c) => [c.input, c.output, c.score]);
    expect(await cases(copy.id)).toEqual(await cases(original.id));
  }, 120_000);

  it('an ICPC package with accepted, wrong and too-slow programs self-checks with every row matching', async () => {
    // With Kattis' shapes: a Java program whose class is named after its file, a case reused through a symbolic link.
    const java = 'import java.util.*;\npublic class SumUp {\n  public static void main(String[] a) {\n    Scanner in = new Scanner(System.in);\n    System.out.println(in.nextLong() + in.nextLong());\n  }\n}\n';
    const zip = writeZip([
      ...fixtureFiles('icpc', 'aplusb'),
      { name: 'submissions/accepted/SumUp.java', data: Buffer.from(java) },
      { name: 'data/secret/11-again.in', data: Buffer.from('10-mixed.in'), symlink: true },
      { name: 'data/secret/11-again.ans', data: Buffer.from('10-mixed.ans'), symlink: true },
    ]);
    const r = await upload('import-icpc-problem', 'aplusb.zip', zip);
    expect(r.status, r.msg).toBe(200);
    const pid = r.data.problems[0]!.id;
    expect(r.data.problems[0]!.submissions).toBeGreaterThanOrEqual(4);
    const cases = await call<{ input: string; output: string }[]>('GET', `/api/admin/problem/get-problem-cases?pid=${pid}`);
    expect(cases.data.map((c) => c.input)).toContain('secret-11-again.in');
    const view = await selfCheck(pid);
    expect(new Set(view.rows.map((row) => row.expected))).toEqual(new Set(['accepted', 'wrong_answer', 'time_limit_exceeded']));
    expect(view.rows.map((row) => [row.path, row.matches])).toEqual(view.rows.map((row) => [row.path, true]));
    expect(view.rows.find((row) => row.path === 'submissions/accepted/SumUp.java')?.status).toBe(JudgeStatus.ACCEPTED);
    expect(view.slowestAccepted).not.toBeNull();
    expect(view.slowestAccepted!).toBeLessThanOrEqual(view.timeLimit);
  }, 300_000);
});

describe('a Polygon package', () => {
  const solution = (name: string, file: string) => fixtureFiles('polygon', name).find((f) => f.name === file)!.data.toString();

  it('A + B with std::wcmp: the main solution is Accepted, the wrong one Wrong Answer, and the package self-checks', async () => {
    const r = await upload('import-polygon-problem', 'a-plus-b.zip', packageZip('polygon', 'aplusb'));
    expect(r.status, r.msg).toBe(200);
    const { id: pid, cases, submissions } = r.data.problems[0]!;
    expect([cases, submissions]).toEqual([4, 3]);
    expect(await detail(pid)).toMatchObject({ title: 'A + B', judgeMode: 'default', checker: 'tokens', timeLimit: 2000, memoryLimit: 256 });
    expect(await judge(pid, solution('aplusb', 'solutions/sum.cpp'), ['C++ 17'])).toBe(JudgeStatus.ACCEPTED);
    expect(await judge(pid, solution('aplusb', 'solutions/difference.cpp'), ['C++ 17'])).toBe(JudgeStatus.WRONG_ANSWER);
    const view = await selfCheck(pid);
    expect(view.rows.map((row) => [row.path, row.matches])).toEqual([
      ['solutions/difference.cpp', true],
      ['solutions/sum.cpp', true],
      ['solutions/sum.py', true],
    ]);
  }, 300_000);

  it('groups with its own checker: subtasks with a dependency; the main solution Accepted, the small-only one partly, a wrong sum Wrong Answer', async () => {
    const r = await upload('import-polygon-problem', 'group-sum.zip', packageZip('polygon', 'groups'));
    expect(r.status, r.msg).toBe(200);
    const pid = r.data.problems[0]!.id;
    expect(await detail(pid)).toMatchObject({ title: '分组求和', type: 1, judgeMode: 'spj', judgeCaseMode: 'subtask_lowest', checkerProtocol: 'testlib', subtaskDependencies: [{ groupNum: 3, dependencies: [2] }] });
    expect(await judge(pid, solution('groups', 'solutions/sum.c'))).toBe(JudgeStatus.ACCEPTED);
    // An OI problem: the first subtask's 40 points make the small-only solution Partial Accepted.
    expect(await judge(pid, solution('groups', 'solutions/small-only.c'))).toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect(await judge(pid, C.sum.replace('a+b', 'a+b+1'))).toBe(JudgeStatus.WRONG_ANSWER);
  }, 300_000);

  it('without its generated tests is refused in the caller\'s language and changes nothing', async () => {
    const zip = writeZip(fixtureFiles('polygon', 'aplusb').filter((f) => !f.name.startsWith('tests/03')));
    const before = await bankSize();
    const zh = await upload('import-polygon-problem', 'p.zip', zip, 'zh-CN');
    expect({ status: zh.status, code: zh.code }).toEqual({ status: 400, code: 'IMPORT_FAILED' });
    expect(zh.msg).toMatch(/^导入失败：题目包：测试点 3（generated）需要 tests\/03，但题目包中没有；请下载包含已生成测试数据的题目包/);
    const en = await upload('import-polygon-problem', 'p.zip', zip, 'en-US');
    expect(en.msg).toMatch(/^Import failed: the package: test 3 \(generated\) needs tests\/03, which the package does not hold; download the package with its generated tests/);
    expect(await bankSize()).toBe(before);
  }, 120_000);
});

describe('a bad archive is refused and changes nothing', () => {
  const icpc = (extra: { name: string; data: Buffer }[], drop?: (n: string) => boolean) =>
    writeZip([...fixtureFiles('icpc', 'aplusb').filter((f) => !drop?.(f.name)), ...extra]);
  const bad: [what: string, route: string, name: string, data: () => Buffer, message: RegExp][] = [
    ['a path leaving the target', 'import-icpc-problem', 'p.zip', () => icpc([{ name: '../evil.txt', data: Buffer.from('x') }]), /evil\.txt/],
    ['a 100:1 entry', 'import-icpc-problem', 'p.zip', () => icpc([{ name: 'data/secret/bomb.in', data: Buffer.alloc(8 << 20, 0x30) }, { name: 'data/secret/bomb.ans', data: Buffer.from('0\n') }]), /bomb\.in/],
    ['a DOCTYPE in FPS', 'import-fps-problem', 'x.xml', () => Buffer.from('<?xml version="1.0"?><!DOCTYPE fps [<!ENTITY a "b">]><fps><item><title>&a;</title></item></fps>'), /DOCTYPE|ENTITY/],
    [
      'an SQL problem in FPS (after two good ones)',
      'import-fps-problem',
      'sql.xml',
      () =>
        Buffer.from(
          fixtureFile('fps', 'hustoj-export/problems.xml')
            .toString()
            .replace('</fps>', '<item><title>Select</title><time_limit>1</time_limit><memory_limit>64</memory_limit><test_input>create table t(x int);</test_input><test_output>1</test_output><solution language="SQL(sqlite3)">select 1;</solution></item></fps>'),
        ),
      /^导入失败：FPS 文件 第 3 题（Select） 是 SQL\(sqlite3\) 题目/,
    ],
    ['malformed YAML', 'import-icpc-problem', 'p.zip', () => icpc([{ name: 'problem.yaml', data: Buffer.from('name: [unclosed\n') }], (n) => n === 'problem.yaml'), /problem\.yaml/],
    ['a case without its answer', 'import-icpc-problem', 'p.zip', () => icpc([], (n) => n === 'data/secret/1.ans' || /data\/secret\/[^/]+\.ans$/.test(n)), /\.in|\.ans|answer/],
    [
      'a checker that does not compile',
      'import-icpc-problem',
      'p.zip',
      () => writeZip([...fixtureFiles('icpc', 'floatsum').filter((f) => !f.name.startsWith('problem.yaml')), { name: 'problem.yaml', data: Buffer.from('name: Broken\nvalidation: custom\n') }, { name: 'output_validators/v/v.cpp', data: Buffer.from('int main( { return 42; }\n') }]),
      /^导入失败：Broken：检查器编译失败：/,
    ],
  ];
  for (const [what, route, name, data, message] of bad) {
    it(what, async () => {
      const before = await bankSize();
      const r = await upload(route, name, data(), 'zh-CN');
      expect(r.status, r.msg).not.toBe(200);
      expect(r.msg).toMatch(message);
      expect(await bankSize()).toBe(before);
    }, 120_000);
  }

  it("words the refusal in the caller's language, the paths it names as they are", async () => {
    const noAnswer = icpc([], (n) => n === 'data/secret/02-min.ans');
    const doctype = Buffer.from('<!DOCTYPE fps [<!ENTITY a "b">]><fps/>');
    const cases: [route: string, name: string, data: Buffer, lang: string, msg: string][] = [
      ['import-icpc-problem', 'p.zip', noAnswer, 'zh-CN', '导入失败：题目包：data/secret/02-min.in 没有对应的 data/secret/02-min.ans'],
      ['import-icpc-problem', 'p.zip', noAnswer, 'en-US', 'Import failed: the package: data/secret/02-min.in has no data/secret/02-min.ans'],
      ['import-fps-problem', 'x.xml', doctype, 'zh-CN', '导入失败：FPS 文件 声明了 DOCTYPE 或 ENTITY，不予接受（以防外部实体和实体展开）'],
      ['import-fps-problem', 'x.xml', doctype, 'en-US', 'Import failed: the FPS file declares a DOCTYPE or ENTITY, which is not accepted (external entities and entity expansion)'],
    ];
    for (const [route, name, data, lang, msg] of cases) {
      const r = await upload(route, name, data, lang);
      expect({ status: r.status, code: r.code, msg: r.msg }).toEqual({ status: 400, code: 'IMPORT_FAILED', msg });
    }
  });
});
