// The Codeforces Polygon package reader: the zip Polygon builds (`problem.xml` at its top), or a zip of package
// folders (a contest's `problems/<name>/`). From problem.xml: the title, the `tests` testset's limits, tests (every
// one must be in the package: a package built without its generated tests is refused), groups and points (ACM, OI per
// test, or subtasks with dependencies), file IO, the checker (a standard testlib one as a built-in checker, else its
// C/C++ source with the `files/` resources it includes), the interactor, solutions and tags; the statement in
// polygon-statement.ts.
import { XMLParser } from 'fast-xml-parser';
import type { BuiltinChecker, ExpectedVerdict } from '@oj/proto';
import { importFailed, openZip, textOf, type ArchiveFiles } from './archive';
import { addExample, blankProblem, checkProblem, languageOfFile, naturalCompare } from './common';
import { asArray, asObject, type Fields } from './fields';
import { readPolygonStatement } from './polygon-statement';
import type { ImportedCase, ImportedProblem } from './types';
import { warn } from './warning';
import { checkedXml } from './xml-file';

const REPEATED = new Set(['name', 'testset', 'test', 'group', 'dependency', 'tag', 'solution', 'file', 'executable', 'statement', 'tutorial', 'property']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  isArray: (name) => REPEATED.has(name),
});

/** An attribute of a parsed element. */
const attr = (el: unknown, name: string): string | undefined => {
  const v = asObject(el)?.[`@_${name}`];
  return typeof v === 'string' ? v : undefined;
};
/** The text of a child element (`<time-limit>1000</time-limit>`). */
const childText = (el: Fields | undefined, name: string): string | undefined => {
  const v = el?.[name];
  const t = typeof v === 'string' ? v : typeof asObject(v)?.['#text'] === 'string' ? (asObject(v)!['#text'] as string) : undefined;
  return t?.trim();
};
const children = (el: unknown, ...path: string[]): Fields[] => {
  let at: unknown = el;
  for (const name of path.slice(0, -1)) at = asObject(at)?.[name];
  // An element without attributes or children (`<test/>`) parses as ''.
  return asArray(asObject(at)?.[path[path.length - 1]!]).flatMap((x): Fields[] => (x === '' ? [{}] : [asObject(x)].filter((o) => o !== undefined)));
};

/**
 * Standard testlib checkers (`std::<name>.cpp`) that one of our built-in checkers judges alike (given the canonical
 * output a problem's checker expects): tokens for word / number / huge-integer sequences, lines for line-by-line,
 * the float checker at the checker's precision, ASCII case ignored for YES / NO answers.
 */
export const POLYGON_STD_CHECKERS: Record<string, { checker: BuiltinChecker; tolerance?: number }> = {
  wcmp: { checker: 'tokens' },
  ncmp: { checker: 'tokens' },
  hcmp: { checker: 'tokens' },
  lcmp: { checker: 'lines' },
  rcmp4: { checker: 'float', tolerance: 1e-4 },
  rcmp6: { checker: 'float', tolerance: 1e-6 },
  rcmp9: { checker: 'float', tolerance: 1e-9 },
  yesno: { checker: 'tokens_ci' },
  nyesno: { checker: 'tokens_ci' },
};

/** Our language for a Polygon source type (`cpp.g++17`, `c.gcc`, `java11`, `python.3`, …), else by the file's extension. */
export function polygonLanguage(type: string | undefined, path: string): string | null {
  const t = (type ?? '').toLowerCase();
  if (/^cpp\./.test(t)) {
    const std = /(?:\+\+|cpp|ms)(\d\d)(?!\d)/.exec(t.slice(4))?.[1];
    return std === '17' ? 'C++ 17' : std === '20' || std === '23' ? 'C++ 20' : 'C++';
  }
  if (/^c\./.test(t)) return 'C';
  if (/^java/.test(t)) return 'Java';
  if (t === 'python.3') return 'Python3';
  if (/^python\.pypy3/.test(t)) return 'PyPy3';
  if (/^python\./.test(t)) return null;
  if (/^go/.test(t)) return 'Golang';
  if (/^rust/.test(t)) return 'Rust';
  if (/^csharp/.test(t)) return 'C#';
  if (t) return null;
  return languageOfFile(path);
}

const isC = (language: string | null): language is string => language === 'C' || !!language?.startsWith('C++');

/** A printf-style path pattern (`tests/%02d`) filled with test number `n`; null when it takes no number. */
export function fillPattern(pattern: string, n: number): string | null {
  const m = /%(0?)(\d*)d/.exec(pattern);
  if (!m) return null;
  const num = String(n).padStart(Number(m[2] || 0), m[1] ? '0' : ' ');
  return pattern.slice(0, m.index) + num + pattern.slice(m.index + m[0].length);
}

/** Polygon's solution tags as the verdicts our self-check expects; other tags (`time-limit-exceeded-or-accepted`, …) are not carried over. */
const SOLUTION_VERDICTS: Record<string, ExpectedVerdict> = {
  main: 'accepted',
  accepted: 'accepted',
  'wrong-answer': 'wrong_answer',
  'presentation-error': 'rejected',
  'time-limit-exceeded': 'time_limit_exceeded',
  'memory-limit-exceeded': 'memory_limit_exceeded',
  failed: 'run_time_error',
  rejected: 'rejected',
};

interface PolygonTest {
  number: number;
  method: string;
  sample: boolean;
  group?: string;
  points?: number;
}

/** The tests testset: limits, and every test's files (each must be in the package), in test order. */
function readTestset(p: ImportedProblem, files: ArchiveFiles, testset: Fields, where: string): PolygonTest[] {
  const ms = Number(childText(testset, 'time-limit'));
  const bytes = Number(childText(testset, 'memory-limit'));
  if (!(ms > 0) || !(bytes > 0)) throw importFailed('POLYGON_LIMITS_UNREADABLE', { where });
  p.timeLimitMs = Math.round(ms);
  p.memoryLimitMb = Math.max(1, Math.round(bytes / (1024 * 1024)));
  const inputPattern = childText(testset, 'input-path-pattern') || 'tests/%02d';
  const answerPattern = childText(testset, 'answer-path-pattern') || 'tests/%02d.a';
  for (const pattern of [inputPattern, answerPattern]) if (fillPattern(pattern, 1) === null) throw importFailed('POLYGON_PATTERN_INVALID', { where, pattern });
  const rounded: number[] = [];
  const tests = children(testset, 'tests', 'test').map((t, i): PolygonTest => {
    const number = i + 1;
    const method = attr(t, 'method') ?? 'manual';
    const raw = attr(t, 'points');
    const points = raw === undefined ? undefined : Number(raw);
    if (points !== undefined && !(points >= 0 && Number.isFinite(points))) throw importFailed('POLYGON_POINTS_INVALID', { where, test: number, points: raw! });
    if (points !== undefined && points !== Math.round(points)) rounded.push(number);
    const c: ImportedCase = { input: fillPattern(inputPattern, number)!, output: fillPattern(answerPattern, number)! };
    for (const file of [c.input, c.output]) if (!files.has(file)) throw importFailed('POLYGON_TEST_MISSING', { where, test: number, method, file });
    const name = (path: string) => path.replaceAll('/', '-');
    p.files.set(name(c.input), files.get(c.input)!);
    p.files.set(name(c.output), files.get(c.output)!);
    const sample = attr(t, 'sample') === 'true';
    p.cases.push({ input: name(c.input), output: name(c.output), ...(sample && { sample: true }) });
    return { number, method, sample, group: attr(t, 'group'), points: points === undefined ? undefined : Math.round(points) };
  });
  if (rounded.length > 0) warn(p, 'POLYGON_POINTS_ROUNDED', { tests: rounded.join(', ') });
  return tests;
}

/**
 * Points and groups as our scoring: no points → ACM; points → OI, each test its points; a `complete-group` group (or
 * any group dependency) → subtasks scored by their lowest case, a complete group being one subtask worth the group's
 * points (else the sum of its tests'), every other test a subtask of its own, and group dependencies between them.
 */
function readScoring(p: ImportedProblem, testset: Fields, tests: PolygonTest[], where: string): void {
  if (!tests.some((t) => t.points !== undefined && t.points > 0)) return;
  p.type = 1;
  const groups = new Map(children(testset, 'groups', 'group').map((g) => [attr(g, 'name') ?? '', g]));
  const complete = (name: string | undefined) => name !== undefined && attr(groups.get(name), 'points-policy') === 'complete-group';
  const dependsOf = (name: string) => children(groups.get(name), 'dependencies', 'dependency').map((d) => attr(d, 'group') ?? '');
  const hasDependencies = [...groups.keys()].some((g) => dependsOf(g).length > 0);
  if (![...groups.keys()].some(complete) && !hasDependencies) {
    tests.forEach((t, i) => (p.cases[i]!.score = t.points ?? 0));
    return;
  }
  p.judgeCaseMode = 'subtask_lowest';
  /** A complete group's worth: its `points`, else the sum of its tests' points. */
  const groupScore = (name: string) => {
    const declared = Number(attr(groups.get(name), 'points') ?? NaN);
    return Math.round(Number.isFinite(declared) ? declared : tests.filter((o) => o.group === name).reduce((sum, o) => sum + (o.points ?? 0), 0));
  };
  const numbersOf = new Map<string, number[]>();
  let next = 0;
  tests.forEach((t, i) => {
    const group = t.group ?? '';
    let num: number;
    if (complete(t.group) && numbersOf.has(group)) num = numbersOf.get(group)![0]!;
    else {
      num = ++next;
      numbersOf.set(group, [...(numbersOf.get(group) ?? []), num]);
    }
    Object.assign(p.cases[i]!, { score: complete(t.group) ? groupScore(group) : (t.points ?? 0), groupNum: num });
  });
  const deps: { groupNum: number; dependencies: number[] }[] = [];
  for (const name of groups.keys()) {
    const on = dependsOf(name);
    if (on.length === 0) continue;
    const unknown = on.find((d) => !groups.has(d));
    if (unknown !== undefined) throw importFailed('POLYGON_DEPENDENCY_UNKNOWN', { where, group: name, dependency: unknown });
    const dependencies = on.flatMap((d) => numbersOf.get(d) ?? []);
    for (const groupNum of numbersOf.get(name) ?? []) if (dependencies.length > 0) deps.push({ groupNum, dependencies });
  }
  if (deps.length > 0) p.subtaskDependencies = deps;
}

/** The C/C++ source of a checker or interactor, and the `files/` resources it includes as judge extra files. */
function readProgram(p: ImportedProblem, files: ArchiveFiles, el: Fields, role: 'checker' | 'interactor', where: string): { language: string; code: string } {
  const source = asObject(el.source);
  const path = attr(source, 'path') ?? '';
  const data = files.get(path);
  if (!data) throw importFailed('POLYGON_FILE_MISSING', { where, file: path || `<${role}> source` });
  const type = attr(source, 'type');
  const language = polygonLanguage(type, path);
  if (!isC(language)) throw importFailed(role === 'checker' ? 'POLYGON_CHECKER_LANGUAGE' : 'POLYGON_INTERACTOR_LANGUAGE', { where, file: path, type: type ?? path });
  const code = textOf(data);
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
  const extra: Record<string, string> = { ...p.judgeExtraFile };
  for (const m of code.matchAll(/^\s*#\s*include\s*["<]([^">]+)[">]/gm)) {
    const name = m[1]!;
    const found = [`${dir}${name}`, `files/${name}`].find((f) => files.has(f));
    if (found && !name.includes('/')) extra[name] = textOf(files.get(found)!);
  }
  if (Object.keys(extra).length > 0) p.judgeExtraFile = extra;
  return { language, code };
}

/** The checker: a standard one we have built in, else its source (testlib protocol). */
function readChecker(p: ImportedProblem, files: ArchiveFiles, checker: Fields, where: string): void {
  const std = /^std::(\w+)\.cpp$/.exec(attr(checker, 'name') ?? '')?.[1];
  const builtin = std !== undefined && Object.hasOwn(POLYGON_STD_CHECKERS, std) ? POLYGON_STD_CHECKERS[std]! : undefined;
  if (builtin) {
    p.builtinChecker = builtin.checker;
    if (builtin.tolerance !== undefined) Object.assign(p, { floatAbsoluteTolerance: builtin.tolerance, floatRelativeTolerance: builtin.tolerance });
    return;
  }
  p.judgeMode = 'spj';
  p.checker = { ...readProgram(p, files, checker, 'checker', where), protocol: 'testlib' };
}

/** Solutions with a tag our self-check can expect, in languages we have. */
function readSolutions(p: ImportedProblem, files: ArchiveFiles, assets: Fields | undefined): void {
  const skipped: string[] = [];
  for (const s of children(assets, 'solutions', 'solution')) {
    const source = asObject(s.source);
    const path = attr(source, 'path') ?? '';
    const tag = attr(s, 'tag') ?? '';
    const expected = Object.hasOwn(SOLUTION_VERDICTS, tag) ? SOLUTION_VERDICTS[tag] : undefined;
    const language = polygonLanguage(attr(source, 'type'), path);
    const data = files.get(path);
    if (!expected || !language || !data) skipped.push(path);
    else p.submissions.push({ path, language, code: textOf(data), expected });
  }
  p.submissions.sort((a, b) => naturalCompare(a.path, b.path));
  if (skipped.length > 0) warn(p, 'POLYGON_SOLUTIONS_SKIPPED', { files: skipped.join(', ') });
}

/** The title: the English name, else the first. */
function titleOf(problem: Fields): string | undefined {
  const names = children(problem, 'names', 'name');
  const pick = names.find((n) => attr(n, 'language') === 'english') ?? names[0];
  return attr(pick, 'value')?.trim() || undefined;
}

/** One package whose files are `files` (paths inside it); `name` is its folder, if any. */
export function readPolygonPackage(files: ArchiveFiles, name: string | undefined): ImportedProblem {
  const where = name ?? 'the package';
  const at = (f: string) => (name ? `${name}/${f}` : f);
  let parsed: unknown;
  const xml = checkedXml(textOf(files.get('problem.xml')!), at('problem.xml'));
  try {
    parsed = parser.parse(xml);
  } catch (err) {
    throw importFailed('FILE_UNPARSABLE', { where: at('problem.xml'), error: (err as Error).message });
  }
  const problem = asObject(asObject(parsed)?.problem);
  if (!problem) throw importFailed('POLYGON_NO_PROBLEM_ROOT', { where: at('problem.xml') });
  const p = blankProblem('');
  const shortName = attr(problem, 'short-name');
  if (name ?? shortName) p.problemId = name ?? shortName;
  const judging = asObject(problem.judging);
  const testsets = children(judging, 'testset');
  const testset = testsets.find((t) => attr(t, 'name') === 'tests') ?? testsets[0];
  if (!testset) throw importFailed('POLYGON_NO_TESTSET', { where });
  const examplesGiven = readPolygonStatement(files, p, where, at);
  p.title = titleOf(problem) ?? name ?? shortName ?? 'Untitled';
  const tests = readTestset(p, files, testset, where);
  if (!examplesGiven) tests.filter((t) => t.sample).forEach((t) => addExample(p, textOf(p.files.get(p.cases[t.number - 1]!.input)!), textOf(p.files.get(p.cases[t.number - 1]!.output)!)));
  readScoring(p, testset, tests, where);
  const input = attr(judging, 'input-file') ?? '';
  const output = attr(judging, 'output-file') ?? '';
  if (input && output) Object.assign(p, { isFileIO: true, ioReadFileName: input, ioWriteFileName: output });
  else if (input || output) warn(p, 'POLYGON_FILE_IO_PARTIAL', { file: input || output });
  const assets = asObject(problem.assets);
  const interactor = asObject(assets?.interactor);
  const checker = asObject(assets?.checker);
  if (interactor) {
    p.judgeMode = 'interactive';
    p.checker = { ...readProgram(p, files, interactor, 'interactor', where), protocol: 'testlib' };
    if (checker) warn(p, 'POLYGON_INTERACTOR_CHECKER');
  } else if (checker) readChecker(p, files, checker, where);
  readSolutions(p, files, assets);
  p.tags = children(problem, 'tags', 'tag').flatMap((t) => attr(t, 'value') ?? []);
  return checkProblem(p, where);
}

/** Folders (one or two levels deep: `A/`, `problems/A/`) holding a problem.xml. */
function packageFolders(files: ArchiveFiles): string[] {
  return [...files.keys()]
    .filter((f) => /^([^/]+\/){1,2}problem\.xml$/.test(f))
    .map((f) => f.slice(0, -'/problem.xml'.length))
    .sort(naturalCompare);
}

/** One package, or every package folder of an archive (a contest's problems), in the natural order of the folder names. */
export function readPolygon(data: Buffer): ImportedProblem[] {
  const files = openZip(data, (paths) => paths.includes('problem.xml'));
  if (files.has('problem.xml')) return [readPolygonPackage(files, undefined)];
  const folders = packageFolders(files);
  if (folders.length === 0) throw importFailed('POLYGON_NO_PACKAGES');
  return folders.map((dir) => {
    const inside = new Map([...files].filter(([f]) => f.startsWith(`${dir}/`)).map(([f, d]) => [f.slice(dir.length + 1), d]));
    return readPolygonPackage(inside, dir.slice(dir.lastIndexOf('/') + 1));
  });
}
