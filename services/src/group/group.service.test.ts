// Groups on PostgreSQL: creating one (the form's rules, unique names, the AC-count gate and the limits), the list
// (hidden groups for their members only, My groups, filters), the detail (the code for its root only), the setting
// form (root only), the avatar, and disbanding (owner or super admin; its own problems go with it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_AUTH, GROUP_MEMBER_AUTH as M, JudgeStatus, topics, type GroupBody } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { eq } from 'drizzle-orm';
import { groupMember, groups as groupsTable, problems } from '../db/schema';
import { createPushService } from '../push/push.service';
import { addProblem, addSubmission, addUser, refusal, serviceContext } from '../testing/fixtures';
import { groupForm } from '../testing/group-fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createGroupService, type GroupService } from './group.service';


/** A user with `n` distinct accepted practice problems. */
async function solver(t: TestDb, n: number): Promise<Viewer> {
  const u = await addUser(t.db);
  for (let i = 0; i < n; i++) await addSubmission(t.db, u.uid, (await addProblem(t.db)).id, { status: JudgeStatus.ACCEPTED });
  return u;
}

describe('groups', () => {
  let t: TestDb;
  let groups: GroupService;
  let admin: Viewer;
  beforeAll(async () => {
    t = await startTestDb();
    groups = createGroupService(serviceContext(t.db, { createGroupMinAc: 2, createGroupDailyLimit: 2, createGroupLimit: 3 }));
    admin = await addUser(t.db, ['admin']);
  });
  afterAll(() => t.stop());

  it('checks the form in the specification order, with the catalogue codes', async () => {
    const cases: [Partial<GroupBody>, string][] = [
      [{ name: 'abcd' }, 'GROUP_NAME_LENGTH'],
      [{ name: 'x'.repeat(26) }, 'GROUP_NAME_LENGTH'],
      [{ name: '  ' }, 'GROUP_NAME_REQUIRED'],
      [{ shortName: 'abcd' }, 'GROUP_SHORT_NAME_LENGTH'],
      [{ shortName: 'abcdefghijk' }, 'GROUP_SHORT_NAME_LENGTH'],
      [{ brief: 'x'.repeat(51) }, 'GROUP_BRIEF_LENGTH'],
      [{ auth: GROUP_AUTH.PRIVATE, code: '12345' }, 'GROUP_CODE_LENGTH'],
      [{ auth: GROUP_AUTH.PROTECTED }, 'GROUP_CODE_LENGTH'],
      [{ description: 'abc' }, 'GROUP_DESCRIPTION_LENGTH'],
      [{ description: 'x'.repeat(1001) }, 'GROUP_DESCRIPTION_LENGTH'],
      [{ auth: undefined }, 'GROUP_AUTH_REQUIRED'],
    ];
    for (const [over, code] of cases) expect(await refusal(groups.create(groupForm(over), admin)), JSON.stringify(over)).toBe(code);
    // Limits are characters, not bytes: five Chinese characters are a valid short name.
    expect(await refusal(groups.create(groupForm({ name: '算法竞赛训练队', shortName: '算法训练队' }), admin))).toBe('ok');
  });

  it('makes the creator the owner and root; names and short names are unique', async () => {
    const form = groupForm({ auth: GROUP_AUTH.PRIVATE, code: 'abc123' });
    const { id } = await groups.create(form, admin);
    const d = await groups.detail(id, admin);
    expect(d).toMatchObject({ name: form.name, shortName: form.shortName, owner: admin.username, uid: admin.uid, auth: GROUP_AUTH.PRIVATE, code: 'abc123', visible: true, memberCount: 1 });
    expect(await groups.auth(id, admin)).toBe(M.ROOT);
    expect(await refusal(groups.create(groupForm({ name: form.name }), admin))).toBe('GROUP_NAME_EXISTS');
    expect(await refusal(groups.create(groupForm({ shortName: form.shortName }), admin))).toBe('GROUP_SHORT_NAME_EXISTS');
    // Another user reads it without its code.
    const other = await addUser(t.db);
    expect((await groups.detail(id, other)).code).toBeNull();
    expect(await groups.access(id, other)).toEqual({ access: false });
  });

  it('gates creation on accepted problems, and limits groups per day and in all (admins exempt)', async () => {
    const novice = await solver(t, 1);
    expect(await refusal(groups.create(groupForm(), novice))).toBe('GROUP_CREATE_AC_REQUIRED');
    // A group's or a contest's accepted submissions do not count.
    const p = await addProblem(t.db);
    await addSubmission(t.db, novice.uid, p.id, { status: JudgeStatus.ACCEPTED, gid: 999 });
    expect(await refusal(groups.create(groupForm(), novice))).toBe('GROUP_CREATE_AC_REQUIRED');
    const user = await solver(t, 2);
    await groups.create(groupForm(), user);
    await groups.create(groupForm(), user);
    expect(await refusal(groups.create(groupForm(), user))).toBe('GROUP_CREATE_DAILY_LIMIT');
    // A day later the daily limit has passed; three in all is the total limit.
    await t.db.update(groupsTable).set({ gmtCreate: new Date(Date.now() - 2 * 86_400_000) }).where(eq(groupsTable.uid, user.uid));
    await groups.create(groupForm(), user);
    expect(await refusal(groups.create(groupForm(), user))).toBe('GROUP_CREATE_TOTAL_LIMIT');
    for (let i = 0; i < 4; i++) await groups.create(groupForm(), admin);
  });

  it('lists hidden groups to their members only; My groups; auth and keyword filters', async () => {
    const owner = await solver(t, 2);
    const member = await addUser(t.db);
    const stranger = await addUser(t.db);
    const { id: hidden } = await groups.create(groupForm({ visible: false, name: 'Hidden team 42', auth: GROUP_AUTH.PROTECTED, code: 'qwerty' }), owner);
    const { id: open } = await groups.create(groupForm({ name: 'Open team 42' }), owner);
    await t.db.insert(groupMember).values({ gid: hidden, uid: member.uid, auth: M.MEMBER });
    const ids = async (v: Viewer | null, q = {}) => (await groups.list({ keyword: 'team 42', ...q }, v)).records.map((g) => g.id);
    expect(await ids(stranger)).toEqual([open]);
    expect(await ids(null)).toEqual([open]);
    expect(await ids(member)).toEqual([open, hidden]);
    expect(await ids(member, { onlyMine: true })).toEqual([hidden]);
    expect(await ids(null, { onlyMine: true })).toEqual([]);
    expect(await ids(owner, { auth: GROUP_AUTH.PROTECTED })).toEqual([hidden]);
    expect(await ids(await addUser(t.db, ['root']))).toEqual([open, hidden]);
    const card = (await groups.list({ keyword: 'Hidden team 42' }, member)).records[0]!;
    expect(card).toMatchObject({ visible: false, memberCount: 2, owner: owner.username, auth: GROUP_AUTH.PROTECTED });
    // The hidden group does not exist for a stranger, whatever route they try.
    expect(await refusal(groups.detail(hidden, stranger))).toBe('GROUP_NOT_FOUND');
    expect(await refusal(groups.auth(hidden, stranger))).toBe('GROUP_NOT_FOUND');
  });

  it('lets only the group root change the setting; fields left out are kept', async () => {
    const owner = await solver(t, 2);
    const { id } = await groups.create(groupForm({ auth: GROUP_AUTH.PROTECTED, code: 'code12' }), owner);
    const member = await addUser(t.db);
    const admin4 = await addUser(t.db);
    await t.db.insert(groupMember).values([
      { gid: id, uid: member.uid, auth: M.MEMBER },
      { gid: id, uid: admin4.uid, auth: M.ADMIN },
    ]);
    expect(await refusal(groups.update({ id, brief: 'changed brief' }, member))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(groups.update({ id, brief: 'changed brief' }, admin4))).toBe('GROUP_FORBIDDEN');
    await groups.update({ id, brief: 'changed brief', visible: false }, owner);
    expect(await groups.detail(id, owner)).toMatchObject({ brief: 'changed brief', visible: false, code: 'code12', auth: GROUP_AUTH.PROTECTED });
    expect(await refusal(groups.update({ id, code: 'short' }, owner))).toBe('GROUP_CODE_LENGTH');
    await groups.update({ id, auth: GROUP_AUTH.PUBLIC }, owner);
    expect((await groups.detail(id, owner)).code).toBeNull();
    expect(await refusal(groups.update({ id, auth: GROUP_AUTH.PRIVATE }, owner))).toBe('GROUP_CODE_LENGTH');
  });

  it('stores the avatar (type from the bytes, at most 2 MB) for the root only', async () => {
    const owner = await solver(t, 2);
    const { id } = await groups.create(groupForm(), owner);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a0000000000049454e44ae426082', 'hex');
    const g = await groups.uploadAvatar(id, png, owner);
    expect(g.avatar).toMatch(/^\/api\/public\/img\/[0-9a-f]{24}\.png$/);
    expect(await refusal(groups.uploadAvatar(id, Buffer.from('not an image'), owner))).toBe('FILE_TYPE_NOT_SUPPORTED');
    expect(await refusal(groups.uploadAvatar(id, Buffer.alloc(2_097_153, 0x89), owner))).toBe('FILE_TOO_LARGE');
    expect(await refusal(groups.uploadAvatar(id, png, await addUser(t.db)))).toBe('GROUP_FORBIDDEN');
  });

  it('is disbanded by its owner or a super admin only; its own problems go, the members are told', async () => {
    const ctx = serviceContext(t.db, { createGroupMinAc: 0 });
    const svc = createGroupService(ctx);
    const owner = await addUser(t.db);
    const { id } = await svc.create(groupForm(), owner);
    const root5 = await addUser(t.db);
    await t.db.insert(groupMember).values({ gid: id, uid: root5.uid, auth: M.ROOT });
    const own = await addProblem(t.db, { gid: id, isGroup: true });
    const madePublic = await addProblem(t.db, { gid: id, isGroup: false, applyPublicProgress: 2 });
    expect(await refusal(svc.remove(id, root5))).toBe('GROUP_FORBIDDEN');
    await svc.remove(id, owner);
    expect(await refusal(svc.detail(id, owner))).toBe('GROUP_NOT_FOUND');
    expect(await t.db.select().from(problems).where(eq(problems.id, own.id))).toEqual([]);
    const [kept] = await t.db.select().from(problems).where(eq(problems.id, madePublic.id));
    expect(kept?.gid).toBeNull();
    // Each member's relation ended on the group's topic.
    expect(await createPushService(ctx).latestSeq(topics.group(id))).toBe(2);
    const { id: second } = await svc.create(groupForm(), owner);
    await svc.remove(second, await addUser(t.db, ['root']));
  });
});
