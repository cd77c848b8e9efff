// Markdown from the server, rendered by MarkdownRenderer loaded on first use: react-markdown, the sanitiser and
// KaTeX (with its CSS and fonts) stay out of the first page load, which matters on the slow networks many students use.
import { lazy, Suspense } from 'react';

const MarkdownRenderer = lazy(() => import('./MarkdownRenderer').then((m) => ({ default: m.MarkdownRenderer })));

export function Markdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="markdown-body min-h-6" aria-busy="true" />}>
      <MarkdownRenderer text={text} />
    </Suspense>
  );
}
