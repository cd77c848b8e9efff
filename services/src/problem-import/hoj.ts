// The HOJ reader: `problem_N.json` + `problem_N/` case files at the archive's top, as HOJ exports them and as our
// own export writes them (`hoj-write.ts`, whose `oj` block carries what HOJ has no field for, so our archives read
// back unchanged).
import { groupByTop, importFailed, openZip, textOf, type ArchiveFiles } from './archive';
import { blankProblem, checkProblem, isOurLanguage, naturalCompare } from './common';
import { BUILTIN_CHECKERS, checkerProtocolOf, EXPECTED_VERDICTS } from '@oj/proto';
import { asArray, asObject, bool, num, str, stringMap, strings, subtaskDependencyList, type Fields } from './fields';
import type { ImportedCase, ImportedProblem } from './types';
import { warn } from './warning';

const JUDGE_MODES = ['default', 'spj', 'interactive'] as const;
const CASE_MODES = ['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error'] as const;

const oneOf = <T extends string>(values: readonly T[], v: unknown): T | undefined => (values.includes(v as T) ? (v as T) : undefined);

/** HOJ's examples string `<input>…</input><output>…</output>…` as a list. */
export function parseHojExamples(s: string): ImportedProblem['examples'] {
  return [...s.matchAll(/<input>([\s\S]*?)<\/input>\s*<output>([\s\S]*?)<\/output>/g)].map((m) => ({ input: m[1]!, output: m[2]! }));
}

/** Sets `p[key]` to `value` unless it is undefined (absent fields stay absent, as the roundtrip needs). */
function put<K extends keyof ImportedProblem>(p: ImportedProblem, key: K, value: ImportedProblem[K] | undefined): void {
  if (value !== undefined) p[key] = value;
}

function readCase(raw: unknown, where: string): ImportedCase {
  const o = asObject(raw);
  const input = str(o, 'input');
  const output = str(o, 'output');
  if (!o || input === undefined || output === undefined) throw importFailed('HOJ_CASE_NO_FILES', { where });
  // HOJ writes full server paths for cases kept in its database; the folder holds them by base name.
  const c: ImportedCase = { input: input.replace(/^.*[/\\]/, ''), output: output.replace(/^.*[/\\]/, '') };
  const score = num(o, 'score');
  if (score !== undefined) c.score = score;
  if ('groupNum' in o && (o.groupNum === null || typeof o.groupNum === 'number')) c.groupNum = o.groupNum;
  const sample = bool(o, 'sample');
  if (sample !== undefined) c.sample = sample;
  return c;
}

/** Our `oj` block: exact examples, images and package programs. */
function readExtension(p: ImportedProblem, ext: Fields, where: string): void {
  p.examples = asArray(ext.examples).flatMap((e) => {
    const o = asObject(e);
    const input = str(o, 'input');
    const output = str(o, 'output');
    return input !== undefined && output !== undefined ? [{ input, output }] : [];
  });
  for (const raw of asArray(ext.images)) {
    const o = asObject(raw);
    const key = str(o, 'key');
    const fileName = str(o, 'fileName');
    const b64 = str(o, 'base64');
    if (key === undefined || fileName === undefined || b64 === undefined) throw importFailed('HOJ_IMAGE_INCOMPLETE', { where });
    p.images.push({ key, fileName, data: Buffer.from(b64, 'base64') });
  }
  for (const raw of asArray(ext.submissions)) {
    const o = asObject(raw);
    const path = str(o, 'path');
    const language = str(o, 'language');
    const code = str(o, 'code');
    const expected = oneOf(EXPECTED_VERDICTS, o?.expected);
    if (path === undefined || language === undefined || code === undefined || !expected) throw importFailed('HOJ_PROGRAM_INCOMPLETE', { where });
    p.submissions.push({ path, language, code, expected });
  }
}

/** The fields of HOJ's `problem` object. */
function readProblemFields(p: ImportedProblem, pr: Fields, where: string): void {
  const timeLimit = num(pr, 'timeLimit');
  const memoryLimit = num(pr, 'memoryLimit');
  if (timeLimit === undefined || memoryLimit === undefined) throw importFailed('HOJ_NO_LIMITS', { where });
  p.timeLimitMs = timeLimit;
  p.memoryLimitMb = memoryLimit;
  p.description = str(pr, 'description') ?? '';
  p.input = str(pr, 'input') ?? '';
  p.output = str(pr, 'output') ?? '';
  p.type = num(pr, 'type') === 1 ? 1 : 0;
  put(p, 'problemId', str(pr, 'problemId') ?? (typeof pr.problemId === 'number' ? String(pr.problemId) : undefined));
  put(p, 'author', str(pr, 'author'));
  put(p, 'hint', str(pr, 'hint'));
  put(p, 'source', str(pr, 'source'));
  put(p, 'stackLimitMb', num(pr, 'stackLimit'));
  put(p, 'difficulty', num(pr, 'difficulty'));
  put(p, 'judgeCaseMode', oneOf(CASE_MODES, pr.judgeCaseMode));
  put(p, 'validatorFlags', str(pr, 'validatorFlags'));
  // Our extensions: the built-in checker with its tolerances, subtask dependencies.
  put(p, 'builtinChecker', oneOf(BUILTIN_CHECKERS, pr.checker));
  put(p, 'floatAbsoluteTolerance', num(pr, 'floatAbsoluteTolerance'));
  put(p, 'floatRelativeTolerance', num(pr, 'floatRelativeTolerance'));
  if (pr.subtaskDependencies !== undefined && pr.subtaskDependencies !== null) {
    const deps = subtaskDependencyList(pr.subtaskDependencies);
    if (!deps) throw importFailed('HOJ_SUBTASK_DEPENDENCIES', { where });
    p.subtaskDependencies = deps;
  }
  put(p, 'isFileIO', bool(pr, 'isFileIO'));
  put(p, 'ioReadFileName', str(pr, 'ioReadFileName'));
  put(p, 'ioWriteFileName', str(pr, 'ioWriteFileName'));
  put(p, 'isRemoveEndBlank', bool(pr, 'isRemoveEndBlank'));
  put(p, 'openCaseResult', bool(pr, 'openCaseResult'));
  put(p, 'codeShare', bool(pr, 'codeShare'));
  const spjCode = str(pr, 'spjCode');
  const spjLanguage = str(pr, 'spjLanguage');
  if (spjCode && spjLanguage) p.checker = { language: spjLanguage, code: spjCode, protocol: checkerProtocolOf(pr.checkerProtocol) };
  const examples = str(pr, 'examples');
  if (examples) p.examples = parseHojExamples(examples);
}

/** One problem from its JSON text and the files of its folder (undefined: the folder is absent). */
export function readHojProblem(name: string, json: string, folder: ArchiveFiles | undefined): ImportedProblem {
  const where = `${name}.json`;
  let root: Fields | undefined;
  try {
    root = asObject(JSON.parse(json));
  } catch (err) {
    throw importFailed('JSON_INVALID', { where, error: (err as Error).message });
  }
  const pr = asObject(root?.problem);
  const title = str(pr, 'title');
  if (!root || !pr || title === undefined) throw importFailed('HOJ_NO_PROBLEM_OBJECT', { where });
  const p = blankProblem(title);
  readProblemFields(p, pr, where);
  p.judgeMode = oneOf(JUDGE_MODES, root.judgeMode) ?? oneOf(JUDGE_MODES, pr.judgeMode) ?? (root.isSpj === true ? 'spj' : 'default');
  p.languages = strings(root, 'languages');
  p.tags = strings(root, 'tags');
  p.codeTemplates = asArray(root.codeTemplates).flatMap((raw) => {
    const o = asObject(raw);
    const language = str(o, 'language');
    const code = str(o, 'code');
    const status = o?.status;
    return language !== undefined && code !== undefined ? [{ language, code, enabled: status === undefined || status === true || status === 'true' }] : [];
  });
  put(p, 'userExtraFile', stringMap(root.userExtraFile) ?? stringMap(pr.userExtraFile));
  put(p, 'judgeExtraFile', stringMap(root.judgeExtraFile) ?? stringMap(pr.judgeExtraFile));
  if (!Array.isArray(root.samples)) throw importFailed('HOJ_NO_SAMPLES', { where });
  p.cases = root.samples.map((c) => readCase(c, where));
  if (p.cases.length > 0 && !folder) throw importFailed('HOJ_NO_CASE_FOLDER', { where, folder: name });
  const referenced = new Set(p.cases.flatMap((c) => [c.input, c.output]));
  for (const [file, data] of folder ?? []) {
    if (file.includes('/') || (file === 'info' && !referenced.has(file))) continue; // HOJ's own case index
    p.files.set(file, data);
  }
  const ext = asObject(root.oj);
  if (ext) readExtension(p, ext, where);
  const unknown = [...new Set([...p.languages, ...p.codeTemplates.map((t) => t.language)])].filter((l) => !isOurLanguage(l));
  if (unknown.length > 0) warn(p, 'HOJ_UNKNOWN_LANGUAGES', { languages: unknown.join(', ') });
  // Our export writes `samples: []` for a problem without cases; the import then asks for them to be uploaded.
  return checkProblem(p, where, { allowNoCases: true });
}

/** Every problem of an HOJ archive, in the natural order of their JSON names. */
export function readHoj(data: Buffer): ImportedProblem[] {
  const files = openZip(data, (paths) => paths.some((p) => /^[^/]+\.json$/i.test(p)));
  const folders = groupByTop(files);
  const jsons = [...files.keys()].filter((p) => !p.includes('/')).sort(naturalCompare);
  if (jsons.length === 0) throw importFailed('HOJ_NO_PROBLEMS');
  return jsons.map((path) => {
    if (!/\.json$/i.test(path)) throw importFailed('HOJ_TOP_NOT_JSON', { path });
    const name = path.slice(0, -'.json'.length);
    return readHojProblem(name, textOf(files.get(path)!), folders.get(name));
  });
}
