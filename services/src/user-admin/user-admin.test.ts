// The users admin on a real PostgreSQL: CSV preview and all-or-nothing confirm (10,000 rows), generate-user and its
// one-time sheet, edits that end sessions, and role ↔ permission changes that take effect at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE_CODE, topics, type PushMessage } from '@oj/proto';
import { createAccountService, type AccountServiceImpl } from '../account/account.service';
import { readZip } from '../testdata/zip';
import { users } from '../db/schema';
import { addAccount, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createAccessService, type AccessService } from './access.service';
import { createRolePermissions } from './role-permissions';
import { createUserAdminService, type UserAdminService } from './user-admin.service';
import { createUserImportService, type UserImportService } from './user-import.service';

let t: TestDb;
let account: AccountServiceImpl;
let admin: UserAdminService;
let importer: UserImportService;
let access: AccessService;
const pushed: PushMessage[] = [];

beforeAll(async () => {
  t = await startTestDb();
  const ctx = serviceContext(t.db, { sessionCacheMs: 60_000 });
  await ctx.transport.subscribePush((m) => pushed.push(m));
  const perms = createRolePermissions(t.db);
  account = createAccountService(ctx, perms);
  admin = createUserAdminService(ctx, account);
  importer = createUserImportService(ctx);
  access = createAccessService(ctx, perms, () => account.forgetAll());
});
afterAll(() => t.stop());

const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');
const countUsers = async (prefix: string) => (await t.db.select({ u: users.username }).from(users)).filter((r) => r.u.startsWith(prefix)).length;

describe('CSV import', () => {
  it('previews every row with its reasons and writes nothing', async () => {
    await addAccount(t.db, { username: 'imp_taken', password: 'pass123' });
    const preview = await importer.preview(
      csv(['username,password,email', 'imp_a,pass123,a@x.com', 'imp_b', 'imp_a,pass123', 'imp_taken,pass123', 'imp_c,123', 'imp_d,pass123,bad-mail']),
    );
    expect(preview.header).toBe(true);
    expect(preview.total).toBe(6);
    expect(preview.bad).toBe(5);
    expect(preview.rows.map((r) => [r.line, r.reasons])).toEqual([
      [2, []],
      [3, ['missing_column']],
      [4, ['duplicate_in_file']],
      [5, ['username_exists']],
      [6, ['password_length']],
      [7, ['email_invalid']],
    ]);
    expect(await countUsers('imp_')).toBe(1);
  });

  it('refuses a file in another encoding, and an empty one', async () => {
    expect(await refusal(importer.preview(Buffer.from([0xd5, 0xc5, 0xc8, 0xfd, 0x2c, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36])))).toBe('USER_IMPORT_ENCODING');
    expect(await refusal(importer.preview(csv(['username,password'])))).toBe('USER_IMPORT_EMPTY');
  });

  it('confirms all or nothing: one bad row writes no user at all', async () => {
    expect(await refusal(importer.insertBatch([['all_a', 'pass123'], ['all_b', 'short']]))).toBe('USER_IMPORT_INVALID');
    expect(await countUsers('all_')).toBe(0);
    expect(await importer.insertBatch([['all_a', 'pass123', 'All_A@x.com', 'A A', '0', 'aa', 'S'], ['all_b', 'pass456']])).toBe(2);
    const [a] = await t.db.select().from(users).where(eq(users.username, 'all_a'));
    expect(a).toMatchObject({ email: 'all_a@x.com', realname: 'A A', gender: 'male', nickname: 'aa', school: 'S' });
    expect(await refusal(account.login('all_a', 'pass123', '10.9.0.1'))).toBe('ok');
  });

  it('previews and inserts 10,000 rows', async () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => `big${i},pw${String(i).padStart(6, '0')},big${i}@example.com,,${i % 3}`);
    let at = Date.now();
    const preview = await importer.preview(csv(lines));
    const previewMs = Date.now() - at;
    expect(preview.bad).toBe(0);
    at = Date.now();
    expect(await importer.insertBatch(preview.rows.map((r) => r.cells))).toBe(10_000);
    const insertMs = Date.now() - at;
    expect(await countUsers('big')).toBe(10_000);
    console.log(`10,000-row import: preview ${previewMs} ms, insert ${insertMs} ms`);
    // Importing the same file again: every row now exists.
    expect((await importer.preview(csv(lines))).bad).toBe(10_000);
  }, 300_000);
});

describe('generate-user', () => {
  it('checks the range and existing names, then hands the sheet out once to its owner', async () => {
    const owner = await addAccount(t.db, { username: 'gen_owner', password: 'pass123', roles: ['root'] });
    expect(await refusal(importer.generate(owner.uid, { prefix: 'g', number_from: 5, number_to: 4, password_length: 8 }))).toBe('USER_GENERATE_RANGE');
    expect(await refusal(importer.generate(owner.uid, { prefix: 'g', number_from: 1, number_to: 6000, password_length: 8 }))).toBe('USER_GENERATE_TOO_MANY');
    expect(await refusal(importer.generate(owner.uid, { prefix: 'gen_', suffix: 'ner', number_from: 1, number_to: 1, password_length: 8 }))).toBe('ok');
    expect(await refusal(importer.generate(owner.uid, { prefix: 'gen_', suffix: 'ner', number_from: 1, number_to: 3, password_length: 8 }))).toBe('USER_GENERATE_EXISTS');
    const { key, count } = await importer.generate(owner.uid, { prefix: 'gx', suffix: '_t', number_from: 10, number_to: 59, password_length: 12 });
    expect(count).toBe(50);
    expect(await refusal(importer.takeSheet('someone-else', key, 'csv'))).toBe('USER_SHEET_GONE');
    const sheet = await importer.takeSheet(owner.uid, key, 'csv');
    const rows = sheet.data.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(','));
    expect(rows[0]).toEqual(['username', 'password']);
    expect(rows).toHaveLength(51);
    expect(rows[1]![0]).toBe('gx10_t');
    expect(rows[1]![1]).toHaveLength(12);
    expect(await refusal(account.login(rows[50]![0]!, rows[50]![1]!, '10.9.0.2'))).toBe('ok');
    expect(await refusal(importer.takeSheet(owner.uid, key, 'xlsx'))).toBe('USER_SHEET_GONE');
    const again = await importer.generate(owner.uid, { prefix: 'gy', number_from: 1, number_to: 2, password_length: 6 });
    const xlsx = await importer.takeSheet(owner.uid, again.key, 'xlsx');
    const entries = readZip(xlsx.data, { entries: 100, fileBytes: 1 << 20, totalBytes: 1 << 20 }, () => true);
    const sheetXml = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!.data.toString('utf8');
    expect(sheetXml).toContain('gy1');
    expect(sheetXml).toContain('gy2');
  });
});

describe('edits that end sessions', () => {
  it('a new password, another role or a ban revokes the sessions at once; a plain edit does not', async () => {
    const root = await addAccount(t.db, { username: 'ed_root', password: 'pass123', roles: ['root'] });
    const target = await addAccount(t.db, { username: 'ed_user', password: 'pass123' });
    const open = async () => (await account.login('ed_user', 'pass123', '10.9.1.1')).sessionId;
    const base = { uid: target.uid, username: 'ed_user', type: ROLE_CODE.default_user, status: 0 };

    let sid = await open();
    expect(await account.verifySession(target.uid, sid)).not.toBeNull();
    expect(await admin.edit(root, { ...base, nickname: 'nick' })).toBeNull();
    expect(await account.verifySession(target.uid, sid)).not.toBeNull();

    expect(await admin.edit(root, { ...base, setNewPwd: true, password: 'newpass1' })).toBe('password');
    expect(await account.verifySession(target.uid, sid)).toBeNull();
    expect(pushed.filter((m) => m.topic === topics.user(target.uid) && m.event === 'session.revoked').map((m) => (m.data as { reason: string }).reason)).toEqual(['password']);

    const login = () => account.login('ed_user', 'newpass1', '10.9.1.2');
    sid = (await login()).sessionId;
    expect(await admin.edit(root, { ...base, type: ROLE_CODE.no_subimit_user })).toBe('role');
    expect(await account.verifySession(target.uid, sid)).toBeNull();
    sid = (await login()).sessionId;
    expect((await account.verifySession(target.uid, sid))?.permissions).not.toContain('submit');

    expect(await admin.edit(root, { ...base, type: ROLE_CODE.no_subimit_user, status: 1 })).toBe('banned');
    expect(await account.verifySession(target.uid, sid)).toBeNull();
    expect(await refusal(login())).toBe('AUTH_ACCOUNT_BANNED');
  });

  it('validates the dialog on the server and refuses changing oneself', async () => {
    const root = await addAccount(t.db, { username: 'ev_root', password: 'pass123', roles: ['root'] });
    const u = await addAccount(t.db, { username: 'ev_user', password: 'pass123', email: 'ev@x.com' });
    await addAccount(t.db, { username: 'ev_other', password: 'pass123', email: 'other@x.com' });
    const base = { uid: u.uid, username: 'ev_user', type: ROLE_CODE.default_user, status: 0 };
    expect(await refusal(admin.edit(root, { ...base, username: 'ev_other' }))).toBe('ACCOUNT_USERNAME_EXISTS');
    expect(await refusal(admin.edit(root, { ...base, email: 'OTHER@x.com' }))).toBe('ACCOUNT_EMAIL_EXISTS');
    expect(await refusal(admin.edit(root, { ...base, email: 'nope' }))).toBe('ACCOUNT_EMAIL_INVALID');
    expect(await refusal(admin.edit(root, { ...base, mobile: '12' }))).toBe('ACCOUNT_MOBILE_INVALID');
    expect(await refusal(admin.edit(root, { ...base, setNewPwd: true, password: '123' }))).toBe('USER_PASSWORD_LENGTH');
    expect(await refusal(admin.edit(root, { ...base, uid: 'missing' }))).toBe('USER_NOT_FOUND');
    expect(await refusal(admin.edit(root, { uid: root.uid, username: 'ev_root', type: ROLE_CODE.admin, status: 0 }))).toBe('USER_SELF_CHANGE');
    expect(await refusal(admin.remove(root, [root.uid]))).toBe('USER_SELF_CHANGE');
    expect(await admin.remove(root, [u.uid])).toBe(1);
    const list = await admin.list({ keyword: 'ev_', limit: 10 });
    expect(list.records.map((r) => r.username).sort()).toEqual(['ev_other', 'ev_root']);
    expect((await admin.list({ keyword: 'ev_', role: ROLE_CODE.root })).records.map((r) => r.username)).toEqual(['ev_root']);
  });
});

describe('role ↔ permission assignment', () => {
  it('a change takes effect on the next check, and the super admin keeps user_admin', async () => {
    const u = await addAccount(t.db, { username: 'ra_user', password: 'pass123' });
    const sid = (await account.login('ra_user', 'pass123', '10.9.2.1')).sessionId;
    expect((await account.verifySession(u.uid, sid))?.permissions).toContain('submit');
    const { auths, assigned } = await access.roleAuth();
    const submit = auths.find((a) => a.permission === 'submit')!.id;
    const before = assigned[String(ROLE_CODE.default_user)]!;
    expect(before).toContain(submit);
    await access.setRoleAuth(ROLE_CODE.default_user, before.filter((id) => id !== submit));
    expect((await account.verifySession(u.uid, sid))?.permissions).not.toContain('submit');
    expect((await account.authInfo(u)).permissions).not.toContain('submit');
    expect(pushed.some((m) => m.topic === topics.access() && m.event === 'access.changed')).toBe(true);
    await access.setRoleAuth(ROLE_CODE.default_user, before);
    expect((await account.verifySession(u.uid, sid))?.permissions).toContain('submit');

    const userAdmin = auths.find((a) => a.permission === 'user_admin')!.id;
    expect(await refusal(access.setRoleAuth(ROLE_CODE.root, [submit]))).toBe('AUTH_ROOT_LOCKOUT');
    expect(await refusal(access.setRoleAuth(ROLE_CODE.root, [userAdmin, 99_999]))).toBe('AUTH_UNKNOWN');
    expect(await refusal(access.saveAuth({ id: submit, permission: 'submit_x' }))).toBe('AUTH_BUILTIN');
    expect(await refusal(access.saveAuth({ permission: 'submit' }))).toBe('AUTH_EXISTS');
    const added = await access.saveAuth({ permission: 'exam_view', description: 'see exams' });
    expect((await access.auths()).map((a) => a.permission)).toContain('exam_view');
    expect(added.id).toBeGreaterThan(0);
    const roles = await access.roles();
    expect(roles.map((r) => r.id)).toEqual([1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008]);
  });
});
