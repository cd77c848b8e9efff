// Verdict matrix, checkers: every built-in checker of judge mode `default` gives Accepted and Wrong Answer where other
// judges do (HOJ's own comparison stays the default, Presentation Error included); the float checker takes the
// problem's absolute and relative tolerances; checkers, scored checkers and interactors written in Python and Java
// (not only C/C++ and JavaScript) judge with the testlib exit codes, points included, and Kattis validators too.
import { describe, expect, it } from 'vitest';
import { JudgeStatus, ProblemType, type JudgeJob } from '@oj/proto';
import { kase, matrixEnv } from './matrix-env';

const env = matrixEnv('matrix-checkers', 25_200);
const { ACCEPTED, WRONG_ANSWER, PRESENTATION_ERROR, PARTIAL_ACCEPTED } = JudgeStatus;

/** A Python program printing exactly `text`. */
const printing = (text: string) => `import sys\nsys.stdout.write(${JSON.stringify(text)})\n`;

type Row = [checker: string, answer: string, output: string, status: number, over?: Partial<JudgeJob['problem']>];
const ROWS: Row[] = [
  ['default', '3\n', '3  \n\n', ACCEPTED],
  ['default', '3\n', ' 3\n', PRESENTATION_ERROR],
  ['default', '1 2\n', '1 3\n', WRONG_ANSWER],
  ['tokens', '1 2\n3\n', '1   2 3', ACCEPTED],
  ['tokens', '1 2\n3\n', ' 1\n2\n3\n', ACCEPTED],
  ['tokens', '1 2\n3\n', '1 2 4\n', WRONG_ANSWER],
  ['tokens', 'Yes\n', 'yes\n', WRONG_ANSWER],
  ['tokens', '1 2\n', '1 2 2\n', WRONG_ANSWER],
  ['tokens_ci', 'Yes\nNO\n', 'yes no\n', ACCEPTED],
  ['tokens_ci', 'Yes\nNO\n', 'yes yes\n', WRONG_ANSWER],
  ['lines', '1 2\n3\n', '1  2 \n3\n\n', ACCEPTED],
  ['lines', '1 2\n3\n', '1\n2 3\n', WRONG_ANSWER],
  ['lines', '1 2\n3\n', '1 2\n3\n4\n', WRONG_ANSWER],
  ['unordered_lines', 'a 1\nb 2\nc 3\n', 'c 3\na 1  \nb 2\n', ACCEPTED],
  ['unordered_lines', 'a 1\nb 2\nc 3\n', 'a 1\nb 2\nb 2\n', WRONG_ANSWER],
  ['unordered_lines', 'a 1\nb 2\n', 'a 1\n', WRONG_ANSWER],
  ['bytes', '3\n', '3\n', ACCEPTED],
  ['bytes', '3\n', '3', WRONG_ANSWER],
  ['bytes', '3\n', '3 \n', WRONG_ANSWER],
  ['float', '0.3333333333\n', '0.3334\n', ACCEPTED, { floatAbsoluteTolerance: 1e-3 }],
  ['float', '0.3333333333\n', '0.335\n', WRONG_ANSWER, { floatAbsoluteTolerance: 1e-3 }],
  ['float', '1000000.0\n', '1000000.9\n', ACCEPTED, { floatRelativeTolerance: 1e-6 }],
  ['float', '1000000.0\n', '1000002\n', WRONG_ANSWER, { floatRelativeTolerance: 1e-6 }],
  ['float', '1000000.0\n', '1000000.9\n', WRONG_ANSWER, { floatAbsoluteTolerance: 1e-3 }],
  ['float', '0.3333333333\n', '0.33333343\n', ACCEPTED],
  ['float', '0.3333333333\n', '0.3334\n', WRONG_ANSWER],
  ['float', 'YES 2.5\n', 'YES   2.5000001e0\n', ACCEPTED],
  ['float', 'YES 2.5\n', 'yes 2.5\n', WRONG_ANSWER],
  ['float', '2.5\n', 'two\n', WRONG_ANSWER],
];

describe('verdict matrix: built-in checkers', () => {
  it.each(ROWS)('%s: answer %j, output %j', async (checker, answer, output, status, over = {}) => {
    if (!env.has('Python3')) return;
    const final = await env.run(env.job('Python3', printing(output), { checker: checker as JudgeJob['problem']['checker'], ...over, cases: [kase(1, '\n', answer)] }));
    expect(final.cases[0], JSON.stringify(final.cases[0])).toMatchObject({ status });
  });
});

// testlib checker in Python: the output must be a permutation of 1..n; k of n right tokens score k/n (exit 7).
const PY_PERMUTATION_CHECKER = `import sys
n = int(open(sys.argv[1]).read().split()[0])
words = open(sys.argv[2]).read().split()
if len(words) != n or not all(w.lstrip("-").isdigit() for w in words):
    print("expected %d numbers" % n, file=sys.stderr)
    sys.exit(1)
good = len({int(w) for w in words if 1 <= int(w) <= n})
if good == n:
    print("ok permutation of %d" % n, file=sys.stderr)
    sys.exit(0)
print("points %.4f: %d of %d" % (good / n, good, n), file=sys.stderr)
sys.exit(7)
`;
const JAVA_PERMUTATION_CHECKER = `import java.nio.file.*;
import java.util.*;
public class Main {
  public static void main(String[] a) throws Exception {
    int n = Integer.parseInt(new String(Files.readAllBytes(Paths.get(a[0]))).trim().split("\\\\s+")[0]);
    String text = new String(Files.readAllBytes(Paths.get(a[1]))).trim();
    String[] w = text.isEmpty() ? new String[0] : text.split("\\\\s+");
    if (w.length != n) { System.err.println("expected " + n + " numbers"); System.exit(1); }
    Set<Integer> good = new HashSet<>();
    for (String s : w) { int x = Integer.parseInt(s); if (x >= 1 && x <= n) good.add(x); }
    if (good.size() == n) { System.err.println("ok"); System.exit(0); }
    System.err.printf("points %.4f%n", (double) good.size() / n);
    System.exit(7);
  }
}
`;
const REVERSED = 'n = int(input())\nprint(*range(n, 0, -1))\n';
const HALF_RIGHT = 'n = int(input())\nprint(*([1] * (n // 2) + list(range(n // 2 + 1, n + 1))))\n';
const TOO_FEW = 'n = int(input())\nprint(1)\n';
const PERM_CASES = [kase(1, '4\n', '', 10), kase(2, '10\n', '', 10)];

describe.each([
  ['Python3', PY_PERMUTATION_CHECKER],
  ['Java', JAVA_PERMUTATION_CHECKER],
])('verdict matrix: scored checker in %s (testlib exit codes, points)', (language, checker) => {
  const job = (code: string) => env.job('Python3', code, { type: ProblemType.OI, judgeMode: 'spj', spjLanguage: language, spjCode: checker, cases: PERM_CASES });
  const ready = () => env.has(language) && env.has('Python3');

  it('any permutation is Accepted with the checker\'s message', async () => {
    if (!ready()) return;
    const final = await env.run(job(REVERSED));
    expect(final).toMatchObject({ status: ACCEPTED, score: 20 });
  });
  it('partial points: ⌊points × case score⌋ each, Partial Accepted', async () => {
    if (!ready()) return;
    const final = await env.run(job(HALF_RIGHT));
    expect(final.cases.map((c) => [c.status, c.score])).toEqual([[PARTIAL_ACCEPTED, 7], [PARTIAL_ACCEPTED, 6]]);
    expect(final).toMatchObject({ status: PARTIAL_ACCEPTED, score: 13 });
  });
  it('a wrong count is Wrong Answer, scoring nothing', async () => {
    if (!ready()) return;
    const final = await env.run(job(TOO_FEW));
    expect(final.cases[0]).toMatchObject({ status: WRONG_ANSWER, score: 0, message: 'expected 4 numbers' });
  });
});

describe('verdict matrix: interactor and Kattis validator in Python', () => {
  const GUESS_INTERACTOR = `import sys
secret = int(open(sys.argv[1]).read())
for tries in range(1, 21):
    line = sys.stdin.readline()
    if not line:
        print("no guess", file=sys.stderr); sys.exit(1)
    g = int(line)
    if g == secret:
        print("=", flush=True); print("found in %d" % tries, file=sys.stderr); sys.exit(0)
    print("<" if g < secret else ">", flush=True)
print("too many guesses", file=sys.stderr); sys.exit(1)
`;
  const BINARY_SEARCH = 'import sys\nlo, hi = 1, 1000\nwhile lo <= hi:\n    m = (lo + hi) // 2\n    print(m, flush=True)\n    r = sys.stdin.readline().strip()\n    if r in ("", "="):\n        break\n    lo, hi = (m + 1, hi) if r == "<" else (lo, m - 1)\n';
  const SUM_VALIDATOR = 'import sys\na, b = map(int, open(sys.argv[1]).read().split())\ngot = sys.stdin.read().split()\nok = got == [str(a + b)]\nopen(sys.argv[3] + "judgemessage.txt", "w").write("right sum" if ok else "wrong sum")\nsys.exit(42 if ok else 43)\n';

  it('a Python interactor (testlib codes): Accepted for a binary search, Wrong Answer for a silent program', async () => {
    if (!env.has('Python3')) return;
    const job = (code: string) => env.job('Python3', code, { judgeMode: 'interactive', spjLanguage: 'Python3', spjCode: GUESS_INTERACTOR, cases: [kase(1, '777\n', '')] });
    expect((await env.run(job(BINARY_SEARCH))).cases[0]).toMatchObject({ status: ACCEPTED, message: expect.stringMatching(/^found in \d+$/) });
    expect((await env.run(job('pass\n'))).cases[0]).toMatchObject({ status: WRONG_ANSWER });
  });
  it('a Python Kattis output validator: 42 Accepted, 43 Wrong Answer with its judgemessage', async () => {
    if (!env.has('Python3')) return;
    const job = (code: string) => env.job('Python3', code, { judgeMode: 'spj', checkerProtocol: 'kattis', spjLanguage: 'Python3', spjCode: SUM_VALIDATOR });
    expect(await env.run(job('a, b = map(int, input().split())\nprint(a + b)\n'))).toMatchObject({ status: ACCEPTED, cases: [{ message: 'right sum' }, { message: 'right sum' }] });
    expect((await env.run(job('print(0)\n'))).cases[0]).toMatchObject({ status: WRONG_ANSWER, message: 'wrong sum' });
  });
});
