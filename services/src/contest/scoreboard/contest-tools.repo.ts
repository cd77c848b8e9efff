// The SQL of the contest-day tools: the AC helper's rows (balloons, read and kept in sync) and the print queue.
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { CONTEST_LIMITS } from '@oj/proto';
import type { DbOrTx, Tx } from '../../db/client';
import { contestAcInfo, contestPrint, contestProblem, contestRecord, users } from '../../db/schema';

export async function countAcInfo(db: DbOrTx, cid: number): Promise<number> {
  const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(contestAcInfo).where(eq(contestAcInfo.cid, cid));
  return n?.n ?? 0;
}

/** One page of the AC helper: unchecked first, then by submit time; with the user's names and the balloon colour. */
export async function acInfoRows(db: DbOrTx, cid: number, size: number, offset: number) {
  return db
    .select({ a: contestAcInfo, username: users.username, realname: users.realname, color: contestProblem.color })
    .from(contestAcInfo)
    .innerJoin(users, eq(users.uuid, contestAcInfo.uid))
    .leftJoin(contestProblem, and(eq(contestProblem.cid, contestAcInfo.cid), eq(contestProblem.displayId, contestAcInfo.displayId)))
    .where(eq(contestAcInfo.cid, cid))
    .orderBy(asc(contestAcInfo.checked), asc(contestAcInfo.submitTime), asc(contestAcInfo.id))
    .limit(size)
    .offset(offset);
}

/** Sets a balloon's checked mark; false when contest `cid` has no such row. */
export async function setAcInfoChecked(db: DbOrTx, cid: number, id: number, checked: boolean): Promise<boolean> {
  const done = await db
    .update(contestAcInfo)
    .set({ checked, gmtModified: new Date() })
    .where(and(eq(contestAcInfo.id, id), eq(contestAcInfo.cid, cid)))
    .returning({ id: contestAcInfo.id });
  return done.length > 0;
}

/**
 * Serialises one user's print requests (a transaction-scoped advisory lock) and answers the seconds left before
 * they may print again (one print every 30 s, across contests), or null when they may now.
 */
export async function lockAndPrintWait(tx: Tx, uid: string): Promise<number | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contest-print:${uid}`}))`);
  const [last] = await tx
    .select({ wait: sql<number | null>`ceil(${CONTEST_LIMITS.printIntervalS} - extract(epoch from (now() - max(${contestPrint.gmtCreate}))))::int` })
    .from(contestPrint)
    .where(eq(contestPrint.uid, uid));
  return last?.wait ?? null;
}

/** Stores a print request; the row and the user's real name. */
export async function insertPrint(tx: Tx, v: { cid: number; uid: string; content: string }) {
  const [p] = await tx.insert(contestPrint).values(v).returning();
  const [u] = await tx.select({ realname: users.realname }).from(users).where(eq(users.uuid, v.uid));
  return { p: p!, realname: u?.realname ?? null };
}

export async function countPrints(db: DbOrTx, cid: number): Promise<number> {
  const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(contestPrint).where(eq(contestPrint.cid, cid));
  return n?.n ?? 0;
}

/** One page of the print queue: unprinted first, newest first. */
export async function printRows(db: DbOrTx, cid: number, size: number, offset: number) {
  return db
    .select({ p: contestPrint, username: users.username, realname: users.realname })
    .from(contestPrint)
    .innerJoin(users, eq(users.uuid, contestPrint.uid))
    .where(eq(contestPrint.cid, cid))
    .orderBy(asc(contestPrint.status), desc(contestPrint.gmtCreate), desc(contestPrint.id))
    .limit(size)
    .offset(offset);
}

/** Marks a print request printed; false when contest `cid` has no such request. */
export async function markPrinted(db: DbOrTx, cid: number, id: number): Promise<boolean> {
  const done = await db
    .update(contestPrint)
    .set({ status: 1, gmtModified: new Date() })
    .where(and(eq(contestPrint.id, id), eq(contestPrint.cid, cid)))
    .returning({ id: contestPrint.id });
  return done.length > 0;
}

export async function findPrint(db: DbOrTx, id: number) {
  const [p] = await db
    .select({ cid: contestPrint.cid, content: contestPrint.content, username: users.username })
    .from(contestPrint)
    .innerJoin(users, eq(users.uuid, contestPrint.uid))
    .where(eq(contestPrint.id, id));
  return p;
}

export type AcInfoRow = typeof contestAcInfo.$inferSelect;

/** The AC helper's rows of a contest, or of one cell and its problem's first-blood holders. */
export async function acInfoOf(tx: Tx, cid: number, cell?: { uid: string; displayId: string }): Promise<AcInfoRow[]> {
  const where = cell
    ? and(eq(contestAcInfo.cid, cid), eq(contestAcInfo.displayId, cell.displayId), or(eq(contestAcInfo.uid, cell.uid), eq(contestAcInfo.firstBlood, true)))
    : eq(contestAcInfo.cid, cid);
  return tx.select().from(contestAcInfo).where(where);
}

/** Which of `submitIds` are pending again in contest `cid` (their record has no verdict: a rejudge). */
export async function pendingSubmissions(tx: Tx, cid: number, submitIds: number[]): Promise<Set<number>> {
  const pending = new Set<number>();
  for (let i = 0; i < submitIds.length; i += 5000) {
    const rows = await tx
      .select({ submitId: contestRecord.submitId })
      .from(contestRecord)
      .where(and(eq(contestRecord.cid, cid), isNull(contestRecord.status), inArray(contestRecord.submitId, submitIds.slice(i, i + 5000))));
    for (const r of rows) if (r.submitId !== null) pending.add(r.submitId);
  }
  return pending;
}

export async function updateAcInfo(tx: Tx, id: number, v: { submitId: number; time: number; submitTime: Date; firstBlood: boolean }): Promise<AcInfoRow> {
  const [row] = await tx
    .update(contestAcInfo)
    .set({ ...v, gmtModified: new Date() })
    .where(eq(contestAcInfo.id, id))
    .returning();
  return row!;
}

export async function deleteAcInfo(tx: Tx, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 5000) await tx.delete(contestAcInfo).where(inArray(contestAcInfo.id, ids.slice(i, i + 5000)));
}

/** Stores new rows (a row already there for its cell is kept); the rows stored. */
export async function insertAcInfo(tx: Tx, rows: (typeof contestAcInfo.$inferInsert)[]): Promise<AcInfoRow[]> {
  const out: AcInfoRow[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    out.push(
      ...(await tx
        .insert(contestAcInfo)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing({ target: [contestAcInfo.cid, contestAcInfo.uid, contestAcInfo.displayId] })
        .returning()),
    );
  }
  return out;
}
