// Website configuration (from the validated config) and the language table.
import { and, asc, eq } from 'drizzle-orm';
import { OWN_OJ, type Language, type WebsiteConfig } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4 } from '../db/client';
import { languages, problemLanguage, problems } from '../db/schema';
import { visibleTo } from '../problem/problem.service';
import type { RunnerRegistry } from '../judge/runner-registry';

export interface SiteService {
  websiteConfig(): Promise<WebsiteConfig>;
  /** With `pid`, the languages of that problem if `viewer` may see it (none otherwise). */
  languages(q: { pid?: number; all?: boolean }, viewer?: Viewer | null): Promise<Language[]>;
}

type LanguageRow = typeof languages.$inferSelect;

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
        const rows = await db
          .select({ l: languages })
          .from(problemLanguage)
          .innerJoin(languages, eq(languages.id, problemLanguage.lid))
          .innerJoin(problems, eq(problems.id, problemLanguage.pid))
          .where(and(eq(problemLanguage.pid, q.pid), visibleTo(viewer)))
          .orderBy(asc(languages.seq), asc(languages.id));
        return rows.map((r) => toLanguage(r.l, available));
      }
      const rows = await db
        .select()
        .from(languages)
        .where(q.all ? undefined : eq(languages.oj, OWN_OJ))
        .orderBy(asc(languages.oj), asc(languages.seq), asc(languages.id));
      return rows.map((l) => toLanguage(l, available));
    },
  };
}
