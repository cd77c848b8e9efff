// The SQL of the language table: all languages (or only ours), and a problem's languages.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { languages, problemLanguage, problems } from '../db/schema';

export type LanguageRow = typeof languages.$inferSelect;

/** Problem `pid`'s languages in table order; of a public problem only unless `all`. */
export async function languagesOfProblem(db: DbOrTx, pid: number, all: boolean): Promise<LanguageRow[]> {
  const rows = await db
    .select({ l: languages })
    .from(problemLanguage)
    .innerJoin(languages, eq(languages.id, problemLanguage.lid))
    .innerJoin(problems, eq(problems.id, problemLanguage.pid))
    .where(and(eq(problemLanguage.pid, pid), all ? undefined : and(eq(problems.auth, 1), eq(problems.isGroup, false))))
    .orderBy(asc(languages.seq), asc(languages.id));
  return rows.map((r) => r.l);
}

/** Every language, or only those of `oj` (our own judge's), by judge and table order. */
export async function languageList(db: DbOrTx, oj: string | null): Promise<LanguageRow[]> {
  return db
    .select()
    .from(languages)
    .where(oj === null ? undefined : eq(languages.oj, oj))
    .orderBy(asc(languages.oj), asc(languages.seq), asc(languages.id));
}
