// A user's own settings: password, email (with a mailed code), mobile, profile fields and the avatar. Changing the
// password, the email or the mobile number needs the current password; a new password or email ends every other
// session of the user (session-end.ts).
import { randomUUID } from 'node:crypto';
import {
  isValidMobile,
  LIMITS,
  OjError,
  type ChangeAccountVO,
  type ChangeEmailBody,
  type ChangeMobileBody,
  type ChangePasswordBody,
  type ChangeUserInfoBody,
  type UserInfo,
} from '@oj/proto';
import type { Viewer } from './viewer';
import type { ServiceContext } from '../context';
import type { users } from '../db/schema';
import { makeEmailCode } from './captcha';
import type { Mailer } from './mailer';
import { hashPassword, verifyPassword } from './password';
import { findAvatar, replaceAvatar, takeEmailCode, updateUser, userById } from './account-flows.repo';
import { rolesOf } from './account.repo';
import { toUserInfo } from './account.service';
import { ACCOUNT_TIMES, checkEmail, findUserByEmail, issueCode, normEmail } from './email-code';
import { changeEndingSessions } from './session-end';

/** Avatar types of the original product, recognised by their first bytes (the file name is not trusted). */
export function sniffImage(b: Buffer): { ext: string; mime: string } | null {
  const starts = (...bytes: number[]) => bytes.every((x, i) => b[i] === x);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { ext: 'png', mime: 'image/png' };
  if (starts(0xff, 0xd8, 0xff)) return { ext: 'jpg', mime: 'image/jpeg' };
  if (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a') return { ext: 'gif', mime: 'image/gif' };
  if (starts(0x42, 0x4d) && b.length >= 26) return { ext: 'bmp', mime: 'image/bmp' };
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return { ext: 'webp', mime: 'image/webp' };
  return null;
}

/** A change that ended the user's other sessions, and the id the caller's session goes on under. */
export interface SessionChange {
  vo: ChangeAccountVO;
  sessionId: string;
}

export interface AccountSettings {
  /** Also ends every other session of the user (`sessionId` is the caller's; session-end.ts). */
  changePassword(viewer: Viewer, body: ChangePasswordBody, sessionId: string): Promise<SessionChange>;
  changeEmailCode(viewer: Viewer, email: string): Promise<void>;
  /** Also ends every other session of the user, as a new password does. */
  changeEmail(viewer: Viewer, body: ChangeEmailBody, sessionId: string): Promise<SessionChange>;
  /** Changing the mobile number: current password checked, mobile required in `MOBILE_RE` form and different from the old one. */
  changeMobile(viewer: Viewer, body: ChangeMobileBody): Promise<ChangeAccountVO>;
  changeUserInfo(viewer: Viewer, body: ChangeUserInfoBody): Promise<UserInfo>;
  /** Stores an avatar (type by magic bytes, ≤ 2 MB) and points the user at `/api/public/img/<name>`. */
  uploadAvatar(viewer: Viewer, image: Buffer): Promise<UserInfo>;
  avatar(name: string): Promise<{ mime: string; data: Buffer } | null>;
}

export function createAccountSettings(ctx: ServiceContext, mailer: Mailer, forgetSessions: (uid: string) => void = () => {}): AccountSettings {
  const { db, config } = ctx;

  async function userRow(uid: string) {
    const u = await userById(db, uid);
    if (!u) throw new OjError('AUTH_TOKEN_INVALID');
    return u;
  }

  async function changed(uid: string): Promise<UserInfo> {
    const u = await userRow(uid);
    return toUserInfo(u, await rolesOf(db, uid));
  }

  return {
    async changePassword(viewer, body, current) {
      const u = await userRow(viewer.uid);
      if (!(await verifyPassword(body.oldPassword, u.password))) throw new OjError('ACCOUNT_PASSWORD_WRONG');
      if (body.oldPassword === body.newPassword) throw new OjError('ACCOUNT_SAME_AS_OLD', { field: 'password' });
      const password = await hashPassword(body.newPassword);
      const sessionId = (await changeEndingSessions(ctx, viewer.uid, { password }, 'password', current, forgetSessions))!;
      return { vo: { code: 200, msg: 'ok', userInfo: await changed(viewer.uid) }, sessionId };
    },

    async changeEmailCode(viewer, rawEmail) {
      const email = checkEmail(rawEmail);
      const u = await userRow(viewer.uid);
      if (u.email && normEmail(u.email) === email) throw new OjError('ACCOUNT_SAME_AS_OLD', { field: 'email' });
      if (await findUserByEmail(db, email)) throw new OjError('ACCOUNT_EMAIL_EXISTS');
      const code = makeEmailCode();
      await issueCode(db, 'change_email', email, code, ACCOUNT_TIMES.changeEmailCodeS, ACCOUNT_TIMES.registerResendS, viewer.uid);
      await mailer.send({ to: email, subject: `${config.site.name}: change email`, text: `Your code is ${code}.\n您的验证码是 ${code}。`, secrets: [code] });
    },

    async changeEmail(viewer, body, current) {
      const email = checkEmail(body.newEmail);
      const u = await userRow(viewer.uid);
      if (!(await verifyPassword(body.password, u.password))) throw new OjError('ACCOUNT_PASSWORD_WRONG');
      if (u.email && normEmail(u.email) === email) throw new OjError('ACCOUNT_SAME_AS_OLD', { field: 'email' });
      if (!/^\d{6}$/.test(body.code) || !(await takeEmailCode(db, 'change_email', email, body.code, viewer.uid))) throw new OjError('ACCOUNT_CODE_WRONG');
      if (await findUserByEmail(db, email)) throw new OjError('ACCOUNT_EMAIL_EXISTS');
      // The address that can reset the password changed hands: other sessions end, as with a new password.
      const sessionId = (await changeEndingSessions(ctx, viewer.uid, { email }, 'email', current, forgetSessions))!;
      return { vo: { code: 200, msg: 'ok', userInfo: await changed(viewer.uid) }, sessionId };
    },

    async changeMobile(viewer, body) {
      const mobile = body.newMobile.trim();
      if (!isValidMobile(mobile)) throw new OjError('ACCOUNT_MOBILE_INVALID');
      const u = await userRow(viewer.uid);
      if (!(await verifyPassword(body.password, u.password))) throw new OjError('ACCOUNT_PASSWORD_WRONG');
      if (u.mobile === mobile) throw new OjError('ACCOUNT_SAME_AS_OLD', { field: 'mobile' });
      await updateUser(db, viewer.uid, { mobile });
      return { code: 200, msg: 'ok', userInfo: await changed(viewer.uid) };
    },

    async changeUserInfo(viewer, body) {
      const set: Partial<typeof users.$inferInsert> = {};
      const keys = ['nickname', 'realname', 'school', 'course', 'number', 'gender', 'signature', 'github', 'blog', 'cfUsername'] as const;
      for (const k of keys) {
        const v = body[k];
        if (v === undefined) continue;
        const t = v === null ? null : v.trim();
        set[k] = t === '' ? null : t;
      }
      if (Object.keys(set).length > 0) await updateUser(db, viewer.uid, set);
      return changed(viewer.uid);
    },

    async uploadAvatar(viewer, image) {
      if (image.length > LIMITS.avatarMaxBytes) throw new OjError('FILE_TOO_LARGE', { detail: `${LIMITS.avatarMaxBytes} bytes` });
      const kind = sniffImage(image);
      if (!kind) throw new OjError('FILE_TYPE_NOT_SUPPORTED', { detail: 'gif, jpg, jpeg, png, bmp, webp' });
      const name = `${randomUUID()}.${kind.ext}`;
      await replaceAvatar(db, viewer.uid, { name, mime: kind.mime, dataB64: image.toString('base64') }, `/api/public/img/${name}`);
      return changed(viewer.uid);
    },

    async avatar(name) {
      const row = await findAvatar(db, name);
      return row ? { mime: row.mime, data: Buffer.from(row.dataB64, 'base64') } : null;
    },
  };
}
