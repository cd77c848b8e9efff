// The SQL of a course's chapters and their resources (in rank order), and which of its problems a user solved.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { JudgeStatus } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { courseChapter, courseResource, judge, problems } from '../db/schema';
import { notSealedExam } from '../submission/practice-scope';

export type ChapterRow = typeof courseChapter.$inferSelect;
export type ResourceRow = typeof courseResource.$inferSelect;

export async function chaptersOf(db: DbOrTx, courseId: number): Promise<ChapterRow[]> {
  return db.select().from(courseChapter).where(eq(courseChapter.courseId, courseId)).orderBy(asc(courseChapter.rank), asc(courseChapter.id));
}

export async function resourcesOf(db: DbOrTx, chapterIds: number[]) {
  if (chapterIds.length === 0) return [];
  return db
    .select({ r: courseResource, problemId: problems.problemId })
    .from(courseResource)
    .leftJoin(problems, eq(problems.id, courseResource.pid))
    .where(inArray(courseResource.chapterId, chapterIds))
    .orderBy(asc(courseResource.rank), asc(courseResource.id));
}

export async function findChapter(db: DbOrTx, id: number): Promise<ChapterRow | undefined> {
  const [c] = await db.select().from(courseChapter).where(eq(courseChapter.id, id));
  return c;
}

export async function insertChapter(db: DbOrTx, v: { courseId: number; title: string; rank: number }): Promise<number> {
  const [row] = await db.insert(courseChapter).values(v).returning({ id: courseChapter.id });
  return row!.id;
}

export async function updateChapter(db: DbOrTx, id: number, v: { title: string; rank?: number }): Promise<void> {
  await db.update(courseChapter).set({ ...v, gmtModified: new Date() }).where(eq(courseChapter.id, id));
}

export async function deleteChapter(db: DbOrTx, id: number): Promise<void> {
  await db.delete(courseChapter).where(eq(courseChapter.id, id));
}

export async function findResource(db: DbOrTx, id: number): Promise<ResourceRow | undefined> {
  const [r] = await db.select().from(courseResource).where(eq(courseResource.id, id));
  return r;
}

type ResourceValues = Pick<ResourceRow, 'kind' | 'title' | 'content' | 'link' | 'pid'> & { rank?: number };

export async function insertResource(db: DbOrTx, chapterId: number, v: ResourceValues & { rank: number }): Promise<number> {
  const [row] = await db
    .insert(courseResource)
    .values({ chapterId, ...v })
    .returning({ id: courseResource.id });
  return row!.id;
}

export async function updateResource(db: DbOrTx, id: number, v: ResourceValues & { chapterId: number }): Promise<void> {
  await db.update(courseResource).set({ ...v, gmtModified: new Date() }).where(eq(courseResource.id, id));
}

export async function deleteResource(db: DbOrTx, id: number): Promise<void> {
  await db.delete(courseResource).where(eq(courseResource.id, id));
}

/** The next rank at the end of a course's chapters or of a chapter's resources. */
export async function nextChapterRank(db: DbOrTx, courseId: number): Promise<number> {
  const rows = await chaptersOf(db, courseId);
  return rows.reduce((m, c) => Math.max(m, c.rank + 1), 0);
}

export async function nextResourceRank(db: DbOrTx, chapterId: number): Promise<number> {
  const rows = await db.select({ rank: courseResource.rank }).from(courseResource).where(eq(courseResource.chapterId, chapterId));
  return rows.reduce((m, r) => Math.max(m, r.rank + 1), 0);
}

export async function problemByDisplayId(db: DbOrTx, problemId: string): Promise<{ id: number } | undefined> {
  const [p] = await db.select({ id: problems.id }).from(problems).where(eq(problems.problemId, problemId));
  return p;
}

/** Which of these problems `uid` has an accepted submission of (an unreleased exam's does not count). */
export async function solvedOf(db: DbOrTx, uid: string, pids: number[]): Promise<Set<number>> {
  if (pids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ pid: judge.pid })
    .from(judge)
    .where(and(eq(judge.uid, uid), inArray(judge.pid, pids), eq(judge.status, JudgeStatus.ACCEPTED), notSealedExam(judge.submitId)));
  return new Set(rows.map((r) => r.pid));
}
