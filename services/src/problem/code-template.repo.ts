// A problem's languages and the code templates the editor starts from: a problem's own enabled template per language, else the language's.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { codeTemplate, languages, problemLanguage } from '../db/schema';

/** The names of problem `pid`'s languages in table order, and name → starting code for those that have one. */
export async function languagesAndTemplatesOf(db: DbOrTx, pid: number): Promise<{ languages: string[]; templates: Record<string, string> }> {
  const langs = await db
    .select({ id: languages.id, name: languages.name, codeTemplate: languages.codeTemplate, template: languages.template })
    .from(problemLanguage)
    .innerJoin(languages, eq(languages.id, problemLanguage.lid))
    .where(eq(problemLanguage.pid, pid))
    .orderBy(asc(languages.seq), asc(languages.id));
  const own = await db
    .select({ lid: codeTemplate.lid, code: codeTemplate.code })
    .from(codeTemplate)
    .where(and(eq(codeTemplate.pid, pid), eq(codeTemplate.status, true)));
  const ownByLid = new Map(own.map((t) => [t.lid, t.code]));
  const templates: Record<string, string> = {};
  for (const l of langs) {
    const code = ownByLid.get(l.id) ?? l.codeTemplate ?? l.template;
    if (code) templates[l.name] = code;
  }
  return { languages: langs.map((l) => l.name), templates };
}
