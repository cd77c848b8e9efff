// The UI runtime is Preact under the React API: `react` and `react-dom` resolve to src/lib/preact-react.ts
// (preact/compat with React's dependency comparison and Suspense), `react-dom/client` and the JSX runtime to
// preact's own. ≈ 26 KiB of JavaScript instead of React's 222 (docs/benchmarks.md, "Fourth pass"). The build
// (vite.config.ts) and the web unit tests (vitest.config.ts) both use it, so the tests run what the browser runs;
// only the types come from @types/react (docs/architecture.md, "UI runtime").
import path from 'node:path';

const compat = path.resolve(import.meta.dirname, 'src/lib/preact-react.ts');

export const PREACT_AS_REACT: { find: RegExp; replacement: string }[] = [
  { find: /^react$/, replacement: compat },
  { find: /^react-dom$/, replacement: compat },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
