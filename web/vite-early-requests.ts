// A build plugin: an inline script at the top of index.html starts the visit's first requests while the HTML is
// parsed, before any module has loaded: the catalogue chunk of the visit's language (modulepreload) and the REST GETs
// of src/lib/early-requests.ts's table for the page it opens on. The app takes those answers (lib/api.ts). Its code is
// the source text of startEarlyRequests and detectLocale, so the script and the app decide the same way.
import { transformWithEsbuild, type Plugin } from 'vite';
import { detectLocale } from './src/i18n/detect-locale';
import { startEarlyRequests, type EarlyGet, type EarlyPlan } from './src/lib/early-requests';
import { beforeStyles, lazyFiles } from './vite-route-preload';

export interface EarlyRequestsOptions {
  /** The default language (@oj/proto's DEFAULT_LOCALE; the config cannot load proto's TypeScript). */
  fallbackLocale: EarlyPlan['fallbackLocale'];
  /** Per language, its catalogue module (lazily imported by src/i18n/locale.ts), relative to web/. */
  catalogues: Record<EarlyPlan['fallbackLocale'], string>;
  gets: EarlyGet[];
}

export function earlyRequests(opts: EarlyRequestsOptions): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'oj-early-requests',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return html;
        const filesOf = lazyFiles(ctx.bundle, root, base);
        const catalogues = {} as EarlyPlan['catalogues'];
        for (const [locale, module] of Object.entries(opts.catalogues) as [EarlyPlan['fallbackLocale'], string][]) catalogues[locale] = filesOf(module);
        const plan: EarlyPlan = { fallbackLocale: opts.fallbackLocale, catalogues, gets: opts.gets };
        const source = `(${startEarlyRequests.toString()})(window, ${detectLocale.toString()}, ${JSON.stringify(plan)});`;
        const { code } = await transformWithEsbuild(source, 'early-requests.js', { minify: true, target: 'es2020' });
        return beforeStyles(html, code.trim());
      },
    },
  };
}
