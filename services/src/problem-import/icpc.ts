// The ICPC problem package reader (problemarchive.org layout, legacy and 2023-07 versions, DOMjudge's additions):
// one package zip, or a zip of package folders. Limits from problem.yaml / `.timelimit` / domjudge-problem.ini,
// the statement (icpc-statement.ts), data/sample and data/secret cases, the default validator's flags or a custom
// Kattis output validator / interactor in C or C++, and submissions/<verdict>/ programs for the self-check.
import { groupByTop, importFailed, openZip, textOf, type ArchiveFiles } from './archive';
import { addExample, blankProblem, checkProblem, durationMs, languageOfFile, naturalCompare, sizeMb } from './common';
import { asObject, num, str, text, type Fields } from './fields';
import { readIcpcStatement } from './icpc-statement';
import { javaClassAsMain } from './java-main';
import type { ExpectedVerdict, ImportedProblem } from './types';
import { warn } from './warning';
import { readYaml } from './yaml-file';

const VERDICT_FOLDERS: Record<string, ExpectedVerdict> = {
  accepted: 'accepted',
  wrong_answer: 'wrong_answer',
  time_limit_exceeded: 'time_limit_exceeded',
  run_time_error: 'run_time_error',
  runtime_error: 'run_time_error',
  memory_limit_exceeded: 'memory_limit_exceeded',
  output_limit_exceeded: 'output_limit_exceeded',
  compile_error: 'compile_error',
  rejected: 'rejected',
  // A scoring problem's partial solutions fail some case, which is a rejection when judged pass-fail (as here).
  partially_accepted: 'rejected',
};

/** A `.py` program that says it is Python 2 (`#!/usr/bin/env python2`), as problemtools tells the two apart. */
const isPython2 = (path: string, code: string) => /\.py$/i.test(path) && /^#!.*\bpython2(\.\d+)?\b/.test(code);

/** Memory limit when the package sets none (the format leaves it to the judge). */
export const ICPC_DEFAULT_MEMORY_MB = 1024;
/** Folders of a package that nothing here uses. */
const UNUSED = ['input_validators', 'input_format_validators', 'generators', 'attachments', 'include', 'static_validator'];

const isPackageRoot = (paths: readonly string[]) => paths.some((p) => p === 'problem.yaml' || p === 'domjudge-problem.ini' || p.startsWith('data/'));

/** `key = 'value'` lines of domjudge-problem.ini. */
function readIni(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of source.split('\n')) {
    const m = /^\s*([A-Za-z_-]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) out[m[1]!.toLowerCase()] = m[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

/**
 * A 2023-07 `source` or `credits.authors` as text: a string (`Name <e-mail>` without the e-mail), a `{ name }` map
 * (a source's `url` and a person's `email` dropped), or a list of either, joined with commas.
 */
function peopleOrSources(v: unknown): string | undefined {
  const one = (x: unknown) => (typeof x === 'string' ? x.replace(/\s*<[^<>]*>\s*$/, '').trim() : typeof x === 'number' ? String(x) : str(asObject(x), 'name')?.trim());
  const all = (Array.isArray(v) ? v.map(one) : [one(v)]).filter((x): x is string => !!x);
  return all.length > 0 ? all.join(', ') : undefined;
}

/** The package's name: problem.yaml `name` (a string, or a map by language), else the ini's. */
function nameOf(yaml: Fields, ini: Record<string, string>): string | undefined {
  const names = asObject(yaml.name);
  return str(yaml, 'name') ?? str(names, 'en') ?? (names ? Object.values(names).find((v): v is string => typeof v === 'string') : undefined) ?? ini.name;
}

function readLimits(p: ImportedProblem, files: ArchiveFiles, yaml: Fields, ini: Record<string, string>): void {
  const limits = asObject(yaml.limits);
  const dotTime = files.get('.timelimit');
  const time = num(limits, 'time_limit') ?? (dotTime ? textOf(dotTime).trim() : undefined) ?? ini.timelimit;
  const ms = time === undefined ? null : durationMs(time, 's');
  if (ms !== null && ms > 0) p.timeLimitMs = ms;
  else {
    p.timeLimitMs = 1000;
    // The time_multiplier needs the judge solutions' times, which are not known here.
    warn(p, num(limits, 'time_multiplier') ? 'ICPC_NO_TIME_LIMIT_MULTIPLIER' : 'ICPC_NO_TIME_LIMIT');
  }
  const memory = limits?.memory === undefined ? null : sizeMb(limits.memory, 'mb');
  if (memory !== null) p.memoryLimitMb = memory;
  else {
    p.memoryLimitMb = ICPC_DEFAULT_MEMORY_MB;
    warn(p, 'ICPC_NO_MEMORY_LIMIT', { mb: ICPC_DEFAULT_MEMORY_MB });
  }
}

/** data/sample and data/secret cases (`.in` + `.ans`), samples first, names flattened (`secret-group1-3.in`). */
function readData(p: ImportedProblem, files: ArchiveFiles, where: string): void {
  const names = new Map<string, string>();
  const flat = (path: string) => {
    const name = path.slice('data/'.length).replaceAll('/', '-');
    const other = names.get(name);
    if (other !== undefined && other !== path) throw importFailed('ICPC_CASE_NAME_CLASH', { where, path, other });
    names.set(name, path);
    return name;
  };
  let interactions = 0;
  for (const part of ['sample', 'secret'] as const) {
    const prefix = `data/${part}/`;
    const inPart = [...files.keys()].filter((f) => f.startsWith(prefix));
    interactions += inPart.filter((f) => f.endsWith('.interaction')).length;
    for (const ans of inPart.filter((f) => f.endsWith('.ans'))) {
      if (!files.has(`${ans.slice(0, -4)}.in`)) throw importFailed('ICPC_CASE_UNPAIRED', { where, file: ans, partner: `${ans.slice(0, -4)}.in` });
    }
    for (const input of inPart.filter((f) => f.endsWith('.in')).sort(naturalCompare)) {
      const answer = `${input.slice(0, -3)}.ans`;
      const data = files.get(answer);
      if (!data) throw importFailed('ICPC_CASE_UNPAIRED', { where, file: input, partner: answer });
      const c = { input: flat(input), output: flat(answer) };
      p.files.set(c.input, files.get(input)!);
      p.files.set(c.output, data);
      p.cases.push(part === 'sample' ? { ...c, sample: true } : c);
      if (part === 'sample') addExample(p, textOf(files.get(input)!), textOf(data));
    }
  }
  if (interactions > 0) warn(p, 'ICPC_INTERACTION_FILES', { count: interactions });
}

/** The custom output validator or interactor: a C/C++ program under output_validators/ (or output_validator/). */
function readValidator(p: ImportedProblem, files: ArchiveFiles, where: string): void {
  const sources = [...files.keys()].filter((f) => /^output_validators?\//.test(f)).sort(naturalCompare);
  // output_validators/<name>/… (legacy: one folder per validator; a file right under it is its own), output_validator/… (2023).
  const folderOf = (f: string) => {
    const s = f.split('/');
    return s[0] === 'output_validators' && s.length > 2 ? `${s[0]}/${s[1]}` : s[0]!;
  };
  const folders = [...new Set(sources.map(folderOf))];
  if (folders.length > 1) warn(p, 'ICPC_EXTRA_VALIDATORS', { used: folders[0]!, ignored: folders.slice(1).join(', ') });
  const mine = sources.filter((f) => folderOf(f) === folders[0]);
  const programs = mine.filter((f) => /\.(c|cc|cpp|cxx)$/i.test(f));
  const main = programs.find((f) => /\bmain\s*\(/.test(textOf(files.get(f)!))) ?? programs[0];
  if (!main) {
    const other = mine.find((f) => /\.(py|java|sh|kt|rs|go)$/i.test(f));
    throw other ? importFailed('ICPC_VALIDATOR_LANGUAGE', { where, file: other }) : importFailed('ICPC_NO_VALIDATOR', { where });
  }
  p.checker = { language: languageOfFile(main) ?? 'C++ 17', code: textOf(files.get(main)!), protocol: 'kattis' };
  const extra: Record<string, string> = {};
  for (const f of mine) if (f !== main && /\.(h|hpp|hh|c|cc|cpp|cxx)$/i.test(f)) extra[f.slice(f.lastIndexOf('/') + 1)] = textOf(files.get(f)!);
  const skipped = mine.filter((f) => f !== main && !/\.(h|hpp|hh|c|cc|cpp|cxx)$/i.test(f));
  if (Object.keys(extra).length > 0) p.judgeExtraFile = extra;
  if (skipped.length > 0) warn(p, 'ICPC_VALIDATOR_FILES_UNUSED', { files: skipped.join(', ') });
  if (programs.length > 1) warn(p, 'ICPC_VALIDATOR_ONE_SOURCE', { main });
}

/** submissions/<verdict>/<file>: single-file programs in languages we have. */
function readSubmissions(p: ImportedProblem, files: ArchiveFiles): void {
  const skipped: string[] = [];
  const renamed: string[] = [];
  for (const [path, data] of files) {
    const m = /^submissions\/([^/]+)\/(.+)$/.exec(path);
    if (!m) continue;
    const expected = Object.hasOwn(VERDICT_FOLDERS, m[1]!) ? VERDICT_FOLDERS[m[1]!] : undefined;
    const language = languageOfFile(m[2]!);
    const code = textOf(data);
    if (!expected || !language || m[2]!.includes('/') || isPython2(path, code)) {
      skipped.push(path);
      continue;
    }
    const asMain = language === 'Java' ? javaClassAsMain(code, m[2]!.replace(/\.java$/i, '')) : null;
    if (asMain !== null) renamed.push(path);
    p.submissions.push({ path, language, code: asMain ?? code, expected });
  }
  if (renamed.length > 0) warn(p, 'ICPC_JAVA_RENAMED', { files: renamed.join(', ') });
  p.submissions.sort((a, b) => naturalCompare(a.path, b.path));
  if (skipped.length > 0) warn(p, 'ICPC_SUBMISSIONS_SKIPPED', { files: skipped.join(', ') });
}

/** One package whose files are `files` (paths inside the package); `name` is its folder, if any. */
export function readIcpcPackage(files: ArchiveFiles, name: string | undefined): ImportedProblem {
  const where = name ?? 'the package';
  const yamlFile = files.get('problem.yaml');
  const yaml = yamlFile ? readYaml(textOf(yamlFile), name ? `${name}/problem.yaml` : 'problem.yaml') : {};
  const iniFile = files.get('domjudge-problem.ini');
  const ini = iniFile ? readIni(textOf(iniFile)) : {};
  const p = blankProblem('');
  if (name) p.problemId = name;
  const statementTitle = readIcpcStatement(files, p, where);
  p.title = nameOf(yaml, ini) ?? statementTitle ?? name ?? 'Untitled';
  const source = peopleOrSources(yaml.source);
  if (source) p.source = source;
  const credits = asObject(yaml.credits);
  const author = text(yaml, 'author') ?? peopleOrSources(credits ? credits.authors : yaml.credits);
  if (author) p.author = author;
  const keywords = yaml.keywords;
  p.tags = Array.isArray(keywords) ? keywords.filter((k): k is string => typeof k === 'string') : typeof keywords === 'string' ? keywords.split(/\s+/).filter(Boolean) : [];
  readLimits(p, files, yaml, ini);
  const validation = str(yaml, 'validation') ?? '';
  const types = [yaml.type].flat().join(' ');
  if (/score/.test(validation) || /scoring/.test(types)) warn(p, 'ICPC_SCORING_PASS_FAIL');
  const interactive = /interactive/.test(validation) || /interactive/.test(types);
  const hasValidator = [...files.keys()].some((f) => /^output_validators?\//.test(f));
  const custom = interactive || /custom/.test(validation) || (!yaml.validation && yaml.problem_format_version !== undefined && hasValidator);
  const flags = text(yaml, 'validator_flags');
  if (custom) {
    p.judgeMode = interactive ? 'interactive' : 'spj';
    readValidator(p, files, where);
    if (flags) p.validatorFlags = flags;
  } else {
    // The ICPC default validator judges every package without a custom one (tokens, case-insensitive unless flagged).
    p.validatorFlags = flags ?? '';
    if (hasValidator) warn(p, 'ICPC_VALIDATOR_IGNORED');
  }
  readData(p, files, where);
  readSubmissions(p, files);
  const unused = UNUSED.filter((d) => [...files.keys()].some((f) => f.startsWith(`${d}/`)));
  if (unused.length > 0) warn(p, 'ICPC_UNUSED_FOLDERS', { folders: unused.map((d) => `${d}/`).join(', ') });
  return checkProblem(p, where);
}

/** One package, or every package folder of a set, in the natural order of the folder names. */
export function readIcpc(data: Buffer): ImportedProblem[] {
  const files = openZip(data, isPackageRoot);
  if (isPackageRoot([...files.keys()])) return [readIcpcPackage(files, undefined)];
  const packages = [...groupByTop(files)].filter(([, g]) => isPackageRoot([...g.keys()])).sort(([a], [b]) => naturalCompare(a, b));
  if (packages.length === 0) throw importFailed('ICPC_NO_PACKAGES');
  return packages.map(([name, g]) => readIcpcPackage(g, name));
}
