// The SQL of courses and their allocated classes (each with its invite code), and of a student's courses.
import { and, asc, count, countDistinct, desc, eq, exists, ilike, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { escapeLike } from '../db/paging';
import { classes, classStudent, course, courseClass, grade, users } from '../db/schema';

export type CourseRow = typeof course.$inferSelect;
export type CourseClassRow = typeof courseClass.$inferSelect;

const courseStudents = sql<number>`(select count(distinct ${classStudent.uid})::int from ${classStudent} join ${courseClass} on ${courseClass.classId} = ${classStudent.classId} where ${courseClass.courseId} = ${course.id})`;
const listed = { c: course, creator: users.username, studentCount: courseStudents };

/** Courses of `creator` (null: all), or those where `studentUid` is a student of an allocated class. */
export async function listCourses(db: DbOrTx, a: { creator: string | null; studentUid?: string; keyword?: string; offset: number; limit: number }) {
  const member = a.studentUid
    ? exists(
        db
          .select({ one: sql`1` })
          .from(courseClass)
          .innerJoin(classStudent, eq(classStudent.classId, courseClass.classId))
          .where(and(eq(courseClass.courseId, course.id), eq(classStudent.uid, a.studentUid))),
      )
    : undefined;
  const where = and(
    a.creator === null ? undefined : eq(course.creator, a.creator),
    member,
    a.keyword ? ilike(course.title, `%${escapeLike(a.keyword)}%`) : undefined,
  );
  const rows = await db.select(listed).from(course).innerJoin(users, eq(users.uuid, course.creator)).where(where).orderBy(desc(course.id)).offset(a.offset).limit(a.limit);
  const [total] = await db.select({ n: count() }).from(course).where(where);
  return { rows, total: total?.n ?? 0 };
}

export type CourseListed = Awaited<ReturnType<typeof listCourses>>['rows'][number];

export async function findCourse(db: DbOrTx, id: number): Promise<CourseRow | undefined> {
  const [c] = await db.select().from(course).where(eq(course.id, id));
  return c;
}

export async function findCourseListed(db: DbOrTx, id: number): Promise<CourseListed | undefined> {
  const [c] = await db.select(listed).from(course).innerJoin(users, eq(users.uuid, course.creator)).where(eq(course.id, id));
  return c;
}

export async function insertCourse(db: DbOrTx, v: { title: string; description: string; coverImage: string | null; creator: string }): Promise<number> {
  const [row] = await db.insert(course).values(v).returning({ id: course.id });
  return row!.id;
}

export async function updateCourse(db: DbOrTx, id: number, v: { title: string; description: string; coverImage: string | null }): Promise<void> {
  await db.update(course).set({ ...v, gmtModified: new Date() }).where(eq(course.id, id));
}

export async function deleteCourse(db: DbOrTx, id: number): Promise<void> {
  await db.delete(course).where(eq(course.id, id));
}

/** The classes allocated to these courses, with names and student counts. */
export async function allocationsOf(db: DbOrTx, courseIds: number[]) {
  if (courseIds.length === 0) return [];
  const studentCount = sql<number>`(select count(*)::int from ${classStudent} where ${classStudent.classId} = ${classes.id})`;
  return db
    .select({
      courseId: courseClass.courseId,
      classId: classes.id,
      className: classes.name,
      gradeName: grade.name,
      studentCount,
      inviteCode: courseClass.inviteCode,
      inviteExpireAt: courseClass.inviteExpireAt,
    })
    .from(courseClass)
    .innerJoin(classes, eq(classes.id, courseClass.classId))
    .innerJoin(grade, eq(grade.id, classes.gradeId))
    .where(inArray(courseClass.courseId, courseIds))
    .orderBy(asc(grade.name), asc(classes.name));
}

export async function findAllocation(db: DbOrTx, courseId: number, classId: number): Promise<CourseClassRow | undefined> {
  const [r] = await db
    .select()
    .from(courseClass)
    .where(and(eq(courseClass.courseId, courseId), eq(courseClass.classId, classId)));
  return r;
}

export async function findAllocationByCode(db: DbOrTx, inviteCode: string): Promise<CourseClassRow | undefined> {
  const [r] = await db.select().from(courseClass).where(eq(courseClass.inviteCode, inviteCode));
  return r;
}

/** Makes the course's classes exactly `classIds`: new ones get a code from `code()`, missing ones are removed. */
export async function setAllocations(db: DbOrTx, courseId: number, classIds: number[], code: () => string, expireAt: Date): Promise<void> {
  await db.delete(courseClass).where(and(eq(courseClass.courseId, courseId), classIds.length ? notInArray(courseClass.classId, classIds) : undefined));
  if (classIds.length === 0) return;
  await db
    .insert(courseClass)
    .values(classIds.map((classId) => ({ courseId, classId, inviteCode: code(), inviteExpireAt: expireAt })))
    .onConflictDoNothing();
}

export async function removeAllocation(db: DbOrTx, courseId: number, classId: number): Promise<boolean> {
  const rows = await db
    .delete(courseClass)
    .where(and(eq(courseClass.courseId, courseId), eq(courseClass.classId, classId)))
    .returning({ c: courseClass.classId });
  return rows.length > 0;
}

export async function setInvite(db: DbOrTx, courseId: number, classId: number, inviteCode: string, inviteExpireAt: Date): Promise<void> {
  await db
    .update(courseClass)
    .set({ inviteCode, inviteExpireAt })
    .where(and(eq(courseClass.courseId, courseId), eq(courseClass.classId, classId)));
}

/** Whether `uid` is a student of a class allocated to the course. */
export async function isCourseStudent(db: DbOrTx, courseId: number, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ n: countDistinct(classStudent.classId) })
    .from(courseClass)
    .innerJoin(classStudent, eq(classStudent.classId, courseClass.classId))
    .where(and(eq(courseClass.courseId, courseId), eq(classStudent.uid, uid)));
  return (row?.n ?? 0) > 0;
}
