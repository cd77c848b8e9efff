// Website configuration (from the validated config) and the language table.
import { OWN_OJ, type Language, type WebsiteConfig } from '@oj/proto';
import { isAdmin, type Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4 } from '../db/client';
import type { RunnerRegistry } from '../judge/runner-registry';
import { languageList, languagesOfProblem, type LanguageRow } from './language.repo';

export interface SiteService {
  websiteConfig(): Promise<WebsiteConfig>;
  /** With `pid`, the languages of that problem if `viewer` may see it (none otherwise). */
  languages(q: { pid?: number; all?: boolean }, viewer?: Viewer | null): Promise<Language[]>;
}

export function toLanguage(l: LanguageRow, available: Set<string> | null): Language {
  return {
    id: l.id,
    contentType: l.contentType,
    description: l.description,
    name: l.name,
    compileCommand: l.compileCommand,
    template: l.template,
    codeTemplate: l.codeTemplate,
    isSpj: l.isSpj,
    oj: l.oj,
    seq: l.seq,
    ...(available !== null && l.oj === OWN_OJ && { available: available.has(l.name) }),
  };
}

export function createSiteService(ctx: ServiceContext, runners: RunnerRegistry): SiteService {
  const { db, config } = ctx;
  return {
    async websiteConfig() {
      return { ...config.site };
    },

    async languages(q, viewer = null) {
      const available = runners.availableLanguages();
      if (q.pid !== undefined) {
        if (!isInt4(q.pid)) return [];
        // A hidden problem's languages are no one's business but the admins' (they would reveal the problem).
        return (await languagesOfProblem(db, q.pid, isAdmin(viewer))).map((l) => toLanguage(l, available));
      }
      return (await languageList(db, q.all ? null : OWN_OJ)).map((l) => toLanguage(l, available));
    },
  };
}
