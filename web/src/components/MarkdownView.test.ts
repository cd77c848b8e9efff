// Markdown.tsx loads KaTeX only for a text with `$` and the HTML parser only for one with raw HTML: for every
// other text, rendering without those plugins must give the very markup of the renderer that has them all.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import rehypeRaw from 'rehype-raw';
import { describe, expect, it } from 'vitest';
import { markdownNeeds } from './Markdown';
import { mathPlugins } from './markdown-math';
import { MarkdownRenderer } from './MarkdownRenderer';
import { MarkdownView } from './MarkdownView';

const full = (text: string) => renderToStaticMarkup(createElement(MarkdownRenderer, { text }));
const asLoaded = (text: string) => {
  const needs = markdownNeeds(text);
  return renderToStaticMarkup(createElement(MarkdownView, { text, math: needs.math ? mathPlugins : undefined, raw: needs.raw ? rehypeRaw : undefined }));
};

const SAMPLES = [
  '# Title\n\nSome *emphasis*, **strong**, `code`, a [link](https://example.com "t") and ![img](/api/public/img/a.png).',
  '- one\n- two\n  1. nested\n  2. list\n\n> quoted\n> text\n\n---\n\nLast   line  \nwith a hard break.',
  '```cpp\n#include <cstdio>\nint main() { return a < b; }\n```\n\n    indented code\n\nAfter.',
  'Entities: &amp; &lt;b&gt; &copy; &#x41; and a < b, x <= 5, 1<2, <3 and << shift.',
  'Calculate $a + b$.\n\n计算 $a + b$ 的值。',
  'One line with two integers $a$ and $b$ separated by a space ($-2^{30} \\le a, b < 2^{30}$).',
  '$$\n\\sum_{i=1}^{n} a_i < 10^9\n$$\n\nand \\$5 escaped, `$not math$`.',
  'Line one\nline two\n\n中文段落，没有公式。\n\n| not | a table |\n|---|---|\n| without | gfm |',
  'Escapes: \\* \\_ \\` \\[x\\] and a trailing backslash\\',
];

describe('Markdown loads only the plugins a text needs', () => {
  it('tells math and raw HTML apart from look-alikes', () => {
    expect(markdownNeeds('Calculate $a + b$.')).toEqual({ math: true, raw: false });
    expect(markdownNeeds('a < b and 1<2 and <= 3')).toEqual({ math: false, raw: false });
    expect(markdownNeeds('<p>Given <b>two</b></p>')).toEqual({ math: false, raw: true });
    expect(markdownNeeds('x </b> y')).toEqual({ math: false, raw: true });
    expect(markdownNeeds('<!-- note -->')).toEqual({ math: false, raw: true });
    expect(markdownNeeds('plain text')).toEqual({ math: false, raw: false });
  });

  it.each(SAMPLES)('renders %j as the full renderer does', (text) => {
    expect(asLoaded(text)).toBe(full(text));
  });

  it('still needs the plugins where they matter', () => {
    expect(asLoaded('Sum $a+b$.')).toContain('class="katex"');
    expect(asLoaded('<p>Given <b>two</b> integers.</p>')).toContain('<b>two</b>');
    expect(renderToStaticMarkup(createElement(MarkdownView, { text: '<b>two</b>' }))).not.toContain('<b>');
  });
});
