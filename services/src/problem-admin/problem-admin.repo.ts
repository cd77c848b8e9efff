// The SQL of the problem bank's admin side: the admin list, writing a problem with its languages, templates, tags
// and manual cases, deleting one with its submissions, the judging queue per problem.
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { JudgeStatus } from '@oj/proto';
import type { DbOrTx, Tx } from '../db/client';
import { escapeLike } from '../db/paging';
import { codeTemplate, contest, contestProblem, judge, languages, problemCase, problemLanguage, problems, problemTag, tags, testJudge } from '../db/schema';
import type { FormCase, ProblemValues } from './problem-form';
import { problemsChanged } from '../contest/contest-reads';

export interface AdminProblemFilter {
  keyword?: string;
  auth?: number;
  type?: number;
  difficulty?: number;
  /** A remote OJ key (display ids `KEY-…`), or true for our own problems only. */
  oj?: string | true;
}

export async function listAdminProblems(db: DbOrTx, f: AdminProblemFilter, size: number, offset: number) {
  // A group's own problems are managed in the group (and examined at /admin/group-problem/apply), not in the bank.
  const conds: (SQL | undefined)[] = [eq(problems.isGroup, false)];
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(problems.title, like), ilike(problems.problemId, like), ilike(problems.author, like)));
  }
  if (f.auth !== undefined) conds.push(eq(problems.auth, f.auth));
  if (f.type !== undefined) conds.push(eq(problems.type, f.type));
  if (f.difficulty !== undefined) conds.push(eq(problems.difficulty, f.difficulty));
  if (f.oj !== undefined) conds.push(f.oj === true ? eq(problems.isRemote, false) : ilike(problems.problemId, `${escapeLike(f.oj)}-%`));
  const where = and(...conds);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(problems).where(where);
  const rows = await db.select().from(problems).where(where).orderBy(desc(problems.id)).limit(size).offset(offset);
  return { total, rows };
}

/** Whether display id `problemId` belongs to a problem other than `exceptId`. */
export async function problemIdTaken(db: DbOrTx, problemId: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: problems.id })
    .from(problems)
    .where(and(sql`lower(${problems.problemId}) = lower(${problemId})`, exceptId !== undefined ? ne(problems.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export type ProblemRowValues = ProblemValues['row'] & { author?: string | null; modifiedUser: string | null; isRemote?: boolean; gid?: number | null };

export async function insertProblem(tx: Tx, row: ProblemRowValues): Promise<number> {
  const [p] = await tx.insert(problems).values(row).returning({ id: problems.id });
  return p!.id;
}

/** Locks and updates problem `pid`; false when it is gone. */
export async function updateProblem(tx: Tx, pid: number, row: ProblemRowValues): Promise<boolean> {
  const [p] = await tx.select({ id: problems.id }).from(problems).where(eq(problems.id, pid)).for('update');
  if (!p) return false;
  await tx
    .update(problems)
    .set({ ...row, gmtModified: new Date() })
    .where(eq(problems.id, pid));
  problemsChanged();
  return true;
}

/** Language name → id, for our own languages. */
export async function languageIds(db: DbOrTx, oj: string): Promise<Map<string, number>> {
  const rows = await db.select({ id: languages.id, name: languages.name }).from(languages).where(eq(languages.oj, oj));
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function setProblemLanguages(tx: Tx, pid: number, lids: readonly number[]): Promise<void> {
  await tx.delete(problemLanguage).where(eq(problemLanguage.pid, pid));
  if (lids.length > 0) await tx.insert(problemLanguage).values(lids.map((lid) => ({ pid, lid })));
  problemsChanged();
}

export async function setCodeTemplates(tx: Tx, pid: number, templates: readonly { lid: number; code: string; status: boolean }[]): Promise<void> {
  await tx.delete(codeTemplate).where(eq(codeTemplate.pid, pid));
  if (templates.length > 0) await tx.insert(codeTemplate).values(templates.map((t) => ({ pid, ...t })));
  problemsChanged();
}

/** Tag ids for the form's tags: existing ones by id or by name, new names created (in `oj`). */
export async function ensureTags(tx: Tx, wanted: readonly { id?: number; name: string; color?: string | null }[], oj: string): Promise<number[]> {
  const ids: number[] = [];
  for (const t of wanted) {
    if (t.id !== undefined) {
      const [found] = await tx.select({ id: tags.id }).from(tags).where(eq(tags.id, t.id));
      if (found) {
        ids.push(found.id);
        continue;
      }
    }
    const [byName] = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(sql`lower(${tags.name}) = lower(${t.name})`, eq(tags.oj, oj)));
    if (byName) {
      ids.push(byName.id);
      continue;
    }
    const [made] = await tx
      .insert(tags)
      .values({ name: t.name, color: t.color ?? null, oj })
      .onConflictDoUpdate({ target: [tags.name, tags.oj], set: { gmtModified: new Date() } })
      .returning({ id: tags.id });
    ids.push(made!.id);
  }
  return [...new Set(ids)];
}

export async function setProblemTags(tx: Tx, pid: number, tids: readonly number[]): Promise<void> {
  await tx.delete(problemTag).where(eq(problemTag.pid, pid));
  if (tids.length > 0) await tx.insert(problemTag).values(tids.map((tid) => ({ pid, tid })));
  problemsChanged();
}

/** Makes `cases` (text) problem `pid`'s cases, judged inline (no uploaded case set). */
export async function replaceManualCases(tx: Tx, pid: number, cases: readonly FormCase[]): Promise<void> {
  await tx.delete(problemCase).where(eq(problemCase.pid, pid));
  if (cases.length > 0) await tx.insert(problemCase).values(cases.map((c, i) => ({ pid, ...c, seq: i + 1 })));
  await tx.update(problems).set({ isUploadCase: false, caseVersion: null }).where(eq(problems.id, pid));
}

/** The problem's languages (id, name) and its own templates. */
export async function languagesAndOwnTemplates(db: DbOrTx, pid: number) {
  const langs = await db
    .select({ id: languages.id, name: languages.name })
    .from(problemLanguage)
    .innerJoin(languages, eq(languages.id, problemLanguage.lid))
    .where(eq(problemLanguage.pid, pid))
    .orderBy(asc(languages.seq), asc(languages.id));
  const templates = await db.select({ lid: codeTemplate.lid, code: codeTemplate.code, status: codeTemplate.status }).from(codeTemplate).where(eq(codeTemplate.pid, pid));
  return { langs, templates };
}

/** Whether problem `pid` has at least one test case. */
export async function hasCases(db: DbOrTx, pid: number): Promise<boolean> {
  return (await db.select({ id: problemCase.id }).from(problemCase).where(eq(problemCase.pid, pid)).limit(1)).length > 0;
}

export async function casesOf(db: DbOrTx, pid: number) {
  return db.select().from(problemCase).where(eq(problemCase.pid, pid)).orderBy(asc(problemCase.seq), asc(problemCase.id));
}

/** The distinct group numbers of problem `pid`'s cases (no group: 0). */
export async function caseGroupsOf(db: DbOrTx, pid: number): Promise<number[]> {
  const rows = await db.selectDistinct({ groupNum: problemCase.groupNum }).from(problemCase).where(eq(problemCase.pid, pid));
  return rows.map((r) => r.groupNum ?? 0);
}

/** Titles of the contests that use problem `pid`. */
export async function contestsUsing(db: DbOrTx, pid: number): Promise<string[]> {
  const rows = await db.select({ id: contest.id, title: contest.title }).from(contestProblem).innerJoin(contest, eq(contest.id, contestProblem.cid)).where(eq(contestProblem.pid, pid));
  return rows.map((r) => `${r.id} ${r.title}`);
}

/** Deletes problem `pid` with its submissions (their cases and outbox rows go with them) and online tests. */
export async function deleteProblemRows(tx: Tx, pid: number): Promise<{ deleted: boolean; submissions: number }> {
  const [p] = await tx.select({ id: problems.id }).from(problems).where(eq(problems.id, pid)).for('update');
  if (!p) return { deleted: false, submissions: 0 };
  const gone = await tx.delete(judge).where(eq(judge.pid, pid)).returning({ id: judge.submitId });
  await tx.delete(testJudge).where(eq(testJudge.pid, pid));
  await tx.delete(problems).where(eq(problems.id, pid));
  problemsChanged();
  return { deleted: true, submissions: gone.length };
}

export async function setProblemAuth(db: DbOrTx, pid: number, auth: number, by: string): Promise<boolean> {
  const rows = await db.update(problems).set({ auth, modifiedUser: by, gmtModified: new Date() }).where(eq(problems.id, pid)).returning({ id: problems.id });
  problemsChanged();
  return rows.length > 0;
}

const WAITING = [JudgeStatus.PENDING] as const;
const JUDGING = [JudgeStatus.COMPILING, JudgeStatus.JUDGING] as const;

/** Every problem with submissions not yet judged: how many wait and how many are being judged. */
export async function problemQueues(db: DbOrTx): Promise<{ pid: number; waiting: number; judging: number }[]> {
  const rows = await db
    .select({
      pid: judge.pid,
      waiting: sql<number>`count(*) filter (where ${inArray(judge.status, [...WAITING])})`.mapWith(Number),
      judging: sql<number>`count(*) filter (where ${inArray(judge.status, [...JUDGING])})`.mapWith(Number),
    })
    .from(judge)
    .where(inArray(judge.status, [...WAITING, ...JUDGING]))
    .groupBy(judge.pid)
    .orderBy(asc(judge.pid));
  return rows;
}
