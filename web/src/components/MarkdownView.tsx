// Markdown from the server, rendered with the plugins a text needs. Order matters: remark-math → rehype-raw →
// rehype-sanitize → rehype-katex. Raw HTML (imported FPS and QDUOJ statements are HTML) is parsed into the tree
// first, so the sanitiser sees every element and attribute of it; its schema is widened only to keep the math nodes'
// classes. KaTeX's own output is added after sanitising (trust stays off, so \href, \url, \htmlClass… cannot inject
// links or attributes). Math (markdown-math.ts, KaTeX and its CSS) and raw HTML (rehype-raw, parse5) are chunks of
// their own that Markdown.tsx loads only for a text that has math or HTML in it.
import ReactMarkdown, { type Options as MarkdownOptions } from 'react-markdown';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import type { MathPlugins, Pluggable } from './markdown-math';

/** The default schema, except that `<code>` may also carry remark-math's `math-inline` / `math-display`. */
export const markdownSanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [
      ...(defaultSchema.attributes?.code ?? []).filter((d) => !(Array.isArray(d) && d[0] === 'className')),
      ['className', /^language-./, 'math-inline', 'math-display'],
    ],
  },
};

const NONE: Pluggable[] = [];
const plugins = new Map<string, Pick<MarkdownOptions, 'remarkPlugins' | 'rehypePlugins'>>();

/** The same plugin lists (by identity) for every text needing the same plugins. */
function pluginsFor(math: MathPlugins | undefined, raw: Pluggable | undefined) {
  const key = `${math ? 'm' : ''}${raw ? 'r' : ''}`;
  let p = plugins.get(key);
  if (!p) {
    p = {
      remarkPlugins: math ? [math.remark] : NONE,
      rehypePlugins: [...(raw ? [raw] : []), [rehypeSanitize, markdownSanitizeSchema], ...(math ? [math.rehype] : [])],
    };
    plugins.set(key, p);
  }
  return p;
}

export interface MarkdownViewProps {
  text: string;
  /** remark-math and rehype-katex; without them `$…$` stays text. */
  math?: MathPlugins;
  /** rehype-raw; without it raw HTML is dropped by react-markdown instead of being parsed and sanitised. */
  raw?: Pluggable;
}

export function MarkdownView({ text, math, raw }: MarkdownViewProps) {
  const { remarkPlugins, rehypePlugins } = pluginsFor(math, raw);
  return (
    <div className="markdown-body text-slate-800">
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
