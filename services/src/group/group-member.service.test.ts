// Group membership on PostgreSQL: joining a public group, applying to a protected or private one (code, reason),
// accepting and refusing, the member table's enable rules, removing, exiting, and the pushes on `group:<gid>`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_AUTH, GROUP_MEMBER_AUTH as M, topics } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { groupMember } from '../db/schema';
import { createPushService } from '../push/push.service';
import { addUser, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createGroupMemberService, type GroupMemberService } from './group-member.service';
import { groupForm } from '../testing/group-fixtures';
import { createGroupService, type GroupService } from './group.service';

describe('group members', () => {
  let t: TestDb;
  let ctx: ReturnType<typeof serviceContext>;
  let groups: GroupService;
  let members: GroupMemberService;
  beforeAll(async () => {
    t = await startTestDb();
    ctx = serviceContext(t.db, { createGroupMinAc: 0 });
    groups = createGroupService(ctx);
    members = createGroupMemberService(ctx);
  });
  afterAll(() => t.stop());

  const auths = async (gid: number, v: Viewer) => Object.fromEntries((await members.applications({ gid }, v)).records.map((r) => [r.username, r.auth]));

  it('joins a public group at once; no reason or code asked', async () => {
    const owner = await addUser(t.db);
    const { id } = await groups.create(groupForm(), owner);
    const u = await addUser(t.db);
    expect(await members.add({ gid: id }, u)).toEqual({ auth: M.MEMBER });
    expect(await refusal(members.add({ gid: id }, u))).toBe('GROUP_ALREADY_MEMBER');
    expect((await members.members({ gid: id }, u)).records.map((r) => r.username)).toEqual([owner.username, u.username]);
    expect(await groups.access(id, u)).toEqual({ access: true });
  });

  it('takes an application to a private group with the code and a reason of 5–100; pushes it to the group topic', async () => {
    const owner = await addUser(t.db);
    const { id } = await groups.create(groupForm({ auth: GROUP_AUTH.PRIVATE, code: 'Se7en!' }), owner);
    const u = await addUser(t.db);
    const push = createPushService(ctx);
    expect(await refusal(members.add({ gid: id, reason: 'I am in the class' }, u))).toBe('GROUP_APPLY_CODE_REQUIRED');
    expect(await refusal(members.add({ gid: id, code: 'Se7en', reason: 'I am in the class' }, u))).toBe('GROUP_CODE_LENGTH');
    expect(await refusal(members.add({ gid: id, code: 'Se7en!' }, u))).toBe('GROUP_APPLY_REASON_REQUIRED');
    expect(await refusal(members.add({ gid: id, code: 'Se7en!', reason: 'hi' }, u))).toBe('GROUP_APPLY_REASON_LENGTH');
    expect(await refusal(members.add({ gid: id, code: 'Se7en!', reason: 'x'.repeat(101) }, u))).toBe('GROUP_APPLY_REASON_LENGTH');
    expect(await refusal(members.add({ gid: id, code: 'Eleven', reason: 'I am in the class' }, u))).toBe('GROUP_CODE_WRONG');
    expect(await members.add({ gid: id, code: 'Se7en!', reason: 'I am in the class' }, u)).toEqual({ auth: M.APPLYING });
    expect(await refusal(members.add({ gid: id, code: 'Se7en!', reason: 'I am in the class' }, u))).toBe('GROUP_ALREADY_APPLIED');
    const [ev] = (await push.replay(topics.group(id), 0))!;
    expect(ev).toMatchObject({ event: 'group.member', data: { gid: id, uid: u.uid, auth: M.APPLYING } });
    // An applicant is no member: the member list and the problems stay closed.
    expect(await refusal(members.members({ gid: id }, u))).toBe('GROUP_NOT_MEMBER');
    const row = (await members.applications({ gid: id }, owner)).records.find((r) => r.uid === u.uid);
    expect(row).toMatchObject({ auth: M.APPLYING, reason: 'I am in the class' });
    // A protected group asks a reason, no code.
    const { id: prot } = await groups.create(groupForm({ auth: GROUP_AUTH.PROTECTED, code: 'abcdef' }), owner);
    expect(await members.add({ gid: prot, reason: 'let me in please' }, u)).toEqual({ auth: M.APPLYING });
  });

  it('accepts and refuses by the enable rules: an admin below their level only, the owner any, never the owner row', async () => {
    const owner = await addUser(t.db);
    const { id } = await groups.create(groupForm({ auth: GROUP_AUTH.PROTECTED, code: 'abcdef' }), owner);
    const [admin, member, a1, a2] = [await addUser(t.db), await addUser(t.db), await addUser(t.db), await addUser(t.db)];
    await t.db.insert(groupMember).values([
      { gid: id, uid: admin.uid, auth: M.ADMIN },
      { gid: id, uid: member.uid, auth: M.MEMBER },
    ]);
    for (const u of [a1, a2]) await members.add({ gid: id, reason: 'please accept me' }, u);
    expect(await refusal(members.applications({ gid: id }, member))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(members.update({ gid: id, uid: a1.uid, auth: M.MEMBER }, member))).toBe('GROUP_FORBIDDEN');
    await members.update({ gid: id, uid: a1.uid, auth: M.MEMBER }, admin);
    await members.update({ gid: id, uid: a2.uid, auth: M.REFUSED }, admin);
    expect(await refusal(members.update({ gid: id, uid: a1.uid, auth: M.ADMIN }, admin))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(members.update({ gid: id, uid: admin.uid, auth: M.MEMBER }, admin))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(members.update({ gid: id, uid: owner.uid, auth: M.MEMBER }, owner))).toBe('GROUP_OWNER_FIXED');
    expect(await refusal(members.update({ gid: id, uid: (await addUser(t.db)).uid, auth: M.MEMBER }, owner))).toBe('GROUP_MEMBER_NOT_FOUND');
    await members.update({ gid: id, uid: a1.uid, auth: M.ADMIN }, owner);
    expect(await auths(id, owner)).toEqual({ [a2.username]: M.REFUSED, [member.username]: M.MEMBER, [admin.username]: M.ADMIN, [a1.username]: M.ADMIN, [owner.username]: M.ROOT });
    // A refused user may apply again.
    expect(await members.add({ gid: id, reason: 'second try, please' }, a2)).toEqual({ auth: M.APPLYING });
    // Every change went out on the topic: 2 applications, accept, refuse, promotion, the new application.
    expect(await createPushService(ctx).latestSeq(topics.group(id))).toBe(6);
  });

  it('removes lower auths (not oneself, not the owner); members exit, the owner cannot', async () => {
    const owner = await addUser(t.db);
    const { id } = await groups.create(groupForm(), owner);
    const [admin, m1, m2] = [await addUser(t.db), await addUser(t.db), await addUser(t.db)];
    await t.db.insert(groupMember).values([
      { gid: id, uid: admin.uid, auth: M.ADMIN },
      { gid: id, uid: m1.uid, auth: M.MEMBER },
      { gid: id, uid: m2.uid, auth: M.MEMBER },
    ]);
    expect(await refusal(members.remove({ gid: id, uid: m2.uid }, m1))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(members.remove({ gid: id, uid: admin.uid }, admin))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(members.remove({ gid: id, uid: owner.uid }, admin))).toBe('GROUP_OWNER_FIXED');
    await members.remove({ gid: id, uid: m1.uid }, admin);
    await members.exit(id, m2);
    expect(await refusal(members.exit(id, m2))).toBe('GROUP_MEMBER_NOT_FOUND');
    expect(await refusal(members.exit(id, owner))).toBe('GROUP_OWNER_CANNOT_EXIT');
    await members.remove({ gid: id, uid: admin.uid }, owner);
    expect(Object.keys(await auths(id, owner))).toEqual([owner.username]);
  });

  it('keeps a hidden group closed to strangers: no application, no list', async () => {
    const owner = await addUser(t.db);
    const { id } = await groups.create(groupForm({ visible: false }), owner);
    const stranger = await addUser(t.db);
    expect(await refusal(members.add({ gid: id }, stranger))).toBe('GROUP_NOT_FOUND');
    expect(await refusal(members.members({ gid: id }, stranger))).toBe('GROUP_NOT_FOUND');
    expect(await refusal(members.exit(id, stranger))).toBe('GROUP_NOT_FOUND');
  });
});
