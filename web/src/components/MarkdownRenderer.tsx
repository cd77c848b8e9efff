// Markdown from the server, with LaTeX math ($…$ inline, $$…$$ display) rendered by KaTeX.
// Order matters: remark-math → rehype-raw → rehype-sanitize → rehype-katex. Raw HTML (imported FPS and QDUOJ
// statements are HTML) is parsed into the tree first, so the sanitiser sees every element and attribute of it;
// its schema is widened only to keep the math nodes' classes. KaTeX's own
// output is added after sanitising (trust stays off, so \href, \url, \htmlClass… cannot inject links or attributes).
import ReactMarkdown, { type Options as MarkdownOptions } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkMath from 'remark-math';
import 'katex/dist/katex.min.css';

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

const remarkPlugins: MarkdownOptions['remarkPlugins'] = [remarkMath];
// trust: false keeps \href, \url and \html* inert; strict: 'ignore' avoids console warnings for text such as
// Chinese inside math, which judges' statements often contain.
const rehypePlugins: MarkdownOptions['rehypePlugins'] = [
  rehypeRaw,
  [rehypeSanitize, markdownSanitizeSchema],
  [rehypeKatex, { trust: false, strict: 'ignore' }],
];

export function MarkdownRenderer({ text }: { text: string }) {
  return (
    <div className="markdown-body text-slate-800">
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
