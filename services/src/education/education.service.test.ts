import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { JudgeStatus, topics, type PushMessage } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { addProblem, addSubmission, addUser, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createEducation, type Education } from './index';

describe('education: grades, classes, courses, invites', () => {
  let t: TestDb;
  let edu: Education;
  let root: Viewer;
  let teacher: Viewer;
  let otherTeacher: Viewer;
  let student: Viewer;
  let outsider: Viewer;
  const pushed: PushMessage[] = [];

  beforeAll(async () => {
    t = await startTestDb();
    const ctx = serviceContext(t.db);
    await ctx.transport.subscribePush((m) => pushed.push(m));
    edu = createEducation(ctx);
    root = await addUser(t.db, ['root']);
    teacher = await addUser(t.db, ['admin']);
    otherTeacher = await addUser(t.db, ['admin']);
    student = await addUser(t.db);
    outsider = await addUser(t.db);
  });
  afterAll(() => t.stop());

  it('keeps each teacher to their own grades and classes; the super admin sees all', async () => {
    const { id: gradeId } = await edu.saveGrade({ name: ' 2026 ' }, teacher);
    const { id: classId } = await edu.saveClass({ name: 'CS-1', gradeId }, teacher);
    expect((await edu.listGrades({}, teacher)).records).toEqual([{ id: gradeId, name: '2026', classCount: 1, creator: teacher.username }]);
    expect((await edu.listGrades({}, otherTeacher)).total).toBe(0);
    expect((await edu.listClasses({}, root)).records.map((c) => c.id)).toContain(classId);
    expect(await refusal(edu.saveClass({ name: 'X', gradeId }, otherTeacher))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(edu.getClass(classId, otherTeacher))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(edu.listGrades({}, student))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(edu.deleteGrade(gradeId, teacher))).toBe('EDU_GRADE_IN_USE');
    expect(await refusal(edu.getClass(999_999, teacher))).toBe('EDU_CLASS_NOT_FOUND');
  });

  it('adds students by username all or nothing, pushes each change on class:<id>, and searches the list', async () => {
    const { id: gradeId } = await edu.saveGrade({ name: 'G' }, teacher);
    const { id: classId } = await edu.saveClass({ name: 'A', gradeId }, teacher);
    expect(await refusal(edu.addStudents({ classesId: classId, usernames: [student.username, 'nobody-here'] }, teacher))).toBe('EDU_USERS_UNKNOWN');
    expect((await edu.listStudents({ classesId: classId }, teacher)).total).toBe(0);
    pushed.length = 0;
    expect(await edu.addStudents({ classesId: classId, usernames: [student.username, ` ${student.username}`, outsider.username] }, teacher)).toEqual({ added: 2, already: 0 });
    expect(await edu.addStudents({ classesId: classId, usernames: [student.username] }, teacher)).toEqual({ added: 0, already: 1 });
    const page = await edu.listStudents({ classesId: classId, keyword: student.username }, teacher);
    expect(page.records.map((s) => [s.username, s.gender])).toEqual([[student.username, 'unknown']]);
    await edu.removeStudent({ classesId: classId, userId: outsider.uid }, teacher);
    expect(await refusal(edu.removeStudent({ classesId: classId, userId: outsider.uid }, teacher))).toBe('EDU_STUDENT_NOT_IN_CLASS');
    const events = pushed.filter((m) => m.topic === topics.classStudents(classId)).map((m) => m.data);
    expect(events).toEqual([
      { classId, change: 'added', studentCount: 2 },
      { classId, change: 'removed', studentCount: 1 },
    ]);
    expect(await edu.canWatchClass(classId, teacher)).toBe(true);
    expect(await edu.canWatchClass(classId, root)).toBe(true);
    expect(await edu.canWatchClass(classId, otherTeacher)).toBe(false);
    expect(await edu.canWatchClass(classId, student)).toBe(false);
  });

  it('allocates only own classes, gives each an invite code, and lets a student join by it until it expires', async () => {
    const { id: gradeId } = await edu.saveGrade({ name: 'G2' }, teacher);
    const { id: classId } = await edu.saveClass({ name: 'B', gradeId }, teacher);
    const { id: foreignGrade } = await edu.saveGrade({ name: 'Other' }, otherTeacher);
    const { id: foreignClass } = await edu.saveClass({ name: 'Other-1', gradeId: foreignGrade }, otherTeacher);
    expect(await refusal(edu.saveCourse({ title: 'Algorithms', description: '', coverImage: 'https://evil.example/x.png' }, teacher))).toBe('EDU_COVER_INVALID');
    const { id: courseId } = await edu.saveCourse({ title: 'Algorithms', description: 'Sorting and graphs', coverImage: null }, teacher);
    expect(await refusal(edu.setCourseClasses({ courseId, classesIds: [classId, foreignClass] }, teacher))).toBe('AUTH_FORBIDDEN');
    const vo = await edu.setCourseClasses({ courseId, classesIds: [classId] }, teacher);
    const invite = vo.allocatedClasses[0]!;
    expect(vo.classesId).toEqual([classId]);
    expect(invite.inviteCode).toMatch(/^[A-Za-z2-9]{10}$/);
    expect(await refusal(edu.adminGetCourse(courseId, otherTeacher))).toBe('AUTH_FORBIDDEN');
    expect((await edu.adminListCourses({}, otherTeacher)).total).toBe(0);

    expect(await refusal(edu.courseDetail(courseId, student))).toBe('EDU_NOT_IN_COURSE');
    expect(await refusal(edu.courseInvite({ courseId: courseId + 1, inviteCode: invite.inviteCode }, student))).toBe('EDU_INVITE_INVALID');
    const info = await edu.courseInvite({ courseId, inviteCode: invite.inviteCode }, student);
    expect(info).toMatchObject({ id: courseId, classesId: classId, title: 'Algorithms', creator: teacher.username, joined: false });
    expect(await edu.joinCourse({ classesId: classId, inviteCode: invite.inviteCode }, student)).toEqual({ courseId, classesId: classId });
    expect((await edu.courseInvite({ courseId, inviteCode: invite.inviteCode }, student)).joined).toBe(true);
    expect((await edu.myCourses({}, student)).records.map((c) => c.id)).toEqual([courseId]);
    expect((await edu.myCourses({}, outsider)).total).toBe(0);

    // Regenerating replaces the code; an expired code joins nobody.
    const again = (await edu.regenerateInvite({ courseId, classId, days: 1 }, teacher)).allocatedClasses[0]!;
    expect(again.inviteCode).not.toBe(invite.inviteCode);
    expect(await refusal(edu.joinCourse({ classesId: classId, inviteCode: invite.inviteCode }, outsider))).toBe('EDU_INVITE_INVALID');
    await t.db.execute(sql`update edu_course_class set invite_expire_at = now() - interval '1 minute' where course_id = ${courseId}`);
    expect(await refusal(edu.joinCourse({ classesId: classId, inviteCode: again.inviteCode }, outsider))).toBe('EDU_INVITE_EXPIRED');
  });

  it("orders chapters and resources and shows the student's own progress over the course's problems", async () => {
    const { id: gradeId } = await edu.saveGrade({ name: 'G3' }, teacher);
    const { id: classId } = await edu.saveClass({ name: 'C', gradeId }, teacher);
    const { id: courseId } = await edu.saveCourse({ title: 'Intro', description: '' }, teacher);
    await edu.setCourseClasses({ courseId, classesIds: [classId] }, teacher);
    await edu.addStudents({ classesId: classId, usernames: [student.username] }, teacher);
    const p1 = await addProblem(t.db);
    const p2 = await addProblem(t.db);
    const { id: ch2 } = await edu.saveChapter({ courseId, title: 'Loops', rank: 2 }, teacher);
    const { id: ch1 } = await edu.saveChapter({ courseId, title: 'Basics', rank: 1 }, teacher);
    await edu.saveResource({ chapterId: ch1, kind: 'markdown', title: 'Read me', content: '# Hello' }, teacher);
    await edu.saveResource({ chapterId: ch1, kind: 'problem', title: 'A+B', problemId: p1.problemId }, teacher);
    await edu.saveResource({ chapterId: ch2, kind: 'problem', title: 'Sum', problemId: p2.problemId }, teacher);
    expect(await refusal(edu.saveResource({ chapterId: ch2, kind: 'problem', title: 'X', problemId: 'NOPE' }, teacher))).toBe('PROBLEM_NOT_FOUND');
    expect(await refusal(edu.saveResource({ chapterId: ch2, kind: 'markdown', title: 'X' }, teacher))).toBe('EDU_RESOURCE_FIELD');
    expect(await refusal(edu.saveChapter({ courseId, title: 'Mine now' }, otherTeacher))).toBe('AUTH_FORBIDDEN');
    await addSubmission(t.db, student.uid, p1.id, { status: JudgeStatus.ACCEPTED });
    await addSubmission(t.db, student.uid, p2.id, { status: JudgeStatus.WRONG_ANSWER });

    const d = await edu.courseDetail(courseId, student);
    expect(d.chapters.map((c) => [c.title, c.resources.map((r) => [r.kind, r.title, r.solved])])).toEqual([
      ['Basics', [['markdown', 'Read me', null], ['problem', 'A+B', true]]],
      ['Loops', [['problem', 'Sum', false]]],
    ]);
    expect(d.progress).toEqual({ solved: 1, total: 2 });
    expect((await edu.courseDetail(courseId, teacher)).progress.total).toBe(2);
    expect(await refusal(edu.courseDetail(courseId, otherTeacher))).toBe('EDU_NOT_IN_COURSE');
    await edu.deleteCourse(courseId, teacher);
    expect(await refusal(edu.courseDetail(courseId, student))).toBe('EDU_COURSE_NOT_FOUND');
  });

  it('edits chapters and resources in place and reorders them by rank, within their own course only', async () => {
    const { id: courseId } = await edu.saveCourse({ title: 'Edits', description: '' }, teacher);
    const { id: otherCourse } = await edu.saveCourse({ title: 'Elsewhere', description: '' }, teacher);
    const { id: ch1 } = await edu.saveChapter({ courseId, title: 'One' }, teacher);
    const { id: ch2 } = await edu.saveChapter({ courseId, title: 'Two' }, teacher);
    const { id: foreignChapter } = await edu.saveChapter({ courseId: otherCourse, title: 'Foreign' }, teacher);
    const { id: r1 } = await edu.saveResource({ chapterId: ch1, kind: 'markdown', title: 'First', content: 'a' }, teacher);
    const { id: r2 } = await edu.saveResource({ chapterId: ch1, kind: 'markdown', title: 'Second', content: 'b' }, teacher);
    const order = async () => (await edu.adminChapters(courseId, teacher)).map((c) => [c.title, c.resources.map((r) => [r.title, r.content])]);

    // Rename, swap the chapters' ranks, edit a resource and swap the two resources' ranks.
    await edu.saveChapter({ id: ch2, courseId, title: 'Two (renamed)', rank: 0 }, teacher);
    await edu.saveChapter({ id: ch1, courseId, title: 'One', rank: 1 }, teacher);
    await edu.saveResource({ id: r1, chapterId: ch1, kind: 'markdown', title: 'First, edited', content: 'a2', rank: 1 }, teacher);
    await edu.saveResource({ id: r2, chapterId: ch1, kind: 'markdown', title: 'Second', content: 'b', rank: 0 }, teacher);
    const edited = [
      ['Two (renamed)', []],
      ['One', [['Second', 'b'], ['First, edited', 'a2']]],
    ];
    expect(await order()).toEqual(edited);

    // Neither a chapter nor a resource leaves its course, even for a course the same teacher manages.
    expect(await refusal(edu.saveChapter({ id: ch1, courseId: otherCourse, title: 'Stolen', rank: 0 }, teacher))).toBe('EDU_CHAPTER_NOT_FOUND');
    expect(await refusal(edu.saveResource({ id: r1, chapterId: foreignChapter, kind: 'markdown', title: 'Moved', content: 'x' }, teacher))).toBe('EDU_CHAPTER_NOT_FOUND');
    expect(await refusal(edu.saveChapter({ id: ch1, courseId, title: 'Mine now', rank: 0 }, otherTeacher))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(edu.saveResource({ id: r1, chapterId: ch1, kind: 'markdown', title: 'Mine now', content: 'x' }, otherTeacher))).toBe('AUTH_FORBIDDEN');
    expect(await order()).toEqual(edited);
    expect((await edu.adminChapters(otherCourse, teacher))[0]!.resources).toEqual([]);

    // Within the course a resource may change chapters.
    await edu.saveResource({ id: r1, chapterId: ch2, kind: 'markdown', title: 'First, edited', content: 'a2' }, teacher);
    expect((await order())[0]).toEqual(['Two (renamed)', [['First, edited', 'a2']]]);
  });
});
