// Shared steps of the education end-to-end tests: a class of students on a course, a submission's final verdict.
import type { APIRequestContext } from '@playwright/test';
import { expect } from './helpers';
import { api } from './contest-fixtures';

/** A class of `students` allocated to a new course, all over REST as root; the course and class ids. */
export async function courseWithClass(request: APIRequestContext, token: string, suffix: string, students: string[]) {
  await api(request, token, 'POST', '/admin/user/insert-batch-user', { users: students.map((u) => [u, `${u}-pass`, `${u}@example.com`]) });
  const grade = (await api<{ id: number }>(request, token, 'POST', '/admin/grade', { name: `G ${suffix}` })).id;
  const classId = (await api<{ id: number }>(request, token, 'POST', '/admin/classes', { name: `Class ${suffix}`, gradeId: grade })).id;
  await api(request, token, 'POST', '/admin/classes/student', { classesId: classId, usernames: students });
  const courseId = (await api<{ id: number }>(request, token, 'POST', '/admin/course', { title: `Course ${suffix}`, description: '' })).id;
  await api(request, token, 'PUT', '/admin/course/classes', { courseId, classesIds: [classId] });
  return { courseId, classId };
}

/** Pending, compiling, judging, submitting. */
const IN_PROGRESS = [5, 6, 7, 9];

/** Waits for submission `submitId`'s final verdict (not pending, compiling or judging) and answers it. */
export async function finalStatus(request: APIRequestContext, token: string, submitId: number): Promise<number> {
  const status = async () => (await api<{ submission: { status: number } }>(request, token, 'GET', `/get-submission-detail?submitId=${submitId}`)).submission.status;
  await expect.poll(async () => IN_PROGRESS.includes(await status()), { timeout: 90_000 }).toBe(false);
  return status();
}
