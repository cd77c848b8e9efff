// Grades, classes and their students (`/admin/grades`, `/admin/classes`): a teacher manages the ones they created, a
// super admin all. Adding students by username is all or nothing; every change of a class's students is pushed on
// `class:<id>` in the same transaction (the student dialog reloads its page; docs/realtime.md).
import {
  EDU_LIMITS,
  genderOf,
  OjError,
  topics,
  type AddClassStudentsBody,
  type AddClassStudentsResult,
  type ClassBody,
  type ClassListQuery,
  type ClassStudentIdQuery,
  type ClassStudentQuery,
  type ClassStudentVO,
  type ClassStudentsEvent,
  type ClassVO,
  type EduPageQuery,
  type GradeBody,
  type GradeVO,
  type PageOf,
  type PushMessage,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { Tx } from '../db/client';
import { pageOf } from '../db/paging';
import { appendPush, publishAll } from '../push/push.service';
import * as repo from './class.repo';
import { creatorFilter, managed, owns, paging, requirePermissions, requireTeacher } from './edu-access';

export interface ClassService {
  listGrades(q: EduPageQuery, v: Viewer): Promise<PageOf<GradeVO>>;
  saveGrade(body: GradeBody, v: Viewer): Promise<{ id: number }>;
  deleteGrade(id: number, v: Viewer): Promise<void>;
  listClasses(q: ClassListQuery, v: Viewer): Promise<PageOf<ClassVO>>;
  getClass(id: number, v: Viewer): Promise<ClassVO>;
  saveClass(body: ClassBody, v: Viewer): Promise<{ id: number }>;
  deleteClass(id: number, v: Viewer): Promise<void>;
  listStudents(q: ClassStudentQuery, v: Viewer): Promise<PageOf<ClassStudentVO>>;
  addStudents(body: AddClassStudentsBody, v: Viewer): Promise<AddClassStudentsResult>;
  removeStudent(q: ClassStudentIdQuery, v: Viewer): Promise<void>;
  /** Who may watch `class:<id>`: the class's teacher and the super admin. */
  canWatchClass(id: number, v: Viewer | null): Promise<boolean>;
}

/** `class.students` on `class:<id>`, written in the change's transaction. */
export async function classStudentsChanged(tx: Tx, classId: number, change: ClassStudentsEvent['change']): Promise<PushMessage> {
  return appendPush(tx, topics.classStudents(classId), 'class.students', { classId, change, studentCount: await repo.studentCountOf(tx, classId) });
}

export function createClassService(ctx: ServiceContext): ClassService {
  const { db, transport, logger } = ctx;
  const publish = (msgs: PushMessage[]) => publishAll(transport, msgs, logger);
  const grade = async (id: number, v: Viewer) => managed(v, await repo.findGrade(db, id), 'EDU_GRADE_NOT_FOUND');
  const klass = async (id: number, v: Viewer) => managed(v, await repo.findClass(db, id), 'EDU_CLASS_NOT_FOUND');

  return {
    async listGrades(q, v) {
      requireTeacher(v);
      const p = paging(q, EDU_LIMITS.basePageSize);
      const { rows, total } = await repo.listGrades(db, { creator: creatorFilter(v), keyword: q.keyword?.trim(), offset: p.offset, limit: p.size });
      return pageOf(rows, total, p.current, p.size);
    },
    async saveGrade(body, v) {
      const name = body.name.trim();
      if (!name) throw new OjError('VALIDATION_FAILED', { detail: 'name' });
      if (body.id === undefined) {
        requirePermissions(v, 'lesson_add');
        return { id: await repo.insertGrade(db, name, v.uid) };
      }
      requirePermissions(v, 'lesson_update');
      await grade(body.id, v);
      await repo.renameGrade(db, body.id, name);
      return { id: body.id };
    },
    async deleteGrade(id, v) {
      requirePermissions(v, 'lesson_delete');
      await grade(id, v);
      const n = await repo.classCountOfGrade(db, id);
      if (n > 0) throw new OjError('EDU_GRADE_IN_USE', { count: n });
      await repo.deleteGrade(db, id);
    },
    async listClasses(q, v) {
      requireTeacher(v);
      const p = paging(q, EDU_LIMITS.basePageSize);
      const { rows, total } = await repo.listClasses(db, { creator: creatorFilter(v), gradeId: q.gradeId, keyword: q.keyword?.trim(), offset: p.offset, limit: p.size });
      return pageOf(rows, total, p.current, p.size);
    },
    async getClass(id, v) {
      requireTeacher(v);
      await klass(id, v);
      const { rows } = await repo.listClasses(db, { creator: null, ids: [id], offset: 0, limit: 1 });
      return rows[0]!;
    },
    async saveClass(body, v) {
      const name = body.name.trim();
      if (!name) throw new OjError('VALIDATION_FAILED', { detail: 'name' });
      await grade(body.gradeId, v);
      if (body.id === undefined) {
        requirePermissions(v, 'lesson_add');
        return { id: await repo.insertClass(db, { name, gradeId: body.gradeId, creator: v.uid }) };
      }
      requirePermissions(v, 'lesson_update');
      await klass(body.id, v);
      await repo.updateClass(db, body.id, { name, gradeId: body.gradeId });
      return { id: body.id };
    },
    async deleteClass(id, v) {
      requirePermissions(v, 'lesson_delete');
      await klass(id, v);
      await repo.deleteClass(db, id);
    },
    async listStudents(q, v) {
      requireTeacher(v);
      await klass(q.classesId, v);
      const p = paging(q, EDU_LIMITS.studentPageSize);
      const { rows, total } = await repo.listStudents(db, q.classesId, { keyword: q.keyword?.trim(), offset: p.offset, limit: p.size });
      const records = rows.map((r) => ({ ...r, gender: genderOf(r.gender), gmtJoin: r.gmtJoin.toISOString() }));
      return pageOf(records, total, p.current, p.size);
    },
    async addStudents(body, v) {
      requirePermissions(v, 'lesson_update');
      await klass(body.classesId, v);
      const names = [...new Set(body.usernames.map((u) => u.trim()).filter(Boolean))];
      if (names.length === 0) throw new OjError('VALIDATION_FAILED', { detail: 'usernames' });
      const uids = await repo.uidsOfUsernames(db, names);
      const unknown = names.filter((n) => !uids.has(n));
      if (unknown.length > 0) throw new OjError('EDU_USERS_UNKNOWN', { count: unknown.length, username: unknown[0]! });
      const { added, msg } = await db.transaction(async (tx) => {
        const added = await repo.addStudents(tx, body.classesId, [...uids.values()]);
        return { added, msg: added > 0 ? await classStudentsChanged(tx, body.classesId, 'added') : null };
      });
      if (msg) await publish([msg]);
      return { added, already: names.length - added };
    },
    async removeStudent(q, v) {
      requirePermissions(v, 'lesson_update');
      await klass(q.classesId, v);
      const msg = await db.transaction(async (tx) => {
        if (!(await repo.removeStudent(tx, q.classesId, q.userId))) throw new OjError('EDU_STUDENT_NOT_IN_CLASS');
        return classStudentsChanged(tx, q.classesId, 'removed');
      });
      await publish([msg]);
    },
    async canWatchClass(id, v) {
      const c = await repo.findClass(db, id);
      return c !== undefined && owns(v, c);
    },
  };
}
