// Vite build of the web client. The dev server proxies REST and Socket.IO to the gateway on :8080.
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { earlyRequests } from './vite-early-requests';
import { precompress } from './vite-precompress';
import { protoPure } from './vite-proto-pure';
import { routePreload } from './vite-route-preload';
import { EARLY_GETS } from './src/lib/early-requests';
import { PREACT_AS_REACT } from './preact-alias';

const gateway = 'http://localhost:8080';

/**
 * Vendor chunks that change seldom and are cached apart from the app: Preact, the router, and the CodeMirror core
 * (the editor's language modes, markdown, KaTeX and charts are chunks of their own through dynamic imports, so they
 * load only with the pages, languages and texts that use them; docs/benchmarks.md, "First load").
 */
const VENDOR_CHUNKS: [string, RegExp][] = [
  // The UI runtime: Preact with its React compatibility layer (preact-alias.ts).
  ['preact', /[\\/]node_modules[\\/]preact[\\/]|[\\/]src[\\/]lib[\\/]preact-react\.ts$/],
  ['router', /[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/],
  // The bar charts of the home and rank pages (visx over d3): only those pages load them.
  ['charts', /[\\/]node_modules[\\/](@visx[\\/][^\\/]+|d3-[^\\/]+|internmap)[\\/]/],
  // The LR parser runtime every language mode shares (not the editor itself).
  ['lezer-lr', /[\\/]node_modules[\\/]@lezer[\\/]lr[\\/]/],
  // The editor itself, which the problem page needs to be editable (CodeEditor.tsx) …
  ['codemirror', /[\\/]node_modules[\\/](@codemirror[\\/](state|view)|@marijn[\\/]find-cluster-break|style-mod|w3c-keyname|crelt)[\\/]/],
  // … and the rest of its setup and what the language modes share, loaded right after (editor-extras.ts).
  ['codemirror-extras', /[\\/]node_modules[\\/](@codemirror[\\/](language|commands|autocomplete|search|lint|theme-one-dark)|@lezer[\\/](common|highlight))[\\/]/],
];

/** Each editor language mode (its @codemirror/lang-* and @lezer/* parser) is one chunk, named after it. */
const LANGUAGE_MODE = /[\\/]node_modules[\\/]@(?:codemirror[\\/]lang|lezer[\\/])-?(cpp|java|javascript|python)[\\/]/;

function manualChunks(id: string): string | undefined {
  const mode = LANGUAGE_MODE.exec(id)?.[1];
  if (mode) return `lang-${mode}`;
  return VENDOR_CHUNKS.find(([, re]) => re.test(id))?.[0];
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The pages a visit most often opens on: their chunks download alongside the entry (vite-route-preload.ts).
    routePreload([
      { path: /^\/problem\/[^/]+\/?$/, module: 'src/features/problem/ProblemDetailPage.tsx' },
      { path: /^\/problem\/?$/, module: 'src/features/problem/ProblemListPage.tsx' },
      { path: /^\/(home\/?)?$/, module: 'src/features/home/HomePage.tsx' },
      { path: /^\/status\/?$/, module: 'src/features/submission/StatusListPage.tsx' },
    ]),
    // The visit's catalogue and its page's first REST answer start from index.html (vite-early-requests.ts).
    earlyRequests({
      fallbackLocale: 'zh-CN',
      catalogues: { 'zh-CN': 'src/i18n/zh-CN.ts', 'en-US': 'src/i18n/en-US.ts' },
      gets: EARLY_GETS,
    }),
    precompress(),
    protoPure(),
  ],
  resolve: {
    // proto's schemas build with a `Type` of only the builders they use (src/lib/typebox-web.ts), and decode's error
    // detail comes from a path search over Check (src/lib/typebox-errors-web.ts), not TypeBox's error module.
    alias: [
      // The browser runs Preact under the React API the code and its libraries are written against (PREACT_AS_REACT).
      ...PREACT_AS_REACT,
      { find: /^@sinclair\/typebox$/, replacement: path.resolve(import.meta.dirname, 'src/lib/typebox-web.ts') },
      { find: /^@sinclair\/typebox\/errors$/, replacement: path.resolve(import.meta.dirname, 'src/lib/typebox-errors-web.ts') },
    ],
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/socket.io': { target: gateway, ws: true, changeOrigin: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500, rollupOptions: { output: { manualChunks, experimentalMinChunkSize: 1500 } } },
});
