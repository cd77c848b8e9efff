// A group's problems on PostgreSQL: the form saved with the group's prefix and the site's tags, kept out of the public
// bank, the members' list and the admins' table, who may change which, the public application and its examination,
// and submitting inside the group (who may submit, see and watch those submissions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MEMBER_AUTH as M, OWN_OJ, type ProblemDTO } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { tags } from '../db/schema';
import { OutboxRelay } from '../judge/outbox-relay';
import { RunnerRegistry } from '../judge/runner-registry';
import { createProblemService } from '../problem/problem.service';
import { createSubmissionService } from '../submission/submission.service';
import { createTestdataService } from '../testdata/testdata.service';
import { addUser, offerLanguage, refusal, serviceContext } from '../testing/fixtures';
import { addMember, groupForm } from '../testing/group-fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createGroupProblemApplyService } from './group-problem-apply.service';
import { createGroupProblemService, type GroupProblemService } from './group-problem.service';
import { createGroupService } from './group.service';

const CODE = 'int main() { /* long enough to pass the minimum code length */ return 0; }';

function form(problemId: string, over: Partial<ProblemDTO['problem']> = {}, tagNames: string[] = []): ProblemDTO {
  return {
    problem: { problemId, title: `Problem ${problemId}`, description: 'Add two numbers.', input: 'a b', output: 'a+b', timeLimit: 1000, memoryLimit: 256, stackLimit: 128, difficulty: 0, auth: 1, type: 0, codeShare: true, examples: [], isRemoveEndBlank: true, openCaseResult: true, ...over },
    samples: [{ input: '1 2\n', output: '3\n' }],
    isUploadTestCase: false,
    languages: [{ name: 'C' }],
    tags: tagNames.map((name) => ({ name })),
  };
}

describe('group problems', () => {
  let t: TestDb;
  let ctx: ReturnType<typeof serviceContext>;
  let problems: GroupProblemService;
  let gid: number;
  let shortName: string;
  let owner: Viewer, admin: Viewer, admin2: Viewer, member: Viewer, applicant: Viewer, stranger: Viewer;

  beforeAll(async () => {
    t = await startTestDb();
    ctx = serviceContext(t.db, { createGroupMinAc: 0, submitIntervalS: 0 });
    problems = createGroupProblemService(ctx, createTestdataService(ctx));
    await offerLanguage(t.db, 'C', []);
    await t.db.insert(tags).values({ name: 'math', oj: OWN_OJ });
    [owner, admin, admin2, member, applicant, stranger] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => addUser(t.db)));
    const f = groupForm();
    shortName = f.shortName!;
    gid = (await createGroupService(ctx).create(f, owner)).id;
    await addMember(t.db, gid, admin.uid, M.ADMIN);
    await addMember(t.db, gid, admin2.uid, M.ADMIN);
    await addMember(t.db, gid, member.uid, M.MEMBER);
    await addMember(t.db, gid, applicant.uid, M.APPLYING);
  });
  afterAll(() => t.stop());

  it('saves the form with the group prefix and its admin as author; keeps it out of the public bank', async () => {
    const { pid, problemId } = await problems.create(form('A1', { gid, author: 'someone-else' }, ['math']), admin);
    expect(problemId).toBe(`${shortName}A1`);
    const d = await problems.get(pid, admin);
    expect(d).toMatchObject({ problemId: `${shortName}A1`, author: admin.username, gid, tags: [{ name: 'math' }] });
    // Typing the prefix again does not double it.
    const again = await problems.create(form(`${shortName}A2`, { gid }), admin);
    expect(again.problemId).toBe(`${shortName}A2`);
    const bank = createProblemService(ctx);
    const root = await addUser(t.db, ['root']);
    expect((await bank.list({ keyword: shortName }, root)).records).toEqual([]);
    expect(await refusal(bank.detail(problemId, root))).toBe('PROBLEM_NOT_FOUND');
    expect(await refusal(problems.create(form('A1', { gid }), admin))).toBe('PROBLEM_ID_EXISTS');
  });

  it("refuses new tags, the contest-only auth and members' or strangers' saves", async () => {
    expect(await refusal(problems.create(form('T1', { gid }, ['brand-new']), admin))).toBe('GROUP_TAG_UNKNOWN');
    expect(await refusal(problems.create(form('T1', { gid, auth: 3 }), admin))).toBe('VALIDATION_FAILED');
    expect(await refusal(problems.create(form('T1', { gid }), member))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(problems.create(form('T1', { gid }), stranger))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(problems.create(form('T1', {}), admin))).toBe('VALIDATION_FAILED');
  });

  it('shows members the public ones, the admins all with what each may change', async () => {
    const pub = await problems.create(form('L1', { gid }), admin);
    const priv = await problems.create(form('L2', { gid, auth: 2 }), admin2);
    const listed = (await problems.list({ gid, limit: 100 }, member)).records.map((p) => p.problemId);
    expect(listed).toContain(pub.problemId);
    expect(listed).not.toContain(priv.problemId);
    expect(await refusal(problems.list({ gid }, applicant))).toBe('GROUP_NOT_MEMBER');
    expect(await refusal(problems.adminList({ gid }, member))).toBe('GROUP_FORBIDDEN');
    const rows = (await problems.adminList({ gid, limit: 100 }, admin)).records;
    const row = (id: string) => rows.find((r) => r.problemId === id)!;
    expect([row(pub.problemId).editable, row(priv.problemId).editable]).toEqual([true, false]);
    expect((await problems.adminList({ gid, limit: 100 }, owner)).records.every((r) => r.editable)).toBe(true);
    // Opening one inside the group: public ones for members, any for admins.
    expect((await problems.detail(pub.problemId, gid, member)).problem.title).toBe('Problem L1');
    expect(await refusal(problems.detail(priv.problemId, gid, member))).toBe('GROUP_PROBLEM_NOT_FOUND');
    expect((await problems.detail(priv.problemId, gid, admin)).problem.auth).toBe(2);
    expect(await refusal(problems.detail(pub.problemId, gid, stranger))).toBe('GROUP_NOT_MEMBER');
  });

  it('lets an admin change their own problems, the root any', async () => {
    const { pid } = await problems.create(form('M1', { gid }), admin);
    const edit = form('M1', { id: pid, gid, title: 'Renamed' });
    expect(await refusal(problems.update(edit, admin2))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(problems.changeAuth({ pid, auth: 2 }, admin2))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(problems.remove(pid, admin2))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(problems.cases(pid, member))).toBe('GROUP_FORBIDDEN');
    await problems.update(edit, owner);
    expect((await problems.get(pid, admin)).title).toBe('Renamed');
    // Another group's problem is read-only here.
    expect(await refusal(problems.update({ ...edit, problem: { ...edit.problem, gid: gid + 1000 } }, owner))).toBe('GROUP_PROBLEM_READ_ONLY');
    await problems.changeAuth({ pid, auth: 2 }, admin);
    expect((await problems.get(pid, admin)).auth).toBe(2);
    expect((await problems.cases(pid, admin)).map((c) => c.output)).toEqual(['3\n']);
    expect(await problems.remove(pid, owner)).toEqual({ submissions: 0 });
    expect(await refusal(problems.get(pid, owner))).toBe('GROUP_PROBLEM_NOT_FOUND');
  });

  it('applies to be public (none → applying → public or refused; a pending one may be cancelled); approved, it leaves the group', async () => {
    const examiner = await addUser(t.db, ['problem_admin']);
    const apply = createGroupProblemApplyService(ctx);
    const { pid, problemId } = await problems.create(form('P1', { gid }), admin);
    expect(await refusal(problems.applyPublic({ pid, isApplied: false }, admin))).toBe('GROUP_APPLY_STATE');
    await problems.applyPublic({ pid, isApplied: true }, admin);
    expect(await refusal(problems.applyPublic({ pid, isApplied: true }, admin))).toBe('GROUP_APPLY_STATE');
    await problems.applyPublic({ pid, isApplied: false }, admin);
    await problems.applyPublic({ pid, isApplied: true }, admin);
    const listed = (await apply.list({ keyword: problemId }, examiner)).records;
    expect(listed).toMatchObject([{ id: pid, applyPublicProgress: 1, gid }]);
    expect(await refusal(apply.list({}, await addUser(t.db, ['admin'])))).toBe('AUTH_FORBIDDEN');
    await apply.changeProgress({ pid, progress: 3 }, examiner);
    expect((await problems.adminList({ gid, limit: 100 }, admin)).records.find((r) => r.id === pid)?.applyPublicProgress).toBe(3);
    await problems.applyPublic({ pid, isApplied: true }, admin);
    await apply.changeProgress({ pid, progress: 2 }, examiner);
    const bank = createProblemService(ctx);
    expect((await bank.detail(problemId, null)).problem.id).toBe(pid);
    expect((await problems.adminList({ gid, limit: 100 }, admin)).records.some((r) => r.id === pid)).toBe(false);
  });

  it('takes submissions inside the group from members only; they stay inside the group', async () => {
    const relay = new OutboxRelay(ctx);
    const submissions = createSubmissionService(ctx, relay, new RunnerRegistry());
    const { pid, problemId } = await problems.create(form('S1', { gid }), admin);
    const { problemId: privateId } = await problems.create(form('S2', { gid, auth: 2 }), admin);
    await offerLanguage(t.db, 'C', []);
    const s = await submissions.submit({ pid: problemId, gid, language: 'C', code: CODE }, member, '127.0.0.1');
    expect(s).toMatchObject({ gid, pid, displayPid: problemId });
    expect(await refusal(submissions.submit({ pid: problemId, gid, language: 'C', code: CODE }, stranger, '127.0.0.1'))).toBe('GROUP_NOT_MEMBER');
    expect(await refusal(submissions.submit({ pid: problemId, gid, language: 'C', code: CODE }, applicant, '127.0.0.1'))).toBe('GROUP_NOT_MEMBER');
    expect(await refusal(submissions.submit({ pid: privateId, gid, language: 'C', code: CODE }, member, '127.0.0.1'))).toBe('GROUP_PROBLEM_NOT_FOUND');
    // Outside the group the problem does not exist.
    expect(await refusal(submissions.submit({ pid: problemId, language: 'C', code: CODE }, member, '127.0.0.1'))).toBe('PROBLEM_NOT_FOUND');
    // Members see it (the problem is public in the group); strangers do not, nor its live status.
    expect((await submissions.detail(s.submitId, admin2)).submission.submitId).toBe(s.submitId);
    expect(await refusal(submissions.detail(s.submitId, stranger))).toBe('SUBMISSION_FORBIDDEN');
    expect(await refusal(submissions.detail(s.submitId, null))).toBe('SUBMISSION_FORBIDDEN');
    expect([await submissions.canWatch(s.submitId, member), await submissions.canWatch(s.submitId, stranger)]).toEqual([true, false]);
    expect(Object.keys(await submissions.checkStatus({ submitIds: [s.submitId] }, stranger))).toEqual([]);
    expect(Object.keys(await submissions.checkStatus({ submitIds: [s.submitId] }, admin2))).toEqual([String(s.submitId)]);
    expect((await submissions.list({ gid }, admin2)).records.map((r) => r.submitId)).toEqual([s.submitId]);
    expect(await refusal(submissions.list({ gid }, stranger))).toBe('GROUP_NOT_MEMBER');
    // The public status list never shows it.
    expect((await submissions.list({}, null)).records.some((r) => r.submitId === s.submitId)).toBe(false);
  });
});
