// Judge modes and judge case modes through the real bwrap sandbox: special judge (C++ checker with partial points,
// JavaScript checker in isolated-vm), interactive (guess the number), file IO, user and judge extra files, and the
// verdict matrix of the four case modes.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JudgeStatus, type JudgeCaseInput, type JudgeJob } from '@oj/proto';
import { collectingSink, makeJob, template } from './job-fixture';
import { judge } from './judge';
import { judgeTestBed } from './judge-test-bed';

const bed = judgeTestBed({ name: 'modes-test', uidBase: 26_000, judger: 'modes-test', helperSandbox: true });

async function run(job: JudgeJob) {
  const sink = collectingSink();
  const final = await judge(job, sink, bed.deps);
  return { final, events: sink.events };
}

const kase = (index: number, input: string, output: string, score = 10, groupNum: number | null = null): JudgeCaseInput => ({ caseId: 100 + index, index, input, output, score, groupNum });

// Checker: the output must be a permutation of 1..n; k of n right tokens (in range, unique) score k/n (exit 7).
const PERMUTATION_CHECKER = `#include <cstdio>
#include <vector>
int main(int argc, char** argv) {
  if (argc < 4) return 3;
  FILE* in = fopen(argv[1], "r"); FILE* out = fopen(argv[2], "r");
  if (!in || !out) return 3;
  int n = 0; if (fscanf(in, "%d", &n) != 1) return 3;
  std::vector<bool> seen(n + 1, false);
  int good = 0, count = 0, x;
  while (fscanf(out, "%d", &x) == 1) { count++; if (x >= 1 && x <= n && !seen[x]) { seen[x] = true; good++; } }
  if (count != n) { fprintf(stderr, "expected %d numbers, got %d", n, count); return 1; }
  if (good == n) { fprintf(stderr, "ok permutation of %d", n); return 0; }
  fprintf(stderr, "points %.4f partial: %d of %d", (double)good / n, good, n);
  return 7;
}
`;
const REVERSED = 'n = int(input())\nprint(*range(n, 0, -1))\n';
const HALF_RIGHT = 'n = int(input())\nprint(*([1] * (n // 2) + list(range(n // 2 + 1, n + 1))))\n';

function spjJob(code: string, language = 'Python3', over: Partial<JudgeJob['problem']> = {}, submitId = 10): JudgeJob {
  return makeJob(language, code, {
    type: 1,
    judgeMode: 'spj',
    spjLanguage: 'C++',
    spjCode: PERMUTATION_CHECKER,
    ioScore: 100,
    cases: [kase(1, '4\n', '1 2 3 4\n', 50), kase(2, '10\n', '1 2 3 4 5 6 7 8 9 10\n', 50)],
    ...over,
  }, submitId);
}

describe('special judge (C++ checker)', () => {
  it('accepts any permutation, compiles the checker once, and keeps its message', async () => {
    const { final } = await run(spjJob(REVERSED));
    expect(final).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 100 });
    expect(final.cases.map((c) => [c.status, c.score, c.message])).toEqual([
      [0, 50, 'ok permutation of 4'],
      [0, 50, 'ok permutation of 10'],
    ]);
    const helpers = path.join(bed.deps.workRoot, '.helpers');
    const [hash] = await readdir(helpers);
    const before = await stat(path.join(helpers, hash!, 'spj'));
    await run(spjJob(REVERSED, 'Python3', {}, 11));
    const after = await stat(path.join(helpers, hash!, 'spj'));
    expect(await readdir(helpers)).toHaveLength(1);
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });

  it('scores partial points: ⌊points × case score⌋, Partial Accepted', async () => {
    // n=4: [1,1,3,4] has 3 good of 4 → ⌊0.75 × 50⌋ = 37; n=10: [1,1,1,1,1,6..10] has 6 good → 30.
    const { final } = await run(spjJob(HALF_RIGHT, 'Python3', {}, 12));
    expect(final.cases.map((c) => [c.status, c.score])).toEqual([
      [JudgeStatus.PARTIAL_ACCEPTED, 37],
      [JudgeStatus.PARTIAL_ACCEPTED, 30],
    ]);
    expect(final).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 67 });
  });

  it('wrong count is Wrong Answer; a program failure is its own verdict, without running the checker', async () => {
    const { final } = await run(spjJob('print(1)\n', 'Python3', {}, 13));
    expect(final.cases.map((c) => [c.status, c.message])).toEqual([
      [JudgeStatus.WRONG_ANSWER, 'expected 4 numbers, got 1'],
      [JudgeStatus.WRONG_ANSWER, 'expected 10 numbers, got 1'],
    ]);
    expect(final).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, score: 0 });
    const re = await run(spjJob('raise SystemExit(3)\n', 'Python3', {}, 14));
    expect(re.final.cases[0]).toMatchObject({ status: JudgeStatus.RUNTIME_ERROR, message: 'Exited with code 3' });
  });

  it('a checker that does not compile is System Error, not the user\'s Compile Error', async () => {
    const { final } = await run(spjJob(REVERSED, 'Python3', { spjCode: 'int main( { broken' }, 15));
    expect(final.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(final.errorMessage).toMatch(/^checker compile error/);
    expect(final.cases).toEqual([]);
  });

  it('a checker exiting 3 (judge fail) or crashing makes the case a System Error', async () => {
    const { final } = await run(spjJob(REVERSED, 'Python3', { spjLanguage: 'C', spjCode: '#include <stdio.h>\nint main(void){fputs("bad data",stderr);return 3;}\n', type: 0 }, 16));
    expect(final.cases).toHaveLength(1);
    expect(final.cases[0]).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, message: 'checker failed: bad data' });
    expect(final.status).toBe(JudgeStatus.SYSTEM_ERROR);
  });
});

describe('special judge (HUSTOJ protocol, from FPS files)', () => {
  // HUSTOJ's A+B special judge as its wiki has it: argv[1] input, argv[2] the expected output, argv[3] the user's;
  // it checks the sum read from argv[3] only, so the argument order decides the verdict. Any non-zero exit is WA.
  const HUSTOJ_SPJ = `#include <stdio.h>
int main(int argc, char *args[]) {
  FILE *f_in = fopen(args[1], "r"), *f_out = fopen(args[2], "r"), *f_user = fopen(args[3], "r");
  long a, b, c;
  if (!f_out || fscanf(f_in, "%ld %ld", &a, &b) != 2) return 9;
  if (fscanf(f_user, "%ld", &c) != 1) { fprintf(stderr, "no number"); return 2; }
  return a + b == c ? 0 : 5;
}
`;
  const hustojJob = (code: string, submitId: number, over: Partial<JudgeJob['problem']> = {}) =>
    makeJob('Python3', code, { judgeMode: 'spj', spjLanguage: 'C', spjCode: HUSTOJ_SPJ, checkerProtocol: 'hustoj', cases: [kase(1, '1 2\n', '3\n'), kase(2, '20 22\n', '42\n')], ...over }, submitId);

  it('runs it as HUSTOJ does (input, expected output, user output): right sums are Accepted', async () => {
    const { final } = await run(hustojJob('a, b = map(int, input().split())\nprint(a + b)\n', 40));
    expect(final.cases.map((c) => c.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
    // Under testlib's order the same checker reads the answer file as the user's output: a wrong sum would pass.
    const testlib = await run(hustojJob('a, b = map(int, input().split())\nprint(a + b + 1)\n', 41, { checkerProtocol: undefined }));
    expect(testlib.final.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('any non-zero exit is Wrong Answer (not testlib\'s PE or System Error), with its message', async () => {
    const { final } = await run(hustojJob('a, b = map(int, input().split())\nprint(a + b + 1)\n', 42));
    expect(final.cases[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER });
    expect(final.status).toBe(JudgeStatus.WRONG_ANSWER);
    const silent = await run(hustojJob('input()\n', 43));
    expect(silent.final.cases[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, message: 'no number' });
  });

  it('is a compiled checker only: as an interactor it is System Error', async () => {
    const { final } = await run(hustojJob('print(3)\n', 44, { judgeMode: 'interactive' }));
    expect(final.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(final.errorMessage).toMatch(/HUSTOJ/);
  });
});

describe('special judge (JavaScript checker in isolated-vm)', () => {
  const JS_CHECKER = `function check(input, output, answer, extra) {
  const want = Number(answer), got = Number(output.trim());
  if (!Number.isFinite(got)) return { verdict: 'PE', message: 'not a number' };
  const eps = Number(extra['eps.txt']);
  if (Math.abs(got - want) <= eps) return true;
  if (Math.abs(got - want) <= 10 * eps) return { verdict: 'PA', points: 0.5, message: 'close' };
  return { verdict: 'WA', message: 'got ' + got };
}`;
  const job = (code: string, submitId: number, spjCode = JS_CHECKER) =>
    makeJob('Python3', code, {
      type: 1,
      judgeMode: 'spj',
      spjLanguage: 'JavaScript',
      spjCode,
      judgeExtraFile: { 'eps.txt': '0.001' },
      cases: [kase(1, '2\n', '1.41421356\n', 40), kase(2, '3\n', '1.7320508\n', 60)],
    }, submitId);

  it('decides with a tolerance from a judge extra file: AC, PA (half points) and WA', async () => {
    expect((await run(job('import math\nprint(math.sqrt(int(input())))\n', 20))).final).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 100 });
    const pa = await run(job('import math\nprint(round(math.sqrt(int(input())), 2))\n', 21));
    expect(pa.final.cases.map((c) => [c.status, c.score, c.message])).toEqual([
      [JudgeStatus.PARTIAL_ACCEPTED, 20, 'close'],
      [JudgeStatus.PARTIAL_ACCEPTED, 30, 'close'],
    ]);
    const wa = await run(job('print(5)\n', 22));
    expect(wa.final.cases.map((c) => [c.status, c.message])).toEqual([
      [JudgeStatus.WRONG_ANSWER, 'got 5'],
      [JudgeStatus.WRONG_ANSWER, 'got 5'],
    ]);
  });

  it('has no process or require, and a runaway checker ends as System Error', async () => {
    const noProcess = await run(job('print(1)\n', 23, 'function check(){ return typeof process === "undefined" && typeof require === "undefined"; }'));
    expect(noProcess.final.status).toBe(JudgeStatus.ACCEPTED);
    const throws = await run(job('print(1)\n', 24, 'function check(){ throw new Error("boom"); }'));
    expect(throws.final.cases[0]).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, message: expect.stringContaining('boom') });
    const hog = await run(job('print(1)\n', 25, 'function check(){ const a = []; for(;;) a.push(new Array(1e6).fill(1)); }'));
    expect(hog.final.cases[0]).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, message: expect.stringMatching(/checker failed/) });
    const bad = await run(job('print(1)\n', 26, 'function check( {'));
    expect(bad.final).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, errorMessage: expect.stringMatching(/^checker compile error/) });
  });
});

describe('interactive (guess the number)', () => {
  const INTERACTOR = `#include <stdio.h>
int main(int argc, char** argv) {
  FILE* in = fopen(argv[1], "r"); int secret; if (!in || fscanf(in, "%d", &secret) != 1) return 3;
  for (int tries = 1; tries <= 20; tries++) {
    int g; if (scanf("%d", &g) != 1) { fprintf(stderr, "no guess"); return 1; }
    if (g == secret) { printf("=\\n"); fflush(stdout); fprintf(stderr, "found in %d", tries); return 0; }
    printf(g < secret ? "<\\n" : ">\\n"); fflush(stdout);
  }
  fprintf(stderr, "too many guesses"); return 1;
}
`;
  const BINARY_SEARCH = `#include <cstdio>
int main() { int lo = 1, hi = 1000000; char r[4];
  while (lo <= hi) { int m = (lo + hi) / 2; printf("%d\\n", m); fflush(stdout);
    if (scanf("%3s", r) != 1) return 0; if (r[0] == '=') return 0; if (r[0] == '<') lo = m + 1; else hi = m - 1; }
  return 0; }
`;
  const job = (language: string, code: string, submitId: number) =>
    makeJob(language, code, {
      judgeMode: 'interactive',
      spjLanguage: 'C',
      spjCode: INTERACTOR,
      cases: [kase(1, '1\n', '', 10), kase(2, '777777\n', '', 10), kase(3, '1000000\n', '', 10)],
    }, submitId);

  it('a binary search finds the number: Accepted with the interactor\'s message', async () => {
    const { final } = await run(job('C++', BINARY_SEARCH, 30));
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    expect(final.cases.map((c) => c.status)).toEqual([0, 0, 0]);
    expect(final.cases[0]!.message).toMatch(/^found in \d+$/);
  });

  it('a linear search runs out of guesses: Wrong Answer; a silent program: Wrong Answer; a crash stays RE', async () => {
    const linear = await run(job('Python3', 'import sys\nfor g in range(1, 100):\n    print(g, flush=True)\n    if sys.stdin.readline().strip() == "=":\n        break\n', 31));
    expect(linear.final.cases.map((c) => c.status)).toEqual([0, JudgeStatus.WRONG_ANSWER]);
    expect(linear.final.cases[1]!.message).toBe('too many guesses');
    const silent = await run(job('Python3', 'pass\n', 32));
    expect(silent.final.cases[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, message: 'no guess' });
    const crash = await run(job('C', 'int main(void){int*p=0;*p=1;return 0;}\n', 33));
    expect(crash.final.cases[0]!.status).toBe(JudgeStatus.RUNTIME_ERROR);
  });

  it('a program that never answers is stopped by its own limits while the interactor waits', async () => {
    const { final } = await run({ ...job('C', 'int main(void){volatile long x=0;for(;;)x++;}\n', 34), problem: { ...job('C', '', 34).problem, timeLimitMs: 300 } });
    expect(final.cases[0]!.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
  });
});

describe('file IO and extra files', () => {
  const FILE_AB = '#include <stdio.h>\nint main(void){FILE*i=fopen("in.txt","r");FILE*o=fopen("out.txt","w");int a,b;if(!i||!o)return 2;fscanf(i,"%d %d",&a,&b);fprintf(o,"%d\\n",a+b);return 0;}\n';
  const fileIo = { isFileIO: true, ioReadFileName: 'in.txt', ioWriteFileName: 'out.txt' };

  it('the program reads ioReadFileName and writes ioWriteFileName in /w', async () => {
    const { final } = await run(makeJob('C', FILE_AB, fileIo, 40));
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    expect(final.cases.map((c) => c.userOutput)).toEqual(['3\n', '93\n']);
  });

  it('writing to stdout instead is Wrong Answer; nothing written survives into the next case', async () => {
    expect((await run(makeJob('C', template('C'), fileIo, 41))).final.status).toBe(JudgeStatus.WRONG_ANSWER);
    // Case 1 leaves a marker; case 2 reports whether it is still there.
    const marker = 'import os\nseen = os.path.exists("marker")\nopen("marker", "w").write("x")\na, b = map(int, open("in.txt").read().split())\nopen("out.txt", "w").write("%d\\n" % (a + b) if not seen else "leak\\n")\n';
    const { final } = await run(makeJob('Python3', marker, { ...fileIo, type: 1 }, 42));
    expect(final.cases.map((c) => c.userOutput)).toEqual(['3\n', '93\n']);
  });

  it('a symlink as the output file is not followed by the runner', async () => {
    const evil = 'import os\nos.symlink("/etc/passwd", "out.txt")\n';
    const { final } = await run(makeJob('Python3', evil, fileIo, 43));
    expect(final.cases[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, userOutput: '' });
  });

  it('user extra files reach the program (compile and run); judge extra files only the checker', async () => {
    const program = '#include <stdio.h>\n#include "lib.h"\nint main(void){int a,b;scanf("%d %d",&a,&b);FILE*k=fopen("key.txt","r");if(k){puts("visible");return 0;}printf("%d\\n",ADD(a,b));return 0;}\n';
    const checker = '#include <stdio.h>\n#include <string.h>\nint main(int c,char**v){FILE*k=fopen("/w/key.txt","r");if(!k)return 3;char a[64]={0},b[64]={0};FILE*u=fopen(v[2],"r");FILE*s=fopen(v[3],"r");fgets(a,63,u);fgets(b,63,s);return strcmp(a,b)==0?0:1;}\n';
    const { final } = await run(makeJob('C', program, { judgeMode: 'spj', spjLanguage: 'C', spjCode: checker, userExtraFile: { 'lib.h': '#define ADD(a, b) ((a) + (b))\n' }, judgeExtraFile: { 'key.txt': 'secret\n' } }, 44));
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    expect(final.cases.map((c) => c.userOutput)).toEqual(['3\n', '93\n']);
  });
});

describe('judge case modes (verdict matrix)', () => {
  // Prints 2n, except: n % 10 == 3 → wrong answer, n % 10 == 5 → crash.
  const PROGRAM = 'n = int(input())\nif n % 10 == 5:\n    raise SystemExit(1)\nprint(2 * n + (1 if n % 10 == 3 else 0))\n';
  // Group 1: all right; group 2: the 2nd case wrong; group 3: 1st case crashes.
  const groups = [kase(1, '1\n', '2\n', 30, 1), kase(2, '2\n', '4\n', 30, 1), kase(3, '11\n', '22\n', 30, 2), kase(4, '13\n', '26\n', 30, 2), kase(5, '21\n', '42\n', 30, 2), kase(6, '15\n', '30\n', 40, 3), kase(7, '31\n', '62\n', 40, 3)];
  const job = (type: number, judgeCaseMode: JudgeJob['problem']['judgeCaseMode'], submitId: number, cases = groups) => makeJob('Python3', PROGRAM, { type, judgeCaseMode, cases, ioScore: 100 }, submitId);
  const statuses = (f: { cases: { index: number; status: number; score: number }[] }) => f.cases.map((c) => [c.index, c.status, c.score]);

  it('default (OI): every case runs; score = sum of the AC cases; Partial Accepted', async () => {
    const { final } = await run(job(1, 'default', 50));
    expect(statuses(final)).toEqual([[1, 0, 30], [2, 0, 30], [3, 0, 30], [4, -1, 0], [5, 0, 30], [6, 3, 0], [7, 0, 40]]);
    expect(final).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 100 }); // 160 capped at ioScore 100
  });

  it('subtask_lowest (OI): a group stops at its first zero, the rest is Skipped; score = Σ group minimum', async () => {
    const { final, events } = await run(job(1, 'subtask_lowest', 51));
    expect(statuses(final)).toEqual([[1, 0, 30], [2, 0, 30], [3, 0, 30], [4, -1, 0], [5, JudgeStatus.CANCELLED, 0], [6, 3, 0], [7, JudgeStatus.CANCELLED, 0]]);
    expect(final.cases[4]!.message).toBe('Skipped');
    expect(events.filter((e) => e.kind === 'case')).toHaveLength(7);
    expect(final).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 30 }); // 30 + 0 + 0
  });

  it('subtask_average (OI): every case runs; score = Σ rounded group averages', async () => {
    const { final } = await run(job(1, 'subtask_average', 52));
    expect(final.cases.map((c) => c.status)).toEqual([0, 0, 0, -1, 0, 3, 0]);
    // group 1: 30; group 2: round(60 / 3) = 20; group 3: round(40 / 2) = 20 → 70
    expect(final).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 70 });
  });

  it('ergodic_without_error: stops at the first failing case, in OI too', async () => {
    const oi = await run(job(1, 'ergodic_without_error', 53));
    expect(statuses(oi.final)).toEqual([[1, 0, 30], [2, 0, 30], [3, 0, 30], [4, -1, 0]]);
    expect(oi.final).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 90 });
    const acm = await run(job(0, 'ergodic_without_error', 54));
    expect(acm.final).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, score: null });
    expect(acm.final.cases).toHaveLength(4);
  });

  it('ACM (any mode) stops at the first failing case; all failing in OI gives the first failing status', async () => {
    const acm = await run(job(0, 'subtask_lowest', 55));
    expect(acm.final).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, score: null });
    expect(acm.final.cases).toHaveLength(4);
    const allBad = await run(job(1, 'default', 56, [kase(1, '5\n', '10\n'), kase(2, '3\n', '6\n')]));
    expect(allBad.final).toMatchObject({ status: JudgeStatus.RUNTIME_ERROR, score: 0 });
    const allGood = await run(job(1, 'default', 57, [kase(1, '1\n', '2\n', 10), kase(2, '2\n', '4\n', 10)]));
    expect(allGood.final).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 100 }); // full marks = ioScore
  });
});

describe('special judge (QDUOJ protocol, from QDUOJ exports)', () => {
  // QDUOJ's special-judge shape: `spj <input> <user output>` and it refuses any other argument count with its ERROR
  // (-1); it reads the sum from argv[2]. A second one reads the input from stdin, as QDUOJ also hands it there.
  const QDUOJ_SPJ = `#include <stdio.h>
int main(int argc, char *args[]) {
  if (argc != 3) { printf("Usage: spj x.in x.out"); return -1; }
  FILE *in = fopen(args[1], "r"), *user = fopen(args[2], "r");
  long a, b, c;
  if (!in || !user || fscanf(in, "%ld %ld", &a, &b) != 2) return -1;
  if (fscanf(user, "%ld", &c) != 1) { fprintf(stderr, "no number"); return 1; }
  return a + b == c ? 0 : 1;
}
`;
  const STDIN_SPJ = `#include <stdio.h>
int main(int argc, char *args[]) {
  FILE *user = fopen(args[2], "r");
  long a, b, c;
  if (scanf("%ld %ld", &a, &b) != 2 || !user || fscanf(user, "%ld", &c) != 1) return 1;
  return a + b == c ? 0 : 1;
}
`;
  const qduojJob = (code: string, submitId: number, over: Partial<JudgeJob['problem']> = {}) =>
    makeJob('Python3', code, { judgeMode: 'spj', spjLanguage: 'C', spjCode: QDUOJ_SPJ, checkerProtocol: 'qduoj', cases: [kase(1, '1 2\n', ''), kase(2, '20 22\n', '')], ...over }, submitId);
  const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';

  it('runs it as QDUOJ does (input, user output): right sums are Accepted, a wrong one Wrong Answer', async () => {
    const { final } = await run(qduojJob(SUM, 50));
    expect(final.cases.map((c) => c.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
    const wrong = await run(qduojJob('a, b = map(int, input().split())\nprint(a + b + 1)\n', 51));
    expect(wrong.final.cases[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER });
    expect(wrong.final.status).toBe(JudgeStatus.WRONG_ANSWER);
    // Under testlib's three arguments the same special judge refuses to run: every case would be a System Error.
    const testlib = await run(qduojJob(SUM, 52, { checkerProtocol: undefined }));
    expect(testlib.final.status).toBe(JudgeStatus.SYSTEM_ERROR);
  });

  it('hands the input on stdin too; its ERROR exit is a System Error', async () => {
    const { final } = await run(qduojJob(SUM, 53, { spjCode: STDIN_SPJ }));
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    const broken = await run(qduojJob('input()\nprint(5)\n', 54, { cases: [kase(1, 'not numbers\n', '')] }));
    expect(broken.final.status).toBe(JudgeStatus.SYSTEM_ERROR);
  });

  it('is a compiled checker only: as an interactor it is System Error', async () => {
    const { final } = await run(qduojJob('print(3)\n', 55, { judgeMode: 'interactive' }));
    expect(final.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(final.errorMessage).toMatch(/QDUOJ/);
  });
});
