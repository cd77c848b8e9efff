// Homework and exams on the real database and memory bus, with the real submission service and ingester: who may set
// and read them, the submit's checks (class, problem, times), lateness, the teacher's grid and its pushes, and an
// exam's results hidden from its students everywhere until released.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, topics, type PushMessage, type SubmitBody, type TaskBody } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { JudgeIngester } from '../judge/ingester';
import { createJudgeAdminService, type JudgeAdminService } from '../judge/judge-admin.service';
import { OutboxRelay } from '../judge/outbox-relay';
import { RunnerRegistry } from '../judge/runner-registry';
import { createSubmissionService, type SubmissionService } from '../submission/submission.service';
import { readZip } from '../testdata/zip';
import { addProblem, addUser, offerLanguage, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createEducation, type Education } from './index';

const CODE = 'int main() { /* long enough to pass the minimum code length */ return 0; }';
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('homework and exams', () => {
  let t: TestDb;
  let edu: Education;
  let submissions: SubmissionService;
  let ingester: JudgeIngester;
  let judgeAdmin: JudgeAdminService;
  let root: Viewer;
  let teacher: Viewer;
  let otherTeacher: Viewer;
  let students: Viewer[];
  let outsider: Viewer;
  let courseId: number;
  let classId: number;
  let otherClassId: number;
  let p1: { id: number; problemId: string };
  let p2: { id: number; problemId: string };
  const pushed: PushMessage[] = [];

  beforeAll(async () => {
    t = await startTestDb();
    const ctx = serviceContext(t.db, { submitIntervalS: 0 });
    await ctx.transport.subscribePush((m) => pushed.push(m));
    const relay = new OutboxRelay(ctx);
    edu = createEducation(ctx);
    submissions = createSubmissionService(ctx, relay, new RunnerRegistry());
    ingester = new JudgeIngester(ctx, relay);
    judgeAdmin = createJudgeAdminService(ctx, relay, new RunnerRegistry());
    root = await addUser(t.db, ['root']);
    teacher = await addUser(t.db, ['admin']);
    otherTeacher = await addUser(t.db, ['admin']);
    students = [await addUser(t.db), await addUser(t.db), await addUser(t.db)];
    outsider = await addUser(t.db);
    p1 = await addProblem(t.db);
    p2 = await addProblem(t.db, { type: 1 });
    await offerLanguage(t.db, 'C', [p1.id, p2.id]);
    const { id: gradeId } = await edu.saveGrade({ name: 'G' }, teacher);
    classId = (await edu.saveClass({ name: 'A', gradeId }, teacher)).id;
    otherClassId = (await edu.saveClass({ name: 'B', gradeId }, teacher)).id;
    await edu.addStudents({ classesId: classId, usernames: students.map((s) => s.username) }, teacher);
    await edu.addStudents({ classesId: otherClassId, usernames: [outsider.username] }, teacher);
    courseId = (await edu.saveCourse({ title: 'C1', description: '' }, teacher)).id;
    await edu.setCourseClasses({ courseId, classesIds: [classId, otherClassId] }, teacher);
  });
  afterAll(() => t.stop());

  const homework = (endMs: number, cls = classId): TaskBody => ({ courseId, title: 'HW', problemIds: [p1.problemId, p2.problemId], classes: [{ classId: cls, endTime: iso(endMs) }] });
  const exam = (startMs: number, endMs: number): TaskBody => ({ courseId, title: 'Exam', problemIds: [p1.problemId, p2.problemId], classes: [{ classId, startTime: iso(startMs), endTime: iso(endMs) }] });
  const submit = (who: Viewer, problemId: string, task: Partial<SubmitBody>) => submissions.submit({ pid: problemId, language: 'C', code: CODE, ...task }, who, '127.0.0.1');
  const judge = (submitId: number, status: number, score: number | null = null) =>
    ingester.handle({ kind: 'final', submitId, version: 1, judger: 'r', status, score, time: 5, memory: 1, errorMessage: null, cases: [] });

  it('lets only the course’s teacher (and the super admin) set and read a homework, with bank problems and allocated classes', async () => {
    const { id } = await edu.saveTask('homework', homework(HOUR), teacher);
    expect((await edu.getTask('homework', id, teacher)).problems.map((p) => p.problemId)).toEqual([p1.problemId, p2.problemId]);
    expect((await edu.getTask('homework', id, root)).classes.map((c) => c.classId)).toEqual([classId]);
    expect(await refusal(edu.getTask('homework', id, otherTeacher))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(edu.taskStatus('homework', id, otherTeacher))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(edu.getTask('homework', id, students[0]!))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(edu.getTask('exam', id, teacher))).toBe('EDU_TASK_NOT_FOUND');
    expect(await refusal(edu.saveTask('homework', { ...homework(HOUR), courseId }, otherTeacher))).toBe('AUTH_FORBIDDEN');
    // A group's own problem and a contest's (auth 3) never; a private one only for a teacher who sees it in the bank.
    const grouped = await addProblem(t.db, { isGroup: true });
    expect(await refusal(edu.saveTask('homework', { ...homework(HOUR), problemIds: [grouped.problemId] }, teacher))).toBe('EDU_TASK_PROBLEM_NOT_FOUND');
    const inContest = await addProblem(t.db, { auth: 3 });
    expect(await refusal(edu.saveTask('homework', { ...homework(HOUR), problemIds: [inContest.problemId] }, teacher))).toBe('EDU_TASK_PROBLEM_NOT_FOUND');
    const { id: gradeId } = await edu.saveGrade({ name: 'G2' }, teacher);
    const unallocated = (await edu.saveClass({ name: 'C', gradeId }, teacher)).id;
    expect(await refusal(edu.saveTask('homework', homework(HOUR, unallocated), teacher))).toBe('EDU_CLASS_NOT_ALLOCATED');
    expect(await refusal(edu.saveTask('exam', exam(HOUR, -HOUR), teacher))).toBe('EDU_TASK_TIME_INVALID');
    expect((await edu.listTasks('homework', { courseId }, teacher)).map((x) => x.id)).toContain(id);
    expect(await edu.canWatchTask('homework', id, teacher)).toBe(true);
    expect(await edu.canWatchTask('homework', id, root)).toBe(true);
    expect(await edu.canWatchTask('homework', id, otherTeacher)).toBe(false);
    expect(await edu.canWatchTask('homework', id, students[0]!)).toBe(false);
    await edu.deleteTask('homework', id, teacher);
    expect(await refusal(edu.getTask('homework', id, teacher))).toBe('EDU_TASK_NOT_FOUND');
  });

  it('files homework submissions of assigned students only, pushes ids to the grid and fills it with the verdicts', async () => {
    const { id } = await edu.saveTask('homework', homework(HOUR), teacher);
    expect(await refusal(submit(outsider, p1.problemId, { homeworkId: id }))).toBe('EDU_TASK_NOT_ASSIGNED');
    expect(await refusal(edu.myTask('homework', id, outsider))).toBe('EDU_TASK_NOT_ASSIGNED');
    const stray = await addProblem(t.db);
    expect(await refusal(submit(students[0]!, stray.problemId, { homeworkId: id }))).toBe('EDU_TASK_PROBLEM_NOT_FOUND');
    expect(await refusal(submit(students[0]!, p1.problemId, { homeworkId: id, examId: id }))).toBe('VALIDATION_FAILED');
    pushed.length = 0;
    const a = await submit(students[0]!, p1.problemId, { homeworkId: id });
    await judge(a.submitId, JudgeStatus.ACCEPTED);
    const b = await submit(students[1]!, p2.problemId, { homeworkId: id });
    await judge(b.submitId, JudgeStatus.WRONG_ANSWER, 40);
    const events = pushed.filter((m) => m.topic === topics.homework(id)).map((m) => m.data);
    expect(events).toEqual([
      { taskId: id, uid: students[0]!.uid, submitId: a.submitId },
      { taskId: id, uid: students[0]!.uid, submitId: a.submitId },
      { taskId: id, uid: students[1]!.uid, submitId: b.submitId },
      { taskId: id, uid: students[1]!.uid, submitId: b.submitId },
    ]);
    const grid = await edu.taskStatus('homework', id, teacher);
    expect(grid.seq).toBe(4);
    expect(grid.rows.map((r) => [r.username, r.cells.map((c) => c.status), r.percent])).toEqual(
      [...students]
        .sort((x, y) => x.username.localeCompare(y.username))
        .map((s) => [s.username, s === students[0] ? [JudgeStatus.ACCEPTED, null] : s === students[1] ? [null, JudgeStatus.WRONG_ANSWER] : [null, null], s === students[0] ? 50 : 0]),
    );
    const mine = await edu.myTask('homework', id, students[0]!);
    expect([mine.phase, mine.solved, mine.total, mine.problems[0]!.status]).toEqual(['open', 1, 2, JudgeStatus.ACCEPTED]);
    const course = await submissions.detail(a.submitId, students[0]!);
    expect(course.submission.status).toBe(JudgeStatus.ACCEPTED);
    // The course page lists it with the student's progress; the outsider's class was not assigned it.
    expect((await edu.courseDetail(courseId, students[0]!)).tasks.find((x) => x.id === id)).toMatchObject({ kind: 'homework', solved: 1, total: 2 });
    expect((await edu.courseDetail(courseId, outsider)).tasks.find((x) => x.id === id)).toBeUndefined();
    // The XLSX carries the real grid.
    const file = await edu.exportTask('homework', id, 'en', teacher);
    const sheet = readZip(file.body, { entries: 100, fileBytes: 1 << 20, totalBytes: 1 << 20 }, (n) => n.includes('worksheets/')).map((e) => e.data.toString('utf8')).join('');
    expect(sheet).toContain(students[0]!.username);
    expect(sheet).toContain('Accepted');
    expect(sheet).toContain('Completion %');
  });

  it('tells the grid when an admin rejudges, cancels or judges by hand a filed submission, or rejudges its problem', async () => {
    const { id } = await edu.saveTask('homework', homework(HOUR), teacher);
    const s = await submit(students[2]!, p1.problemId, { homeworkId: id });
    await judge(s.submitId, JudgeStatus.WRONG_ANSWER);
    const activity = { taskId: id, uid: students[2]!.uid, submitId: s.submitId };
    const gridPushes = () => pushed.filter((m) => m.topic === topics.homework(id)).map((m) => [m.event, m.data]);
    for (const act of [
      () => judgeAdmin.rejudge(s.submitId, root),
      () => judgeAdmin.cancel(s.submitId, root),
      () => judgeAdmin.manualJudge({ submitId: s.submitId, status: JudgeStatus.ACCEPTED }, root),
      () => judgeAdmin.rejudgeProblem(p1.id, root),
    ]) {
      pushed.length = 0;
      await act();
      expect(gridPushes()).toEqual([['task.activity', activity]]);
    }
    // The grid shows what the admin left: the rejudge's submission is pending again.
    const row = (await edu.taskStatus('homework', id, teacher)).rows.find((r) => r.uid === students[2]!.uid)!;
    expect(row.cells[0]!.status).toBe(JudgeStatus.PENDING);
  });

  it('accepts a homework submission after the deadline and marks it late', async () => {
    const { id } = await edu.saveTask('homework', homework(-HOUR), teacher);
    const s = await submit(students[2]!, p1.problemId, { homeworkId: id });
    await judge(s.submitId, JudgeStatus.ACCEPTED);
    const mine = await edu.myTask('homework', id, students[2]!);
    expect([mine.phase, mine.problems[0]!.status, mine.problems[0]!.late]).toEqual(['ended', JudgeStatus.ACCEPTED, true]);
    const row = (await edu.taskStatus('homework', id, teacher)).rows.find((r) => r.uid === students[2]!.uid)!;
    expect(row.cells[0]).toMatchObject({ status: JudgeStatus.ACCEPTED, late: true });
  });

  it('opens an exam only between its start and end, and lists its problems only from the start', async () => {
    const { id: later } = await edu.saveTask('exam', exam(HOUR, 2 * HOUR), teacher);
    expect(await refusal(submit(students[0]!, p1.problemId, { examId: later }))).toBe('EDU_EXAM_NOT_STARTED');
    const before = await edu.myTask('exam', later, students[0]!);
    expect([before.phase, before.problems]).toEqual(['before', []]);
    expect((await edu.myTask('exam', later, teacher)).problems).toHaveLength(2);
    const { id: past } = await edu.saveTask('exam', exam(-2 * HOUR, -HOUR), teacher);
    expect(await refusal(submit(students[0]!, p1.problemId, { examId: past }))).toBe('EDU_EXAM_ENDED');
  });

  it('opens a private problem of an exam through the exam only: to its students from the start, to its teacher always', async () => {
    const secret = await addProblem(t.db, { auth: 2 });
    await offerLanguage(t.db, 'C', [secret.id]);
    // A teacher who does not see private problems in the bank (lesson strings on a user role) cannot put one in.
    const plain = await addUser(t.db);
    const lessonUser = { ...plain, permissions: [...plain.permissions, 'lesson_add' as const, 'homework_manage' as const] };
    const { id: own } = await edu.saveCourse({ title: 'C2', description: '' }, lessonUser);
    expect(await refusal(edu.saveTask('homework', { courseId: own, title: 'x', problemIds: [secret.problemId], classes: [] }, lessonUser))).toBe('EDU_TASK_PROBLEM_NOT_FOUND');

    const paper = (startMs: number): TaskBody => ({ ...exam(startMs, 2 * HOUR), problemIds: [secret.problemId] });
    const { id: later } = await edu.saveTask('exam', paper(HOUR), teacher);
    // Saved again by its teacher with the private problem it holds.
    await edu.saveTask('exam', { ...paper(HOUR), id: later }, teacher);
    const read = (who: Viewer, q: { examId?: number; homeworkId?: number }) => edu.taskProblemDetail({ problemId: secret.problemId, ...q }, who);
    const student = students[2]!;
    expect(await refusal(read(student, { examId: later }))).toBe('EDU_EXAM_NOT_STARTED');
    expect((await read(teacher, { examId: later })).problem.problemId).toBe(secret.problemId);
    expect(await refusal(read(outsider, { examId: later }))).toBe('EDU_TASK_NOT_ASSIGNED');
    expect(await refusal(read(student, { examId: later, homeworkId: later }))).toBe('VALIDATION_FAILED');
    expect(await refusal(read(student, { homeworkId: later }))).toBe('EDU_TASK_NOT_FOUND');

    const { id: open } = await edu.saveTask('exam', paper(-HOUR), teacher);
    const info = await read(student, { examId: open });
    expect([info.problem.problemId, info.languages]).toEqual([secret.problemId, ['C']]);
    expect(await refusal(edu.taskProblemDetail({ problemId: p1.problemId, examId: open }, student))).toBe('EDU_TASK_PROBLEM_NOT_FOUND');
    // Outside the exam it stays private (a plain submit is refused); inside, the submit is filed under the exam.
    expect(await refusal(submit(student, secret.problemId, {}))).toBe('PROBLEM_NOT_FOUND');
    const s = await submit(student, secret.problemId, { examId: open });
    await judge(s.submitId, JudgeStatus.ACCEPTED);
    expect((await edu.taskStatus('exam', open, teacher)).rows.find((r) => r.uid === student.uid)!.cells[0]!.status).toBe(JudgeStatus.ACCEPTED);
    expect((await submissions.detail(s.submitId, student)).submission.status).toBe(JudgeStatus.SUBMITTED_UNKNOWN_RESULT);
  });

  it('hides an exam’s results from its students everywhere until the teacher releases them', async () => {
    const { id } = await edu.saveTask('exam', exam(-HOUR, HOUR), teacher);
    const student = students[1]!;
    pushed.length = 0;
    expect((await edu.myTask('exam', id, student)).phase).toBe('open');
    const s = await submit(student, p1.problemId, { examId: id });
    await judge(s.submitId, JudgeStatus.ACCEPTED);
    // The monitor: entered, then the submission and its verdict.
    expect(pushed.filter((m) => m.topic === topics.exam(id)).map((m) => m.data)).toEqual([
      { taskId: id, uid: student.uid, submitId: null },
      { taskId: id, uid: student.uid, submitId: s.submitId },
      { taskId: id, uid: student.uid, submitId: s.submitId },
    ]);
    // The student's own user topic carries −5, not the verdict.
    const own = pushed.filter((m) => m.topic === topics.user(student.uid) && m.event === 'submission.status').map((m) => (m.data as { status: number }).status);
    expect(own).toContain(JudgeStatus.SUBMITTED_UNKNOWN_RESULT);
    expect(own).not.toContain(JudgeStatus.ACCEPTED);

    const hiddenEverywhere = async () => {
      expect((await edu.myTask('exam', id, student)).problems[0]).toMatchObject({ status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, score: null });
      expect((await submissions.detail(s.submitId, student)).submission).toMatchObject({ status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, time: null });
      const listed = (await submissions.list({ onlyMine: true }, student)).records.find((r) => r.submitId === s.submitId);
      expect(listed?.status).toBe(JudgeStatus.SUBMITTED_UNKNOWN_RESULT);
      const checked = await submissions.checkStatus({ submitIds: [s.submitId] }, student);
      expect(checked[String(s.submitId)]?.status).toBe(JudgeStatus.SUBMITTED_UNKNOWN_RESULT);
      expect((await submissions.caseResults(s.submitId, student)).judgeCaseList).toEqual([]);
      expect(await submissions.canWatch(s.submitId, student)).toBe(false);
      expect((await edu.courseDetail(courseId, student)).tasks.find((x) => x.id === id)).toMatchObject({ released: false, solved: 1 });
    };
    await hiddenEverywhere();
    // Its teacher sees the verdict and the monitor shows who is in.
    expect((await submissions.detail(s.submitId, teacher)).submission.status).toBe(JudgeStatus.ACCEPTED);
    expect(await submissions.canWatch(s.submitId, teacher)).toBe(true);
    const monitor = (await edu.taskStatus('exam', id, teacher)).rows.find((r) => r.uid === student.uid)!;
    expect([monitor.cells[0]!.status, monitor.score, monitor.enteredAt !== null]).toEqual([JudgeStatus.ACCEPTED, 100, true]);
    expect(await refusal(edu.releaseExam({ id, released: true }, otherTeacher))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(edu.releaseExam({ id, released: true }, student))).toBe('AUTH_FORBIDDEN');

    await edu.releaseExam({ id, released: true }, teacher);
    expect((await edu.myTask('exam', id, student)).problems[0]!.status).toBe(JudgeStatus.ACCEPTED);
    expect((await submissions.detail(s.submitId, student)).submission.status).toBe(JudgeStatus.ACCEPTED);
    expect(await submissions.canWatch(s.submitId, student)).toBe(true);
    // Taking the release back hides them again.
    await edu.releaseExam({ id, released: false }, teacher);
    await hiddenEverywhere();
  });
});
