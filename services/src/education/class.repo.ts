// The SQL of grades, classes and class students. A `creator` filter of null lists everyone's (the super admin).
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { escapeLike } from '../db/paging';
import { classes, classStudent, grade, users } from '../db/schema';

export type GradeRow = typeof grade.$inferSelect;
export type ClassRow = typeof classes.$inferSelect;

export interface ListArgs {
  creator: string | null;
  keyword?: string;
  offset: number;
  limit: number;
}

const like = (kw: string) => `%${escapeLike(kw)}%`;

export async function listGrades(db: DbOrTx, a: ListArgs) {
  const where = and(a.creator === null ? undefined : eq(grade.creator, a.creator), a.keyword ? ilike(grade.name, like(a.keyword)) : undefined);
  const classCount = sql<number>`(select count(*)::int from ${classes} where ${classes.gradeId} = ${grade.id})`;
  const rows = await db
    .select({ id: grade.id, name: grade.name, creator: users.username, classCount })
    .from(grade)
    .innerJoin(users, eq(users.uuid, grade.creator))
    .where(where)
    .orderBy(desc(grade.id))
    .offset(a.offset)
    .limit(a.limit);
  const [total] = await db.select({ n: count() }).from(grade).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findGrade(db: DbOrTx, id: number): Promise<GradeRow | undefined> {
  const [g] = await db.select().from(grade).where(eq(grade.id, id));
  return g;
}

export async function insertGrade(db: DbOrTx, name: string, creator: string): Promise<number> {
  const [row] = await db.insert(grade).values({ name, creator }).returning({ id: grade.id });
  return row!.id;
}

export async function renameGrade(db: DbOrTx, id: number, name: string): Promise<void> {
  await db.update(grade).set({ name, gmtModified: new Date() }).where(eq(grade.id, id));
}

export async function deleteGrade(db: DbOrTx, id: number): Promise<void> {
  await db.delete(grade).where(eq(grade.id, id));
}

export async function classCountOfGrade(db: DbOrTx, gradeId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(classes).where(eq(classes.gradeId, gradeId));
  return row?.n ?? 0;
}

const studentCount = sql<number>`(select count(*)::int from ${classStudent} where ${classStudent.classId} = ${classes.id})`;

export async function listClasses(db: DbOrTx, a: ListArgs & { gradeId?: number; ids?: number[] }) {
  const where = and(
    a.creator === null ? undefined : eq(classes.creator, a.creator),
    a.gradeId === undefined ? undefined : eq(classes.gradeId, a.gradeId),
    a.ids === undefined ? undefined : inArray(classes.id, a.ids.length ? a.ids : [0]),
    a.keyword ? ilike(classes.name, like(a.keyword)) : undefined,
  );
  const rows = await db
    .select({ id: classes.id, name: classes.name, gradeId: classes.gradeId, gradeName: grade.name, studentCount, creator: users.username })
    .from(classes)
    .innerJoin(grade, eq(grade.id, classes.gradeId))
    .innerJoin(users, eq(users.uuid, classes.creator))
    .where(where)
    .orderBy(asc(grade.name), asc(classes.name), asc(classes.id))
    .offset(a.offset)
    .limit(a.limit);
  const [total] = await db.select({ n: count() }).from(classes).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findClass(db: DbOrTx, id: number): Promise<ClassRow | undefined> {
  const [c] = await db.select().from(classes).where(eq(classes.id, id));
  return c;
}

export async function findClasses(db: DbOrTx, ids: number[]): Promise<ClassRow[]> {
  return ids.length ? db.select().from(classes).where(inArray(classes.id, ids)) : [];
}

export async function insertClass(db: DbOrTx, v: { name: string; gradeId: number; creator: string }): Promise<number> {
  const [row] = await db.insert(classes).values(v).returning({ id: classes.id });
  return row!.id;
}

export async function updateClass(db: DbOrTx, id: number, v: { name: string; gradeId: number }): Promise<void> {
  await db.update(classes).set({ ...v, gmtModified: new Date() }).where(eq(classes.id, id));
}

export async function deleteClass(db: DbOrTx, id: number): Promise<void> {
  await db.delete(classes).where(eq(classes.id, id));
}

export async function listStudents(db: DbOrTx, classId: number, a: { keyword?: string; offset: number; limit: number }) {
  const kw = a.keyword ? like(a.keyword) : null;
  const where: SQL | undefined = and(
    eq(classStudent.classId, classId),
    kw ? or(ilike(users.username, kw), ilike(users.realname, kw), ilike(users.number, kw)) : undefined,
  );
  const rows = await db
    .select({ uid: users.uuid, username: users.username, realname: users.realname, number: users.number, avatar: users.avatar, gender: users.gender, gmtJoin: classStudent.gmtCreate })
    .from(classStudent)
    .innerJoin(users, eq(users.uuid, classStudent.uid))
    .where(where)
    .orderBy(asc(users.username))
    .offset(a.offset)
    .limit(a.limit);
  const [total] = await db.select({ n: count() }).from(classStudent).innerJoin(users, eq(users.uuid, classStudent.uid)).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function studentCountOf(db: DbOrTx, classId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(classStudent).where(eq(classStudent.classId, classId));
  return row?.n ?? 0;
}

/** The uids of these usernames (compared exactly), by username. */
export async function uidsOfUsernames(db: DbOrTx, usernames: string[]): Promise<Map<string, string>> {
  const rows = await db.select({ uid: users.uuid, username: users.username }).from(users).where(inArray(users.username, usernames));
  return new Map(rows.map((r) => [r.username, r.uid]));
}

/** Adds the students; answers how many were new. */
export async function addStudents(db: DbOrTx, classId: number, uids: string[]): Promise<number> {
  if (uids.length === 0) return 0;
  const rows = await db
    .insert(classStudent)
    .values(uids.map((uid) => ({ classId, uid })))
    .onConflictDoNothing()
    .returning({ uid: classStudent.uid });
  return rows.length;
}

export async function removeStudent(db: DbOrTx, classId: number, uid: string): Promise<boolean> {
  const rows = await db
    .delete(classStudent)
    .where(and(eq(classStudent.classId, classId), eq(classStudent.uid, uid)))
    .returning({ uid: classStudent.uid });
  return rows.length > 0;
}

export async function isStudentOf(db: DbOrTx, classId: number, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: classStudent.uid })
    .from(classStudent)
    .where(and(eq(classStudent.classId, classId), eq(classStudent.uid, uid)));
  return row !== undefined;
}
