// The students' side: their courses (`/course`), a course's page with chapters and their own progress, the invite
// page's information and joining a class by its invite code. A student reaches a course only through a class it
// is allocated to; its teacher and a super admin also read its page.
import {
  EDU_LIMITS,
  OjError,
  type CourseDetailVO,
  type CourseInviteQuery,
  type CourseInviteVO,
  type CourseVO,
  type EduPageQuery,
  type JoinCourseBody,
  type PageOf,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { pageOf } from '../db/paging';
import { publishAll } from '../push/push.service';
import { chapterVOs } from './chapter.service';
import { solvedOf } from './chapter.repo';
import { addStudents, findClass, isStudentOf } from './class.repo';
import { classStudentsChanged } from './class.service';
import * as repo from './course.repo';
import { courseVOs } from './course.service';
import { owns, paging } from './edu-access';
import { courseTasks } from './task-learn.service';

export interface CourseLearnService {
  myCourses(q: EduPageQuery, v: Viewer): Promise<PageOf<CourseVO>>;
  courseDetail(id: number, v: Viewer): Promise<CourseDetailVO>;
  courseInvite(q: CourseInviteQuery, v: Viewer): Promise<CourseInviteVO>;
  joinCourse(body: JoinCourseBody, v: Viewer): Promise<{ courseId: number; classesId: number }>;
}

export function createCourseLearnService(ctx: ServiceContext): CourseLearnService {
  const { db, transport, logger } = ctx;

  return {
    async myCourses(q, v) {
      const p = paging(q, EDU_LIMITS.coursePageSize);
      const { rows, total } = await repo.listCourses(db, { creator: null, studentUid: v.uid, keyword: q.keyword?.trim(), offset: p.offset, limit: p.size });
      // A student is not shown the other classes' invite codes.
      const vos = (await courseVOs(db, rows)).map((c) => ({ ...c, allocatedClasses: [] }));
      return pageOf(vos, total, p.current, p.size);
    },
    async courseDetail(id, v) {
      const c = await repo.findCourseListed(db, id);
      if (!c) throw new OjError('EDU_COURSE_NOT_FOUND');
      const teacher = owns(v, c.c);
      if (!teacher && !(await repo.isCourseStudent(db, id, v.uid))) throw new OjError('EDU_NOT_IN_COURSE');
      const chapters = await chapterVOs(db, id, null);
      const pids = [...new Set(chapters.flatMap((ch) => ch.resources.flatMap((r) => (r.pid === null ? [] : [r.pid]))))];
      const solved = await solvedOf(db, v.uid, pids);
      const withSolved = chapters.map((ch) => ({ ...ch, resources: ch.resources.map((r) => ({ ...r, solved: r.pid === null ? null : solved.has(r.pid) })) }));
      return {
        id,
        title: c.c.title,
        description: c.c.description,
        coverImage: c.c.coverImage,
        creator: c.creator,
        chapters: withSolved,
        progress: { solved: solved.size, total: pids.length },
        tasks: await courseTasks(db, id, teacher ? null : v.uid),
      };
    },
    async courseInvite(q, v) {
      const a = await repo.findAllocationByCode(db, q.inviteCode);
      const c = a && a.courseId === q.courseId ? await repo.findCourseListed(db, q.courseId) : undefined;
      const k = a && c ? await findClass(db, a.classId) : undefined;
      if (!a || !c || !k) throw new OjError('EDU_INVITE_INVALID');
      return {
        id: c.c.id,
        classesId: a.classId,
        className: k.name,
        inviteCode: a.inviteCode,
        inviteCodeExpireTime: a.inviteExpireAt.toISOString(),
        title: c.c.title,
        description: c.c.description,
        coverImage: c.c.coverImage,
        creator: c.creator,
        joined: await isStudentOf(db, a.classId, v.uid),
      };
    },
    async joinCourse(body, v) {
      const a = await repo.findAllocationByCode(db, body.inviteCode);
      if (!a || a.classId !== body.classesId) throw new OjError('EDU_INVITE_INVALID');
      if (a.inviteExpireAt.getTime() <= Date.now()) throw new OjError('EDU_INVITE_EXPIRED');
      const msg = await db.transaction(async (tx) => ((await addStudents(tx, a.classId, [v.uid])) > 0 ? classStudentsChanged(tx, a.classId, 'joined') : null));
      if (msg) await publishAll(transport, [msg], logger);
      return { courseId: a.courseId, classesId: a.classId };
    },
  };
}
