// A course's chapters and their resources (markdown, a file link, a problem of the bank), in rank order: edited by
// the course's teacher (or a super admin), read by them and by the students of its classes (course-learn.service.ts).
import { OjError, type ChapterBody, type ChapterVO, type ResourceBody } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { DbOrTx } from '../db/client';
import * as repo from './chapter.repo';
import { findCourse } from './course.repo';
import { managed, requirePermissions, requireTeacher } from './edu-access';

export interface ChapterService {
  adminChapters(courseId: number, v: Viewer): Promise<ChapterVO[]>;
  saveChapter(body: ChapterBody, v: Viewer): Promise<{ id: number }>;
  deleteChapter(id: number, v: Viewer): Promise<void>;
  saveResource(body: ResourceBody, v: Viewer): Promise<{ id: number }>;
  deleteResource(id: number, v: Viewer): Promise<void>;
}

/** The chapters of a course with their resources; `solved` filled from `solvedPids` when given. */
export async function chapterVOs(db: DbOrTx, courseId: number, solvedPids: Set<number> | null): Promise<ChapterVO[]> {
  const chapters = await repo.chaptersOf(db, courseId);
  const resources = await repo.resourcesOf(
    db,
    chapters.map((c) => c.id),
  );
  return chapters.map((c) => ({
    id: c.id,
    courseId: c.courseId,
    title: c.title,
    rank: c.rank,
    resources: resources
      .filter(({ r }) => r.chapterId === c.id)
      .map(({ r, problemId }) => ({
        id: r.id,
        chapterId: r.chapterId,
        kind: r.kind as ChapterVO['resources'][number]['kind'],
        title: r.title,
        content: r.content,
        link: r.link,
        pid: r.pid,
        problemId,
        rank: r.rank,
        solved: r.pid !== null && solvedPids ? solvedPids.has(r.pid) : null,
      })),
  }));
}

/** A file link must be one our upload stored; a problem resource names a problem of the bank. */
async function resourceValues(db: DbOrTx, body: ResourceBody) {
  const base = { kind: body.kind, title: body.title.trim(), content: '', link: null as string | null, pid: null as number | null };
  switch (body.kind) {
    case 'markdown':
      if (!body.content?.trim()) throw new OjError('EDU_RESOURCE_FIELD', { kind: body.kind, field: 'content' });
      return { ...base, content: body.content };
    case 'file': {
      const link = body.link?.trim() ?? '';
      if (!/^\/api\/public\/(file|img)\/[0-9a-f]{24}\.[a-z0-9]{1,10}$/.test(link)) throw new OjError('EDU_RESOURCE_FIELD', { kind: body.kind, field: 'link' });
      return { ...base, link, content: body.content ?? '' };
    }
    case 'problem': {
      const p = body.problemId?.trim() ? await repo.problemByDisplayId(db, body.problemId.trim()) : undefined;
      if (!p) throw new OjError('PROBLEM_NOT_FOUND');
      return { ...base, pid: p.id, content: body.content ?? '' };
    }
  }
}

export function createChapterService(ctx: ServiceContext): ChapterService {
  const { db } = ctx;
  const course = async (id: number, v: Viewer) => managed(v, await findCourse(db, id), 'EDU_COURSE_NOT_FOUND');
  const chapter = async (id: number, v: Viewer) => {
    const c = await repo.findChapter(db, id);
    if (!c) throw new OjError('EDU_CHAPTER_NOT_FOUND');
    await course(c.courseId, v);
    return c;
  };

  return {
    async adminChapters(courseId, v) {
      requireTeacher(v);
      await course(courseId, v);
      return chapterVOs(db, courseId, null);
    },
    async saveChapter(body, v) {
      const title = body.title.trim();
      if (!title) throw new OjError('VALIDATION_FAILED', { detail: 'title' });
      await course(body.courseId, v);
      if (body.id === undefined) {
        requirePermissions(v, 'lesson_add');
        return { id: await repo.insertChapter(db, { courseId: body.courseId, title, rank: body.rank ?? (await repo.nextChapterRank(db, body.courseId)) }) };
      }
      requirePermissions(v, 'lesson_update');
      const c = await chapter(body.id, v);
      if (c.courseId !== body.courseId) throw new OjError('EDU_CHAPTER_NOT_FOUND');
      await repo.updateChapter(db, body.id, { title, ...(body.rank !== undefined && { rank: body.rank }) });
      return { id: body.id };
    },
    async deleteChapter(id, v) {
      requirePermissions(v, 'lesson_delete');
      await chapter(id, v);
      await repo.deleteChapter(db, id);
    },
    async saveResource(body, v) {
      const target = await chapter(body.chapterId, v);
      const values = await resourceValues(db, body);
      if (!values.title) throw new OjError('VALIDATION_FAILED', { detail: 'title' });
      if (body.id === undefined) {
        requirePermissions(v, 'lesson_add');
        return { id: await repo.insertResource(db, body.chapterId, { ...values, rank: body.rank ?? (await repo.nextResourceRank(db, body.chapterId)) }) };
      }
      requirePermissions(v, 'lesson_update');
      const r = await repo.findResource(db, body.id);
      if (!r) throw new OjError('EDU_RESOURCE_NOT_FOUND');
      // A resource may move to another chapter of its course, never into another course (even one the caller manages).
      if ((await chapter(r.chapterId, v)).courseId !== target.courseId) throw new OjError('EDU_CHAPTER_NOT_FOUND');
      await repo.updateResource(db, body.id, { ...values, chapterId: body.chapterId, ...(body.rank !== undefined && { rank: body.rank }) });
      return { id: body.id };
    },
    async deleteResource(id, v) {
      requirePermissions(v, 'lesson_delete');
      const r = await repo.findResource(db, id);
      if (!r) throw new OjError('EDU_RESOURCE_NOT_FOUND');
      await chapter(r.chapterId, v);
      await repo.deleteResource(db, id);
    },
  };
}
