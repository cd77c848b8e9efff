// ICPC problem packages through judge() and the real bwrap sandbox: the default output validator with flags, a
// C++ Kattis output validator (42 / 43 / judge error, judgemessage.txt, flags), and a Kattis interactive
// guess-the-number validator with DOMjudge's rule for which side wins. Plus the verdict rule itself on made-up runs
// and the validator's mounts on both drivers' command lines.
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { JudgeStatus, type JudgeCaseInput, type JudgeJob } from '@oj/proto';
import { collectingSink, makeJob, template } from './job-fixture';
import { judge } from './judge';
import { kattisInteractiveVerdict } from './interactive-verdict';
import { kattisVerdict, validatorSpec } from './kattis-validator';
import { buildBwrapCommand } from './sandbox/bwrap';
import { buildNsjailCommand } from './sandbox/nsjail';
import type { RunResult } from './sandbox/types';
import { judgeTestBed } from './judge-test-bed';

const bed = judgeTestBed({ name: 'kattis-test', uidBase: 26_300, judger: 'kattis-test', helperSandbox: true });

const run = (job: JudgeJob) => judge(job, collectingSink(), bed.deps);
const kase = (index: number, input: string, output: string): JudgeCaseInput => ({ caseId: 100 + index, index, input, output, score: 10, groupNum: null });
let submitId = 700;

describe('ICPC default output validator (validatorFlags)', () => {
  const job = (code: string, over: Partial<JudgeJob['problem']>) => makeJob('Python3', code, { cases: [kase(1, '2\n', '1.41421356\nYes\n')], ...over }, ++submitId);
  const CLOSE = 'print(2 ** 0.5)\nprint("YES")\n';

  it('float_tolerance accepts a close number and any case; the built-in comparison (no flags) does not', async () => {
    expect((await run(job(CLOSE, { validatorFlags: 'float_tolerance 1e-6' }))).status).toBe(JudgeStatus.ACCEPTED);
    expect((await run(job(CLOSE, {}))).status).toBe(JudgeStatus.WRONG_ANSWER);
    const strict = await run(job(CLOSE, { validatorFlags: 'float_tolerance 1e-6 case_sensitive' }));
    expect(strict.cases[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, message: 'Wrong answer on line 2 of the output: token "YES" differs from the answer' });
  });

  it('empty flags: tokens, no Presentation Error; a bad flag is System Error before anything runs', async () => {
    const oneLine = 'print(" 1.41421356   Yes")\n';
    expect((await run(job(oneLine, { validatorFlags: '' }))).status).toBe(JudgeStatus.ACCEPTED);
    expect((await run(job(oneLine, {}))).status).toBe(JudgeStatus.PRESENTATION_ERROR);
    const bad = await run(job(CLOSE, { validatorFlags: 'float_tolerance x' }));
    expect(bad).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, errorMessage: 'validator flags: float_tolerance needs a number', cases: [] });
  });
});

// Output validator: the sum of the input's two numbers; flags: `quiet` (message on stderr only), `crash`.
const SUM_VALIDATOR = `#include <cstdio>
#include <cstring>
#include <string>
int main(int argc, char** argv) {
  FILE* in = fopen(argv[1], "r"); FILE* ans = fopen(argv[2], "r");
  long long a, b, want;
  if (!in || !ans || fscanf(in, "%lld %lld", &a, &b) != 2 || fscanf(ans, "%lld", &want) != 1) { fprintf(stderr, "bad test data"); return 1; }
  bool quiet = false; std::string flags;
  for (int i = 4; i < argc; i++) { flags += ' '; flags += argv[i]; if (!strcmp(argv[i], "quiet")) quiet = true; if (!strcmp(argv[i], "crash")) *(volatile int*)0 = 1; }
  if (a == 666) { fprintf(stderr, "judge error on purpose"); return 2; }
  FILE* msg = quiet ? stderr : fopen((std::string(argv[3]) + "judgemessage.txt").c_str(), "w");
  if (!msg) { fprintf(stderr, "no feedback dir"); return 1; }
  long long got; char extra[2];
  if (scanf("%lld", &got) != 1) { fprintf(msg, "no number"); return 43; }
  if (scanf("%1s", extra) == 1) { fprintf(msg, "trailing output"); return 43; }
  if (got != want) { fprintf(msg, "got %lld, want %lld", got, want); return 43; }
  fprintf(msg, "sum ok; flags:%s", flags.c_str());
  return 42;
}
`;

describe('Kattis output validator (spj, checkerProtocol kattis)', () => {
  const job = (code: string, over: Partial<JudgeJob['problem']> = {}) =>
    makeJob('C', code, { judgeMode: 'spj', checkerProtocol: 'kattis', spjLanguage: 'C++ 17', spjCode: SUM_VALIDATOR, validatorFlags: 'alpha beta', ...over }, ++submitId);

  it('42 is Accepted, with judgemessage.txt as the message and the flags as arguments', async () => {
    const final = await run(job(template('C')));
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    expect(final.cases.map((c) => c.message)).toEqual(['sum ok; flags: alpha beta', 'sum ok; flags: alpha beta']);
  });

  it('43 is Wrong Answer with the validator\'s message; stderr is the message when there is no judgemessage.txt', async () => {
    const wrong = '#include <stdio.h>\nint main(){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b+1);return 0;}\n';
    const wa = await run(job(wrong));
    expect(wa.cases[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, message: 'got 4, want 3' });
    const quiet = await run(job(wrong, { validatorFlags: 'quiet' }));
    expect(quiet.cases[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, message: 'got 4, want 3' });
    const trailing = await run(job('int main(){puts("3 3");return 0;}\n'));
    expect(trailing.cases[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, message: 'trailing output' });
  });

  it('any other exit, or a crash, is System Error (judge error), not the user\'s fault', async () => {
    const other = await run(job(template('C'), { cases: [kase(1, '666 1\n', '667\n')] }));
    expect(other.cases[0]).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, message: 'validator exited with code 2: judge error on purpose' });
    expect(other.status).toBe(JudgeStatus.SYSTEM_ERROR);
    const crash = await run(job(template('C'), { validatorFlags: 'crash' }));
    expect(crash.cases[0]).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, message: 'validator killed by SIGSEGV' });
  });

  it('a program failure is its own verdict; a JavaScript validator is refused', async () => {
    expect((await run(job('int main(){return 3;}\n'))).cases[0]).toMatchObject({ status: JudgeStatus.RUNTIME_ERROR });
    const js = await run(job(template('C'), { spjLanguage: 'JavaScript', spjCode: 'function check(){return true;}' }));
    expect(js).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, errorMessage: 'Kattis validators cannot be JavaScript checkers (isolated-vm)' });
  });
});

// Kattis interactive validator: guess the number in [1, 10^6] in at most 20 tries; a guess out of range is Wrong
// Answer at once.
const GUESS_VALIDATOR = `#include <stdio.h>
int main(int argc, char** argv) {
  FILE* in = fopen(argv[1], "r"); int secret;
  if (!in || fscanf(in, "%d", &secret) != 1) return 1;
  char path[512]; snprintf(path, sizeof path, "%sjudgemessage.txt", argv[3]);
  FILE* msg = fopen(path, "w"); if (!msg) return 1;
  for (int tries = 1; tries <= 20; tries++) {
    int g; if (scanf("%d", &g) != 1) { fprintf(msg, "no guess after %d tries", tries - 1); return 43; }
    if (g < 1 || g > 1000000) { fprintf(msg, "guess %d out of range", g); return 43; }
    if (g == secret) { printf("=\\n"); fflush(stdout); fprintf(msg, "found in %d", tries); return 42; }
    printf(g < secret ? "<\\n" : ">\\n"); fflush(stdout);
  }
  fprintf(msg, "too many guesses"); return 43;
}
`;
const BINARY_SEARCH = `#include <cstdio>
int main() { int lo = 1, hi = 1000000; char r[4];
  while (lo <= hi) { int m = (lo + hi) / 2; printf("%d\\n", m); fflush(stdout);
    if (scanf("%3s", r) != 1) return 0; if (r[0] == '=') return 0; if (r[0] == '<') lo = m + 1; else hi = m - 1; }
  return 0; }
`;

describe('Kattis interactive validator (guess the number)', () => {
  const job = (language: string, code: string, over: Partial<JudgeJob['problem']> = {}) =>
    makeJob(language, code, { judgeMode: 'interactive', checkerProtocol: 'kattis', spjLanguage: 'C', spjCode: GUESS_VALIDATOR, cases: [kase(1, '1\n', ''), kase(2, '777777\n', ''), kase(3, '1000000\n', '')], ...over }, ++submitId);

  it('42 and the program exits 0: Accepted, with judgemessage.txt', async () => {
    const final = await run(job('C++', BINARY_SEARCH));
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    expect(final.cases.map((c) => c.status)).toEqual([0, 0, 0]);
    expect(final.cases[0]!.message).toMatch(/^found in \d+$/);
  });

  it('43 first: Wrong Answer, even when the program then fails (exit 1 on the broken pipe, or spinning to TLE)', async () => {
    // Linear search: case 2 runs out of guesses; the validator leaves, the program's next print fails (exit 1).
    const linear = await run(job('Python3', 'import sys\nfor g in range(1, 100):\n    print(g, flush=True)\n    if sys.stdin.readline().strip() == "=":\n        break\n'));
    expect(linear.cases.map((c) => [c.status, c.message])).toEqual([[0, 'found in 1'], [JudgeStatus.WRONG_ANSWER, 'too many guesses']]);
    const spin = await run(job('C', '#include <stdio.h>\nint main(void){puts("0");fflush(stdout);volatile long x=0;for(;;)x++;}\n', { timeLimitMs: 500 }));
    expect(spin.cases[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, message: 'guess 0 out of range' });
  });

  it('the program crashes or runs out of time first: its verdict, though the validator then says 43', async () => {
    const crash = await run(job('C', 'int main(void){volatile int*p=0;*p=1;return 0;}\n'));
    expect(crash.cases[0]).toMatchObject({ status: JudgeStatus.RUNTIME_ERROR, message: expect.stringMatching(/SIGSEGV/) });
    const silent = await run(job('C', 'int main(void){volatile long x=0;for(;;)x++;}\n', { timeLimitMs: 300 }));
    expect(silent.cases[0]!.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    const quits = await run(job('Python3', 'pass\n'));
    expect(quits.cases[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, message: 'no guess after 0 tries' });
  });

  it('42 but the program then exits non-zero: Runtime Error; a validator exiting otherwise: System Error', async () => {
    const after = BINARY_SEARCH.replace("if (r[0] == '=') return 0;", "if (r[0] == '=') return 3;");
    expect((await run(job('C++', after))).cases[0]).toMatchObject({ status: JudgeStatus.RUNTIME_ERROR, message: 'Exited with code 3' });
    const broken = await run(job('C++', BINARY_SEARCH, { spjCode: '#include <stdio.h>\nint main(void){fputs("cannot read input", stderr);return 5;}\n' }));
    expect(broken.cases[0]).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, message: 'interactive validator exited with code 5: cannot read input' });
  });
});

describe('the Kattis interactive rule on made-up runs', () => {
  const at = (us: number, over: Partial<RunResult> = {}): RunResult => ({ exitCode: 0, signal: null, cpuMs: 1, wallMs: 1, memoryKb: 1, cpuExceeded: false, wallExceeded: false, memoryExceeded: false, outputExceeded: false, endedAtUs: us, ...over });
  const re = { status: JudgeStatus.RUNTIME_ERROR, message: 'x' };
  const tle = { status: JudgeStatus.TIME_LIMIT_EXCEEDED };
  const SIGPIPE = os.constants.signals.SIGPIPE;

  it('WA wins only when the validator ended first; a broken validator wins unless the program had left; a broken pipe is no crash', () => {
    expect(kattisInteractiveVerdict(re, at(20, { exitCode: 1 }), at(10, { exitCode: 43 }), 'm')).toEqual({ status: JudgeStatus.WRONG_ANSWER, message: 'm' });
    expect(kattisInteractiveVerdict(re, at(10, { exitCode: 1 }), at(20, { exitCode: 43 }), 'm')).toBe(re);
    expect(kattisInteractiveVerdict(tle, at(20, { cpuExceeded: true }), at(10, { exitCode: 43 }), '').status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(kattisInteractiveVerdict(tle, at(20, { cpuExceeded: true }), at(10, { exitCode: 42 }), '')).toBe(tle);
    // Order unknown (a helper without reap times): the program's failure stands.
    expect(kattisInteractiveVerdict(re, at(20, { exitCode: 1, endedAtUs: undefined }), at(10, { exitCode: 43 }), '')).toBe(re);
    // A validator exit other than 42 / 43: System Error while the program was there, the program's after it left.
    expect(kattisInteractiveVerdict(re, at(20, { exitCode: 1 }), at(10, { exitCode: 0 }), 'oops').status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(kattisInteractiveVerdict(re, at(10, { exitCode: 1 }), at(20, { exitCode: 0 }), 'oops')).toBe(re);
    expect(kattisInteractiveVerdict(null, at(10), at(20, { exitCode: 1 }), 'eof').status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(kattisInteractiveVerdict(null, at(10), at(20, { exitCode: null, signal: 11 }), '')).toEqual({ status: JudgeStatus.SYSTEM_ERROR, message: 'interactive validator killed by SIGSEGV' });
    expect(kattisInteractiveVerdict(re, at(20, { exitCode: null, signal: SIGPIPE }), at(10, { exitCode: 42 }), 'ok')).toEqual({ status: JudgeStatus.ACCEPTED, message: 'ok' });
    expect(kattisInteractiveVerdict(null, at(10), at(20, { exitCode: null, signal: SIGPIPE }), '').status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(kattisInteractiveVerdict(re, at(10, { exitCode: 2 }), at(20, { exitCode: null, signal: SIGPIPE }), '')).toBe(re);
  });

  it('output validators: 42 / 43, anything else System Error', () => {
    expect(kattisVerdict(at(0, { exitCode: 42 }), ' fine \n')).toEqual({ status: JudgeStatus.ACCEPTED, message: 'fine' });
    expect(kattisVerdict(at(0, { exitCode: 43 }), '')).toEqual({ status: JudgeStatus.WRONG_ANSWER });
    for (const over of [{ exitCode: 0 }, { exitCode: 1 }, { memoryExceeded: true, exitCode: 42 }, { wallExceeded: true, exitCode: 43 }]) {
      expect(kattisVerdict(at(0, over), '').status, JSON.stringify(over)).toBe(JudgeStatus.SYSTEM_ERROR);
    }
  });
});

describe('the validator\'s mounts on both drivers', () => {
  const spec = validatorSpec({
    helper: { kind: 'native', binary: '/var/oj/.helpers/h/spj' },
    workDir: '/var/oj/s1/validator-1',
    readonlyBinds: [{ host: '/var/oj/s1/spj-box/validator', sandbox: '/w/validator' }, { host: '/var/oj/s1/spj-box/data', sandbox: '/w/data' }],
    problem: makeJob('C', '', { validatorFlags: 'float_tolerance 1e-6' }).problem,
    userOutputFile: '/var/oj/s1/io/1.out',
    stdoutFile: '/var/oj/s1/io/1.validator.out',
    stderrFile: '/var/oj/s1/io/1.validator.err',
  });
  it('a writable /w, then its files read-only over it; argv with the feedback dir and the flags', () => {
    expect(spec.argv).toEqual(['/w/validator', '/w/data/input', '/w/data/answer', '/w/feedback/', 'float_tolerance', '1e-6']);
    const bw = buildBwrapCommand(spec, { uid: 1, measurePath: '/m', enterPath: '/e', asRoot: true, cgroup: null }).args.join(' ');
    // bwrap: /w is a capped tmpfs (the validator's files bound on it; what it writes is copied back into the case dir).
    expect(bw).toMatch(/--tmpfs \/w .*--ro-bind \/var\/oj\/s1\/spj-box\/validator \/w\/validator --ro-bind \/var\/oj\/s1\/spj-box\/data \/w\/data/);
    // nsjail: the same, /w's tmpfs in the run's own configuration and the validator's files over it.
    const nj = buildNsjailCommand(spec, { nsjailPath: '/n', configPath: '/c', runConfigPath: '/run.cfg', uid: 1, measurePath: '/m', etcPresent: new Set(), procMasks: [] }).args.join(' ');
    expect(nj).toMatch(/^--config \/run\.cfg .*-R \/var\/oj\/s1\/spj-box\/validator:\/w\/validator -R \/var\/oj\/s1\/spj-box\/data:\/w\/data/);
    expect(nj).not.toContain('validator-1');
  });
});
