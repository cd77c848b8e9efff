// A build plugin: index.html starts downloading the chunks of the page the visit opens on (modulepreload), in
// parallel with the entry, instead of after the entry has run and the router has asked for the lazy page. The script
// comes before the stylesheet: an inline script after one waits until it has loaded.
// Only the listed routes; the chunks the entry already imports are left out. Nothing changes in `vite dev`.
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

export interface RoutePreload {
  /** Matched against location.pathname; keep it in step with the route in src/App.tsx. */
  path: RegExp;
  /** The lazily imported page module, relative to web/. */
  module: string;
}

/** The chunk files `start` needs before it can run: itself and its static imports, transitively. */
function staticClosure(byFile: Map<string, Rollup.OutputChunk>, start: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...start];
  for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...(byFile.get(f)?.imports ?? []));
  }
  return seen;
}

/**
 * For a built bundle: the files (URLs under `base`) a lazily imported module (relative to `root`) brings beyond
 * what the entry already loads: its own chunk and its static imports.
 */
export function lazyFiles(bundle: Rollup.OutputBundle, root: string, base: string): (module: string) => string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const withEntry = staticClosure(byFile, chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  return (module) => {
    const id = path.resolve(root, module);
    // Its own chunk, or the one a small chunk was merged into (`experimentalMinChunkSize`, vite.config.ts).
    const own = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
    if (!own) throw new Error(`no chunk of its own for ${module} (is it imported lazily?)`);
    return [...staticClosure(byFile, [own.fileName])].filter((f) => !withEntry.has(f)).map((f) => base + f);
  };
}

/** `html` with the inline `script` right after its <title>, before the stylesheets that would hold it up. */
export function beforeStyles(html: string, script: string): string {
  if (!html.includes('</title>')) throw new Error('index.html has no <title> to put the early scripts after');
  return html.replace('</title>', () => `</title>\n    <script>${script}</script>`);
}

export function routePreload(routes: RoutePreload[]): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'oj-route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const filesOf = lazyFiles(ctx.bundle, root, base);
        const table = routes.map((r) => [r.path.source, filesOf(r.module)]);
        const script =
          `(()=>{const p=location.pathname;for(const[r,fs]of ${JSON.stringify(table)})if(new RegExp(r).test(p)){` +
          `for(const f of fs){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)}break}})()`;
        return beforeStyles(html, script);
      },
    },
  };
}
