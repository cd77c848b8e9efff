// Math in markdown: $…$ inline, $$…$$ display, rendered by KaTeX (with its CSS and fonts). A chunk of its own,
// loaded only for a text with a `$` in it (Markdown.tsx).
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import 'katex/dist/katex.min.css';
import type { Options as MarkdownOptions } from 'react-markdown';

/** One remark or rehype plugin, with its options (unified's Pluggable, as react-markdown takes it). */
export type Pluggable = NonNullable<MarkdownOptions['rehypePlugins']>[number];

export interface MathPlugins {
  remark: Pluggable;
  rehype: Pluggable;
}

// trust: false keeps \href, \url and \html* inert; strict: 'ignore' avoids console warnings for text such as
// Chinese inside math, which judges' statements often contain.
export const mathPlugins: MathPlugins = { remark: remarkMath, rehype: [rehypeKatex, { trust: false, strict: 'ignore' }] };
