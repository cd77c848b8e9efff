// The SQL of submissions: the one insert of a new submission (judge row + outbox row), the practice interval lock,
// and the reads behind the list, the detail, the case results, the status checks and the live-watch check.
import { and, asc, count, countDistinct, desc, eq, ilike, inArray, isNull, lt, max, sql, type SQL } from 'drizzle-orm';
import { JudgeStatus, type Lane } from '@oj/proto';
import type { DbOrTx, Tx } from '../db/client';
import { escapeLike } from '../db/paging';
import { contestProblem, judge, judgeCase, languages, outbox, problemCase, problemLanguage, problems } from '../db/schema';
import type { JudgeRow } from '../db/schema';
import { notSealedExam } from './practice-scope';

export interface NewSubmission {
  pid: number;
  displayPid: string;
  uid: string;
  username: string;
  code: string;
  language: string;
  cid: number;
  cpid: number;
  /** Made inside this group (null: not in a group). */
  gid?: number | null;
  ip: string;
  lane: Lane;
}

/** Stores a Pending submission (attempt 1) and its outbox row in `tx`; the relay sends the job after commit. */
export async function insertSubmission(tx: Tx, s: NewSubmission): Promise<JudgeRow> {
  const [inserted] = await tx
    .insert(judge)
    .values({
      pid: s.pid,
      displayPid: s.displayPid,
      uid: s.uid,
      username: s.username,
      status: JudgeStatus.PENDING,
      length: s.code.length,
      code: s.code,
      language: s.language,
      cid: s.cid,
      cpid: s.cpid,
      gid: s.gid ?? null,
      ip: s.ip,
      version: 1,
      lane: s.lane,
    })
    .returning();
  await tx.insert(outbox).values({ submitId: inserted!.submitId, version: 1, lane: s.lane });
  return inserted!;
}

/**
 * Serialises one user's practice submits (a transaction-scoped advisory lock) and answers the time of their last
 * practice submission, so two parallel requests cannot both pass the interval check.
 */
export async function lockAndLastPracticeSubmit(tx: Tx, uid: string): Promise<Date | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`submit:${uid}`}))`);
  const [last] = await tx
    .select({ at: max(judge.submitTime) })
    .from(judge)
    .where(and(eq(judge.uid, uid), eq(judge.cid, 0)));
  return last?.at ?? null;
}

/** Whether problem `pid` accepts `language`. */
export async function problemHasLanguage(db: DbOrTx, pid: number, language: string): Promise<boolean> {
  return (await problemLanguageOj(db, pid, language)) !== null;
}

/** The judge of language `language` of problem `pid` (`ME`: ours; a remote site's key), or null when the problem does not offer it. */
export async function problemLanguageOj(db: DbOrTx, pid: number, language: string): Promise<string | null> {
  const [lang] = await db
    .select({ oj: languages.oj })
    .from(problemLanguage)
    .innerJoin(languages, eq(languages.id, problemLanguage.lid))
    .where(and(eq(problemLanguage.pid, pid), eq(languages.name, language)));
  return lang?.oj ?? null;
}

export async function findContestProblem(db: DbOrTx, cid: number, displayId: string) {
  const [cp] = await db
    .select()
    .from(contestProblem)
    .where(and(eq(contestProblem.cid, cid), eq(contestProblem.displayId, displayId)));
  return cp;
}

/** A submission with the problem fields its visibility depends on. */
export async function findWithProblem(db: DbOrTx, submitId: number) {
  const [hit] = await db
    .select({
      j: judge,
      codeShare: problems.codeShare,
      auth: problems.auth,
      openCaseResult: problems.openCaseResult,
      judgeCaseMode: problems.judgeCaseMode,
      caseVersion: sql<string | null>`case when ${problems.isUploadCase} then ${problems.caseVersion} end`,
    })
    .from(judge)
    .innerJoin(problems, eq(problems.id, judge.pid))
    .where(eq(judge.submitId, submitId));
  return hit;
}

export interface PracticeListFilter {
  gid: number | undefined;
  /** Only this user's submissions (by uid or by exact username). */
  uid?: string;
  username?: string;
  displayPid?: { value: string; exact: boolean };
  status?: number;
  /** Non-admins see public problems' submissions and their own. */
  visibleTo: { admin: true } | { admin: false; uid: string | null };
}

/** Practice submissions matching `f`, newest first: the total and one page (none when `offset` is null). */
export async function listPractice(db: DbOrTx, f: PracticeListFilter, size: number, offset: number | null) {
  const conds: (SQL | undefined)[] = [eq(judge.cid, 0), f.gid !== undefined ? eq(judge.gid, f.gid) : isNull(judge.gid)];
  if (f.uid !== undefined) conds.push(eq(judge.uid, f.uid));
  else if (f.username !== undefined) conds.push(eq(judge.username, f.username));
  if (f.displayPid) conds.push(f.displayPid.exact ? eq(judge.displayPid, f.displayPid.value) : ilike(judge.displayPid, `%${escapeLike(f.displayPid.value)}%`));
  if (f.status !== undefined) conds.push(eq(judge.status, f.status));
  if (!f.visibleTo.admin) conds.push(f.visibleTo.uid !== null ? sql`(${problems.auth} = 1 or ${judge.uid} = ${f.visibleTo.uid})` : eq(problems.auth, 1));
  const where = and(...conds);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(judge)
    .innerJoin(problems, eq(problems.id, judge.pid))
    .where(where);
  const rows =
    offset === null
      ? []
      : await db
          .select({ j: judge, title: problems.title, problemGid: sql<number | null>`case when ${problems.isGroup} then ${problems.gid} end` })
          .from(judge)
          .innerJoin(problems, eq(problems.id, judge.pid))
          .where(where)
          .orderBy(desc(judge.submitId))
          .limit(size)
          .offset(offset);
  return { total, rows };
}

/** The judged cases of a submission in judging order, with the test data they ran on. */
export async function caseRows(db: DbOrTx, submitId: number) {
  return db
    .select({ c: judgeCase, input: problemCase.input, output: problemCase.output })
    .from(judgeCase)
    .leftJoin(problemCase, eq(problemCase.id, judgeCase.caseId))
    .where(eq(judgeCase.submitId, submitId))
    .orderBy(asc(judgeCase.seq), asc(judgeCase.caseId));
}

/** The submissions among `ids` that belong to contest `cid` (0: practice), with their problem's auth. */
export async function statusRows(db: DbOrTx, ids: number[], cid: number) {
  return db
    .select({ j: judge, auth: problems.auth })
    .from(judge)
    .innerJoin(problems, eq(problems.id, judge.pid))
    .where(and(inArray(judge.submitId, ids), eq(judge.cid, cid)));
}

/** What the live-watch check needs of a submission. */
export async function watchFacts(db: DbOrTx, submitId: number) {
  const [row] = await db
    .select({ uid: judge.uid, cid: judge.cid, gid: judge.gid, submitTime: judge.submitTime, auth: problems.auth })
    .from(judge)
    .innerJoin(problems, eq(problems.id, judge.pid))
    .where(eq(judge.submitId, submitId));
  return row;
}

/** Distinct problems `uid` has accepted in practice (a contest's, a group's and an unreleased exam's results stay there, as the original's `user_acproblem`). */
export async function acceptedProblemCount(db: DbOrTx, uid: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(judge.pid) })
    .from(judge)
    .where(and(eq(judge.uid, uid), eq(judge.cid, 0), isNull(judge.gid), eq(judge.status, JudgeStatus.ACCEPTED), notSealedExam(judge.submitId)));
  return Number(row?.n ?? 0);
}

/** Who made submission `submitId`, and in which contest (0: practice). */
export async function submissionOwner(db: DbOrTx, submitId: number) {
  const [row] = await db.select({ uid: judge.uid, cid: judge.cid }).from(judge).where(eq(judge.submitId, submitId));
  return row;
}

export async function setSubmissionShare(db: DbOrTx, submitId: number, share: boolean): Promise<void> {
  await db.update(judge).set({ share }).where(eq(judge.submitId, submitId));
}

/** `uid`'s last Accepted submission of problem `pid` in contest `cid` (0: practice, an unreleased exam's excluded), made before `before` if given. */
export async function lastAcceptedCode(db: DbOrTx, uid: string, pid: number, cid: number, before?: Date) {
  const [row] = await db
    .select({ submitId: judge.submitId, code: judge.code, language: judge.language })
    .from(judge)
    .where(and(eq(judge.uid, uid), eq(judge.pid, pid), eq(judge.cid, cid), eq(judge.status, JudgeStatus.ACCEPTED), notSealedExam(judge.submitId), before ? lt(judge.submitTime, before) : undefined))
    .orderBy(desc(judge.submitId))
    .limit(1);
  return row;
}
