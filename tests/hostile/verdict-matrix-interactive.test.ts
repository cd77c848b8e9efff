// Verdict matrix, interactive problems (testlib and Kattis protocols): a program that leaves early makes the
// interactor hit a broken pipe, an end of file or a failed read — that is the program's Wrong Answer, or its own
// Runtime Error / limit, never System Error; a crash or a limit of the program outranks what the interactor says;
// the program's memory is measured in interactive mode too, so its out-of-memory (Java's OutOfMemoryError included)
// is Memory Limit Exceeded. An interactor that fails while the program is still talking stays System Error.
import { describe, expect, it } from 'vitest';
import { JudgeStatus, type JudgeJob } from '@oj/proto';
import { kase, matrixEnv } from './matrix-env';

const env = matrixEnv('matrix-interactive', 25_100);

// The dialogue, chosen by the case's input "<mode> <n>":
//   F n: the interactor sends "F n" and n numbers at once (more than a pipe holds), then reads their sum;
//   A n: it sends "A n", then asks i = 1..n one at a time and wants 2i back; at the end of the program's output it
//        exits with the code given as the third word (2 testlib PE, 3 testlib fail, 8 unexpected EOF; 43 Kattis);
//   B:   it fails at once (exit 3 testlib, 1 Kattis), before the program has said anything.
const interactor = (kattis: boolean) => `#include <stdio.h>
#include <string.h>
#define OK ${kattis ? 42 : 0}
#define WA ${kattis ? 43 : 1}
#define FAIL ${kattis ? 1 : 3}
int main(int argc, char** argv) {
  FILE* in = fopen(argv[1], "r"); char mode[4]; int n = 0, eof = WA;
  if (!in || fscanf(in, "%3s %d %d", mode, &n, &eof) < 1) return FAIL;
  if (mode[0] == 'B') { fputs("interactor bug", stderr); return FAIL; }
  printf("%s %d\\n", mode, n); fflush(stdout);
  if (mode[0] == 'F') {
    long long sum = 0, got;
    for (int i = 1; i <= n; i++) { printf("%d\\n", i); sum += i; }
    fflush(stdout);
    if (scanf("%lld", &got) != 1) { fputs("no sum", stderr); return eof; }
    if (got != sum) { fputs("wrong sum", stderr); return WA; }
    fputs("right sum", stderr); return OK;
  }
  for (int i = 1; i <= n; i++) {
    int got; printf("%d\\n", i); fflush(stdout);
    if (scanf("%d", &got) != 1) { fprintf(stderr, "no answer to question %d", i); return eof; }
    if (got != 2 * i) { fprintf(stderr, "wrong answer to question %d", i); return WA; }
  }
  fputs("all answered", stderr); return OK;
}
`;

/** Answers the whole dialogue. */
const GOOD = `#include <cstdio>
int main() { char m; int n; if (scanf(" %c %d", &m, &n) != 2) return 0;
  if (m == 'F') { long long s = 0; for (int i = 0; i < n; i++) { long long x; scanf("%lld", &x); s += x; } printf("%lld\\n", s); fflush(stdout); return 0; }
  for (int i = 0; i < n; i++) { int q; if (scanf("%d", &q) != 1) return 0; printf("%d\\n", 2 * q); fflush(stdout); }
  return 0; }
`;
/** Reads the first line, then does \`then\`. */
const AFTER_FIRST_LINE = (then: string) => `#include <cstdio>\n#include <cstdlib>\n#include <cstring>\nint main() { char m; int n; if (scanf(" %c %d", &m, &n) != 2) return 0; ${then} }\n`;
const EARLY_EXIT = 'int main() { return 0; }\n';
const HALF = AFTER_FIRST_LINE('int q; scanf("%d", &q); printf("%d\\n", 2 * q); fflush(stdout); return 0;');
const SEGFAULT = AFTER_FIRST_LINE('volatile int* p = 0; *p = 1; return 0;');
const EXIT_5 = AFTER_FIRST_LINE('return 5;');
const CPP_OOM = AFTER_FIRST_LINE('size_t size = 1536UL << 20; char* p = (char*)malloc(size); if (!p) return 0; memset(p, 1, size); printf("%d\\n", p[size - 1]); return 0;');
const WRONG = AFTER_FIRST_LINE('for (int i = 0; i < n; i++) { int q; if (scanf("%d", &q) != 1) return 0; printf("%d\\n", 2 * q + 1); fflush(stdout); } return 0;');
const JAVA = (body: string) => `import java.util.*;\npublic class Main { public static void main(String[] args) { Scanner in = new Scanner(System.in); in.next(); in.nextInt(); ${body} } }\n`;
const JAVA_THROW = JAVA('throw new IllegalStateException("gave up");');
const JAVA_OOM = JAVA('List<long[]> l = new ArrayList<>(); while (true) l.add(new long[1 << 20]);');

type Row = [what: string, language: string, code: string, input: string, status: number, message?: RegExp];
const { ACCEPTED, WRONG_ANSWER, RUNTIME_ERROR, MEMORY_LIMIT_EXCEEDED, SYSTEM_ERROR } = JudgeStatus;

/** Rows both protocols share; `eof` is how the interactor ends at the end of the program's output. */
const rows = (eof: number): Row[] => [
  ['the whole dialogue (pipe-sized burst)', 'C++', GOOD, 'F 300000', ACCEPTED],
  ['the whole dialogue (questions)', 'C++', GOOD, `A 5 ${eof}`, ACCEPTED],
  ['a wrong answer', 'C++', WRONG, `A 5 ${eof}`, WRONG_ANSWER, /wrong answer to question 1/],
  ['exit 0 at once while the interactor writes (it gets SIGPIPE)', 'C++', EARLY_EXIT, 'F 300000', WRONG_ANSWER],
  ['exit 0 at once (the interactor reads end of file)', 'C++', EARLY_EXIT, `A 5 ${eof}`, WRONG_ANSWER],
  ['exit 0 after one answer of five', 'C++', HALF, `A 5 ${eof}`, WRONG_ANSWER],
  ['a crash (SIGSEGV) after the first line', 'C++', SEGFAULT, `A 5 ${eof}`, RUNTIME_ERROR, /SIGSEGV/],
  ['exit 5 after the first line', 'C++', EXIT_5, `A 5 ${eof}`, RUNTIME_ERROR, /code 5/],
  ['a Java exception (exit 1)', 'Java', JAVA_THROW, `A 5 ${eof}`, RUNTIME_ERROR, /code 1/],
  ['out of memory (C++, 1.5 GB touched)', 'C++', CPP_OOM, `A 5 ${eof}`, MEMORY_LIMIT_EXCEEDED],
  ['out of memory (Java, OutOfMemoryError)', 'Java', JAVA_OOM, `A 5 ${eof}`, MEMORY_LIMIT_EXCEEDED],
  ['the interactor failing before the program says anything', 'C++', GOOD, 'B', SYSTEM_ERROR, /interactor bug/],
];

function interactiveJob(kattis: boolean, language: string, code: string, input: string): JudgeJob {
  return env.job(language, code, {
    judgeMode: 'interactive',
    spjLanguage: 'C',
    spjCode: interactor(kattis),
    ...(kattis ? { checkerProtocol: 'kattis' as const } : {}),
    cases: [kase(1, `${input}\n`, '')],
  });
}

describe.each([
  ['testlib', false, [2, 3, 8]],
  ['Kattis', true, [43, 1]],
] as const)('verdict matrix: interactive (%s protocol)', (_name, kattis, eofCodes) => {
  // Every way the interactor may end at the program's end of file: the same verdicts.
  const table = eofCodes.flatMap((eof) => rows(eof).map((r) => [`${r[0]}, interactor exit ${eof} at EOF`, ...r.slice(1)] as Row));
  it.each(table)('%s: %s', async (_what, language, code, input, status, message) => {
    if (!env.has(language) || !env.has('C')) return;
    const final = await env.run(interactiveJob(kattis, language, code, input));
    const c = final.cases[0]!;
    expect(c.status, JSON.stringify(c)).toBe(status);
    if (message) expect(c.message).toMatch(message);
    // The program's own memory, measured in interactive mode as in any other.
    expect(c.memory).toBeGreaterThan(0);
    if (status === MEMORY_LIMIT_EXCEEDED) expect(c.memory).toBeGreaterThan((language === 'Java' ? 512 : 256) * 1024 * 0.9);
  });
});
