// What the readers share: a blank problem, the final check every imported problem passes, language names of other
// judges mapped to ours, limits written with units, and statement images turned into `import-image:` links.
import { createHash } from 'node:crypto';
import { isSafeCaseName, LOCAL_LANGUAGES } from '@oj/proto';
import { naturalCompare } from '../testdata/case-set';
import { importFailed } from './archive';
import type { ImportedProblem } from './types';
import { warn } from './warning';

export { naturalCompare };

/** A problem with every required field at its default; readers fill in what the archive says. */
export function blankProblem(title: string): ImportedProblem {
  return {
    title,
    description: '',
    input: '',
    output: '',
    timeLimitMs: 1000,
    memoryLimitMb: 256,
    type: 0,
    examples: [],
    judgeMode: 'default',
    tags: [],
    languages: [],
    codeTemplates: [],
    cases: [],
    files: new Map(),
    images: [],
    submissions: [],
    warnings: [],
  };
}

/**
 * Checks a problem as read, naming it (`where`): test cases present (unless `allowNoCases`), each case's files
 * present under safe single-segment names, limits positive and finite.
 */
export function checkProblem(p: ImportedProblem, where: string, opts: { allowNoCases?: boolean } = {}): ImportedProblem {
  if (p.cases.length === 0 && !opts.allowNoCases) throw importFailed('NO_TEST_CASES', { where });
  for (const c of p.cases) {
    for (const name of [c.input, c.output]) {
      if (!isSafeCaseName(name)) throw importFailed('CASE_NAME_NOT_ALLOWED', { where, name: JSON.stringify(name) });
      if (!p.files.has(name)) throw importFailed('CASE_FILE_MISSING', { where, file: name });
    }
  }
  if (!(p.timeLimitMs > 0) || !Number.isFinite(p.timeLimitMs)) throw importFailed('TIME_LIMIT_INVALID', { where, ms: p.timeLimitMs });
  if (!(p.memoryLimitMb > 0) || !Number.isFinite(p.memoryLimitMb)) throw importFailed('MEMORY_LIMIT_INVALID', { where, mb: p.memoryLimitMb });
  return p;
}

const OUR_NAMES = new Set(LOCAL_LANGUAGES.map((l) => l.name));
export const isOurLanguage = (name: string) => OUR_NAMES.has(name);

/** Our language name for another judge's (FPS, QDUOJ, Hydro) name, or null when we have none like it. */
export function ourLanguage(foreign: string): string | null {
  if (OUR_NAMES.has(foreign)) return foreign;
  const k = foreign.trim().toLowerCase().replace(/\s+/g, '');
  const table: Record<string, string> = {
    c: 'C', gcc: 'C', c11: 'C', clang: 'C', 'c++': 'C++', 'clang++': 'C++', cpp: 'C++', cc: 'C++', 'g++': 'C++', 'c++11': 'C++', 'c++14': 'C++', 'cc.cc14': 'C++',
    'c++17': 'C++ 17', 'cc.cc17': 'C++ 17', 'c++20': 'C++ 20', 'cc.cc20': 'C++ 20', java: 'Java', python: 'Python3', python3: 'Python3',
    py: 'Python3', 'py.py3': 'Python3', py3: 'Python3', pypy3: 'PyPy3', 'py.pypy3': 'PyPy3', go: 'Golang', golang: 'Golang',
    rust: 'Rust', rs: 'Rust', 'c#': 'C#', cs: 'C#', csharp: 'C#', php: 'PHP', ruby: 'Ruby', rb: 'Ruby', javascript: 'JavaScript Node',
    js: 'JavaScript Node', nodejs: 'JavaScript Node', node: 'JavaScript Node',
  };
  return Object.hasOwn(table, k) ? table[k]! : null;
}

/** Whether a checker's source is a testlib checker (it calls registerTestlibCmd), whatever judge it came from. */
export const isTestlibChecker = (code: string) => /\bregisterTestlibCmd\s*\(/.test(code);

/** Our language for a source file, by its extension (ICPC submissions and validators). */
export function languageOfFile(path: string): string | null {
  const ext = path.slice(path.lastIndexOf('.') + 1);
  const table: Record<string, string> = {
    cpp: 'C++ 17', cc: 'C++ 17', cxx: 'C++ 17', 'c++': 'C++ 17', C: 'C++ 17', c: 'C', py: 'Python3', py3: 'Python3', java: 'Java',
    go: 'Golang', rs: 'Rust', js: 'JavaScript Node', cs: 'C#', php: 'PHP', rb: 'Ruby',
  };
  const key = Object.hasOwn(table, ext) ? ext : ext.toLowerCase();
  return Object.hasOwn(table, key) ? table[key]! : null;
}

/** Milliseconds of a duration written `1`, `1.5s`, `1000ms` (a bare number is in `bareUnit`); null if unreadable. */
export function durationMs(value: unknown, bareUnit: 's' | 'ms' = 's'): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|sec|seconds?)?\s*$/i.exec(String(value ?? ''));
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? bareUnit).toLowerCase();
  return Math.round(unit === 'ms' ? n : n * 1000);
}

/** Megabytes of a size written `256`, `256m`, `256mb`, `262144kb`, `1g` (a bare number is in `bareUnit`); null if unreadable. */
export function sizeMb(value: unknown, bareUnit: 'kb' | 'mb' = 'mb'): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(k|kb|kib|m|mb|mib|g|gb|gib)?\s*$/i.exec(String(value ?? ''));
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? bareUnit).toLowerCase()[0];
  return Math.max(1, Math.round(unit === 'k' ? n / 1024 : unit === 'g' ? n * 1024 : n));
}

/** A fixed-length key for an image (so no key is a prefix of another in the `import-image:` links). */
export const imageKey = (data: Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 24);

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Adds image `data` (referred to as `ref` in the statement) to `p.images` and points every link to it in the
 * statement fields (`src="ref"`, `src='ref'`, markdown `(ref)`) at `import-image:<key>`.
 */
export function embedImage(p: ImportedProblem, ref: string, fileName: string, data: Buffer): void {
  const key = imageKey(data);
  if (!p.images.some((i) => i.key === key)) p.images.push({ key, fileName, data });
  const link = new RegExp(`(["'(])${escapeRe(ref)}(["')\\s])`, 'g');
  for (const k of ['description', 'input', 'output', 'hint'] as const) {
    const text = p[k];
    if (text) p[k] = text.replace(link, `$1import-image:${key}$2`);
  }
}

/** Statement text must fit the problem form: an example longer than this is judged but not shown. */
export const EXAMPLE_MAX_CHARS = 100_000;
/** The problem form shows at most this many examples. */
export const EXAMPLES_MAX = 50;

/** Pushes an example unless it is too long or there are enough already (then warns once). */
export function addExample(p: ImportedProblem, input: string, output: string): void {
  if (input.length > EXAMPLE_MAX_CHARS || output.length > EXAMPLE_MAX_CHARS || p.examples.length >= EXAMPLES_MAX) {
    warn(p, 'EXAMPLE_NOT_SHOWN', { max: EXAMPLES_MAX });
    return;
  }
  p.examples.push({ input, output });
}
