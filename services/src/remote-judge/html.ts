// Just enough HTML reading for the sites' pages: an element by class (balanced on its own tag), a form input's
// value, text and a plain Markdown rendering of a statement. The pages are the sites' own, well-formed markup.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', laquo: '«', raquo: '»', ndash: '–', mdash: '—', le: '≤', ge: '≥', ne: '≠', times: '×', hellip: '…' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** The text of a fragment: tags dropped, entities decoded, white space collapsed. */
export function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Inner HTML of every `<tag>` whose class list has `cls` (or whose `attr` is `value` when `cls` is `[attr=value]`). */
export function allByClass(html: string, tag: string, cls: string): string[] {
  const attr = /^\[(\w[\w-]*)=(.*)\]$/.exec(cls);
  const open = attr
    ? new RegExp(`<${tag}\\b[^>]*\\b${attr[1]}\\s*=\\s*["']${escapeRe(attr[2])}["'][^>]*>`, 'gi')
    : new RegExp(`<${tag}\\b[^>]*\\bclass\\s*=\\s*["'](?:[^"']*\\s)?${escapeRe(cls)}(?:\\s[^"']*)?["'][^>]*>`, 'gi');
  const out: string[] = [];
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const start = m.index + m[0].length;
    const end = closingOf(html, tag, start);
    if (end < 0) continue;
    out.push(html.slice(start, end));
  }
  return out;
}

export function byClass(html: string, tag: string, cls: string): string | undefined {
  return allByClass(html, tag, cls)[0];
}

/** Index of the `</tag>` closing an element whose content starts at `from`, counting nested `<tag>`s. */
function closingOf(html: string, tag: string, from: number): number {
  const re = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  re.lastIndex = from;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[0].endsWith('/>')) continue;
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index;
  }
  return -1;
}

/** The value of the `<input name=…>` of a page (a form's hidden token). */
export function inputValue(html: string, name: string): string | undefined {
  for (const m of html.matchAll(/<input\b[^>]*>/gi)) {
    const tag = m[0];
    if (!new RegExp(`\\bname\\s*=\\s*["']${escapeRe(name)}["']`, 'i').test(tag)) continue;
    const v = /\bvalue\s*=\s*(["'])(.*?)\1/i.exec(tag);
    return v ? decodeEntities(v[2]) : '';
  }
  return undefined;
}

/** A `<pre>` block's text, line breaks kept (samples; some sites put each line in its own div). */
export function preText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/div>\s*/gi, '\n');
  return decodeEntities(withBreaks.replace(/<[^>]*>/g, '')).replace(/\r\n/g, '\n').replace(/^\n+/, '').replace(/\s+$/, '') + '\n';
}

/** A statement fragment as Markdown: paragraphs, line breaks, lists, emphasis, code; other tags dropped. */
export function htmlToMarkdown(html: string): string {
  const md = html
    .replace(/<pre[^>]*>([\s\S]*?)<\/pre>/gi, (_, code: string) => `\n\n\`\`\`\n${preText(code)}\`\`\`\n\n`)
    .replace(/<(b|strong)\b[^>]*>([\s\S]*?)<\/\1>/gi, '**$2**')
    .replace(/<(i|em)\b[^>]*>([\s\S]*?)<\/\1>/gi, '*$2*')
    .replace(/<(tt|code)\b[^>]*>([\s\S]*?)<\/\1>/gi, '`$2`')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(p|div|ul|ol|center|h\d)\b[^>]*>/gi, '\n\n')
    .replace(/<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi, '![]($1)')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(md)
    .replace(/\$\$\$(.+?)\$\$\$/g, '$$$1$$')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
