// The Hydro reader: Hydro's problem export, one folder per problem (or one problem at the archive's top) with
// `problem.yaml`, `problem_zh.md` / `problem.md` / `problem_<lang>.md`, `testdata/` (with an optional
// `config.yaml`) and `additional_file/`. YAML is read by yaml-file.ts (aliases refused).
import type { CheckerProtocol } from '@oj/proto';
import { evenScores } from '../testdata/case-set';
import { groupByTop, importFailed, openZip, textOf, type ArchiveFiles } from './archive';
import { addExample, blankProblem, checkProblem, durationMs, embedImage, languageOfFile, naturalCompare, ourLanguage, sizeMb } from './common';
import { asArray, asObject, num, str, strings, text, type Fields } from './fields';
import { splitMarkdown } from './statement-sections';
import type { ImportedCase, ImportedProblem } from './types';
import { warn } from './warning';
import { readYaml } from './yaml-file';

const IMAGE = /\.(png|jpe?g|gif|webp|svg|bmp)$/i;

/** Our language for a Hydro language id (`cc.cc17o2`, `py.py3`, `java`, …), or null. */
export function hydroLanguage(id: string): string | null {
  const o2 = /o2$/i.test(id);
  const base = id.toLowerCase().replace(/o2$/, '');
  if (base === 'cc' || /^cc\.cc(98|03|11|14)$/.test(base)) return o2 ? 'C++ With O2' : 'C++';
  if (base === 'cc.cc17' || base === 'cc.cc20') return `${base === 'cc.cc17' ? 'C++ 17' : 'C++ 20'}${o2 ? ' With O2' : ''}`;
  if (base === 'c' || base === 'c.c11' || base === 'c.c99') return o2 ? 'C With O2' : 'C';
  return ourLanguage(base) ?? ourLanguage(base.split('.').pop()!);
}

/** The statement: problem_zh.md, problem.md, problem_en.md, then any problem_<lang>.md. */
function pickStatement(folder: ArchiveFiles): string | undefined {
  const all = [...folder.keys()].filter((f) => /^problem(_[A-Za-z_-]+)?\.md$/.test(f)).sort();
  return ['problem_zh.md', 'problem.md', 'problem_en.md'].find((f) => folder.has(f)) ?? all[0];
}

/** Statement fields from the Markdown: ```inputN / ```outputN blocks become examples, file:// links images. */
function readStatement(p: ImportedProblem, folder: ArchiveFiles, where: string): void {
  const file = pickStatement(folder);
  if (!file) {
    warn(p, 'HYDRO_NO_STATEMENT');
    return;
  }
  const others = [...folder.keys()].filter((f) => f !== file && /^problem(_[A-Za-z_-]+)?\.md$/.test(f));
  if (others.length > 0) warn(p, 'HYDRO_OTHER_STATEMENTS', { files: others.join(', ') });
  let md = textOf(folder.get(file)!).replace(/\r\n/g, '\n');
  const blocks = (kind: string) => new Map([...md.matchAll(new RegExp(`\`\`\`${kind}(\\d+)\\n([\\s\\S]*?)\\n?\`\`\``, 'g'))].map((m) => [m[1]!, m[2]!]));
  const inputs = blocks('input');
  const outputs = blocks('output');
  for (const [n, input] of [...inputs].sort(([a], [b]) => Number(a) - Number(b))) addExample(p, input, outputs.get(n) ?? '');
  md = md.replace(/```(input|output)\d+\n[\s\S]*?```\n?/g, '');
  const { fields } = splitMarkdown(md);
  p.description = fields.description;
  p.input = fields.input;
  p.output = fields.output;
  if (fields.hint) p.hint = fields.hint;
  const refs = new Set([...md.matchAll(/file:\/\/([^)\s"']+)/g)].map((m) => m[1]!));
  for (const ref of refs) {
    const data = folder.get(`additional_file/${ref}`) ?? folder.get(`additional_file/${decodeURIComponent(ref)}`);
    if (data && IMAGE.test(ref)) embedImage(p, `file://${ref}`, ref.slice(ref.lastIndexOf('/') + 1), data);
    else warn(p, data ? 'HYDRO_LINK_NOT_IMAGE' : 'HYDRO_LINK_MISSING', { where, ref });
  }
}

/** A source file of testdata/ named by config.yaml (checker, interactor, extra files); fails naming it when absent. */
function testdataText(testdata: ArchiveFiles, name: string, where: string): string {
  const data = testdata.get(name);
  if (!data) throw importFailed('HYDRO_TESTDATA_MISSING', { where, file: name });
  return textOf(data);
}

/** Hydro's `checker_type`s run as one of our checker protocols (Hydro calls them as HUSTOJ and QDUOJ do). */
const HYDRO_CHECKER_PROTOCOLS: Record<string, CheckerProtocol> = { testlib: 'testlib', hustoj: 'hustoj', qduoj: 'qduoj' };

/** Judge mode, checker or interactor, extra files, languages, limits and file IO from config.yaml. */
function readConfig(p: ImportedProblem, config: Fields, testdata: ArchiveFiles, where: string): void {
  const type = str(config, 'type') ?? 'default';
  if (type !== 'default' && type !== 'interactive') throw importFailed('HYDRO_TYPE_UNSUPPORTED', { where, type });
  const helper = type === 'interactive' ? str(config, 'interactor') : str(config, 'checker_type') !== 'default' ? str(config, 'checker') : undefined;
  if (type === 'interactive' && !helper) throw importFailed('HYDRO_NO_INTERACTOR', { where });
  if (helper) {
    const language = languageOfFile(helper);
    if (language !== 'C' && !language?.startsWith('C++')) throw importFailed(type === 'interactive' ? 'HYDRO_INTERACTOR_LANGUAGE' : 'HYDRO_CHECKER_LANGUAGE', { where, file: helper });
    p.judgeMode = type === 'interactive' ? 'interactive' : 'spj';
    // Hydro's checker kinds that are ours too keep their protocol; another kind (lemon, syzoj) is run as testlib's.
    const kind = str(config, 'checker_type') ?? 'testlib';
    const protocol = type === 'interactive' ? 'testlib' : Object.hasOwn(HYDRO_CHECKER_PROTOCOLS, kind) ? HYDRO_CHECKER_PROTOCOLS[kind] : undefined;
    p.checker = { language, code: testdataText(testdata, helper, where), protocol: protocol ?? 'testlib' };
    if (!protocol) warn(p, 'HYDRO_CHECKER_KIND', { kind });
  } else if (str(config, 'checker_type') && !['default', 'strict'].includes(str(config, 'checker_type')!)) {
    warn(p, 'HYDRO_CHECKER_TYPE_NO_FILE', { checkerType: str(config, 'checker_type')! });
  }
  const judgeExtra = Object.fromEntries(strings(config, 'judge_extra_files').map((f) => [f, testdataText(testdata, f, where)]));
  if (p.checker && /["<]testlib\.h[">]/.test(p.checker.code) && testdata.has('testlib.h')) judgeExtra['testlib.h'] ??= textOf(testdata.get('testlib.h')!);
  if (Object.keys(judgeExtra).length > 0) p.judgeExtraFile = judgeExtra;
  const userExtra = Object.fromEntries(strings(config, 'user_extra_files').map((f) => [f, testdataText(testdata, f, where)]));
  if (Object.keys(userExtra).length > 0) p.userExtraFile = userExtra;
  const time = config.time === undefined ? 1000 : durationMs(config.time, 'ms');
  const memory = config.memory === undefined ? 256 : sizeMb(config.memory, 'mb');
  if (time === null || memory === null) throw importFailed('HYDRO_LIMITS_UNREADABLE', { where });
  p.timeLimitMs = time;
  p.memoryLimitMb = memory;
  const filename = str(config, 'filename');
  if (filename) Object.assign(p, { isFileIO: true, ioReadFileName: `${filename}.in`, ioWriteFileName: `${filename}.out` });
  const unknown: string[] = [];
  for (const id of strings(config, 'langs')) {
    const l = hydroLanguage(id);
    if (l && !p.languages.includes(l)) p.languages.push(l);
    else if (!l) unknown.push(id);
  }
  if (unknown.length > 0) warn(p, 'HYDRO_UNKNOWN_LANGUAGES', { languages: unknown.join(', ') });
}

/** Hydro's `if: [subtask ids]` as dependencies between our groups (group g + 1 is the g-th subtask, `id` its Hydro id). */
function hydroDependencies(subtasks: Fields[], where: string): { groupNum: number; dependencies: number[] }[] {
  const groupOf = new Map(subtasks.map((s, g) => [num(s, 'id') ?? g + 1, g + 1]));
  return subtasks.flatMap((s, g) =>
    s.if === undefined
      ? []
      : [
          {
            groupNum: g + 1,
            dependencies: asArray(s.if).map((id) => {
              const group = typeof id === 'number' ? groupOf.get(id) : undefined;
              if (group === undefined) throw importFailed('HYDRO_DEPENDENCY_UNKNOWN', { where, subtask: g + 1, dependency: String(id) });
              return group;
            }),
          },
        ],
  );
}

/** Cases from config.yaml's subtasks or cases, else every `x.in` of testdata/ with `x.out` or `x.ans`. */
function readCases(p: ImportedProblem, config: Fields, testdata: ArchiveFiles, where: string): void {
  const pair = (raw: unknown): ImportedCase => {
    const o = asObject(raw);
    const input = text(o, 'input');
    const output = text(o, 'output');
    if (!input || !output) throw importFailed('HYDRO_CASE_NO_FILES', { where });
    if (o && (o.time !== undefined || o.memory !== undefined)) warn(p, 'HYDRO_CASE_LIMITS', { input });
    return { input, output };
  };
  const subtasks = asArray(config.subtasks).map(asObject).filter((s): s is Fields => s !== undefined);
  if (subtasks.length > 0) {
    const types = new Set(subtasks.map((s) => str(s, 'type') ?? 'min'));
    const summed = types.size === 1 && types.has('sum');
    if (!summed && [...types].some((t) => t !== 'min')) warn(p, 'HYDRO_SUBTASK_SCORING', { types: [...types].join(', ') });
    p.judgeCaseMode = summed ? 'default' : 'subtask_lowest';
    subtasks.forEach((s, g) => {
      const cases = asArray(s.cases).map(pair);
      const score = num(s, 'score') ?? 0;
      const scores = summed ? evenScores(cases.length, score) : cases.map(() => score);
      cases.forEach((c, i) => p.cases.push(summed ? { ...c, score: scores[i]! } : { ...c, score, groupNum: g + 1 }));
    });
    if (subtasks.some((s) => s.if !== undefined)) {
      if (summed) warn(p, 'HYDRO_DEPENDENCIES_DROPPED');
      else p.subtaskDependencies = hydroDependencies(subtasks, where);
    }
  } else {
    const listed = asArray(config.cases).map(pair);
    const found = listed.length > 0 ? listed : autoPairs(testdata, where);
    const scores = evenScores(found.length);
    found.forEach((c, i) => p.cases.push({ ...c, score: scores[i]! }));
  }
  const flat = (name: string) => name.replaceAll('/', '-');
  for (const c of p.cases) {
    for (const name of [c.input, c.output]) {
      const data = testdata.get(name);
      if (!data) throw importFailed('CASE_FILE_MISSING', { where, file: `testdata/${name}` });
      p.files.set(flat(name), data);
    }
    c.input = flat(c.input);
    c.output = flat(c.output);
  }
}

/** `x.in` paired with `x.out` or `x.ans`, in natural order; an `.in` without either fails naming it. */
function autoPairs(testdata: ArchiveFiles, where: string): ImportedCase[] {
  return [...testdata.keys()]
    .filter((f) => f.endsWith('.in'))
    .sort(naturalCompare)
    .map((input) => {
      const base = input.slice(0, -3);
      const output = [`${base}.out`, `${base}.ans`].find((o) => testdata.has(o));
      if (!output) throw importFailed('HYDRO_NO_OUTPUT', { where, input, base });
      return { input, output };
    });
}

/** One problem folder. */
export function readHydroProblem(folder: ArchiveFiles, name: string): ImportedProblem {
  const where = name || 'the problem';
  const at = (f: string) => (name ? `${name}/${f}` : f);
  const yamlFile = folder.get('problem.yaml');
  if (!yamlFile) throw importFailed('HYDRO_NO_PROBLEM_YAML', { file: at('problem.yaml') });
  const meta = readYaml(textOf(yamlFile), at('problem.yaml'));
  const p = blankProblem(text(meta, 'title') ?? name);
  p.type = 1;
  const pid = text(meta, 'pid');
  if (pid) p.problemId = pid;
  p.tags = strings(meta, 'tag');
  readStatement(p, folder, where);
  const testdata = new Map([...folder].filter(([f]) => f.startsWith('testdata/')).map(([f, d]) => [f.slice('testdata/'.length), d]));
  const configFile = testdata.get('config.yaml') ?? testdata.get('config.yml');
  const config = configFile ? readYaml(textOf(configFile), at('testdata/config.yaml')) : {};
  readConfig(p, config, testdata, where);
  readCases(p, config, testdata, where);
  return checkProblem(p, where);
}

/** Every problem of a Hydro export (folders in natural order), or the one problem at the archive's top. */
export function readHydro(data: Buffer): ImportedProblem[] {
  const files = openZip(data, (paths) => paths.some((p) => p === 'problem.yaml' || /^[^/]+\/problem\.yaml$/.test(p)));
  if (files.has('problem.yaml')) return [readHydroProblem(files, '')];
  const folders = [...groupByTop(files)].filter(([, g]) => g.has('problem.yaml')).sort(([a], [b]) => naturalCompare(a, b));
  if (folders.length === 0) throw importFailed('HYDRO_NO_PROBLEMS');
  return folders.map(([name, g]) => readHydroProblem(g, name));
}
