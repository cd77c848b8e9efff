// The QDUOJ reader: QingdaoU OnlineJudge's export, `N/problem.json` + `N/testcase/` per problem. Statements keep
// their format (HTML or Markdown); OI scores, samples, SPJ, accepted answers and templates are carried over.
import { groupByTop, importFailed, openZip, textOf, type ArchiveFiles } from './archive';
import { addExample, blankProblem, checkProblem, isTestlibChecker, naturalCompare, ourLanguage } from './common';
import { asArray, asObject, num, str, strings, text, type Fields } from './fields';
import type { ImportedProblem } from './types';
import { warn } from './warning';

const EXTENSION: Record<string, string> = { C: 'c', 'C++': 'cpp', Java: 'java', Python3: 'py', Golang: 'go', 'JavaScript Node': 'js' };

/** `{ format, value }` statement fields (a bare string also accepted). */
const richText = (o: Fields, k: string): string => str(o, k) ?? str(asObject(o[k]), 'value') ?? '';

/** Templates `{ lang: { prepend, template, append } }` (or a plain code string) and accepted answers. */
function readPrograms(p: ImportedProblem, json: Fields): void {
  const unknown = new Set<string>();
  let joined = false;
  for (const [raw, t] of Object.entries(asObject(json.template) ?? {})) {
    const language = ourLanguage(raw);
    const o = asObject(t);
    const parts = o ? [str(o, 'prepend') ?? '', str(o, 'template') ?? '', str(o, 'append') ?? ''] : [typeof t === 'string' ? t : ''];
    if (!language) unknown.add(raw);
    else {
      joined ||= parts.length === 3 && Boolean(parts[0]!.trim() || parts[2]!.trim());
      p.codeTemplates.push({ language, code: parts.filter((s) => s.trim()).join('\n'), enabled: true });
    }
  }
  if (joined) warn(p, 'QDUOJ_TEMPLATE_JOINED');
  asArray(json.answers).forEach((a, i) => {
    const o = asObject(a);
    const raw = str(o, 'language') ?? '';
    const language = ourLanguage(raw);
    const code = str(o, 'code');
    if (language && code !== undefined) p.submissions.push({ path: `answers/${i + 1}.${EXTENSION[language] ?? 'txt'}`, language, code, expected: 'accepted' });
    else unknown.add(raw || '(none)');
  });
  if (unknown.size > 0) warn(p, 'QDUOJ_UNKNOWN_LANGUAGES', { languages: [...unknown].join(', ') });
}

/** The cases of `test_case_score` with their files from `testcase/`; SPJ cases may lack an output file. */
function readCases(p: ImportedProblem, json: Fields, folder: ArchiveFiles, where: string): void {
  const files = new Map([...folder].filter(([f]) => f.startsWith('testcase/')).map(([f, d]) => [f.slice('testcase/'.length), d]));
  let emptyAnswers = 0;
  for (const raw of asArray(json.test_case_score)) {
    const o = asObject(raw);
    const input = str(o, 'input_name');
    if (!input) throw importFailed('QDUOJ_CASE_NO_INPUT', { where });
    const output = str(o, 'output_name') || `${input.replace(/\.in$/, '')}.out`;
    for (const name of [input, output]) {
      const data = files.get(name);
      if (data) p.files.set(name, data);
      else if (name === output && p.judgeMode === 'spj') {
        p.files.set(name, Buffer.alloc(0));
        emptyAnswers++;
      } else throw importFailed('CASE_FILE_MISSING', { where, file: `testcase/${name}` });
    }
    const score = num(o, 'score');
    p.cases.push(p.type === 1 && score !== undefined ? { input, output, score } : { input, output });
  }
  if (emptyAnswers > 0) warn(p, 'QDUOJ_EMPTY_OUTPUTS', { count: emptyAnswers });
}

/** One problem from its folder (`problem.json`, `testcase/`). */
export function readQduojProblem(folder: ArchiveFiles, name: string): ImportedProblem {
  const where = `${name}/problem.json`;
  const source = folder.get('problem.json');
  if (!source) throw importFailed('QDUOJ_NO_PROBLEM_JSON', { folder: name });
  let json: Fields | undefined;
  try {
    json = asObject(JSON.parse(textOf(source)));
  } catch (err) {
    throw importFailed('JSON_INVALID', { where, error: (err as Error).message });
  }
  const title = str(json, 'title');
  const time = num(json, 'time_limit');
  const memory = num(json, 'memory_limit');
  if (!json || title === undefined || time === undefined || memory === undefined) throw importFailed('QDUOJ_NO_FIELDS', { where });
  const p = blankProblem(title);
  const id = text(json, 'display_id');
  if (id) p.problemId = id;
  p.timeLimitMs = time;
  p.memoryLimitMb = memory;
  p.type = str(json, 'rule_type') === 'OI' ? 1 : 0;
  p.description = richText(json, 'description');
  p.input = richText(json, 'input_description');
  p.output = richText(json, 'output_description');
  const hint = richText(json, 'hint');
  if (hint) p.hint = hint;
  const src = str(json, 'source');
  if (src) p.source = src;
  p.tags = strings(json, 'tags');
  for (const s of asArray(json.samples)) addExample(p, str(asObject(s), 'input') ?? '', str(asObject(s), 'output') ?? '');
  const spj = asObject(json.spj);
  const spjCode = str(spj, 'code');
  if (spjCode?.trim()) {
    const raw = str(spj, 'language') ?? 'C';
    const language = ourLanguage(raw);
    if (language !== 'C' && language !== 'C++') throw importFailed('SPJ_LANGUAGE', { where, language: raw });
    p.judgeMode = 'spj';
    // QDUOJ's own kind runs as QDUOJ's JudgeServer runs it (input, user output; exit 0 / 1), unless it is testlib's.
    const qduoj = !isTestlibChecker(spjCode);
    p.checker = { language, code: spjCode, protocol: qduoj ? 'qduoj' : 'testlib' };
    if (qduoj) warn(p, 'QDUOJ_SPJ_PROTOCOL');
  }
  readPrograms(p, json);
  readCases(p, json, folder, where);
  return checkProblem(p, where);
}

/** Every problem folder of a QDUOJ export, in the natural order of the folder names. */
export function readQduoj(data: Buffer): ImportedProblem[] {
  const files = openZip(data, (paths) => paths.some((p) => /^[^/]+\/problem\.json$/.test(p)));
  const folders = [...groupByTop(files)].filter(([, g]) => g.has('problem.json')).sort(([a], [b]) => naturalCompare(a, b));
  if (folders.length === 0) throw importFailed('QDUOJ_NO_PROBLEMS');
  return folders.map(([name, g]) => readQduojProblem(g, name));
}
