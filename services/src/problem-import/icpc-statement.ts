// The statement of an ICPC package (`problem_statement/` or `statement/`): English first, Markdown before LaTeX;
// LaTeX converted minimally to Markdown (sections, emphasis, lists, figures; `$math$` kept as written), a PDF only
// noted. The text is split at its Input / Output / Notes headings into the problem's fields; pictures it shows
// become images.
import type { ArchiveFiles } from './archive';
import { textOf } from './archive';
import { embedImage } from './common';
import { splitMarkdown } from './statement-sections';
import type { ImportedProblem } from './types';
import { warn } from './warning';

const DIRS = ['problem_statement/', 'statement/'];

/**
 * The statement file to use: English (`problem.en.*` or `problem.*`) in Markdown, then in LaTeX, before any other
 * language in Markdown, then LaTeX (a 2023 package often has its English statement in LaTeX and another language's
 * in Markdown); a PDF last.
 */
function pickStatement(files: ArchiveFiles): { dir: string; path: string; kind: 'md' | 'tex' | 'pdf' } | null {
  const inDir = (dir: string) => [...files.keys()].filter((p) => p.startsWith(dir) && !p.slice(dir.length).includes('/'));
  const english = (dir: string, kind: string) => [`${dir}problem.en.${kind}`, `${dir}problem.${kind}`].find((n) => files.has(n));
  const anyLanguage = (dir: string, kind: string) => inDir(dir).find((n) => new RegExp(`/problem\\.[a-z-]+\\.${kind}$`).test(n));
  const order: [kind: 'md' | 'tex' | 'pdf', pick: (dir: string, kind: string) => string | undefined][] = [
    ['md', english],
    ['tex', english],
    ['md', anyLanguage],
    ['tex', anyLanguage],
    ['pdf', english],
    ['pdf', anyLanguage],
  ];
  for (const [kind, pick] of order) {
    for (const dir of DIRS) {
      const path = pick(dir, kind);
      if (path) return { dir, path, kind };
    }
  }
  return null;
}

/** Skips a balanced `{…}` group starting at `s[at]`; answers its content and the index after it, or null. */
export function braced(s: string, at: number): { body: string; end: number } | null {
  if (s[at] !== '{') return null;
  let depth = 0;
  for (let i = at; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return { body: s.slice(at + 1, i), end: i + 1 };
  }
  return null;
}

/** Replaces `\cmd{a}{b}…` (taking `argc` groups, an optional `[…]` first) with `render(args)`. */
export function replaceCommand(s: string, cmd: string, argc: number, render: (args: string[]) => string): string {
  let out = '';
  let i = 0;
  const re = new RegExp(`\\\\${cmd}\\*?(?![A-Za-z])`, 'g');
  for (let m = re.exec(s); m; m = re.exec(s)) {
    let at = m.index + m[0].length;
    if (s[at] === '[') at = s.indexOf(']', at) + 1 || at;
    const args: string[] = [];
    while (args.length < argc) {
      const g = braced(s, at);
      if (!g) break;
      args.push(g.body);
      at = g.end;
    }
    if (args.length < argc) continue;
    out += s.slice(i, m.index) + render(args);
    i = at;
    re.lastIndex = at;
  }
  return out + s.slice(i);
}

/** A `tabular` body as a Markdown table: its first row the header, rules and the column spec dropped. */
function tabularToMarkdown(body: string): string {
  const rows = body
    .replace(/\\(hline|toprule|midrule|bottomrule)\b|\\cline\{[^}]*\}/g, '')
    .split(/\\\\/)
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => r.split(/(?<!\\)&/).map((c) => c.trim().replace(/\|/g, '\\|')));
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (r: string[]) => `| ${[...r, ...Array<string>(width - r.length).fill('')].join(' | ')} |`;
  return `\n\n${[line(rows[0]!), line(Array<string>(width).fill('---')), ...rows.slice(1).map(line)].join('\n')}\n\n`;
}

/** A minimal LaTeX → Markdown conversion of a problem statement; `title` from `\problemname`. */
export function latexToMarkdown(tex: string): { title?: string; text: string } {
  let title: string | undefined;
  let s = tex.replace(/(^|[^\\])%.*$/gm, '$1');
  s = replaceCommand(s, 'problemname', 1, ([t]) => ((title = t!.trim()), ''));
  // Before \texttt: ``\texttt{x}'' must not turn into three backquotes.
  s = s
    .replace(/``([\s\S]*?)''/g, '\u201c$1\u201d')
    .replace(/\\\(([\s\S]*?)\\\)/g, (_, m: string) => `$${m}$`)
    .replace(/\\\[([\s\S]*?)\\\]/g, (_, m: string) => `$$${m}$$`)
    .replace(/\\begin\{tabular\}\{(?:[^{}]|\{[^{}]*\})*\}([\s\S]*?)\\end\{tabular\}/g, (_, body: string) => tabularToMarkdown(body));
  s = replaceCommand(s, 'section', 1, ([t]) => `\n## ${t}\n`);
  s = replaceCommand(s, 'subsection', 1, ([t]) => `\n### ${t}\n`);
  s = replaceCommand(s, 'textbf', 1, ([t]) => `**${t}**`);
  s = replaceCommand(s, 'emph', 1, ([t]) => `*${t}*`);
  s = replaceCommand(s, 'textit', 1, ([t]) => `*${t}*`);
  s = replaceCommand(s, 'texttt', 1, ([t]) => `\`${t}\``);
  s = replaceCommand(s, 'illustration', 3, ([, file, caption]) => `\n![${caption}](${file})\n`);
  s = replaceCommand(s, 'includegraphics', 1, ([file]) => `![](${file})`);
  s = s
    .replace(/\\(begin|end)\{(itemize|enumerate|center|figure|samepage)\}(\[[^\]]*\])?/g, '')
    .replace(/^\s*\\item\s*/gm, '- ')
    .replace(/\\(centering|noindent|medskip|bigskip|smallskip)\b/g, '')
    .replace(/\\\\\s*$/gm, '')
    .replace(/\\([%&#_])/g, '$1')
    .replace(/\n{3,}/g, '\n\n');
  return { title, text: s.trim() };
}

/** Fills the statement fields of `p` from the package; answers the title the statement gives, if any. */
export function readIcpcStatement(files: ArchiveFiles, p: ImportedProblem, where: string): string | undefined {
  const picked = pickStatement(files);
  if (!picked) {
    warn(p, 'ICPC_NO_STATEMENT');
    return undefined;
  }
  if (picked.kind === 'pdf') {
    warn(p, 'ICPC_PDF_STATEMENT', { file: picked.path });
    return undefined;
  }
  const source = textOf(files.get(picked.path)!);
  const tex = picked.kind === 'tex' ? latexToMarkdown(source) : null;
  if (tex) warn(p, 'ICPC_LATEX_STATEMENT', { file: picked.path });
  const { title, fields } = splitMarkdown(tex ? tex.text : source);
  p.description = fields.description;
  p.input = fields.input;
  p.output = fields.output;
  if (fields.hint) p.hint = fields.hint;
  const shown = new Set([p.description, p.input, p.output, p.hint ?? ''].flatMap((t) => [...t.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!)));
  for (const ref of shown) {
    const found = ['', '.png', '.jpg', '.jpeg', '.gif', '.svg'].map((ext) => `${picked.dir}${ref}${ext}`).find((f) => files.has(f));
    if (found && !/\.pdf$/i.test(found)) embedImage(p, ref, found.slice(found.lastIndexOf('/') + 1), files.get(found)!);
    else if (!/^(https?:|import-image:)/.test(ref)) warn(p, 'ICPC_IMAGE_MISSING', { where, ref });
  }
  return tex?.title ?? title;
}
