// The FPS reader (freeproblemset XML, as HUSTOJ and others export it): one `.xml` file, or a zip of them, each with
// `<fps><item>…</item>…</fps>`. DOCTYPE and ENTITY declarations are refused before parsing (XXE, entity expansion);
// statement fields keep their HTML; base64 images become `import-image:` links; SPJ code, solutions and templates
// are carried over.
import { XMLParser } from 'fast-xml-parser';
import { OjError } from '@oj/proto';
import { importFailed, openZip, textOf, tooLarge } from './archive';
import { addExample, blankProblem, checkProblem, durationMs, embedImage, isTestlibChecker, naturalCompare, ourLanguage, sizeMb } from './common';
import { asArray, asObject, type Fields } from './fields';
import { IMPORT_LIMITS, type ImportedProblem } from './types';
import { warn } from './warning';
import { checkedXml } from './xml-file';

/** Elements whose content is kept raw by the parser (HTML statements, test data) and decoded here. */
const TEXT_TAGS = ['title', 'remote_oj', 'remote_id', 'description', 'input', 'output', 'hint', 'source', 'sample_input', 'sample_output', 'test_input', 'test_output', 'spj', 'tpj', 'solution', 'template', 'prepend', 'append', 'time_limit', 'memory_limit', 'src', 'base64'];
const REPEATED = new Set(['item', 'sample_input', 'sample_output', 'test_input', 'test_output', 'solution', 'template', 'img', 'prepend', 'append']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  stopNodes: TEXT_TAGS.map((t) => `*.${t}`),
  isArray: (name) => REPEATED.has(name),
});

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML character and predefined entity references decoded (others left as written). */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return Object.hasOwn(ENTITIES, ref) ? ENTITIES[ref]! : whole;
  });
}

/** The text of raw element content: CDATA sections as written, entities decoded elsewhere. */
function decodeRaw(raw: string): string {
  let out = '';
  let at = 0;
  for (const m of raw.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)) {
    out += decodeEntities(raw.slice(at, m.index)) + m[1];
    at = m.index + m[0].length;
  }
  return out + decodeEntities(raw.slice(at));
}

/** The text of an element (a string, or `#text` beside attributes), decoded. */
const elementText = (v: unknown): string => decodeRaw(typeof v === 'string' ? v : typeof asObject(v)?.['#text'] === 'string' ? (asObject(v)!['#text'] as string) : '');
const attr = (v: unknown, name: string): string | undefined => {
  const a = asObject(v)?.[`@_${name}`];
  return typeof a === 'string' ? decodeEntities(a) : undefined;
};
/** The texts of every `tag` element of `item` (one or repeated). */
const texts = (item: Fields, tag: string) => (item[tag] === undefined ? [] : Array.isArray(item[tag]) ? item[tag] : [item[tag]]).map(elementText);

const MD_SPAN = /^\s*<span\s+class\s*=\s*(["'])md\1\s*>\n?([\s\S]*)<\/span>\s*$/i;
const MD_BRACKETS = /^\s*\[md\]\n?([\s\S]*)\[\/md\]\s*$/i;

/**
 * A statement field as our statements hold it (Markdown with HTML). HUSTOJ marks a Markdown statement by wrapping it
 * in `<span class="md">…</span>` or `[md]…[/md]`; the wrapper is taken off, or the Markdown's first lines (up to the
 * first blank line) would stay a raw HTML block and show as written (`### Title`).
 */
function statement(item: Fields, tag: string): string {
  const text = texts(item, tag).join('');
  const span = MD_SPAN.exec(text);
  if (span && spansBalanced(span[2]!)) return span[2]!;
  return MD_BRACKETS.exec(text)?.[1] ?? text;
}

/** Whether every `<span>` of `html` closes inside it (so a wrapper's `</span>` at the end is the wrapper's own). */
function spansBalanced(html: string): boolean {
  let depth = 0;
  for (const m of html.matchAll(/<span[\s>]|<\/span\s*>/gi)) {
    depth += m[0][1] === '/' ? -1 : 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

const EXTENSION: Record<string, string> = { C: 'c', 'C++': 'cpp', 'C++ 17': 'cpp', Java: 'java', Python3: 'py', PyPy3: 'py', Golang: 'go', Rust: 'rs', 'C#': 'cs', PHP: 'php', Ruby: 'rb', 'JavaScript Node': 'js' };

/** A query language (SQL(sqlite3), MySQL, …): HUSTOJ's database problems, whose answers are queries run against the input. */
const isQueryLanguage = (language: string) => /sql/i.test(language);

/** Refuses an item whose programs are written in a query language: its cases are SQL scripts no program here can answer. */
function refuseQueryProblem(item: Fields, named: string): void {
  for (const tag of ['solution', 'template', 'prepend', 'append', 'spj', 'tpj']) {
    for (const program of tag === 'spj' || tag === 'tpj' ? [item[tag]] : asArray(item[tag])) {
      const language = attr(program, 'language');
      if (language !== undefined && isQueryLanguage(language)) throw new OjError('IMPORT_LANGUAGE_UNJUDGEABLE', { problem: named, language });
    }
  }
}

/** SPJ, solutions, code templates and what is not carried over (prepend / append code). */
function readPrograms(p: ImportedProblem, item: Fields, where: string): void {
  // `tpj` (FPS 1.5) is a testlib checker; an `spj` is HUSTOJ's own kind unless its code is a testlib checker too.
  const tpj = item.tpj !== undefined && elementText(item.tpj).trim() ? item.tpj : undefined;
  const spj = tpj ?? item.spj;
  const spjCode = spj === undefined ? '' : elementText(spj);
  if (spjCode.trim()) {
    const raw = attr(spj, 'language') ?? 'C++';
    const language = ourLanguage(raw);
    if (!language || !(language === 'C' || language.startsWith('C++'))) throw importFailed('SPJ_LANGUAGE', { where, language: raw });
    p.judgeMode = 'spj';
    // HUSTOJ's own kind runs as HUSTOJ runs it: input, expected output, user output; exit 0 accepts.
    const hustoj = !tpj && !isTestlibChecker(spjCode);
    p.checker = { language, code: spjCode, protocol: hustoj ? 'hustoj' : 'testlib' };
    if (hustoj) warn(p, 'FPS_SPJ_HUSTOJ');
  }
  const unknown = new Set<string>();
  asArray(item.solution).forEach((s, i) => {
    const raw = attr(s, 'language') ?? '';
    const language = ourLanguage(raw);
    if (language) p.submissions.push({ path: `solutions/${i + 1}.${EXTENSION[language] ?? 'txt'}`, language, code: elementText(s), expected: 'accepted' });
    else unknown.add(raw || '(none)');
  });
  for (const t of asArray(item.template)) {
    const raw = attr(t, 'language') ?? '';
    const language = ourLanguage(raw);
    if (language) p.codeTemplates.push({ language, code: elementText(t), enabled: true });
    else unknown.add(raw || '(none)');
  }
  if (unknown.size > 0) warn(p, 'FPS_UNKNOWN_LANGUAGES', { languages: [...unknown].join(', ') });
  if (item.prepend !== undefined || item.append !== undefined) warn(p, 'FPS_PREPEND_APPEND_DROPPED');
}

/**
 * Test cases `1.in`/`1.out`, … from the test_input / test_output pairs. An item without any (a remote-judged problem,
 * `remote_oj` / `remote_id`, named in a warning; or one exported without its data) imports without cases, and the import
 * asks for them.
 */
function readCases(p: ImportedProblem, item: Fields, where: string): void {
  const inputs = texts(item, 'test_input');
  let outputs = texts(item, 'test_output');
  if (inputs.length === 0 && outputs.length === 0) {
    const remoteOj = texts(item, 'remote_oj').join('').trim();
    const remoteId = texts(item, 'remote_id').join('').trim();
    if (remoteOj) warn(p, 'FPS_REMOTE_NO_DATA', { remote: remoteId ? `${remoteOj} ${remoteId}` : remoteOj });
    return;
  }
  if (outputs.length !== inputs.length) {
    if (outputs.length > 0 || p.judgeMode !== 'spj') throw importFailed('FPS_CASE_COUNTS', { where, inputs: inputs.length, outputs: outputs.length });
    outputs = inputs.map(() => '');
    warn(p, 'FPS_EMPTY_OUTPUTS');
  }
  inputs.forEach((input, i) => {
    const c = { input: `${i + 1}.in`, output: `${i + 1}.out` };
    p.files.set(c.input, Buffer.from(input));
    p.files.set(c.output, Buffer.from(outputs[i]!));
    p.cases.push(c);
  });
}

function readItem(item: Fields, where: string): ImportedProblem {
  const title = item.title === undefined ? '' : elementText(item.title).trim();
  const p = blankProblem(title);
  const named = `${where} (${title || 'untitled'})`;
  const timeText = elementText(item.time_limit).trim();
  const time = durationMs(`${timeText}${(attr(item.time_limit, 'unit') ?? 's').toLowerCase()}`);
  const memory = sizeMb(`${elementText(item.memory_limit).trim()}${(attr(item.memory_limit, 'unit') ?? 'mb').toLowerCase()}`);
  if (time === null || memory === null) throw importFailed('FPS_LIMITS_UNREADABLE', { where: named });
  p.timeLimitMs = time;
  p.memoryLimitMb = memory;
  p.description = statement(item, 'description');
  p.input = statement(item, 'input');
  p.output = statement(item, 'output');
  const hint = statement(item, 'hint');
  if (hint) p.hint = hint;
  const source = texts(item, 'source').join('').trim();
  if (source) p.source = source;
  const sampleOut = texts(item, 'sample_output');
  // HUSTOJ writes both elements even for a problem without an example (its statement may show them itself).
  texts(item, 'sample_input').forEach((input, i) => {
    const output = sampleOut[i] ?? '';
    if (input.trim() || output.trim()) addExample(p, input, output);
  });
  refuseQueryProblem(item, named);
  readPrograms(p, item, named);
  readCases(p, item, named);
  for (const img of asArray(item.img)) {
    const o = asObject(img);
    const src = o?.src === undefined ? '' : elementText(o.src).trim();
    const b64 = o?.base64 === undefined ? '' : elementText(o.base64).replace(/\s+/g, '');
    if (!src || !b64) continue;
    embedImage(p, src, src.slice(src.lastIndexOf('/') + 1) || 'image', Buffer.from(b64, 'base64'));
  }
  return checkProblem(p, named, { allowNoCases: true });
}

/** The problems of one FPS XML text; `where` names it in errors. */
export function readFpsXml(source: string, where: string): ImportedProblem[] {
  const xml = checkedXml(source, where);
  let parsed: unknown;
  try {
    parsed = parser.parse(xml);
  } catch (err) {
    throw importFailed('FILE_UNPARSABLE', { where, error: (err as Error).message });
  }
  const fps = asObject(asObject(parsed)?.fps);
  if (!fps) throw importFailed('FPS_NO_ROOT', { where });
  return asArray(fps.item).map((item, i) => readItem(asObject(item) ?? {}, `${where} item ${i + 1}`));
}

const isZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;

/** An FPS XML file, or a zip of FPS XML files (read in the natural order of their names). */
export function readFps(data: Buffer): ImportedProblem[] {
  if (!isZip(data)) {
    if (data.length > IMPORT_LIMITS.fileBytes) throw tooLarge(`the FPS file is larger than ${IMPORT_LIMITS.fileBytes} bytes`);
    return readFpsXml(textOf(data), 'the FPS file');
  }
  const files = openZip(data);
  const xmls = [...files.keys()].filter((f) => /\.xml$/i.test(f)).sort(naturalCompare);
  if (xmls.length === 0) throw importFailed('FPS_NO_XML');
  return xmls.flatMap((f) => readFpsXml(textOf(files.get(f)!), f));
}
