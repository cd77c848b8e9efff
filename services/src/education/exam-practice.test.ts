// An unreleased exam's verdicts stay inside the exam (services/src/submission/practice-scope.ts): on the real database
// with the real submission service and ingester, a student's accepted exam submission moves none of the practice
// figures before the release, all of them after it, and none again once the results are hidden again.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, RankType, type ACMRankVO, type OIRankVO, type TaskBody } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { createContestSubmissionService } from '../contest/contest-submission.service';
import { problems, training, trainingProblem } from '../db/schema';
import { createRankService } from '../home/rank.service';
import { createUserHomeService } from '../home/user-home.service';
import { JudgeIngester } from '../judge/ingester';
import { OutboxRelay } from '../judge/outbox-relay';
import { RunnerRegistry } from '../judge/runner-registry';
import { notSealedExam } from '../submission/practice-scope';
import { createSubmissionCodeService } from '../submission/submission-code.service';
import { acceptedProblemCount } from '../submission/submission.repo';
import { createSubmissionService, type SubmissionService } from '../submission/submission.service';
import { solvedCounts, standings } from '../training/training-rank.repo';
import { addProblem, addUser, offerLanguage, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createEducation } from './index';

const CODE = 'int main() { /* long enough to pass the minimum code length */ return 0; }';
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('an unreleased exam’s verdicts outside the exam', () => {
  let t: TestDb;
  /** The first test's exam submission, copied by the second. */
  const filed = { submitId: 0, examId: 0 };

  let ctx: ReturnType<typeof serviceContext>;
  let submissions: SubmissionService;
  let ingester: JudgeIngester;

  beforeAll(async () => {
    t = await startTestDb();
    ctx = serviceContext(t.db, { submitIntervalS: 0 });
    const relay = new OutboxRelay(ctx);
    submissions = createSubmissionService(ctx, relay, new RunnerRegistry());
    ingester = new JudgeIngester(ctx, relay);
  });
  afterAll(() => t.stop());

  it('count nowhere as practice before the release, everywhere after it, and nowhere again once hidden', async () => {
    const edu = createEducation(ctx);
    const ranks = createRankService(ctx);
    const userHome = createUserHomeService(ctx);
    const problemStatus = createContestSubmissionService(t.db);
    const code = createSubmissionCodeService(ctx);
    const teacher = await addUser(t.db, ['admin']);
    const student: Viewer = await addUser(t.db);
    const p = await addProblem(t.db, { type: 1 });
    await offerLanguage(t.db, 'C', [p.id]);
    const { id: gradeId } = await edu.saveGrade({ name: 'G' }, teacher);
    const classId = (await edu.saveClass({ name: 'A', gradeId }, teacher)).id;
    await edu.addStudents({ classesId: classId, usernames: [student.username] }, teacher);
    const courseId = (await edu.saveCourse({ title: 'C1', description: '' }, teacher)).id;
    await edu.setCourseClasses({ courseId, classesIds: [classId] }, teacher);
    const { id: chapterId } = await edu.saveChapter({ courseId, title: 'Basics', rank: 1 }, teacher);
    await edu.saveResource({ chapterId, kind: 'problem', title: 'A+B', problemId: p.problemId }, teacher);
    const [tr] = await t.db.insert(training).values({ title: 'T', uid: teacher.uid }).returning();
    await t.db.insert(trainingProblem).values({ tid: tr!.id, pid: p.id, displayId: p.problemId });
    const body: TaskBody = { courseId, title: 'Exam', problemIds: [p.problemId], classes: [{ classId, startTime: iso(-HOUR), endTime: iso(HOUR) }] };
    const { id: examId } = await edu.saveTask('exam', body, teacher);

    const s = await submissions.submit({ pid: p.problemId, language: 'C', code: CODE, examId }, student, '127.0.0.1');
    await ingester.handle({ kind: 'final', submitId: s.submitId, version: 1, judger: 'r', status: JudgeStatus.ACCEPTED, score: 100, time: 5, memory: 1, errorMessage: null, cases: [] });
    Object.assign(filed, { submitId: s.submitId, examId });
    // The filed submission really is accepted (its teacher sees it).
    expect((await submissions.detail(s.submitId, teacher)).submission.status).toBe(JudgeStatus.ACCEPTED);

    /** Every practice figure of the student, as [path, value] pairs (searching by name bypasses the rank cache). */
    const figures = async () => {
      const acm = (await ranks.rankList({ type: RankType.ACM, searchUser: student.username })).records as ACMRankVO[];
      const oi = (await ranks.rankList({ type: RankType.OI, searchUser: student.username })).records as OIRankVO[];
      const home = await userHome.userHome({ uid: student.uid }, student);
      const [standing] = await standings(t.db, [p.id], { uids: [student.uid] });
      const [counters] = await t.db.select({ total: problems.total, ac: problems.ac }).from(problems).where(eq(problems.id, p.id));
      return {
        problemList: (await problemStatus.problemStatus({ pidList: [p.id], isContestProblemList: false }, student))[String(p.id)]?.status,
        solvedCount: await acceptedProblemCount(t.db, student.uid),
        acmRank: acm.find((r) => r.uid === student.uid)?.ac,
        oiRank: oi.find((r) => r.uid === student.uid)?.score,
        sevenDays: (await ranks.recentSevenAcRank()).some((r) => r.uid === student.uid),
        homeSolved: home.solvedList,
        homeTotal: home.total,
        trainingStanding: standing?.ac ?? false,
        trainingSolved: (await solvedCounts(t.db, student.uid, [tr!.id])).get(tr!.id) ?? 0,
        courseProgress: (await edu.courseDetail(courseId, student)).progress.solved,
        lastAccepted: (await code.lastAccepted(p.id, 0, student))?.submitId ?? null,
        problemCounters: counters,
      };
    };
    const hidden = { problemList: JudgeStatus.NOT_SUBMITTED, solvedCount: 0, acmRank: 0, oiRank: 0, sevenDays: false, homeSolved: [], homeTotal: 0, trainingStanding: false, trainingSolved: 0, courseProgress: 0, lastAccepted: null, problemCounters: { total: 0, ac: 0 } };
    expect(await figures()).toEqual(hidden);

    await edu.releaseExam({ id: examId, released: true }, teacher);
    expect(await figures()).toEqual({
      problemList: JudgeStatus.ACCEPTED,
      solvedCount: 1,
      acmRank: 1,
      oiRank: expect.any(Number),
      sevenDays: true,
      homeSolved: [p.problemId],
      homeTotal: 1,
      trainingStanding: true,
      trainingSolved: 1,
      courseProgress: 1,
      lastAccepted: s.submitId,
      problemCounters: { total: 1, ac: 1 },
    });
    // Releasing twice counts once.
    await edu.releaseExam({ id: examId, released: true }, teacher);
    expect((await figures()).problemCounters).toEqual({ total: 1, ac: 1 });

    await edu.releaseExam({ id: examId, released: false }, teacher);
    expect(await figures()).toEqual(hidden);
  });

  it('counts an unreleased exam’s verdicts as practice once the exam is deleted', async () => {
    const teacher = await addUser(t.db, ['admin']);
    const student = await addUser(t.db);
    const p = await addProblem(t.db);
    await offerLanguage(t.db, 'C', [p.id]);
    const edu = createEducation(ctx);
    const { id: gradeId } = await edu.saveGrade({ name: 'G' }, teacher);
    const classId = (await edu.saveClass({ name: 'A', gradeId }, teacher)).id;
    await edu.addStudents({ classesId: classId, usernames: [student.username] }, teacher);
    const courseId = (await edu.saveCourse({ title: 'C2', description: '' }, teacher)).id;
    await edu.setCourseClasses({ courseId, classesIds: [classId] }, teacher);
    const { id: examId } = await edu.saveTask('exam', { courseId, title: 'E', problemIds: [p.problemId], classes: [{ classId, startTime: iso(-HOUR), endTime: iso(HOUR) }] }, teacher);
    const s = await submissions.submit({ pid: p.problemId, language: 'C', code: CODE, examId }, student, '127.0.0.1');
    await ingester.handle({ kind: 'final', submitId: s.submitId, version: 1, judger: 'r', status: JudgeStatus.WRONG_ANSWER, score: 0, time: 5, memory: 1, errorMessage: null, cases: [] });
    const counters = async () => (await t.db.select({ total: problems.total, wa: problems.wa }).from(problems).where(eq(problems.id, p.id)))[0];
    expect(await counters()).toEqual({ total: 0, wa: 0 });
    await edu.deleteTask('exam', examId, teacher);
    expect(await counters()).toEqual({ total: 1, wa: 1 });
  });

  it('checks a submission with one lookup of edu_task_submission’s primary key', async () => {
    // Enough rows for the planner to prefer indexes: 500 users with 10 copies each of the exam submission, half filed under it.
    await t.db.execute(sql`insert into users (uuid, username, password) select 'copy' || g, 'copy-user-' || g, 'x' from generate_series(0, 499) g`);
    await t.db.execute(sql`insert into judge (pid, display_pid, uid, username, status, length, code, language, cid, cpid, ip, version)
      select pid, display_pid, 'copy' || (g % 500), username, status, length, code, language, cid, cpid, ip, version
      from judge, generate_series(1, 5000) g where submit_id = ${filed.submitId}`);
    await t.db.execute(sql`insert into edu_task_submission (submit_id, task_id, uid, pid)
      select submit_id, ${filed.examId}, uid, pid from judge where submit_id % 2 = 0 on conflict do nothing`);
    await t.db.execute(sql`analyze`);
    const plan = await t.db.execute<{ 'QUERY PLAN': string }>(
      sql`explain select count(distinct j.pid) from judge j where j.uid = 'copy7' and j.cid = 0 and j.gid is null and j.status = 0 and ${notSealedExam()}`,
    );
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index (Only )?Scan using edu_task_submission_pkey on edu_task_submission ts[\s\S]*Index Cond: \(submit_id = j\.submit_id\)/);
    expect(text).not.toMatch(/Seq Scan on edu_task_submission/);
  });
});
