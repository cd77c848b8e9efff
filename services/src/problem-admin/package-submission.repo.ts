// The SQL of an imported package's programs (ICPC `submissions/`) and their self-check submissions.
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { judge, packageSubmission } from '../db/schema';

export async function countPackageSubmissions(db: DbOrTx, pid: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(packageSubmission).where(eq(packageSubmission.pid, pid));
  return row?.n ?? 0;
}

export async function insertPackageSubmissions(tx: Tx, pid: number, rows: readonly { path: string; language: string; code: string; expected: string }[]): Promise<void> {
  if (rows.length > 0) await tx.insert(packageSubmission).values(rows.map((r) => ({ pid, ...r })));
}

export async function packageSubmissionsOf(db: DbOrTx, pid: number) {
  return db.select().from(packageSubmission).where(eq(packageSubmission.pid, pid)).orderBy(asc(packageSubmission.id));
}

export async function setPackageSubmissionRun(tx: Tx, id: number, submitId: number): Promise<void> {
  await tx.update(packageSubmission).set({ submitId, gmtModified: new Date() }).where(eq(packageSubmission.id, id));
}

/** Status and time of the given submissions. */
export async function verdictsOf(db: DbOrTx, submitIds: number[]) {
  if (submitIds.length === 0) return new Map<number, { status: number; time: number | null }>();
  const rows = await db.select({ id: judge.submitId, status: judge.status, time: judge.time }).from(judge).where(inArray(judge.submitId, submitIds));
  return new Map(rows.map((r) => [r.id, { status: r.status, time: r.time }]));
}
