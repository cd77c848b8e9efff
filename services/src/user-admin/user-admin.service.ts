// The users admin (`/admin/user`, holders of `user_admin`): the list with search and filters, the edit dialog's
// rules, and deletion. A new password, another role or a ban ends the user's sessions at once (revoke.ts).
import {
  isValidMobile,
  LIMITS,
  OjError,
  PAGE_SIZES,
  type AdminEditUserBody,
  type AdminUserListQuery,
  type AdminUserRow,
  type PageOf,
  type PushMessage,
  type SessionRevokedData,
} from '@oj/proto';
import type { AccountService } from '../account/account.service';
import { EMAIL_RE, normEmail } from '../account/email-code';
import { hashPassword } from '../account/password';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { pageOf, pageOffset } from '../db/paging';
import { publishAll } from '../push/push.service';
import { revokeSessions } from './revoke';
import { deleteUsers, listUsers, otherUserWith, rolesOfUsers, setOnlyRole, updateUserFields, userById, userWithHistory } from './user-admin.repo';

export interface UserAdminService {
  list(q: AdminUserListQuery): Promise<PageOf<AdminUserRow>>;
  /** Saves the edit dialog; answers why sessions were revoked (null: they were not). */
  edit(viewer: Viewer, body: AdminEditUserBody): Promise<SessionRevokedData['reason'] | null>;
  /** Deletes users without submissions or created contests (those must be banned instead), all or none. */
  remove(viewer: Viewer, uids: string[]): Promise<number>;
}

const trimOrNull = (s: string | null | undefined): string | null => {
  const t = s?.trim() ?? '';
  return t === '' ? null : t;
};

export function createUserAdminService(ctx: ServiceContext, account: Pick<AccountService, 'forgetUser'>): UserAdminService {
  const { db } = ctx;

  async function published(msgs: PushMessage[], uids: string[]): Promise<void> {
    for (const uid of uids) account.forgetUser(uid);
    await publishAll(ctx.transport, msgs, ctx.logger);
  }

  /** The checked values of the dialog's fields. */
  async function fieldsOf(body: AdminEditUserBody) {
    const username = body.username.trim();
    if (username === '' || /\s/.test(username)) throw new OjError('VALIDATION_FAILED', { detail: 'username' });
    if (await otherUserWith(db, 'username', username, body.uid)) throw new OjError('ACCOUNT_USERNAME_EXISTS');
    const rawEmail = trimOrNull(body.email);
    if (rawEmail !== null && !EMAIL_RE.test(rawEmail)) throw new OjError('ACCOUNT_EMAIL_INVALID');
    const email = rawEmail === null ? null : normEmail(rawEmail);
    if (email !== null && (await otherUserWith(db, 'email', email, body.uid))) throw new OjError('ACCOUNT_EMAIL_EXISTS');
    const mobile = trimOrNull(body.mobile);
    if (mobile !== null && !isValidMobile(mobile)) throw new OjError('ACCOUNT_MOBILE_INVALID');
    let password: string | undefined;
    if (body.setNewPwd) {
      const p = body.password ?? '';
      if (p.length < LIMITS.passwordMin || p.length > LIMITS.passwordMax) throw new OjError('USER_PASSWORD_LENGTH', { min: LIMITS.passwordMin, max: LIMITS.passwordMax });
      password = await hashPassword(p);
    }
    return {
      username,
      email,
      mobile,
      nickname: trimOrNull(body.nickname),
      realname: trimOrNull(body.realname),
      gender: body.gender ?? null,
      school: trimOrNull(body.school),
      number: trimOrNull(body.number),
      titleName: trimOrNull(body.titleName),
      titleColor: trimOrNull(body.titleColor),
      status: body.status,
      ...(password !== undefined && { password }),
    };
  }

  return {
    async list(q) {
      const size = q.limit ?? PAGE_SIZES.adminList;
      const current = q.currentPage ?? 1;
      const offset = pageOffset(current, size);
      if (offset === null) return pageOf([], 0, current, size);
      const { total, rows } = await listUsers(db, { keyword: q.keyword?.trim() || undefined, onlyAdmin: q.onlyAdmin, role: q.role, status: q.status }, size, offset);
      const roleMap = await rolesOfUsers(db, rows.map((r) => r.uuid));
      const records = rows.map((u) => ({
        uid: u.uuid,
        username: u.username,
        nickname: u.nickname,
        realname: u.realname,
        email: u.email,
        mobile: u.mobile,
        gender: u.gender,
        school: u.school,
        number: u.number,
        titleName: u.titleName,
        titleColor: u.titleColor,
        status: u.status,
        roles: roleMap.get(u.uuid) ?? [],
        gmtCreate: u.gmtCreate.toISOString(),
      }));
      return pageOf(records, total, current, size);
    },

    async edit(viewer, body) {
      const user = await userById(db, body.uid);
      if (!user) throw new OjError('USER_NOT_FOUND');
      const oldRoles = (await rolesOfUsers(db, [user.uuid])).get(user.uuid) ?? [];
      const roleChanged = oldRoles.length !== 1 || oldRoles[0]!.id !== body.type;
      const banned = body.status === 1 && user.status !== 1;
      if (viewer.uid === user.uuid && (roleChanged || body.status === 1)) throw new OjError('USER_SELF_CHANGE');
      const fields = await fieldsOf(body);
      const reason: SessionRevokedData['reason'] | null = banned ? 'banned' : roleChanged ? 'role' : fields.password ? 'password' : null;
      let msg: PushMessage | null = null;
      try {
        msg = await db.transaction(async (tx) => {
          await updateUserFields(tx, user.uuid, fields, reason !== null);
          if (roleChanged) await setOnlyRole(tx, user.uuid, body.type);
          return reason ? revokeSessions(tx, user.uuid, reason) : null;
        });
      } catch (err) {
        // A concurrent edit took the name or the email between the check and the write.
        if ((err as { code?: string }).code === '23505') throw new OjError('ACCOUNT_USERNAME_EXISTS');
        throw err;
      }
      await published(msg ? [msg] : [], [user.uuid]);
      return reason;
    },

    async remove(viewer, uids) {
      const ids = [...new Set(uids)];
      if (ids.includes(viewer.uid)) throw new OjError('USER_SELF_CHANGE');
      const withHistory = await userWithHistory(db, ids);
      if (withHistory) throw new OjError('USER_HAS_HISTORY', { username: (await userById(db, withHistory))?.username ?? withHistory });
      const { msgs, gone } = await db
        .transaction(async (tx) => {
          const gone = await deleteUsers(tx, ids);
          const msgs: PushMessage[] = [];
          for (const uid of gone) msgs.push(await revokeSessions(tx, uid, 'deleted'));
          return { gone, msgs };
        })
        .catch((err: unknown) => {
          // A submission arrived between the check and the delete.
          if ((err as { code?: string }).code === '23503') throw new OjError('USER_HAS_HISTORY', { username: ids.join(', ').slice(0, 100) });
          throw err;
        });
      await published(msgs, gone);
      return gone.length;
    },
  };
}
