// Registration, password reset, captchas, settings, avatars and the mail outbox.
// Codes and captchas live in PostgreSQL so every gateway process sees them; resend waits are enforced here.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  isValidMobile,
  LIMITS,
  OjError,
  SLIDE,
  type ApplyResetPasswordBody,
  type CaptchaVO,
  type ChangeAccountVO,
  type ChangeEmailBody,
  type ChangeMobileBody,
  type ChangePasswordBody,
  type ChangeUserInfoBody,
  type CheckUsernameOrEmailVO,
  type MailOutboxItem,
  type RegisterBody,
  type RegisterCodeVO,
  type ResetPasswordBody,
  type SlideAnswer,
  type SlideChallenge,
  type UserInfo,
} from '@oj/proto';
import type { Viewer } from './viewer';
import type { ServiceContext } from '../context';
import type { users } from '../db/schema';
import { makeEmailCode, makeImageCaptcha, makeSlideCaptcha } from './captcha';
import { createMailer, type Mailer } from './mailer';
import { hashPassword, verifyPassword } from './password';
import { isAdmin } from './viewer';
import {
  clearFailuresOfUsername,
  emailCodeOf,
  findAvatar,
  pruneCodesAndCaptchas,
  putEmailCode,
  replaceAvatar,
  storeCaptcha,
  takeCaptcha as takeCaptchaRow,
  takeEmailCode,
  updateUser,
  userByEmail as userByEmailRow,
  userById,
  usernameTaken,
} from './account-flows.repo';
import { rolesOf, userByUsername } from './account.repo';
import { recentMails } from './mail-outbox.repo';
import { toUserInfo, type AccountServiceImpl } from './account.service';

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ACCOUNT_TIMES = {
  registerCodeS: 300,
  registerResendS: LIMITS.registerResendWaitS,
  resetResendS: LIMITS.resetResendWaitS,
  resetCodeS: 600,
  changeEmailCodeS: 300,
  captchaS: 300,
} as const;

type Purpose = 'register' | 'reset' | 'change_email';

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

export interface AccountFlows {
  registerCode(email: string): Promise<RegisterCodeVO>;
  checkUsernameOrEmail(q: { username?: string; email?: string }): Promise<CheckUsernameOrEmailVO>;
  register(body: RegisterBody): Promise<void>;
  captcha(): Promise<CaptchaVO>;
  slideChallenge(): Promise<SlideChallenge>;
  /** Consumes a slide answer; true when it is within SLIDE.accuracy of the gap. */
  checkSlide(answer: SlideAnswer): Promise<boolean>;
  applyResetPassword(body: ApplyResetPasswordBody): Promise<void>;
  resetPassword(body: ResetPasswordBody): Promise<void>;
  changePassword(viewer: Viewer, body: ChangePasswordBody): Promise<ChangeAccountVO>;
  changeEmailCode(viewer: Viewer, email: string): Promise<void>;
  changeEmail(viewer: Viewer, body: ChangeEmailBody): Promise<ChangeAccountVO>;
  /** Changing the mobile number: current password checked, mobile required in `MOBILE_RE` form and different from the old one. */
  changeMobile(viewer: Viewer, body: ChangeMobileBody): Promise<ChangeAccountVO>;
  changeUserInfo(viewer: Viewer, body: ChangeUserInfoBody): Promise<UserInfo>;
  /** Stores an avatar (type by magic bytes, ≤ 2 MB) and points the user at `/api/public/img/<name>`. */
  uploadAvatar(viewer: Viewer, image: Buffer): Promise<UserInfo>;
  avatar(name: string): Promise<{ mime: string; data: Buffer } | null>;
  /** The latest mails (root/admin only; tests read the register code here). */
  mailOutbox(viewer: Viewer, q: { to?: string; limit?: number }): Promise<MailOutboxItem[]>;
  /** Deletes expired codes and captchas. */
  prune(): Promise<void>;
}

export function createAccountFlows(ctx: ServiceContext, account: AccountServiceImpl, mailer: Mailer = createMailer(ctx)): AccountFlows {
  const { db, config } = ctx;
  const norm = (email: string) => email.trim().toLowerCase();

  async function userByEmail(email: string) {
    return (await userByEmailRow(db, norm(email))) ?? null;
  }

  async function userRow(uid: string) {
    const u = await userById(db, uid);
    if (!u) throw new OjError('AUTH_TOKEN_INVALID');
    return u;
  }

  /** Stores a fresh code unless the previous one was sent less than `waitS` ago. */
  async function issueCode(purpose: Purpose, email: string, code: string, ttlS: number, waitS: number, uid: string | null): Promise<void> {
    const prev = await emailCodeOf(db, purpose, email);
    if (prev) {
      const left = Math.ceil(waitS - (Date.now() - prev.sentAt.getTime()) / 1000);
      if (left > 0) throw new OjError('ACCOUNT_CODE_TOO_FAST', { seconds: left });
    }
    const values = { purpose, email, code, uid, sentAt: new Date(), expiresAt: new Date(Date.now() + ttlS * 1000) };
    await putEmailCode(db, values);
  }

  /** Consumes a code: true when it matched and had not expired (a wrong guess leaves it in place). */
  async function takeCode(purpose: Purpose, email: string, code: string, uid?: string): Promise<boolean> {
    return takeEmailCode(db, purpose, email, code, uid);
  }

  async function takeCaptcha(key: string, kind: 'image' | 'slide') {
    return (await takeCaptchaRow(db, key, kind)) ?? null;
  }

  async function changed(uid: string): Promise<UserInfo> {
    const u = await userRow(uid);
    return toUserInfo(u, await rolesOf(db, uid));
  }

  const checkEmail = (email: string) => {
    if (!EMAIL_RE.test(email.trim())) throw new OjError('ACCOUNT_EMAIL_INVALID');
    return norm(email);
  };

  return {
    async registerCode(rawEmail) {
      if (!config.site.register) throw new OjError('ACCOUNT_REGISTER_CLOSED');
      const email = checkEmail(rawEmail);
      if (await userByEmail(email)) throw new OjError('ACCOUNT_EMAIL_EXISTS');
      const code = makeEmailCode();
      await issueCode('register', email, code, ACCOUNT_TIMES.registerCodeS, ACCOUNT_TIMES.registerResendS, null);
      await mailer.send({
        to: email,
        subject: `${config.site.name}: register code`,
        text: `Your register code is ${code}. It expires in ${ACCOUNT_TIMES.registerCodeS / 60} minutes.\n您的注册验证码是 ${code}，${ACCOUNT_TIMES.registerCodeS / 60} 分钟内有效。`,
      });
      return { email, expire: ACCOUNT_TIMES.registerCodeS };
    },

    async checkUsernameOrEmail(q) {
      let username = false;
      let email = false;
      if (q.username?.trim()) username = await usernameTaken(db, q.username.trim());
      if (q.email?.trim()) email = (await userByEmail(q.email)) !== null;
      return { username, email };
    },

    async register(body) {
      if (!config.site.register) throw new OjError('ACCOUNT_REGISTER_CLOSED');
      const email = checkEmail(body.email);
      const username = body.username.trim();
      if (username === '') throw new OjError('VALIDATION_FAILED', { detail: 'username' });
      if (await usernameTaken(db, username)) throw new OjError('ACCOUNT_USERNAME_EXISTS');
      if (await userByEmail(email)) throw new OjError('ACCOUNT_EMAIL_EXISTS');
      if (!(await takeCode('register', email, body.code))) throw new OjError('ACCOUNT_CODE_WRONG');
      try {
        await account.createUser({ username, password: body.password, email });
      } catch (err) {
        // A concurrent registration took the name or the email between the checks and the insert.
        if ((err as { code?: string }).code === '23505') throw new OjError('ACCOUNT_USERNAME_EXISTS');
        throw err;
      }
    },

    async captcha() {
      const { text, img } = makeImageCaptcha();
      const captchaKey = randomUUID();
      await storeCaptcha(db, { key: captchaKey, kind: 'image', answer: text, expiresAt: new Date(Date.now() + ACCOUNT_TIMES.captchaS * 1000) });
      return { img, captchaKey };
    },

    async slideChallenge() {
      const s = makeSlideCaptcha();
      const id = randomUUID();
      await storeCaptcha(db, { key: id, kind: 'slide', answer: String(s.gapX), expiresAt: new Date(Date.now() + ACCOUNT_TIMES.captchaS * 1000) });
      return { id, bg: s.bg, block: s.block, y: s.y, width: SLIDE.width, height: SLIDE.height };
    },

    async checkSlide(answer) {
      const row = await takeCaptcha(answer.id, 'slide');
      return row !== null && Number.isFinite(answer.x) && Math.abs(answer.x - Number(row.answer)) <= SLIDE.accuracy;
    },

    async applyResetPassword(body) {
      const row = await takeCaptcha(body.captchaKey, 'image');
      if (!row || row.answer.toLowerCase() !== body.captcha.trim().toLowerCase()) throw new OjError('ACCOUNT_CAPTCHA_WRONG');
      const email = checkEmail(body.email);
      const user = await userByEmail(email);
      if (!user) throw new OjError('ACCOUNT_EMAIL_NOT_FOUND');
      const code = randomBytes(15).toString('base64url');
      await issueCode('reset', email, code, ACCOUNT_TIMES.resetCodeS, ACCOUNT_TIMES.resetResendS, user.uuid);
      const link = `${config.site.baseUrl.replace(/\/$/, '')}/reset-password?username=${encodeURIComponent(user.username)}&code=${code}`;
      await mailer.send({
        to: email,
        subject: `${config.site.name}: reset your password`,
        text: `Open this link within ${ACCOUNT_TIMES.resetCodeS / 60} minutes to reset the password of ${user.username}:\n${link}\n请在 ${ACCOUNT_TIMES.resetCodeS / 60} 分钟内打开以上链接重置密码。`,
      });
    },

    async resetPassword(body) {
      const user = await userByUsername(db, body.username.trim());
      if (!user) throw new OjError('ACCOUNT_USERNAME_NOT_FOUND');
      if (!user.email || !(await takeCode('reset', norm(user.email), body.code, user.uuid))) throw new OjError('ACCOUNT_CODE_WRONG');
      await updateUser(db, user.uuid, { password: await hashPassword(body.password) });
      await clearFailuresOfUsername(db, user.username);
    },

    async changePassword(viewer, body) {
      const u = await userRow(viewer.uid);
      if (!(await verifyPassword(body.oldPassword, u.password))) throw new OjError('ACCOUNT_PASSWORD_WRONG');
      if (body.oldPassword === body.newPassword) throw new OjError('ACCOUNT_SAME_AS_OLD', { field: 'password' });
      await updateUser(db, viewer.uid, { password: await hashPassword(body.newPassword) });
      return { code: 200, msg: 'ok', userInfo: await changed(viewer.uid) };
    },

    async changeEmailCode(viewer, rawEmail) {
      const email = checkEmail(rawEmail);
      const u = await userRow(viewer.uid);
      if (u.email && norm(u.email) === email) throw new OjError('ACCOUNT_SAME_AS_OLD', { field: 'email' });
      if (await userByEmail(email)) throw new OjError('ACCOUNT_EMAIL_EXISTS');
      const code = makeEmailCode();
      await issueCode('change_email', email, code, ACCOUNT_TIMES.changeEmailCodeS, ACCOUNT_TIMES.registerResendS, viewer.uid);
      await mailer.send({ to: email, subject: `${config.site.name}: change email`, text: `Your code is ${code}.\n您的验证码是 ${code}。` });
    },

    async changeEmail(viewer, body) {
      const email = checkEmail(body.newEmail);
      const u = await userRow(viewer.uid);
      if (!(await verifyPassword(body.password, u.password))) throw new OjError('ACCOUNT_PASSWORD_WRONG');
      if (u.email && norm(u.email) === email) throw new OjError('ACCOUNT_SAME_AS_OLD', { field: 'email' });
      if (!/^\d{6}$/.test(body.code) || !(await takeCode('change_email', email, body.code, viewer.uid))) throw new OjError('ACCOUNT_CODE_WRONG');
      if (await userByEmail(email)) throw new OjError('ACCOUNT_EMAIL_EXISTS');
      await updateUser(db, viewer.uid, { email });
      return { code: 200, msg: 'ok', userInfo: await changed(viewer.uid) };
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

    async mailOutbox(viewer, q) {
      if (!isAdmin(viewer) || !viewer.roles.some((r) => r === 'root' || r === 'admin')) throw new OjError('AUTH_FORBIDDEN');
      const rows = await recentMails(db, q.to ? norm(q.to) : undefined, q.limit ?? 50);
      return rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, sent: r.sent, createTime: r.createdAt.toISOString() }));
    },

    async prune() {
      await pruneCodesAndCaptchas(db);
    },
  };
}
