// The statement of a Polygon package: `statements/<language>/problem-properties.json` (the sections Polygon builds,
// still in TeX), else `statement-sections/<language>/*.tex`; English first, else the first language. Polygon's TeX is
// converted to the Markdown our statements hold: its own habits (`{\bf …}`, `\t{}`, `~`, `---`, `<<…>>`) here, the
// rest as icpc-statement.ts converts LaTeX; `$…$` math is kept for the Markdown renderer, and a command left over is
// kept as written and named in a warning, never dropped.
import { importFailed, textOf, type ArchiveFiles } from './archive';
import { addExample, embedImage, naturalCompare } from './common';
import { asArray, asObject, str, type Fields } from './fields';
import { braced, latexToMarkdown, replaceCommand } from './icpc-statement';
import type { ImportedProblem } from './types';
import { warn } from './warning';

/** The parts of a text outside math (`$…$`, `$$…$$`; an escaped `\$` is text), each passed through `f`. */
function mapOutsideMath(s: string, f: (text: string) => string): string {
  let out = '';
  let text = '';
  for (let i = 0; i < s.length; ) {
    if (s[i] === '\\') {
      text += s.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (s[i] !== '$') {
      text += s[i++];
      continue;
    }
    const fence = s.startsWith('$$', i) ? '$$' : '$';
    let end = i + fence.length;
    while (end < s.length && !s.startsWith(fence, end)) end += s[end] === '\\' ? 2 : 1;
    if (end >= s.length) {
      text += s.slice(i);
      break;
    }
    out += f(text) + s.slice(i, end + fence.length);
    text = '';
    i = end + fence.length;
  }
  return out + f(text);
}

/** `{\bf x}`-style groups (a switch at the start of a brace group) rendered with `render(body)`. */
function replaceSwitch(s: string, names: string, render: (body: string) => string): string {
  const re = new RegExp(`\\{\\\\(${names})(?![A-Za-z])\\s*`, 'g');
  let out = '';
  let i = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const g = braced(s, m.index);
    if (!g) continue;
    out += s.slice(i, m.index) + render(g.body.slice(m[0].length - 1));
    i = g.end;
    re.lastIndex = g.end;
  }
  return out + s.slice(i);
}

/** Polygon's TeX habits outside math, before the common LaTeX conversion. */
function polygonHabits(text: string): string {
  let s = replaceSwitch(text, 'bf|bfseries', (b) => `**${b.trim()}**`);
  s = replaceSwitch(s, 'it|em|sl|itshape', (b) => `*${b.trim()}*`);
  s = replaceSwitch(s, 'tt|ttfamily', (b) => `\`${b.trim()}\``);
  s = replaceCommand(s, 't', 1, ([b]) => `\`${b}\``);
  s = replaceCommand(s, 'url', 1, ([b]) => `<${b}>`);
  s = replaceCommand(s, 'underline', 1, ([b]) => b!);
  s = s.replace(/\\href\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, '[$2]($1)');
  return s
    .replace(/---/g, '\u2014')
    .replace(/--/g, '\u2013')
    .replace(/<</g, '\u00ab')
    .replace(/>>/g, '\u00bb')
    .replace(/(?<!\\)~/g, '\u00a0')
    .replace(/\\(ldots|dots)(?![A-Za-z])\s?/g, '\u2026')
    .replace(/\\par(?![A-Za-z])/g, '\n\n');
}

/** A blank line after each list, and a numbered list for each `enumerate` (the common conversion makes every `\item` a bullet). */
function prepareLists(s: string): string {
  return s
    .replace(/\\begin\{enumerate\}([\s\S]*?)\\end\{enumerate\}/g, (_, body: string) => `\\begin{enumerate}${body.replace(/^(\s*)\\item\s*/gm, '$11. ')}\\end{enumerate}`)
    .replace(/\\end\{(itemize|enumerate)\}/g, '$&\n\n');
}

/** Polygon TeX as Markdown, and the commands it kept as written (outside math). */
export function polygonTexToMarkdown(tex: string): { text: string; unknown: string[] } {
  const prepared = mapOutsideMath(prepareLists(tex), polygonHabits);
  // A list's first item swallows the blank line before it in the common conversion; a paragraph line above a list gets it back.
  const text = latexToMarkdown(prepared).text.replace(/^(?!- |1\. )(.+)\n(?=- |1\. )/gm, '$1\n\n');
  const unknown = new Set<string>();
  mapOutsideMath(text, (t) => {
    for (const m of t.matchAll(/\\([A-Za-z]+)/g)) unknown.add(`\\${m[1]}`);
    return t;
  });
  return { text, unknown: [...unknown] };
}

type Section = 'legend' | 'input' | 'output' | 'notes' | 'interaction' | 'scoring';
const SECTIONS: Section[] = ['legend', 'input', 'output', 'notes', 'interaction', 'scoring'];

/** Headings for the sections that have no field of their own, in the statement's language. */
const HEADINGS: Record<string, { interaction: string; scoring: string }> = {
  chinese: { interaction: '交互', scoring: '评分' },
  russian: { interaction: 'Протокол взаимодействия', scoring: 'Система оценки' },
};
const ENGLISH_HEADINGS = { interaction: 'Interaction', scoring: 'Scoring' };

/** The statement's language folder under `dir`: english, else the first (natural order); with `needs` inside it. */
function pickLanguage(files: ArchiveFiles, dir: string, needs: (lang: string) => boolean): string | undefined {
  const langs = [...new Set([...files.keys()].filter((f) => f.startsWith(dir)).map((f) => f.slice(dir.length).split('/')[0]!))].filter(needs).sort(naturalCompare);
  return langs.includes('english') ? 'english' : langs[0];
}

/** The sections of the statement in `lang` and its sample tests: problem-properties.json, else statement-sections/. */
function readSections(files: ArchiveFiles, at: (f: string) => string): { lang: string; dir: string; sections: Partial<Record<Section, string>>; samples: { input: string; output: string }[] } | null {
  const props = pickLanguage(files, 'statements/', (l) => files.has(`statements/${l}/problem-properties.json`));
  if (props) {
    const path = `statements/${props}/problem-properties.json`;
    let json: Fields | undefined;
    try {
      json = asObject(JSON.parse(textOf(files.get(path)!)));
    } catch (err) {
      throw importFailed('JSON_INVALID', { where: at(path), error: (err as Error).message });
    }
    const sections = Object.fromEntries(SECTIONS.map((k) => [k, str(json, k)]).filter(([, v]) => v));
    const samples = asArray(json?.sampleTests).flatMap((t) => {
      const input = str(asObject(t), 'input');
      const output = str(asObject(t), 'output');
      return input === undefined || output === undefined ? [] : [{ input, output }];
    });
    return { lang: props, dir: `statements/${props}/`, sections, samples };
  }
  const lang = pickLanguage(files, 'statement-sections/', (l) => SECTIONS.some((k) => files.has(`statement-sections/${l}/${k}.tex`)));
  if (!lang) return null;
  const dir = `statement-sections/${lang}/`;
  const sections = Object.fromEntries(SECTIONS.filter((k) => files.has(`${dir}${k}.tex`)).map((k) => [k, textOf(files.get(`${dir}${k}.tex`)!)]));
  const samples = [...files.keys()]
    .filter((f) => f.startsWith(dir) && /^example\.\d+$/.test(f.slice(dir.length)) && files.has(`${f}.a`))
    .sort(naturalCompare)
    .map((f) => ({ input: textOf(files.get(f)!), output: textOf(files.get(`${f}.a`)!) }));
  return { lang, dir, sections, samples };
}

/**
 * Fills the statement fields of `p`: the legend is the description, notes the hint; interaction and scoring become
 * headed parts of the description and the hint. Answers whether the statement gave the examples (else the package's
 * sample tests give them).
 */
export function readPolygonStatement(files: ArchiveFiles, p: ImportedProblem, where: string, at: (f: string) => string): boolean {
  const found = readSections(files, at);
  if (!found || Object.keys(found.sections).length === 0) {
    warn(p, 'POLYGON_NO_STATEMENT');
    return false;
  }
  const unknown = new Set<string>();
  const md = (k: Section) => {
    const tex = found.sections[k];
    if (!tex) return '';
    const { text, unknown: kept } = polygonTexToMarkdown(tex);
    for (const c of kept) unknown.add(c);
    return text;
  };
  const headings = HEADINGS[found.lang] ?? ENGLISH_HEADINGS;
  const headed = (k: 'interaction' | 'scoring') => (md(k) ? `## ${headings[k]}\n\n${md(k)}` : '');
  p.description = [md('legend'), headed('interaction')].filter(Boolean).join('\n\n');
  p.input = md('input');
  p.output = md('output');
  const hint = [md('notes'), headed('scoring')].filter(Boolean).join('\n\n');
  if (hint) p.hint = hint;
  if (unknown.size > 0) warn(p, 'POLYGON_TEX_UNKNOWN', { commands: [...unknown].join(', ') });
  const shown = new Set([p.description, p.input, p.output, p.hint ?? ''].flatMap((t) => [...t.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!)));
  for (const ref of shown) {
    const file = [found.dir, `statements/${found.lang}/`, `statement-sections/${found.lang}/`].map((d) => `${d}${ref}`).find((f) => files.has(f));
    if (file && /\.(png|jpe?g|gif|svg|bmp|webp)$/i.test(file)) embedImage(p, ref, file.slice(file.lastIndexOf('/') + 1), files.get(file)!);
    else if (!/^(https?:|import-image:)/.test(ref)) warn(p, 'POLYGON_IMAGE_MISSING', { where, ref });
  }
  for (const s of found.samples) addExample(p, s.input, s.output);
  return found.samples.length > 0;
}
