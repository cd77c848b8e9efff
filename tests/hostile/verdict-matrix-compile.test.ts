// Verdict matrix: what the compiler rejects is Compile Error with its message, never System Error or a Runtime Error
// at run time (Go and Rust programs that build no executable, Java without a class Main, link errors), and Memory
// Limit Exceeded comes from the measured peak and the limit only, never from what a program prints.
import { describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { matrixEnv } from './matrix-env';

const env = matrixEnv('matrix-compile', 25_000);

const GO_LIBRARY = 'package solution\n\nimport "fmt"\n\nfunc main() {\n\tvar a, b int\n\tfmt.Scan(&a, &b)\n\tfmt.Println(a + b)\n}\n';
const RUST_LIBRARY = '#![crate_type = "lib"]\npub fn add(a: i64, b: i64) -> i64 { a + b }\n';
const JAVA_AB = (head: string, cls: string) =>
  `${head}import java.util.*;\n${cls} {\n  public static void main(String[] args) {\n    Scanner in = new Scanner(System.in);\n    System.out.println(in.nextInt() + in.nextInt());\n  }\n}\n`;

/** [language, what it is, source, a piece of the expected message]. */
const REJECTED: [string, string, string, RegExp][] = [
  ['Golang', 'a package other than main (go build writes an archive, not a program)', GO_LIBRARY, /package main/],
  ['Golang', 'a function without a body (link error)', 'package main\n\nfunc missing() int\n\nfunc main() { println(missing()) }\n', /missing function body/],
  ['Rust', 'a library crate (rustc writes an rlib, not a program)', RUST_LIBRARY, /fn main|executable/],
  ['Rust', 'an undefined symbol (link error)', 'extern "C" { fn oj_missing_symbol() -> i32; }\nfn main() { println!("{}", unsafe { oj_missing_symbol() }); }\n', /oj_missing_symbol/],
  ['C', 'an undefined function (link error)', 'int missing(void);\nint main(void) { return missing(); }\n', /missing/],
  ['C++', 'an undefined function (link error)', 'int missing();\nint main() { return missing(); }\n', /missing/],
  ['Java', 'a public class that is not Main (javac refuses it)', JAVA_AB('', 'public class Solution'), /Solution\.java[\s\S]*class must be named Main/],
  ['Java', 'a class that is not Main (javac compiles it; no Main.class)', JAVA_AB('', 'class Solution'), /class must be named Main/],
  ['Java', 'class Main inside a package (no Main.class at the top)', JAVA_AB('package contest;\n', 'public class Main'), /package/],
  ['C#', 'no Main method', 'public class P { public static int F() { return 1; } }\n', /entry point/],
];

describe('verdict matrix: what the compiler rejects is Compile Error', () => {
  it.each(REJECTED)('%s: %s', async (language, _what, code, message) => {
    if (!env.has(language)) return;
    const final = await env.run(env.job(language, code));
    expect(final.status, `${final.errorMessage} ${JSON.stringify(final.cases)}`).toBe(JudgeStatus.COMPILE_ERROR);
    expect(final.errorMessage).toMatch(message);
    expect(final.cases).toEqual([]);
  });

  it('Java: class Main with a main method in the default package is still Accepted', async () => {
    if (!env.has('Java')) return;
    const final = await env.run(env.job('Java', JAVA_AB('', 'class Main')));
    expect(final.status, final.errorMessage ?? '').toBe(JudgeStatus.ACCEPTED);
  });
});

// What a program prints decides nothing: MLE needs the measured peak over the limit (or the cgroup's OOM kill).
const FAKE_OOM: [string, string][] = [
  ['C#', 'using System;\npublic class P { public static void Main() { Console.Error.WriteLine("Unhandled Exception:\\nSystem.OutOfMemoryException: Out of memory."); Environment.Exit(1); } }\n'],
  ['Java', 'public class Main { public static void main(String[] a) { System.err.println("Exception in thread \\"main\\" java.lang.OutOfMemoryError: Java heap space"); System.exit(1); } }\n'],
  ['Python3', 'import sys\nprint("MemoryError", file=sys.stderr)\nprint("Cannot allocate memory", file=sys.stderr)\nsys.exit(1)\n'],
  ['C++', '#include <cstdio>\nint main() { std::fputs("terminate called after throwing an instance of \'std::bad_alloc\'\\n", stderr); return 134; }\n'],
];

describe('verdict matrix: MLE from the measured peak, never from the program\'s text', () => {
  it.each(FAKE_OOM)('%s printing an out-of-memory message with a few MB used is Runtime Error', async (language, code) => {
    if (!env.has(language)) return;
    const final = await env.run(env.job(language, code));
    expect(final.status, JSON.stringify(final.cases)).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(final.cases[0]!.memory).toBeLessThan(128 * 1024);
  });

  it('Java filling its heap (-Xmx = the limit) is MLE by its measured peak', async () => {
    if (!env.has('Java')) return;
    const code = 'import java.util.*;\npublic class Main { public static void main(String[] a) { List<long[]> l = new ArrayList<>(); while (true) l.add(new long[1 << 20]); } }\n';
    const final = await env.run(env.job('Java', code));
    expect(final.status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    expect(final.cases[0]!.memory).toBeGreaterThan(2 * 256 * 1024);
  });

  it('Java refusing one allocation larger than its heap (nothing used) is Runtime Error, as the peak says', async () => {
    if (!env.has('Java')) return;
    const code = 'public class Main { public static void main(String[] a) { long[] x = new long[1 << 30]; System.out.println(x.length); } }\n';
    const final = await env.run(env.job('Java', code));
    expect(final.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(final.cases[0]!.memory).toBeLessThan(2 * 256 * 1024);
  });
});
