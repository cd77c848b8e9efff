// Markdown from the server. A text in the common subset (markdown-lite.ts) is rendered at once without the markdown
// libraries (KaTeX still loads for its math); any other text by MarkdownView, loaded on first use: react-markdown and
// the sanitiser stay out of the first page load, which matters on the slow networks many students use. KaTeX (with its CSS and fonts) is
// loaded only for a text with math in it, and the HTML parser (rehype-raw, parse5) only for one with raw HTML in it:
// without either, those plugins leave the output unchanged (MarkdownView.test.ts).
import { Suspense, useMemo } from 'react';
import { readPromise } from '../lib/read-promise';
import { parseMarkdownLite } from './markdown-lite';
import { MarkdownLite } from './MarkdownLite';
import { markdownNeeds } from './markdown-needs';
import type { MathPlugins, Pluggable } from './markdown-math';
import type { MarkdownView } from './MarkdownView';

export { markdownNeeds } from './markdown-needs';

interface Loaded {
  View: typeof MarkdownView;
  math?: MathPlugins;
  raw?: Pluggable;
}

const loads = new Map<string, Promise<Loaded>>();

function load(math: boolean, raw: boolean): Promise<Loaded> {
  const key = `${math ? 'm' : ''}${raw ? 'r' : ''}`;
  let p = loads.get(key);
  if (!p) {
    p = Promise.all([
      import('./MarkdownView'),
      math ? import('./markdown-math') : undefined,
      raw ? import('rehype-raw') : undefined,
    ]).then(([view, m, r]) => ({ View: view.MarkdownView, math: m?.mathPlugins, raw: r?.default }));
    loads.set(key, p);
  }
  return p;
}

function LoadedMarkdown({ text }: { text: string }) {
  const needs = markdownNeeds(text);
  const { View, math, raw } = readPromise(load(needs.math, needs.raw));
  return <View text={text} math={math} raw={raw} />;
}

export function Markdown({ text }: { text: string }) {
  const lite = useMemo(() => parseMarkdownLite(text), [text]);
  if (lite) return <MarkdownLite tree={lite} />;
  return (
    <Suspense fallback={<div className="markdown-body min-h-6" aria-busy="true" />}>
      <LoadedMarkdown text={text} />
    </Suspense>
  );
}
