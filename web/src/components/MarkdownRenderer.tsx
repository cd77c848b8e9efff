// Markdown from the server with every plugin (math and raw HTML) loaded up front, as MarkdownView renders it.
// The pages use Markdown.tsx, which loads only the plugins a text needs; this one renders synchronously (tests).
import rehypeRaw from 'rehype-raw';
import { mathPlugins } from './markdown-math';
import { MarkdownView } from './MarkdownView';

export { markdownSanitizeSchema } from './MarkdownView';

export function MarkdownRenderer({ text }: { text: string }) {
  return <MarkdownView text={text} math={mathPlugins} raw={rehypeRaw} />;
}
