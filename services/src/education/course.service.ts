// The course manager (`/admin/course`): the card list, the form, delete, allocating classes (each allocation gets
// its own invite code) and regenerating a class's code. A teacher sees and changes only their own courses and may
// allocate only their own classes; a super admin all.
import { randomBytes } from 'node:crypto';
import {
  EDU_LIMITS,
  OjError,
  type CourseBody,
  type CourseClassesBody,
  type CourseClassQuery,
  type CourseVO,
  type EduPageQuery,
  type PageOf,
  type RegenerateInviteBody,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { pageOf } from '../db/paging';
import { findClasses } from './class.repo';
import * as repo from './course.repo';
import { creatorFilter, managed, owns, paging, requirePermissions, requireTeacher } from './edu-access';

export interface CourseService {
  adminListCourses(q: EduPageQuery, v: Viewer): Promise<PageOf<CourseVO>>;
  adminGetCourse(id: number, v: Viewer): Promise<CourseVO>;
  saveCourse(body: CourseBody, v: Viewer): Promise<{ id: number }>;
  deleteCourse(id: number, v: Viewer): Promise<void>;
  setCourseClasses(body: CourseClassesBody, v: Viewer): Promise<CourseVO>;
  removeCourseClass(q: CourseClassQuery, v: Viewer): Promise<void>;
  regenerateInvite(body: RegenerateInviteBody, v: Viewer): Promise<CourseVO>;
}

/** An invite code: 10 characters of an alphabet without look-alikes (0/O, 1/l/I). */
export function newInviteCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
}

const inviteExpiry = (days: number = EDU_LIMITS.inviteDaysDefault) => new Date(Date.now() + days * 86_400_000);

/** Only an image our upload stored (`/api/public/img/<name>.jpg|png`; the upload decides the type from the bytes). */
const COVER = /^\/api\/public\/img\/[0-9a-f]{24}\.(jpg|jpeg|png)$/;

export async function courseVOs(db: ServiceContext['db'], rows: repo.CourseListed[]): Promise<CourseVO[]> {
  const allocs = await repo.allocationsOf(
    db,
    rows.map((r) => r.c.id),
  );
  return rows.map(({ c, creator, studentCount }) => {
    const mine = allocs.filter((a) => a.courseId === c.id);
    return {
      id: c.id,
      title: c.title,
      description: c.description,
      coverImage: c.coverImage,
      studentCount,
      creator,
      classesId: mine.map((a) => a.classId),
      allocatedClasses: mine.map(({ courseId: _c, inviteExpireAt, ...a }) => ({ ...a, inviteCodeExpireTime: inviteExpireAt.toISOString() })),
      gmtCreate: c.gmtCreate.toISOString(),
    };
  });
}

export function createCourseService(ctx: ServiceContext): CourseService {
  const { db } = ctx;
  const course = async (id: number, v: Viewer) => managed(v, await repo.findCourse(db, id), 'EDU_COURSE_NOT_FOUND');
  const vo = async (id: number) => (await courseVOs(db, [(await repo.findCourseListed(db, id))!]))[0]!;

  return {
    async adminListCourses(q, v) {
      requireTeacher(v);
      const p = paging(q, EDU_LIMITS.coursePageSize);
      const { rows, total } = await repo.listCourses(db, { creator: creatorFilter(v), keyword: q.keyword?.trim(), offset: p.offset, limit: p.size });
      return pageOf(await courseVOs(db, rows), total, p.current, p.size);
    },
    async adminGetCourse(id, v) {
      requireTeacher(v);
      await course(id, v);
      return vo(id);
    },
    async saveCourse(body, v) {
      const title = body.title.trim();
      if (!title) throw new OjError('VALIDATION_FAILED', { detail: 'title' });
      const coverImage = body.coverImage?.trim() || null;
      if (coverImage !== null && !COVER.test(coverImage)) throw new OjError('EDU_COVER_INVALID');
      const values = { title, description: body.description.trim(), coverImage };
      if (body.id === undefined) {
        requirePermissions(v, 'lesson_add');
        return { id: await repo.insertCourse(db, { ...values, creator: v.uid }) };
      }
      requirePermissions(v, 'lesson_update');
      await course(body.id, v);
      await repo.updateCourse(db, body.id, values);
      return { id: body.id };
    },
    async deleteCourse(id, v) {
      requirePermissions(v, 'lesson_delete');
      await course(id, v);
      await repo.deleteCourse(db, id);
    },
    async setCourseClasses(body, v) {
      requirePermissions(v, 'lesson_allocate');
      await course(body.courseId, v);
      const ids = [...new Set(body.classesIds)];
      const found = await findClasses(db, ids);
      if (found.length !== ids.length) throw new OjError('EDU_CLASS_NOT_FOUND');
      if (!found.every((c) => owns(v, c))) throw new OjError('AUTH_FORBIDDEN');
      await db.transaction((tx) => repo.setAllocations(tx, body.courseId, ids, newInviteCode, inviteExpiry()));
      return vo(body.courseId);
    },
    async removeCourseClass(q, v) {
      requirePermissions(v, 'lesson_allocate');
      await course(q.courseId, v);
      if (!(await repo.removeAllocation(db, q.courseId, q.classId))) throw new OjError('EDU_CLASS_NOT_ALLOCATED');
    },
    async regenerateInvite(body, v) {
      requirePermissions(v, 'lesson_update');
      await course(body.courseId, v);
      if (!(await repo.findAllocation(db, body.courseId, body.classId))) throw new OjError('EDU_CLASS_NOT_ALLOCATED');
      await repo.setInvite(db, body.courseId, body.classId, newInviteCode(), inviteExpiry(body.days));
      return vo(body.courseId);
    },
  };
}
