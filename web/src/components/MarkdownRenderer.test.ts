// The statement renderer: math becomes KaTeX markup; raw HTML (imported statements) is kept only as far as the
// sanitiser allows, so scripts, event handlers, styles and javascript: URLs do not survive
// (remark-math → rehype-raw → rehype-sanitize → rehype-katex). Rendered to static markup in node.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarkdownRenderer as Markdown } from './MarkdownRenderer';

const render = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

describe('Markdown', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders inline and display math with KaTeX', () => {
    const inline = render('Sum $a+b$ where $1 \\le n \\le 1000$.');
    expect(inline).toContain('class="katex"');
    expect(inline).toContain('<math');
    expect(inline).not.toContain('$a+b$');
    expect(inline).not.toContain('katex-display');

    const warn = vi.spyOn(console, 'warn');
    expect(render('$n$ 个数，满足 $1 \\le a_i \\le 10^9$，$\\text{第 } i$')).toContain('class="katex"');
    expect(warn).not.toHaveBeenCalled();

    const display = render('$$\n\\sum_{i=1}^{n} a_i\n$$');
    expect(display).toContain('class="katex-display"');
    expect(display).not.toContain('<pre');
  });

  it('drops script tags and event handlers, keeping the harmless HTML of imported statements', () => {
    const html = render('Hi <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<script>alert(2)</script><iframe src="https://evil"></iframe>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/onerror/i);
    expect(html).toContain('<img src="x"');
    expect(html).toContain('Hi');
    const fps = render('<p>Given <b>two</b> integers.</p><img src="/api/public/img/abc.png" style="position:fixed">');
    expect(fps).toContain('<b>two</b>');
    expect(fps).toContain('src="/api/public/img/abc.png"');
    expect(fps).not.toMatch(/style=/);
  });

  it('neutralises javascript: links, in markdown and in math', () => {
    const link = render('[click](javascript:alert(1)) and ![x](javascript:alert(1)) and <javascript:alert(1)>');
    expect(link).not.toMatch(/(href|src)="[^"]*javascript:/i);
    expect(link).toContain('<a>click</a>');

    const math = render('$\\href{javascript:alert(1)}{x}$ and $\\htmlClass{evil}{y}$');
    expect(math).not.toMatch(/href="javascript:/i);
    expect(math).not.toMatch(/<a /i);
    expect(math).not.toContain('class="evil"');
  });

  it('keeps ordinary markdown and code', () => {
    const html = render('**bold** and `x = $1`\n\n```cpp\nint a;\n```');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<code>x = $1</code>');
    expect(html).toContain('class="language-cpp"');
    expect(html).not.toContain('class="katex"');
  });
});
