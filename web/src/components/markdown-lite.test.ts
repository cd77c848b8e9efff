// markdown-lite renders the common subset without the markdown libraries: for every text it accepts, the markup must
// be the full renderer's (math aside: a placeholder until KaTeX loads); every other text is left to the full one.
// Hostile input must stay text: no element, attribute or address gets through that the full renderer would drop.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseMarkdownLite, safeUrl } from './markdown-lite';
import { MarkdownLite } from './MarkdownLite';
import { MarkdownView } from './MarkdownView';

const full = (text: string) => renderToStaticMarkup(createElement(MarkdownView, { text }));
const lite = (text: string) => {
  const tree = parseMarkdownLite(text);
  return tree && renderToStaticMarkup(createElement(MarkdownLite, { tree }));
};

const SAME = [
  // headings
  '# Title',
  '## Input ##\n\n###### six',
  '#not a heading\n\n# Title with `code` and *em*',
  // paragraphs, breaks, emphasis
  'Line one\nline two  \nline three\\\nfour',
  'Some *emphasis*, **strong**, ***both***, _under_ and __strong under__.',
  'snake_case_name and 2*3*4 and a * b * c and **unclosed',
  '*nested **strong** inside* and **strong *em* inside**',
  'Escapes: \\* \\_ \\` \\[x\\] \\# and a trailing backslash\\',
  '中文段落，**加粗**，*斜体*。',
  // code
  'Inline `code` and ``double `tick` code`` and ` spaced `.',
  '```cpp\n#include <cstdio>\nint main() { return a < b && c > d; }\n```\n\nAfter.',
  '~~~\nplain\n\n  kept indent\n~~~',
  // lists
  '- one\n- two\n- three',
  '* star\n* list\n\n+ plus\n+ list',
  '1. first\n2. second\n\n3) other\n4) delimiter',
  '5. starts at five\n6. six',
  '- loose\n\n- list\n\n- items',
  '- item with\n  continuation\n- and *emphasis*',
  'Paragraph\n- list right after',
  'Paragraph\n2. not a list',
  // rules
  '---\n\n***\n\n_ _ _',
  // links and images
  'A [link](https://example.com "title") and [relative](/problem/1000) and [mail](mailto:a@b.c).',
  'An ![image](/api/public/img/a.png) and ![alt *text*](https://x.org/a.png "t").',
  '[link with `code`](https://example.com/a_b) and [brackets [inside]](https://x.org)',
  '[spaces](<https://x.org/a b>) and [中文](/题目/1)',
  '[not a link] and [also not](',
  // tables are not GFM in the full renderer either: a paragraph with pipes
  '| a | b |\n|---|---|\n| 1 | 2 |',
  // HTML escaping
  'a < b, x <= 5, 1<2, <3 and << shift & more "quotes" \'single\'',
  // hostile addresses are dropped as the sanitiser drops them
  '[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1)) ![i](data:text/html,hi) [v](vbscript:x)',
  '[ok](/a:b) [ok2](?q=javascript:x) [ok3](#javascript:x)',
  '"><img src=x onerror=alert(1)> is not inside a link',
];

describe('markdown-lite', () => {
  it.each(SAME)('renders %j as the full renderer does', (text) => {
    if (text.includes('<img')) {
      expect(parseMarkdownLite(text)).toBeNull(); // raw HTML: the full renderer and its sanitiser
      return;
    }
    expect(lite(text)).toBe(full(text));
  });

  it('leaves to the full renderer what is outside the subset', () => {
    for (const text of [
      '<p>raw <b>HTML</b></p>',
      '<script>alert(1)</script>',
      'Entities &amp; &#x41;',
      '> a quote',
      '- outer\n  - nested',
      '    indented code',
      'Setext\n======',
      'Setext\n---',
      '[ref]: https://example.com\n\n[ref]',
      '- item\n\n  second paragraph',
      '<https://autolink.example>',
      '```\nunclosed fence\nstill code',
      '# Heading <em>html</em>',
      '- item &copy;',
      '[t](/a "&quot;")',
    ]) {
      expect(parseMarkdownLite(text), text).toBeNull();
    }
  });

  it('keeps hostile text as text', () => {
    const out = lite('**<b>** "onerror=alert(1)" `</code><script>` [a](javascript:void(0)) ![x](" onerror="alert(1))')!;
    expect(out).toBeNull(); // `<b>` is raw HTML: not for the subset
    // Inside code, markup is text: escaped, as the full renderer does (`<` is what opens a tag; Preact's serialiser,
    // which these tests render with as the browser runs it, leaves `>` as it is in text).
    const code = '`</code><script>alert(1)</script>`';
    expect(lite(code)).toBe('<div class="markdown-body text-slate-800"><p><code>&lt;/code>&lt;script>alert(1)&lt;/script></code></p></div>');
    expect(lite(code)).toBe(full(code));
    const text = lite('Tricky: [a](https://x.org/"onmouseover="alert(1)) and `x" onclick="y`')!;
    expect(text).not.toMatch(/<[^>]*\son[a-z]+=/); // no event attribute in any tag: the quotes stay inside an address or a text
    expect(text).toContain('href="https://x.org/%22onmouseover=%22alert(1)"');
    expect(text).toBe(full('Tricky: [a](https://x.org/"onmouseover="alert(1)) and `x" onclick="y`'));
    expect(lite('[x](javascript:alert(1))')).toBe('<div class="markdown-body text-slate-800"><p><a>x</a></p></div>');
  });

  it('agrees with the full renderer on random texts made of markdown tokens', () => {
    // A fixed seed (the same texts every run); about 55 % of them are in the subset.
    const TOKENS = ['a', 'b c', ' ', '  ', '\n', '\n\n', '*', '**', '_', '__', '`', '[', ']', '(', ')', '](/x)', '![', '# ', '- ', '1. ', '\\', '!', 'x_y', '"t"', '---', '```', '中', '.', ','];
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let compared = 0;
    for (let n = 0; n < 800; n++) {
      let text = '';
      for (let k = 1 + Math.floor(rnd() * 12); k > 0; k--) text += TOKENS[Math.floor(rnd() * TOKENS.length)];
      const out = lite(text);
      if (out === null) continue;
      expect(out, JSON.stringify(text)).toBe(full(text));
      compared++;
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('checks addresses with the sanitiser rule', () => {
    expect(safeUrl('https://example.com')).toBe(true);
    expect(safeUrl('/api/public/img/a.png')).toBe(true);
    expect(safeUrl('a/b:c')).toBe(true);
    expect(safeUrl('javascript:alert(1)')).toBe(false);
    expect(safeUrl('data:image/png;base64,AAAA')).toBe(false);
  });

  it('marks math for KaTeX, inline and display, and leaves escaped dollars alone', () => {
    expect(parseMarkdownLite('Sum $a+b$ of \\$5.')).toEqual([{ tag: 'p', children: ['Sum ', { math: 'a+b', display: false }, ' of $5.'] }]);
    expect(parseMarkdownLite('$$\n\\sum_{i=1}^n a_i\n$$')).toEqual([{ math: '\\sum_{i=1}^n a_i', display: true }]);
    expect(lite('Two integers $a$ and $b$ ($-2^{30} \\le a, b < 2^{30}$).')).toBe(
      '<div class="markdown-body text-slate-800"><p>Two integers <code class="math-inline">a</code> and <code class="math-inline">b</code> (<code class="math-inline">-2^{30} \\le a, b &lt; 2^{30}</code>).</p></div>',
    );
    expect(lite('`$not math$` and a lone $ sign')).toBe('<div class="markdown-body text-slate-800"><p><code>$not math$</code> and a lone $ sign</p></div>');
    expect(parseMarkdownLite('$$\nunclosed')).toBeNull();
  });
});
