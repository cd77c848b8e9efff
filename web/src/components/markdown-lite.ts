// A small markdown parser for the common subset of statements (headings, paragraphs, emphasis, code, one-level lists,
// links, images, rules, $math$), so a page shows its text without loading react-markdown and its plugins.
// It answers null for anything outside the subset (raw HTML or entities outside code, block quotes, nested lists, indented code,
// setext headings, link definitions…) and Markdown.tsx then uses the full renderer. For what it accepts, its
// output is the full renderer's markup (markdown-lite.test.ts compares the two), math aside: that is a placeholder
// that KaTeX replaces once loaded. The tree holds text and element names only: React escapes every text and
// attribute, and link and image addresses pass the same protocol rule as the full renderer's sanitiser.

import { inline, unescape } from './markdown-lite-inline';
import { el, Unsupported, unsupported, type MdNode } from './markdown-lite-tree';

export type { MdElement, MdMath, MdNode } from './markdown-lite-tree';
export { safeUrl } from './markdown-lite-inline';

// ---------- blocks ----------

const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const MATH_FENCE = /^ {0,3}\$\$[ \t]*$/;
const HEADING = /^ {0,3}(#{1,6})(?=[ \t]|$)(.*)$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT = /^ {0,3}(?:=+|-+)[ \t]*$/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*))?$/;
const QUOTE = /^ {0,3}>/;
const INDENTED = /^(?: {4}|\t)/;
const DEFINITION = /^ {0,3}\[[^\]]*\]:/;
const blank = (l: string) => /^[ \t]*$/.test(l);

/** A line that starts a block other than a paragraph line (so it ends a paragraph or a list item). */
function startsBlock(l: string): boolean {
  return FENCE.test(l) || MATH_FENCE.test(l) || HEADING.test(l) || RULE.test(l) || QUOTE.test(l) || ITEM.test(l);
}

/** Parses `text` into a tree, or null when it uses anything outside the subset. */
export function parseMarkdownLite(text: string): MdNode[] | null {
  if (text.includes('\0')) return null;
  try {
    return joinBlocks(blocks(text.replace(/\r\n?/g, '\n').split('\n')));
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
}

/** The full renderer puts a newline between sibling blocks. */
function joinBlocks(nodes: MdNode[]): MdNode[] {
  return nodes.flatMap((n, i) => (i === 0 ? [n] : ['\n', n]));
}

function blocks(lines: string[]): MdNode[] {
  const out: MdNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (blank(line)) {
      i++;
      continue;
    }
    if (DEFINITION.test(line) || QUOTE.test(line) || INDENTED.test(line)) unsupported();
    const fence = FENCE.exec(line);
    if (fence) {
      i = codeBlock(lines, i, fence, out);
      continue;
    }
    if (MATH_FENCE.test(line)) {
      const end = lines.findIndex((l, k) => k > i && MATH_FENCE.test(l));
      if (end < 0) unsupported();
      out.push({ math: lines.slice(i + 1, end).join('\n'), display: true });
      i = end + 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const content = heading[2]!.replace(/(?:^|[ \t]+)#+[ \t]*$/, '').trim();
      out.push(el(`h${heading[1]!.length}`, inline(content)));
      i++;
      continue;
    }
    if (RULE.test(line)) {
      out.push(el('hr', []));
      i++;
      continue;
    }
    if (ITEM.test(line)) {
      i = list(lines, i, out);
      continue;
    }
    i = paragraph(lines, i, out);
  }
  return out;
}

function codeBlock(lines: string[], start: number, fence: RegExpExecArray, out: MdNode[]): number {
  const [, indent, marks, infoRaw] = fence;
  const info = infoRaw!.trim();
  if (indent || (marks![0] === '`' && info.includes('`'))) unsupported();
  const closing = new RegExp(`^ {0,3}${marks![0] === '`' ? '`' : '~'}{${marks!.length},}[ \\t]*$`);
  let end = start + 1;
  while (end < lines.length && !closing.test(lines[end]!)) end++;
  if (end >= lines.length) unsupported(); // an unclosed fence runs to the end: the full renderer trims it its own way
  const body = lines.slice(start + 1, end);
  const lang = unescape(info.split(/[ \t]/)[0] ?? '');
  const value = body.join('\n');
  const code = el('code', value ? [value + '\n'] : [], lang ? { className: `language-${lang}` } : undefined);
  out.push(el('pre', [code]));
  return end + 1;
}

function paragraph(lines: string[], start: number, out: MdNode[]): number {
  const para = [lines[start]!];
  let i = start + 1;
  for (; i < lines.length; i++) {
    const l = lines[i]!;
    if (blank(l)) break;
    if (SETEXT.test(l)) unsupported();
    if (DEFINITION.test(l)) unsupported();
    if (startsBlock(l) && interrupts(l)) break;
  }
  for (const l of lines.slice(start + 1, i)) para.push(l);
  out.push(el('p', inline(paraText(para))));
  return i;
}

/** Whether a block start ends a paragraph: a list item only when it is `-`/`*`/`+` or `1.`, and not empty. */
function interrupts(l: string): boolean {
  const item = ITEM.exec(l);
  if (!item || RULE.test(l)) return true;
  if (!item[4] || blank(item[4])) return false;
  return !/^\d/.test(item[2]!) || /^1[.)]$/.test(item[2]!);
}

/** Paragraph lines: leading blanks off each line, trailing blanks off the last (hard breaks are kept for inline). */
function paraText(ls: string[]): string {
  return ls
    .map((l) => l.replace(/^[ \t]+/, ''))
    .join('\n')
    .replace(/[ \t]+$/, '');
}

function list(lines: string[], start: number, out: MdNode[]): number {
  const first = ITEM.exec(lines[start]!)!;
  const ordered = /^\d/.test(first[2]!);
  const kind = ordered ? first[2]!.slice(-1) : first[2]!;
  const items: string[][] = [];
  let loose = false;
  let i = start;
  for (;;) {
    const m = ITEM.exec(lines[i]!)!;
    if (!m[4] || blank(m[4]) || m[3]!.length > 4 || m[3]!.includes('\t') || startsBlock(m[4])) unsupported();
    const width = m[1]!.length + m[2]!.length + m[3]!.length;
    const item = [m[4]!];
    i++;
    while (i < lines.length) {
      const l = lines[i]!;
      if (blank(l)) break;
      const indented = l.slice(0, width).trim() === '' && l.length > width;
      const rest = indented ? l.slice(width) : l;
      if (indented && (startsBlock(rest) || INDENTED.test(rest) || SETEXT.test(rest))) unsupported();
      if (!indented && (startsBlock(l) || SETEXT.test(l))) break;
      item.push(rest);
      i++;
    }
    items.push(item);
    let next = i;
    while (next < lines.length && blank(lines[next]!)) next++;
    const m2 = next < lines.length ? ITEM.exec(lines[next]!) : null;
    const same = m2 && !RULE.test(lines[next]!) && (ordered ? /^\d/.test(m2[2]!) && m2[2]!.slice(-1) === kind : m2[2] === kind);
    if (!same) {
      // A line indented under the item after a blank line would continue it (a second paragraph): not in the subset.
      if (next > i && next < lines.length && /^[ \t]/.test(lines[next]!)) unsupported();
      break;
    }
    if (next > i) loose = true;
    i = next;
  }
  const lis = items.map((item) => el('li', loose ? ['\n', el('p', inline(paraText(item))), '\n'] : inline(paraText(item))));
  const startNo = ordered ? Number.parseInt(first[2]!, 10) : 1;
  out.push(el(ordered ? 'ol' : 'ul', ['\n', ...joinBlocks(lis), '\n'], startNo !== 1 ? { start: String(startNo) } : undefined));
  return i;
}

