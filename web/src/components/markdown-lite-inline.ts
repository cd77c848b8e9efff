// The inline part of markdown-lite (markdown-lite.ts): code spans, $math$, links, images, emphasis (CommonMark's
// delimiter rules, as micromark applies them), escapes and line breaks, for the text of one block.
import { el, ENTITY, unsupported, type MdElement, type MdNode } from './markdown-lite-tree';

const PUNCT = /[!-/:-@[-`{-~\p{P}\p{S}]/u;
const isPunct = (c: string) => c !== '' && PUNCT.test(c);
const isSpace = (c: string) => c === '' || /\s/u.test(c);

/** Backslash escapes of ASCII punctuation, as in link titles and code info strings. */
export function unescape(s: string): string {
  return s.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

interface Delim {
  node: { text: string };
  char: '*' | '_';
  count: number;
  open: boolean;
  close: boolean;
}

type Piece = MdNode | { text: string };

export function inline(src: string): MdNode[] {
  const pieces: Piece[] = [];
  const delims: Delim[] = [];
  let buf = '';
  const flush = () => {
    if (buf) pieces.push(buf);
    buf = '';
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\') {
      const n = src[i + 1];
      if (n === '\n') {
        flush();
        pieces.push(el('br', []), '\n');
        i += 2;
      } else if (n !== undefined && /[!-/:-@[-`{-~]/.test(n)) {
        buf += n;
        i += 2;
      } else {
        buf += c;
        i++;
      }
      continue;
    }
    if (c === '\n') {
      const hard = / {2,}$/.test(buf);
      buf = buf.replace(/[ \t]+$/, '');
      flush();
      pieces.push(...(hard ? [el('br', []), '\n'] : ['\n']));
      i++;
      continue;
    }
    if (c === '`' || c === '$') {
      const run = /^(`+|\$+)/.exec(src.slice(i))![1]!;
      const end = findRun(src, i + run.length, run);
      if (end < 0) {
        buf += run;
        i += run.length;
        continue;
      }
      let body = src.slice(i + run.length, end).replace(/\n/g, ' ');
      if (/^ .*[^ ].* $/s.test(body)) body = body.slice(1, -1);
      flush();
      pieces.push(c === '`' ? el('code', [body]) : { math: body, display: false });
      i = end + run.length;
      continue;
    }
    // Raw HTML and character references (outside code, which keeps them as text): for the full renderer.
    if ((c === '<' && /[A-Za-z/!?]/.test(src[i + 1] ?? '')) || (c === '&' && ENTITY.test(src.slice(i, i + 40)) && src.slice(i).search(ENTITY) === 0)) {
      unsupported();
    }
    if (c === '[' || (c === '!' && src[i + 1] === '[')) {
      const link = parseLink(src, c === '!' ? i + 1 : i);
      if (link) {
        flush();
        pieces.push(c === '!' ? image(link) : anchor(link));
        i = link.end;
        continue;
      }
      buf += c;
      i++;
      continue;
    }
    if (c === '*' || c === '_') {
      flush();
      const d = delimiterRun(src, i, c);
      pieces.push(d.node);
      delims.push(d);
      i += d.count;
      continue;
    }
    buf += c;
    i++;
  }
  flush();
  emphasis(pieces, delims);
  return merge(pieces);
}

/** A run of `*` or `_` at `i`, and whether it may open and close emphasis (CommonMark's flanking rules). */
function delimiterRun(src: string, i: number, c: '*' | '_'): Delim {
  const run = c === '*' ? /^\*+/.exec(src.slice(i))![0] : /^_+/.exec(src.slice(i))![0];
  const before = i > 0 ? [...src.slice(0, i)].pop()! : '';
  const after = [...src.slice(i + run.length, i + run.length + 2)][0] ?? '';
  const left = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
  const right = !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
  return {
    node: { text: run },
    char: c,
    count: run.length,
    open: c === '*' ? left : left && (!right || isPunct(before)),
    close: c === '*' ? right : right && (!left || isPunct(after)),
  };
}

/** The index of the next run of exactly `run` after `from`, or −1. */
function findRun(src: string, from: number, run: string): number {
  const ch = run[0] === '`' ? '`' : '\\$';
  const re = new RegExp(`(?<!${ch})${ch}{${run.length}}(?!${ch})`, 'g');
  re.lastIndex = from;
  const m = re.exec(src);
  return m ? m.index : -1;
}

/** CommonMark's "process emphasis" over the delimiter runs, innermost first. */
function emphasis(pieces: Piece[], delims: Delim[]): void {
  for (let ci = 0; ci < delims.length; ci++) {
    const closer = delims[ci]!;
    if (!closer.close || closer.count === 0) continue;
    let found = false;
    for (let oi = ci - 1; oi >= 0; oi--) {
      const opener = delims[oi]!;
      if (opener.char !== closer.char || !opener.open || opener.count === 0) continue;
      // The rule of 3, on what is left of each run (as micromark, which the full renderer uses, counts it).
      if ((opener.close || closer.open) && (opener.count + closer.count) % 3 === 0 && !(opener.count % 3 === 0 && closer.count % 3 === 0)) continue;
      const use = opener.count >= 2 && closer.count >= 2 ? 2 : 1;
      const from = pieces.indexOf(opener.node);
      const to = pieces.indexOf(closer.node);
      const inner = pieces.splice(from + 1, to - from - 1);
      pieces.splice(from + 1, 0, el(use === 2 ? 'strong' : 'em', merge(inner)));
      opener.count -= use;
      closer.count -= use;
      opener.node.text = opener.node.text.slice(use);
      closer.node.text = closer.node.text.slice(use);
      for (let k = oi + 1; k < ci; k++) delims[k]!.count = 0; // delimiters inside are now plain text
      found = true;
      if (closer.count > 0) ci--; // the rest of this closer may close an earlier opener
      break;
    }
    if (!found && !closer.open) closer.count = 0;
  }
}

/** Delimiter leftovers become text; adjacent texts join. */
function merge(pieces: Piece[]): MdNode[] {
  const out: MdNode[] = [];
  for (const p of pieces) {
    const v: MdNode = typeof p === 'object' && 'text' in p && !('tag' in p) ? p.text : (p as MdNode);
    if (v === '') continue;
    if (typeof v === 'string' && typeof out[out.length - 1] === 'string') out[out.length - 1] += v;
    else out.push(v);
  }
  return out;
}

interface Link {
  label: string;
  url: string;
  title?: string;
  end: number;
}

/** `[label](url "title")` starting at `at` (the `[`), or null. */
function parseLink(src: string, at: number): Link | null {
  let depth = 0;
  let k = at;
  for (; k < src.length; k++) {
    const c = src[k]!;
    if (c === '\\') k++;
    else if (c === '`') {
      const run = /^`+/.exec(src.slice(k))![0];
      const end = findRun(src, k + run.length, run);
      if (end >= 0) k = end + run.length - 1;
    } else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) break;
  }
  if (k >= src.length || src[k + 1] !== '(') return null;
  const m = /^\([ \t\n]*(<[^<>\n]*>|(?:\\.|[^\s()\\]|\((?:\\.|[^\s()\\])*\))*)(?:[ \t\n]+("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\((?:\\.|[^()\\])*\)))?[ \t\n]*\)/.exec(src.slice(k + 1));
  if (!m) return null;
  const rawUrl = m[1]!.startsWith('<') ? m[1]!.slice(1, -1) : m[1]!;
  if (ENTITY.test(m[0])) unsupported();
  return { label: src.slice(at + 1, k), url: unescape(rawUrl), title: m[2] ? unescape(m[2].slice(1, -1)) : undefined, end: k + 1 + m[0].length };
}

/** The sanitiser's rule: relative addresses, or these protocols. */
const SAFE_PROTOCOL = /^(?:https?|ircs?|mailto|xmpp)$/i;
export function safeUrl(url: string): boolean {
  const colon = url.indexOf(':');
  if (colon < 0) return true;
  const firstOf = (ch: string) => {
    const n = url.indexOf(ch);
    return n < 0 ? Infinity : n;
  };
  if (colon > Math.min(firstOf('/'), firstOf('?'), firstOf('#'))) return true;
  return SAFE_PROTOCOL.test(url.slice(0, colon));
}

/** Percent-encodes what a URL may not hold, as markdown parsers do (an existing %XX stays). */
function normalizeUrl(url: string): string {
  let out = '';
  for (let i = 0; i < url.length; ) {
    const c = String.fromCodePoint(url.codePointAt(i)!);
    if (c === '%' && /^%[0-9A-Fa-f]{2}/.test(url.slice(i))) out += c;
    else if (/[A-Za-z0-9!#$&'()*+,\-./:;=?@_~]/.test(c)) out += c;
    else out += encodeURIComponent(c);
    i += c.length;
  }
  return out;
}

function anchor(l: Link): MdElement {
  const attrs: Record<string, string> = {};
  const url = normalizeUrl(l.url);
  if (safeUrl(l.url)) attrs.href = url;
  if (l.title !== undefined) attrs.title = l.title;
  const label = inline(l.label);
  if (label.some((n) => typeof n === 'object' && 'tag' in n && n.tag === 'a')) unsupported();
  return el('a', label, attrs);
}

function plain(nodes: MdNode[]): string {
  return nodes.map((n) => (typeof n === 'string' ? n : 'math' in n ? n.math : n.tag === 'img' ? (n.attrs?.alt ?? '') : plain(n.children))).join('');
}

function image(l: Link): MdElement {
  const attrs: Record<string, string> = {};
  if (safeUrl(l.url)) attrs.src = normalizeUrl(l.url);
  attrs.alt = plain(inline(l.label));
  if (l.title !== undefined) attrs.title = l.title;
  return el('img', [], attrs);
}
