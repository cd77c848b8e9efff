// A group's trainings and rank on PostgreSQL: who administers which training (the group's root any, another group
// admin their own), a group training kept out of the site's lists and admin routes, the group's own problems added by
// display id, a problem made public from a group (gid kept, is_group false) addable as a public one, a member solving
// a group problem inside the group training (progress and `group.rank` pushed with the verdict), and the group rank.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MEMBER_AUTH as M, JudgeStatus, RankType, topics, type PushMessage, type TrainingProgressEvent } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { JudgeIngester } from '../judge/ingester';
import { OutboxRelay } from '../judge/outbox-relay';
import { RunnerRegistry } from '../judge/runner-registry';
import { createSubmissionService, type SubmissionService } from '../submission/submission.service';
import { addProblem, addUser, offerLanguage, refusal, serviceContext } from '../testing/fixtures';
import { addMember, groupForm } from '../testing/group-fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createTrainings, type Trainings } from '../training';
import { createGroupRankService, type GroupRankService } from './group-rank.service';
import { createGroupTrainingService, type GroupTrainingService } from './group-training.service';
import { createGroupService } from './group.service';

const CODE = 'int main() { /* long enough to pass the minimum code length */ return 0; }';

describe('group trainings and rank', () => {
  let t: TestDb;
  let gt: GroupTrainingService;
  let rank: GroupRankService;
  let site: Trainings;
  let submissions: SubmissionService;
  let ingester: JudgeIngester;
  let gid: number;
  let categoryId: number;
  let owner: Viewer, admin: Viewer, admin2: Viewer, member: Viewer, stranger: Viewer, root: Viewer;
  const pushed: PushMessage[] = [];

  const form = (title: string, id?: number) => ({ training: { ...(id && { id }), gid, title, description: 'Week', auth: 'Public' as const, rank: 1, status: true }, trainingCategory: { id: categoryId } });

  beforeAll(async () => {
    t = await startTestDb();
    const ctx = serviceContext(t.db, { createGroupMinAc: 0, submitIntervalS: 0 });
    await ctx.transport.subscribePush((m) => pushed.push(m));
    const relay = new OutboxRelay(ctx);
    gt = createGroupTrainingService(ctx);
    rank = createGroupRankService(ctx);
    site = createTrainings(ctx);
    submissions = createSubmissionService(ctx, relay, new RunnerRegistry());
    ingester = new JudgeIngester(ctx, relay);
    [owner, admin, admin2, member, stranger] = await Promise.all([1, 2, 3, 4, 5].map(() => addUser(t.db)));
    root = await addUser(t.db, ['root']);
    gid = (await createGroupService(ctx).create(groupForm(), owner)).id;
    await addMember(t.db, gid, admin.uid, M.ADMIN);
    await addMember(t.db, gid, admin2.uid, M.ADMIN);
    await addMember(t.db, gid, member.uid, M.MEMBER);
    categoryId = (await site.addCategory({ name: 'Weeks', color: '#409EFF' }, root)).id;
  });
  afterAll(() => t.stop());

  it('lets a group admin manage their own trainings, the group root any; keeps them out of the site lists', async () => {
    const { tid } = await gt.create(form('Week 1'), admin);
    expect(await refusal(gt.update(form('Week 1 by another admin', tid), admin2))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(gt.changeStatus({ tid, status: false }, member))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(gt.create(form('Stranger'), stranger))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(gt.list({ gid }, stranger))).toBe('GROUP_NOT_MEMBER');
    await gt.update(form('Week 1 (root)', tid), owner);
    expect((await gt.get(tid, admin)).training).toMatchObject({ title: 'Week 1 (root)', gid, isGroup: true });
    expect((await gt.list({ gid }, member)).records.map((r) => r.id)).toContain(tid);
    // Not in the site's list nor its admin table, and the site's admin routes do not reach it, even for root.
    expect((await site.list({}, member)).records.map((r) => r.id)).not.toContain(tid);
    expect((await site.adminList({}, root)).records.map((r) => r.id)).not.toContain(tid);
    expect(await refusal(site.adminGet(tid, root))).toBe('TRAINING_NOT_FOUND');
    // Its pages: the group's members only.
    expect(await refusal(site.detail(tid, stranger))).toBe('GROUP_NOT_MEMBER');
    expect((await site.detail(tid, member)).admin).toBe(false);
    expect((await site.detail(tid, admin)).admin).toBe(true);
    await gt.changeStatus({ tid, status: false }, admin);
    expect((await gt.list({ gid }, member)).records.map((r) => r.id)).not.toContain(tid);
    expect(await refusal(site.detail(tid, member))).toBe('TRAINING_NOT_FOUND');
    await gt.remove(tid, owner);
    expect(await refusal(gt.get(tid, owner))).toBe('TRAINING_NOT_FOUND');
  });

  it('adds public problems by is_group, not gid: a problem made public from a group is public; a group one is not', async () => {
    const { tid } = await gt.create(form('Week 2'), admin);
    const fromGroup = await addProblem(t.db, { gid, isGroup: false, auth: 1 });
    const groupOwn = await addProblem(t.db, { gid, isGroup: true, auth: 1 });
    await gt.addFromPublic({ tid, pid: fromGroup.id }, admin);
    expect(await refusal(gt.addFromPublic({ tid, pid: groupOwn.id }, admin))).toBe('TRAINING_PROBLEM_NOT_PUBLIC');
    // The dialog's candidates: the public one made from a group is offered, a group's own one is not.
    const other = await gt.create(form('Week 2b'), admin);
    const candidates = (await gt.problemList({ tid: other.tid, limit: 100, keyword: '' }, admin)).problemList.records.map((r) => r.id);
    expect(candidates).toContain(fromGroup.id);
    expect(candidates).not.toContain(groupOwn.id);
    // The site's trainings follow the same rule.
    const { tid: siteTid } = await site.create({ training: { title: 'Site', description: 'd', auth: 'Public', rank: 1 }, trainingCategory: { id: categoryId } }, root);
    await site.addProblem({ tid: siteTid, pid: fromGroup.id }, root);
    expect(await refusal(site.addProblem({ tid: siteTid, pid: groupOwn.id }, root))).toBe('TRAINING_PROBLEM_NOT_PUBLIC');
    // From the group: its own problems by display id, public in the group only.
    await gt.addFromGroup({ tid, problemId: groupOwn.problemId }, admin);
    const draft = await addProblem(t.db, { gid, isGroup: true, auth: 2 });
    expect(await refusal(gt.addFromGroup({ tid, problemId: draft.problemId }, admin))).toBe('TRAINING_PROBLEM_NOT_PUBLIC');
    expect(await refusal(gt.addFromGroup({ tid, problemId: fromGroup.problemId }, admin))).toBe('GROUP_PROBLEM_NOT_FOUND');
    const existing = (await gt.problemList({ tid, queryExisted: true }, admin)).problemList.records.map((r) => r.id);
    expect(existing).toEqual([fromGroup.id, groupOwn.id]);
  });

  it('a member solves a group problem inside the group training: progress and the group rank follow, pushed', async () => {
    const p = await addProblem(t.db, { gid, isGroup: true, auth: 1 });
    await offerLanguage(t.db, 'C', [p.id]);
    const { tid } = await gt.create(form('Week 3'), admin);
    await gt.addFromGroup({ tid, problemId: p.problemId }, admin);
    expect(await refusal(submissions.submit({ pid: p.problemId, language: 'C', code: CODE, tid }, stranger, '127.0.0.1'))).toBe('GROUP_NOT_MEMBER');
    expect(await refusal(submissions.submit({ pid: p.problemId, language: 'C', code: CODE, tid, gid: gid + 1000 }, member, '127.0.0.1'))).toBe('TRAINING_NOT_FOUND');
    const s = await submissions.submit({ pid: p.problemId, language: 'C', code: CODE, tid, gid }, member, '127.0.0.1');
    expect(s.gid).toBe(gid);
    pushed.length = 0;
    await ingester.handle({ kind: 'final', submitId: s.submitId, version: 1, judger: 'r', status: JudgeStatus.ACCEPTED, score: null, time: 7, memory: 1, errorMessage: null, cases: [] });
    const progress = pushed.filter((m) => m.topic === topics.training(tid) && m.event === 'training.progress').map((m) => m.data as TrainingProgressEvent);
    expect(progress).toEqual([{ tid, uid: member.uid, ac: 1, totalRunTime: 7, cell: { pid: p.id, problemId: p.problemId, status: 0, runTime: 7 } }]);
    expect(pushed.filter((m) => m.topic === topics.group(gid) && m.event === 'group.rank').map((m) => m.data)).toEqual([{ gid }]);
    expect((await gt.list({ gid }, member)).records.find((r) => r.id === tid)?.acCount).toBe(1);
    const trank = await site.rank({ tid }, admin);
    expect(trank.records.map((r) => r.uid)).toEqual([member.uid]);
    // The group rank: members by what they solved inside the group.
    const acm = await rank.rank({ gid, type: RankType.ACM }, member);
    expect(acm.records[0]).toMatchObject({ uid: member.uid, ac: 1, total: 1 });
    expect(acm.records.map((r) => r.uid).sort()).toEqual([owner.uid, admin.uid, admin2.uid, member.uid].sort());
    expect((await rank.rank({ gid, type: RankType.ACM, searchUser: member.username }, owner)).records.map((r) => r.uid)).toEqual([member.uid]);
    expect(await refusal(rank.rank({ gid, type: RankType.OI }, stranger))).toBe('GROUP_NOT_MEMBER');
  });
});
