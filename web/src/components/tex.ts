// KaTeX for the math of markdown-lite (MarkdownLite.tsx): a chunk of its own with its CSS and fonts, loaded for the
// first text with math. The options are the full renderer's (markdown-math.ts): trust off keeps \href, \url and
// \html* inert, so the HTML KaTeX returns holds only its own markup and the escaped text.
import katex from 'katex';
import 'katex/dist/katex.min.css';

export function texToHtml(tex: string, display: boolean): string {
  return katex.renderToString(tex, { displayMode: display, trust: false, strict: 'ignore', throwOnError: false });
}
