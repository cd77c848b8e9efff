// Group contests on PostgreSQL: created by the group's admins with the contest form, listed for members only and
// never in the site's lists, managed by the group root or the creator while a group admin, their problems from the
// group (auth 3 on request) and from the bank's public problems only, the contest pages open to members only (a
// hidden group's to nobody else), a member's submission counted on the board, and disbanding taking them along.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MEMBER_AUTH as M, type ProblemDTO } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { groupMember } from '../db/schema';
import { and, eq } from 'drizzle-orm';
import { OutboxRelay } from '../judge/outbox-relay';
import { RunnerRegistry } from '../judge/runner-registry';
import { createContestService } from '../contest/contest.service';
import { createContestAdminService } from '../contest/contest-admin.service';
import { canEnter, loadContest } from '../contest/access';
import { findContest } from '../contest/contest.repo';
import { contestProblemsOf } from '../contest/contest-problem.repo';
import { findProblemById } from '../problem/problem.repo';
import { createHomeService } from '../home/home.service';
import { createSubmissionService } from '../submission/submission.service';
import { createTestdataService } from '../testdata/testdata.service';
import { addProblem, addUser, offerLanguage, refusal, serviceContext } from '../testing/fixtures';
import { addMember, groupForm } from '../testing/group-fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createGroupContestService, type GroupContestService } from './group-contest.service';
import { createGroupProblemService } from './group-problem.service';
import { createGroupService } from './group.service';

const CODE = 'int main() { /* long enough to pass the minimum code length */ return 0; }';
const H = 3_600_000;

function problemForm(problemId: string, gid: number, auth = 1): ProblemDTO {
  return {
    problem: { problemId, title: `Problem ${problemId}`, description: 'Add.', input: 'a b', output: 'a+b', timeLimit: 1000, memoryLimit: 256, stackLimit: 128, difficulty: 0, auth, type: 0, codeShare: true, examples: [], isRemoveEndBlank: true, openCaseResult: true, gid },
    samples: [{ input: '1 2\n', output: '3\n' }],
    isUploadTestCase: false,
    languages: [{ name: 'C' }],
  };
}

const contestForm = (title: string, over: Record<string, unknown> = {}) => ({
  title,
  description: 'a group contest',
  type: 0,
  auth: 0,
  startTime: new Date(Date.now() - H).toISOString(),
  endTime: new Date(Date.now() + H).toISOString(),
  ...over,
});

describe('group contests', () => {
  let t: TestDb;
  let ctx: ReturnType<typeof serviceContext>;
  let gc: GroupContestService;
  let gid: number;
  let owner: Viewer, admin: Viewer, admin2: Viewer, member: Viewer, applicant: Viewer, stranger: Viewer, siteAdmin: Viewer;

  beforeAll(async () => {
    t = await startTestDb();
    ctx = serviceContext(t.db, { createGroupMinAc: 0, createGroupDailyLimit: 0, submitIntervalS: 0 });
    gc = createGroupContestService(ctx, createTestdataService(ctx));
    await offerLanguage(t.db, 'C', []);
    [owner, admin, admin2, member, applicant, stranger] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => addUser(t.db)));
    siteAdmin = await addUser(t.db, ['admin']);
    gid = (await createGroupService(ctx).create(groupForm(), owner)).id;
    await addMember(t.db, gid, admin.uid, M.ADMIN);
    await addMember(t.db, gid, admin2.uid, M.ADMIN);
    await addMember(t.db, gid, member.uid, M.MEMBER);
    await addMember(t.db, gid, applicant.uid, M.APPLYING);
  });
  afterAll(() => t.stop());

  it('lets group admins create contests; members list the visible ones; the site never lists them', async () => {
    expect(await refusal(gc.create({ ...contestForm('By a member'), gid }, member))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(gc.create({ ...contestForm('By a stranger'), gid }, stranger))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(gc.create(contestForm('No group'), admin))).toBe('VALIDATION_FAILED');
    const { cid } = await gc.create({ ...contestForm('Week 1'), gid }, admin);
    const { cid: hidden } = await gc.create({ ...contestForm('Draft', { visible: false }), gid }, admin);
    expect((await findContest(t.db, cid))!.gid).toBe(gid);

    const listed = await gc.list({ gid }, member);
    expect(listed.records.map((c) => c.id)).toEqual([cid]);
    expect((await gc.adminList({ gid }, admin2)).records.map((c) => c.id).sort()).toEqual([cid, hidden].sort());
    expect(await refusal(gc.list({ gid }, applicant))).toBe('GROUP_NOT_MEMBER');
    expect(await refusal(gc.adminList({ gid }, member))).toBe('GROUP_FORBIDDEN');

    const site = await createContestService(ctx).list({});
    expect(site.records.map((c) => c.id)).not.toContain(cid);
    const home = await createHomeService(ctx).recentContests();
    expect(home.map((c: { id: number }) => c.id)).not.toContain(cid);
    expect((await createContestAdminService(ctx).adminList({}, siteAdmin)).records.map((c) => c.id)).not.toContain(cid);
  });

  it('edits, hides and deletes for the group root or the creator while a group admin; the contest pages stay site-managed only for root', async () => {
    const { cid } = await gc.create({ ...contestForm('Managed'), gid }, admin);
    const rename = (title: string, who: Viewer) => refusal(gc.update({ ...contestForm(title), id: cid }, who));
    expect(await rename('By the creator', admin)).toBe('ok');
    expect(await rename('By the root', owner)).toBe('ok');
    expect(await rename('By another admin', admin2)).toBe('CONTEST_ADMIN_ONLY');
    expect(await rename('By a member', member)).toBe('GROUP_FORBIDDEN');
    expect(await refusal(gc.changeVisible(cid, false, admin2))).toBe('CONTEST_ADMIN_ONLY');
    expect(await refusal(gc.changeVisible(cid, false, admin))).toBe('ok');
    expect((await loadContest(t.db, cid)).visible).toBe(false);
    // The site's admin pages do not manage a group's contest (a site admin who is no group member least of all).
    expect(await refusal(createContestAdminService(ctx).adminGet(cid, siteAdmin))).toBe('CONTEST_ADMIN_ONLY');
    // A creator demoted to member keeps nothing.
    await t.db.update(groupMember).set({ auth: M.MEMBER }).where(and(eq(groupMember.gid, gid), eq(groupMember.uid, admin.uid)));
    expect(await refusal(gc.remove(cid, admin))).toBe('GROUP_FORBIDDEN');
    await t.db.update(groupMember).set({ auth: M.ADMIN }).where(and(eq(groupMember.gid, gid), eq(groupMember.uid, admin.uid)));
    expect(await refusal(gc.remove(cid, admin2))).toBe('CONTEST_ADMIN_ONLY');
    expect(await refusal(gc.remove(cid, admin))).toBe('ok');
    expect(await findContest(t.db, cid)).toBeUndefined();
  });

  it('takes problems from the group (auth 3 on request) and only public ones from the bank', async () => {
    const problems = createGroupProblemService(ctx, createTestdataService(ctx));
    const { cid } = await gc.create({ ...contestForm('Problems'), gid }, admin);
    const { pid, problemId } = await problems.create(problemForm('P1', gid), admin);
    const candidates = await gc.adminProblemList({ cid, problemType: 0, fromGroup: true }, admin);
    expect(candidates.problemList.records.map((p) => p.id)).toContain(pid);
    await gc.addProblemFromGroup({ cid, problemId, displayId: 'A', contestOnly: true }, admin);
    expect((await problems.get(pid, admin)).auth).toBe(3);
    const mine = await gc.adminProblemList({ cid }, admin);
    expect(Object.values(mine.contestProblemMap).map((cp) => [cp.pid, cp.displayId])).toEqual([[pid, 'A']]);
    expect(await refusal(gc.addProblemFromGroup({ cid, problemId: 'NOPE1', displayId: 'B' }, admin))).toBe('GROUP_PROBLEM_NOT_FOUND');

    const bankPublic = await addProblem(t.db, { auth: 1 });
    const bankPrivate = await addProblem(t.db, { auth: 2 });
    const fromBank = await gc.adminProblemList({ cid, problemType: 0 }, admin);
    const ids = fromBank.problemList.records.map((p) => p.id);
    expect(ids).toContain(bankPublic.id);
    expect(ids).not.toContain(bankPrivate.id);
    expect(ids).not.toContain(pid);
    expect(await refusal(gc.addProblemFromPublic({ cid, pid: bankPrivate.id, displayId: 'B' }, admin))).toBe('PROBLEM_NOT_FOUND');
    expect(await refusal(gc.addProblemFromPublic({ cid, pid, displayId: 'B' }, admin))).toBe('PROBLEM_NOT_FOUND');
    expect(await refusal(gc.addProblemFromPublic({ cid, pid: bankPublic.id, displayId: 'B' }, admin2))).toBe('CONTEST_ADMIN_ONLY');
    expect(await refusal(gc.addProblemFromPublic({ cid, pid: bankPublic.id, displayId: 'B' }, admin))).toBe('ok');
  });

  it('creates a problem inside the contest: a contest-only group problem placed under its display id, all or nothing', async () => {
    const { cid } = await gc.create({ ...contestForm('Own problems'), gid }, admin);
    const group = await createGroupService(ctx).detail(gid, owner);
    const body = (problemId: string, displayId: string) => ({ ...problemForm(problemId, 0, 1), cid, displayId, displayTitle: `Made as ${displayId}`, color: '#ff0000' });

    const { pid, problemId } = await gc.createProblem(body('N1', 'A'), admin);
    expect(problemId).toBe(`${group.shortName}N1`);
    const p = (await findProblemById(t.db, pid))!;
    expect(p).toMatchObject({ gid, isGroup: true, auth: 3, problemId, author: admin.username });
    const placed = await contestProblemsOf(t.db, cid);
    expect(placed.map((cp) => [cp.pid, cp.displayId, cp.displayTitle, cp.color])).toEqual([[pid, 'A', 'Made as A', '#ff0000']]);
    // Contest only: not in the members' problem list of the group.
    const problems = createGroupProblemService(ctx, createTestdataService(ctx));
    expect((await problems.list({ gid }, member)).records.map((r) => r.problemId)).not.toContain(problemId);
    // Edited with the group problem form, it stays contest only (a new group problem cannot be made so there).
    await problems.update({ ...problemForm('N1', gid, 3), problem: { ...problemForm('N1', gid, 3).problem, id: pid, title: 'Edited' } }, admin);
    expect(await findProblemById(t.db, pid)).toMatchObject({ auth: 3, title: 'Edited' });
    expect(await refusal(problems.create(problemForm('N9', gid, 3), admin))).toBe('VALIDATION_FAILED');
    // The mapping reads and changes through the group's routes.
    expect(await gc.contestProblem(cid, pid, admin)).toMatchObject({ displayId: 'A', displayTitle: 'Made as A' });
    await gc.setContestProblem({ cid, pid, displayId: 'B', displayTitle: 'Renamed', color: null }, owner);
    expect(await gc.contestProblem(cid, pid, admin)).toMatchObject({ displayId: 'B', displayTitle: 'Renamed', color: null });

    // Only the contest's managers.
    expect(await refusal(gc.createProblem(body('N2', 'C'), admin2))).toBe('CONTEST_ADMIN_ONLY');
    expect(await refusal(gc.createProblem(body('N2', 'C'), member))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(gc.createProblem(body('N2', 'C'), stranger))).toBe('GROUP_FORBIDDEN');
    // All or nothing: a taken display id makes no problem; a taken problem id puts nothing in the contest.
    expect(await refusal(gc.createProblem(body('N3', 'B'), owner))).toBe('CONTEST_DISPLAY_ID_EXISTS');
    expect(await refusal(gc.createProblem(body('N1', 'D'), owner))).toBe('PROBLEM_ID_EXISTS');
    expect(await refusal(gc.createProblem({ ...body('N4', 'E'), displayTitle: '  ' }, owner))).toBe('PROBLEM_FIELD_REQUIRED');
    expect((await contestProblemsOf(t.db, cid)).map((cp) => cp.displayId)).toEqual(['B']);
    expect((await problems.adminList({ gid }, owner)).records.map((r) => r.problemId)).not.toContain(`${group.shortName}N3`);
    // Created by the root, it is the root's: the contest's creator (a group admin) made N1.
    const byRoot = await gc.createProblem(body('N5', 'C'), owner);
    expect((await findProblemById(t.db, byRoot.pid))!.author).toBe(owner.username);
  });

  it('opens the contest pages to members only, takes their submissions, and hides a hidden group contest from others', async () => {
    const problems = createGroupProblemService(ctx, createTestdataService(ctx));
    const contests = createContestService(ctx);
    const submissions = createSubmissionService(ctx, new OutboxRelay(ctx), new RunnerRegistry());
    const { cid } = await gc.create({ ...contestForm('Open to members'), gid }, admin);
    const { problemId } = await problems.create(problemForm('S1', gid, 2), admin);
    await gc.addProblemFromGroup({ cid, problemId, displayId: 'A' }, admin);

    expect(await contests.info(cid, member)).toMatchObject({ id: cid, manage: false });
    expect(await contests.info(cid, admin)).toMatchObject({ manage: true });
    expect(await contests.info(cid, owner)).toMatchObject({ manage: true });
    expect(await contests.info(cid, admin2)).toMatchObject({ manage: false });
    expect(await refusal(contests.info(cid, stranger))).toBe('CONTEST_NOT_FOUND');
    expect(await refusal(contests.info(cid, applicant))).toBe('CONTEST_NOT_FOUND');
    const c = await loadContest(t.db, cid);
    expect(await canEnter(t.db, c, member)).toBe(true);
    expect(await canEnter(t.db, c, stranger)).toBe(false);
    expect(await contests.canSubscribe('scoreboard', cid, stranger)).toBe(false);
    expect(await contests.canSubscribe('scoreboard', cid, member)).toBe(true);
    expect(await contests.canSubscribe('contest-admin', cid, admin)).toBe(true);
    expect(await contests.canSubscribe('contest-admin', cid, admin2)).toBe(false);

    const s = await submissions.submit({ pid: 'A', cid, language: 'C', code: CODE }, member, '127.0.0.1');
    expect(s).toMatchObject({ cid });
    expect(await refusal(submissions.submit({ pid: 'A', cid, language: 'C', code: CODE }, stranger, '127.0.0.1'))).toBe('CONTEST_NOT_FOUND');
    const status = await submissions.list({}, null);
    expect(status.records.map((r) => r.submitId)).not.toContain(s.submitId);

    const { id: hiddenGid } = await createGroupService(ctx).create(groupForm({ visible: false }), owner);
    const { cid: hiddenCid } = await gc.create({ ...contestForm('Hidden'), gid: hiddenGid }, owner);
    expect(await refusal(gc.list({ gid: hiddenGid }, stranger))).toBe('GROUP_NOT_FOUND');
    expect(await refusal(contests.info(hiddenCid, stranger))).toBe('CONTEST_NOT_FOUND');
    expect(await refusal(gc.adminGet(hiddenCid, stranger))).toBe('GROUP_NOT_FOUND');
  });

  it('takes the group contests along when the group is disbanded', async () => {
    const groups = createGroupService(ctx);
    const { id } = await groups.create(groupForm(), owner);
    const { cid } = await gc.create({ ...contestForm('Goes with it'), gid: id }, owner);
    const { problemId } = await createGroupProblemService(ctx, createTestdataService(ctx)).create(problemForm('D1', id), owner);
    await gc.addProblemFromGroup({ cid, problemId, displayId: 'A' }, owner);
    await groups.remove(id, owner);
    expect(await findContest(t.db, cid)).toBeUndefined();
  });
});
