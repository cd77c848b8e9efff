// The verdict matrix: for every language this machine has, programs that must get exactly Accepted, Wrong Answer,
// Presentation Error, Time Limit Exceeded, Memory Limit Exceeded, Runtime Error and Compile Error on A+B, and
// Partial Accepted on an OI version of it — through the real sandbox and judge(), with plausible time and memory.
// Then ICPC problem packages: the default validator's flags, Kattis validators, and validators that try to get out.
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, ProblemType, type JudgeJob } from '@oj/proto';
import { createSandboxFactory, detectLanguages, judge, LANGUAGES, limitFactor, type JudgeDeps, type SandboxFactory } from '@oj/judge-runner';
import { TEST_NSJAIL_PATH, TEST_SANDBOX_DRIVER } from '../support/sandbox-driver';
import { collectingSink, makeJob, template } from '@oj/judge-runner/testing';

type Kind = 'WA' | 'PE' | 'TLE' | 'MLE' | 'RE' | 'CE' | 'PA';

// Per language family: the wrong programs (Accepted is the language's own A+B template). PA prints a + b only when
// a < 50 (right on case 1, wrong on case 2); PE prints the right number after a space; MLE touches ~1.5 GB.
const C: Record<Kind, string> = {
  WA: '#include <stdio.h>\nint main(){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b+1);return 0;}\n',
  PE: '#include <stdio.h>\nint main(){int a,b;scanf("%d %d",&a,&b);printf(" %d\\n",a+b);return 0;}\n',
  TLE: '#include <stdio.h>\nint main(){volatile unsigned long x=0;for(;;)x++;return 0;}\n',
  MLE: '#include <stdio.h>\n#include <stdlib.h>\nint main(){size_t n=1536UL<<20;volatile char*p=(volatile char*)malloc(n);if(!p)return 0;for(size_t i=0;i<n;i+=4096)p[i]=1;printf("%d\\n",p[4096]);return 0;}\n',
  RE: '#include <stdio.h>\nint main(){volatile int *p=0;*p=1;printf("%d\\n",*p);return 0;}\n',
  CE: 'int main(){ return undefined_name; }\n',
  PA: '#include <stdio.h>\nint main(){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a<50?a+b:0);return 0;}\n',
};
const CPP: Record<Kind, string> = { ...C, CE: '#include <vector>\nint main(){ std::vector<int> v = 5; }\n' };
const JAVA_MAIN = (body: string) => `import java.util.*;\npublic class Main {\n  public static void main(String[] args) {\n    Scanner in = new Scanner(System.in);\n${body}\n  }\n}\n`;
const JAVA: Record<Kind, string> = {
  WA: JAVA_MAIN('int a = in.nextInt(), b = in.nextInt(); System.out.println(a + b + 1);'),
  PE: JAVA_MAIN('int a = in.nextInt(), b = in.nextInt(); System.out.println(" " + (a + b));'),
  TLE: JAVA_MAIN('long x = 0; while (true) { x++; if (x == -1) break; } System.out.println(x);'),
  MLE: JAVA_MAIN('List<long[]> l = new ArrayList<>(); while (true) l.add(new long[1 << 20]);'),
  RE: JAVA_MAIN('int[] a = new int[1]; System.out.println(a[in.nextInt() + 5]);'),
  CE: JAVA_MAIN('int a = ;'),
  PA: JAVA_MAIN('int a = in.nextInt(), b = in.nextInt(); System.out.println(a < 50 ? a + b : 0);'),
};
const PY: Record<Kind, string> = {
  WA: 'a, b = map(int, input().split())\nprint(a + b + 1)\n',
  PE: 'a, b = map(int, input().split())\nprint(" " + str(a + b))\n',
  TLE: 'x = 0\nwhile True:\n    x += 1\n',
  MLE: 'parts = []\nwhile True:\n    parts.append(b"x" * (64 << 20))\n',
  RE: 'a, b = map(int, input().split())\nprint(a // 0)\n',
  CE: 'def broken(:\n    pass\n',
  PA: 'a, b = map(int, input().split())\nprint(a + b if a < 50 else 0)\n',
};
const JS_READ = "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\n";
const JS: Record<Kind, string> = {
  WA: `${JS_READ}console.log(a + b + 1);\n`,
  PE: `${JS_READ}console.log(' ' + (a + b));\n`,
  TLE: 'let x = 0;\nfor (;;) x++;\n',
  MLE: 'const parts = [];\nfor (;;) parts.push(Buffer.alloc(64 << 20, 1));\n',
  RE: `${JS_READ}null.f(a, b);\n`,
  CE: 'function (\n',
  PA: `${JS_READ}console.log(a < 50 ? a + b : 0);\n`,
};
const GO_MAIN = (imports: string, body: string) => `package main\n\nimport (\n${imports}\n)\n\nfunc main() {\n${body}\n}\n`;
const GO: Record<Kind, string> = {
  WA: GO_MAIN('"fmt"', 'var a, b int\nfmt.Scan(&a, &b)\nfmt.Println(a + b + 1)'),
  PE: GO_MAIN('"fmt"', 'var a, b int\nfmt.Scan(&a, &b)\nfmt.Printf(" %d\\n", a+b)'),
  TLE: GO_MAIN('"fmt"', 'x := 0\nfor x >= 0 {\nx++\nif x < 0 {\nx = 0\n}\n}\nfmt.Println(x)'),
  MLE: GO_MAIN('"fmt"', 'var parts [][]byte\nfor {\nb := make([]byte, 64<<20)\nfor i := range b {\nb[i] = 1\n}\nparts = append(parts, b)\nif len(parts) < 0 {\nfmt.Println(len(parts))\n}\n}'),
  RE: GO_MAIN('"fmt"', 'var a []int\nvar i int\nfmt.Scan(&i)\nfmt.Println(a[i+5])'),
  CE: GO_MAIN('"fmt"', 'fmt.Println(undefinedName)'),
  PA: GO_MAIN('"fmt"', 'var a, b int\nfmt.Scan(&a, &b)\nif a < 50 {\nfmt.Println(a + b)\n} else {\nfmt.Println(0)\n}'),
};
const RS_READ = 'use std::io::Read;\nfn read() -> (i64, i64) { let mut s = String::new(); std::io::stdin().read_to_string(&mut s).unwrap(); let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect(); (v[0], v[1]) }\n';
const RUST: Record<Kind, string> = {
  WA: `${RS_READ}fn main() { let (a, b) = read(); println!("{}", a + b + 1); }\n`,
  PE: `${RS_READ}fn main() { let (a, b) = read(); println!(" {}", a + b); }\n`,
  TLE: 'fn main() { let mut x: u64 = 0; loop { x = x.wrapping_add(1); if x == u64::MAX { println!("{}", x); } } }\n',
  MLE: 'fn main() { let mut parts = Vec::new(); loop { parts.push(vec![1u8; 64 << 20]); if parts.len() == usize::MAX { println!("{}", parts.len()); } } }\n',
  RE: `${RS_READ}fn main() { let (a, _b) = read(); let v: Vec<i64> = Vec::new(); println!("{}", v[a as usize + 5]); }\n`,
  CE: 'fn main() { let x: i32 = "no"; }\n',
  PA: `${RS_READ}fn main() { let (a, b) = read(); println!("{}", if a < 50 { a + b } else { 0 }); }\n`,
};
const CS_MAIN = (body: string) => `using System;\nusing System.Collections.Generic;\npublic class Program {\n  public static void Main() {\n${body}\n  }\n}\n`;
const CS_READ = 'string[] s = Console.ReadLine().Split(); int a = int.Parse(s[0]), b = int.Parse(s[1]);';
const CSHARP: Record<Kind, string> = {
  WA: CS_MAIN(`${CS_READ} Console.WriteLine(a + b + 1);`),
  PE: CS_MAIN(`${CS_READ} Console.WriteLine(" " + (a + b));`),
  TLE: CS_MAIN('long x = 0; while (x >= 0) { x++; if (x == long.MaxValue) x = 0; } Console.WriteLine(x);'),
  MLE: CS_MAIN('var parts = new List<byte[]>(); while (true) { var b = new byte[64 << 20]; for (int i = 0; i < b.Length; i += 4096) b[i] = 1; parts.Add(b); }'),
  RE: CS_MAIN(`${CS_READ} int[] v = new int[1]; Console.WriteLine(v[a + b + 5]);`),
  CE: CS_MAIN('int a = ;'),
  PA: CS_MAIN(`${CS_READ} Console.WriteLine(a < 50 ? a + b : 0);`),
};
const PHP: Record<Kind, string> = {
  WA: '<?php\nfscanf(STDIN, "%d %d", $a, $b);\necho $a + $b + 1, "\\n";\n',
  PE: '<?php\nfscanf(STDIN, "%d %d", $a, $b);\necho " ", $a + $b, "\\n";\n',
  TLE: '<?php\n$x = 0;\nwhile (true) { $x++; }\n',
  MLE: '<?php\n$parts = [];\nwhile (true) { $parts[] = str_repeat("x", 64 << 20); }\n',
  RE: '<?php\nfscanf(STDIN, "%d %d", $a, $b);\necho intdiv($a, 0), "\\n";\n',
  CE: '<?php\necho ;\n',
  PA: '<?php\nfscanf(STDIN, "%d %d", $a, $b);\necho $a < 50 ? $a + $b : 0, "\\n";\n',
};
const RUBY: Record<Kind, string> = {
  WA: 'a, b = gets.split.map(&:to_i)\nputs a + b + 1\n',
  PE: 'a, b = gets.split.map(&:to_i)\nputs " #{a + b}"\n',
  TLE: 'x = 0\nloop { x += 1 }\n',
  MLE: 'parts = []\nloop { parts << ("x" * (64 << 20)) }\n',
  RE: 'a, b = gets.split.map(&:to_i)\nputs a / 0\n',
  CE: 'def broken(\n',
  PA: 'a, b = gets.split.map(&:to_i)\nputs(a < 50 ? a + b : 0)\n',
};

function programs(language: string): Record<Kind, string> {
  if (language.startsWith('C++')) return CPP;
  if (language === 'C' || language.startsWith('C ')) return C;
  const table: Record<string, Record<Kind, string>> = { Java: JAVA, Python3: PY, PyPy3: PY, 'JavaScript Node': JS, Golang: GO, Rust: RUST, 'C#': CSHARP, PHP, Ruby: RUBY };
  const p = table[language];
  if (!p) throw new Error(`no matrix programs for ${language}`);
  return p;
}

const EXPECTED: Record<Exclude<Kind, 'PA'> | 'AC', number> = {
  AC: JudgeStatus.ACCEPTED,
  WA: JudgeStatus.WRONG_ANSWER,
  PE: JudgeStatus.PRESENTATION_ERROR,
  TLE: JudgeStatus.TIME_LIMIT_EXCEEDED,
  MLE: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  RE: JudgeStatus.RUNTIME_ERROR,
  CE: JudgeStatus.COMPILE_ERROR,
};

let root: string;
let sandboxes: SandboxFactory;
let deps: JudgeDeps;
let installed: string[] = [];
let submitId = 5000;

// detectLanguages() is async; the table is known up front, so every language gets its describe block and skips
// itself when its toolchain is missing.
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'oj-matrix-'));
  await chmod(root, 0o711);
  sandboxes = await createSandboxFactory({ driver: TEST_SANDBOX_DRIVER, nsjailPath: TEST_NSJAIL_PATH, cacheDir: path.join(root, 'cache'), uidBase: 22_500 });
  const languages = await detectLanguages();
  installed = languages.map((l) => l.name);
  deps = { sandbox: sandboxes.forSlot(0), languages, workRoot: path.join(root, 'work'), judger: 'matrix' };
});

afterAll(async () => {
  await sandboxes.close();
  await rm(root, { recursive: true, force: true });
});

const TIME_LIMIT_MS = 1000;
const MEMORY_LIMIT_MB = 256;

function jobOf(language: string, code: string, over: Partial<JudgeJob['problem']> = {}): JudgeJob {
  return makeJob(language, code, { timeLimitMs: TIME_LIMIT_MS, memoryLimitMb: MEMORY_LIMIT_MB, ...over }, ++submitId);
}

describe.each(LANGUAGES.map((l) => l.name))('verdict matrix: %s', (language) => {
  const run = async (j: JudgeJob) => judge(j, collectingSink(), deps);
  const factor = limitFactor(language);

  it.each(['AC', 'WA', 'PE', 'TLE', 'MLE', 'RE', 'CE'] as const)('%s', async (kind) => {
    if (!installed.includes(language)) return; // toolchain not installed here: the language is not offered
    const code = kind === 'AC' ? template(language) : programs(language)[kind];
    const started = Date.now();
    const final = await run(jobOf(language, code));
    const elapsedMs = Date.now() - started;
    expect(final.status, `${language} ${kind}: ${final.errorMessage ?? ''} ${JSON.stringify(final.cases)}`).toBe(EXPECTED[kind]);
    if (kind === 'CE') {
      expect(final.errorMessage).toBeTruthy();
      expect(final.cases).toEqual([]);
      return;
    }
    const last = final.cases.at(-1)!;
    // Plausible figures: memory measured; time within the limit, except for the case that ran out of it.
    expect(last.memory).toBeGreaterThan(0);
    // A TLE reports the CPU time it used: about the limit, unless a starved machine (CI under load) let the wall limit
    // (3 × CPU + 1 s) end the run first, which the elapsed time shows.
    if (kind === 'TLE' && elapsedMs < TIME_LIMIT_MS * factor * 3 + 1000) expect(last.time).toBeGreaterThanOrEqual(TIME_LIMIT_MS * factor * 0.9);
    else if (kind === 'TLE') expect(last.time).toBeGreaterThan(0);
    else expect(last.time).toBeLessThan(TIME_LIMIT_MS * factor);
    if (kind === 'MLE') expect(last.memory).toBeGreaterThan(MEMORY_LIMIT_MB * factor * 1024 * 0.5);
    else expect(last.memory).toBeLessThan(MEMORY_LIMIT_MB * factor * 1024);
    if (kind === 'AC') expect(final.cases.map((c) => c.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
  });

  it('PA on an OI problem', async () => {
    if (!installed.includes(language)) return;
    const final = await run(jobOf(language, programs(language).PA, { type: ProblemType.OI }));
    expect(final.status).toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect(final.score).toBe(50);
    expect(final.cases.map((c) => c.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER]);
  });
});

// ---- ICPC problem packages: the default output validator's flags and Kattis-protocol validators, and validators
// that try to get out: they run in the same sandbox as checkers, with only their fresh /w (feedback dir) writable.

const SUM_VALIDATOR = `#include <stdio.h>
int main(int argc, char** argv) {
  FILE* in = fopen(argv[1], "r"); FILE* ans = fopen(argv[2], "r"); long long a, b, want, got;
  if (!in || !ans || fscanf(in, "%lld %lld", &a, &b) != 2 || fscanf(ans, "%lld", &want) != 1) return 1;
  if (a == 666) { fputs("judge error", stderr); return 1; }
  char p[512]; snprintf(p, sizeof p, "%s/judgemessage.txt", argv[3]); FILE* msg = fopen(p, "w"); if (!msg) return 1;
  if (scanf("%lld", &got) != 1 || got != want) { fputs("wrong sum", msg); return 43; }
  fputs("right sum", msg); return 42;
}
`;
const GUESS_VALIDATOR = `#include <stdio.h>
int main(int argc, char** argv) {
  FILE* in = fopen(argv[1], "r"); int secret, g; if (!in || fscanf(in, "%d", &secret) != 1) return 1;
  for (int tries = 0; tries < 20 && scanf("%d", &g) == 1; tries++) {
    if (g == secret) { puts("="); fflush(stdout); return 42; }
    puts(g < secret ? "<" : ">"); fflush(stdout);
  }
  fputs("not found", stderr); return 43;
}
`;
const GUESSER = (onFound: string) => `#include <stdio.h>
int main(void){int lo=1,hi=1000;char r[4];while(lo<=hi){int m=(lo+hi)/2;printf("%d\\n",m);fflush(stdout);if(scanf("%3s",r)!=1)return 0;if(r[0]=='=')${onFound};if(r[0]=='<')lo=m+1;else hi=m-1;}return 0;}
`;

/** Reads the paths after "R" and writes the paths after "W" listed in the input; SAFE (42) when nothing worked. */
const NOSY_VALIDATOR = `#include <stdio.h>
#include <string.h>
#include <dirent.h>
#include <unistd.h>
int main(int argc, char** argv) {
  FILE* in = fopen(argv[1], "r"); char line[4096], leak[4200] = "";
  if (!in) return 1;
  while (fgets(line, sizeof line, in)) {
    line[strcspn(line, "\\n")] = 0;
    const char* p = line + 2;
    if (line[0] == 'R') { FILE* f = fopen(p, "r"); char b[16]; if (f && fread(b, 1, sizeof b, f) > 0) snprintf(leak, sizeof leak, "read %s", p);
      DIR* d = opendir(p); if (d) { snprintf(leak, sizeof leak, "listed %s", p); closedir(d); } }
    if (line[0] == 'W') { FILE* f = fopen(p, "w"); if (f && fputs("pwned", f) >= 0 && fclose(f) == 0) snprintf(leak, sizeof leak, "wrote %s", p); }
  }
  /* Scratch left in /w or /tmp by an earlier case must be gone. */
  if (access("/w/scratch", F_OK) == 0 || access("/tmp/scratch", F_OK) == 0) snprintf(leak, sizeof leak, "scratch survived");
  fclose(fopen("/w/scratch", "w")); fclose(fopen("/tmp/scratch", "w"));
  char p[512]; snprintf(p, sizeof p, "%sjudgemessage.txt", argv[3]); FILE* msg = fopen(p, "w");
  if (!msg) return 1;
  fputs(leak[0] ? leak : "SAFE", msg);
  return leak[0] ? 43 : 42;
}
`;

/** Leaves judgemessage.txt (flag "file"), or the feedback dir itself (flag "dir"), as a link to argv[5]; or a FIFO. */
const LINKING_VALIDATOR = `#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
int main(int argc, char** argv) {
  if (argc < 6) return 1;
  char p[512]; snprintf(p, sizeof p, "%sjudgemessage.txt", argv[3]);
  if (!strcmp(argv[4], "file") && symlink(argv[5], p) != 0) return 1;
  if (!strcmp(argv[4], "fifo") && mkfifo(p, 0666) != 0) return 1;
  if (!strcmp(argv[4], "dir") && (rename("/w/feedback", "/w/old") != 0 || symlink(argv[5], "/w/feedback") != 0)) return 1;
  fputs("from stderr", stderr);
  return 43;
}
`;

describe('verdict matrix: ICPC validators (C++)', () => {
  const has = () => installed.includes('C++');
  // Validators run in the slot's helper sandbox (its own uid and cgroups), as on a runner: an interactive pair needs two.
  const run = (j: JudgeJob) => judge(j, collectingSink(), { ...deps, helperSandbox: sandboxes.forSlot(50) });
  const kattis = (code: string, validator: string, over: Partial<JudgeJob['problem']> = {}) =>
    jobOf('C++', code, { judgeMode: 'spj', checkerProtocol: 'kattis', spjLanguage: 'C++', spjCode: validator, ...over });

  it('default validator with flags: AC within float_tolerance, WA beyond it, no Presentation Error', async () => {
    if (!has()) return;
    const printing = (v: string) => `#include <stdio.h>\nint main(){printf("  ${v}\\n");return 0;}\n`;
    const cases = [{ caseId: 1, index: 1, input: '\n', output: '0.3333333333\n', score: 100, groupNum: null }];
    expect((await run(jobOf('C++', printing('0.333333'), { cases, validatorFlags: 'float_tolerance 1e-6' }))).status).toBe(JudgeStatus.ACCEPTED);
    expect((await run(jobOf('C++', printing('0.3333'), { cases, validatorFlags: 'float_tolerance 1e-6' }))).status).toBe(JudgeStatus.WRONG_ANSWER);
    expect((await run(jobOf('C++', printing('0.3333333333'), { cases, validatorFlags: '' }))).status).toBe(JudgeStatus.ACCEPTED);
    expect((await run(jobOf('C++', printing('0.3333333333'), { cases }))).status).toBe(JudgeStatus.PRESENTATION_ERROR);
  });

  it('Kattis output validator: 42 AC, 43 WA, anything else System Error', async () => {
    if (!has()) return;
    expect(await run(kattis(template('C++'), SUM_VALIDATOR))).toMatchObject({ status: JudgeStatus.ACCEPTED, cases: [{ message: 'right sum' }, { message: 'right sum' }] });
    expect((await run(kattis(CPP.WA, SUM_VALIDATOR))).cases[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, message: 'wrong sum' });
    const broken = await run(kattis(template('C++'), SUM_VALIDATOR, { cases: [{ caseId: 1, index: 1, input: '666 1\n', output: '667\n', score: 100, groupNum: null }] }));
    expect(broken.cases[0]).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, message: 'validator exited with code 1: judge error' });
  });

  it('Kattis interactive: AC; WA when the validator gives up first; the program\'s Runtime Error after the validator\'s 42', async () => {
    if (!has()) return;
    const interactive = (code: string) =>
      jobOf('C++', code, { judgeMode: 'interactive', checkerProtocol: 'kattis', spjLanguage: 'C', spjCode: GUESS_VALIDATOR, cases: [{ caseId: 1, index: 1, input: '777\n', output: '', score: 100, groupNum: null }] });
    expect((await run(interactive(GUESSER('return 0')))).status).toBe(JudgeStatus.ACCEPTED);
    expect((await run(interactive('#include <stdio.h>\nint main(){for(int i=1;i<=30;i++){printf("%d\\n",i);fflush(stdout);char r[4];if(scanf("%3s",r)!=1)return 1;}return 0;}\n'))).cases[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, message: 'not found' });
    expect((await run(interactive(GUESSER('return 9')))).cases[0]).toMatchObject({ status: JudgeStatus.RUNTIME_ERROR, message: 'Exited with code 9' });
  });

  it('a validator reading other files and writing outside its feedback dir gets nowhere (SAFE), leaves nothing', async () => {
    if (!has()) return;
    const marker = `oj-validator-${process.pid}-${Date.now()}`;
    const other = path.join(deps.workRoot, 's998-v1-other');
    await mkdir(path.join(other, 'box'), { recursive: true });
    await writeFile(path.join(other, 'box', 'secret.txt'), 'another submission\n');
    const reads = ['/etc/shadow', '/proc/1/root/etc/shadow', deps.workRoot, path.join(other, 'box', 'secret.txt'), root, path.join(deps.workRoot, '.testdata'), '/proc/1/fd/3'];
    const writes = ['/w/data/answer', '/w/data/input', '/w/validator', '/w/feedback/../../' + marker, `/usr/${marker}`, `/etc/${marker}`, path.join(deps.workRoot, marker), path.join(root, marker), `/proc/1/root/tmp/${marker}`];
    const input = ['1 2', ...reads.map((r) => `R ${r}`), ...writes.map((w) => `W ${w}`)].join('\n') + '\n';
    const cases = [1, 2].map((index) => ({ caseId: index, index, input, output: '3\n', score: 50, groupNum: null }));
    try {
      const final = await run(kattis(template('C++'), NOSY_VALIDATOR, { cases }));
      expect(final.cases.map((c) => [c.status, c.message])).toEqual([[JudgeStatus.ACCEPTED, 'SAFE'], [JudgeStatus.ACCEPTED, 'SAFE']]);
      for (const p of [`/${marker}`, `/usr/${marker}`, `/etc/${marker}`, path.join(deps.workRoot, marker), path.join(root, marker), path.join(os.tmpdir(), marker)]) expect(existsSync(p), p).toBe(false);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('links or a FIFO left in the feedback dir are not followed by the runner: the message is the validator\'s stderr', async () => {
    if (!has()) return;
    const secretDir = path.join(root, 'host-secret');
    await mkdir(secretDir, { recursive: true });
    await writeFile(path.join(secretDir, 'judgemessage.txt'), 'HOST-SECRET\n');
    for (const flags of [`file ${path.join(secretDir, 'judgemessage.txt')}`, `dir ${secretDir}`, 'fifo -']) {
      const final = await run(kattis(template('C++'), LINKING_VALIDATOR, { validatorFlags: flags }));
      expect(final.cases[0], flags).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, message: 'from stderr' });
    }
  });
});
