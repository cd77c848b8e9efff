// Renders a markdown-lite tree (markdown-lite.ts) as React elements: every text and attribute goes through React's
// escaping. Math shows its TeX source in a <code> until KaTeX (tex.ts) has loaded, then KaTeX's rendering.
import { createElement, useEffect, useState, type ReactNode } from 'react';
import { afterPaint } from '../lib/after-paint';
import type { MdMath, MdNode } from './markdown-lite';
import type * as TexModule from './tex';

let tex: Promise<typeof TexModule> | null = null;
const loadTex = () => (tex ??= import('./tex').catch((e: unknown) => ((tex = null), Promise.reject(e))));

function TexMath({ node }: { node: MdMath }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // After the page has painted (with the source shown), so KaTeX does not hold up the rest of it.
    const cancel = afterPaint(() => {
      loadTex().then(
        (m) => live && setHtml(m.texToHtml(node.math, node.display)),
        () => undefined, // the source stays shown
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [node.math, node.display]);
  if (html === null) {
    const code = <code className={node.display ? 'math-display' : 'math-inline'}>{node.math}</code>;
    return node.display ? <pre>{code}</pre> : code;
  }
  return createElement(node.display ? 'div' : 'span', { className: node.display ? 'math-display' : 'math-inline', dangerouslySetInnerHTML: { __html: html } });
}

function render(nodes: MdNode[]): ReactNode[] {
  return nodes.map((n, i) => {
    if (typeof n === 'string') return n;
    if ('math' in n) return <TexMath key={i} node={n} />;
    const children = render(n.children);
    return createElement(n.tag, { key: i, ...n.attrs }, ...(children.length ? [children] : []));
  });
}

export function MarkdownLite({ tree }: { tree: MdNode[] }) {
  return <div className="markdown-body text-slate-800">{render(tree)}</div>;
}
