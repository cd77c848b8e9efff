// Registration with a mailed code, and the password reset through an image captcha and a mailed one-use link.
import { randomBytes } from 'node:crypto';
import { OjError, type ApplyResetPasswordBody, type CheckUsernameOrEmailVO, type RegisterBody, type RegisterCodeVO, type ResetPasswordBody } from '@oj/proto';
import type { ServiceContext } from '../context';
import { makeEmailCode } from './captcha';
import type { Mailer } from './mailer';
import { hashPassword } from './password';
import { clearFailuresOfUsername, takeCaptcha, takeEmailCode, usernameTaken } from './account-flows.repo';
import { changeEndingSessions } from './session-end';
import { userByUsername } from './account.repo';
import type { AccountServiceImpl } from './account.service';
import { ACCOUNT_TIMES, checkEmail, findUserByEmail, issueCode, normEmail } from './email-code';

export interface RegistrationService {
  registerCode(email: string): Promise<RegisterCodeVO>;
  checkUsernameOrEmail(q: { username?: string; email?: string }): Promise<CheckUsernameOrEmailVO>;
  register(body: RegisterBody): Promise<void>;
  applyResetPassword(body: ApplyResetPasswordBody): Promise<void>;
  resetPassword(body: ResetPasswordBody): Promise<void>;
}

export function createRegistrationService(ctx: ServiceContext, account: AccountServiceImpl, mailer: Mailer): RegistrationService {
  const { db, config } = ctx;

  return {
    async registerCode(rawEmail) {
      if (!config.site.register) throw new OjError('ACCOUNT_REGISTER_CLOSED');
      const email = checkEmail(rawEmail);
      if (await findUserByEmail(db, email)) throw new OjError('ACCOUNT_EMAIL_EXISTS');
      const code = makeEmailCode();
      await issueCode(db, 'register', email, code, ACCOUNT_TIMES.registerCodeS, ACCOUNT_TIMES.registerResendS, null);
      await mailer.send({
        to: email,
        subject: `${config.site.name}: register code`,
        text: `Your register code is ${code}. It expires in ${ACCOUNT_TIMES.registerCodeS / 60} minutes.\n您的注册验证码是 ${code}，${ACCOUNT_TIMES.registerCodeS / 60} 分钟内有效。`,
        secrets: [code],
      });
      return { email, expire: ACCOUNT_TIMES.registerCodeS };
    },

    async checkUsernameOrEmail(q) {
      let username = false;
      let email = false;
      if (q.username?.trim()) username = await usernameTaken(db, q.username.trim());
      if (q.email?.trim()) email = (await findUserByEmail(db, q.email)) !== null;
      return { username, email };
    },

    async register(body) {
      if (!config.site.register) throw new OjError('ACCOUNT_REGISTER_CLOSED');
      const email = checkEmail(body.email);
      const username = body.username.trim();
      if (username === '') throw new OjError('VALIDATION_FAILED', { detail: 'username' });
      if (await usernameTaken(db, username)) throw new OjError('ACCOUNT_USERNAME_EXISTS');
      if (await findUserByEmail(db, email)) throw new OjError('ACCOUNT_EMAIL_EXISTS');
      if (!(await takeEmailCode(db, 'register', email, body.code))) throw new OjError('ACCOUNT_CODE_WRONG');
      try {
        await account.createUser({ username, password: body.password, email });
      } catch (err) {
        // A concurrent registration took the name or the email between the checks and the insert.
        if ((err as { code?: string }).code === '23505') throw new OjError('ACCOUNT_USERNAME_EXISTS');
        throw err;
      }
    },

    async applyResetPassword(body) {
      const row = await takeCaptcha(db, body.captchaKey, 'image');
      if (!row || row.answer.toLowerCase() !== body.captcha.trim().toLowerCase()) throw new OjError('ACCOUNT_CAPTCHA_WRONG');
      const email = checkEmail(body.email);
      const user = await findUserByEmail(db, email);
      if (!user) throw new OjError('ACCOUNT_EMAIL_NOT_FOUND');
      const code = randomBytes(15).toString('base64url');
      await issueCode(db, 'reset', email, code, ACCOUNT_TIMES.resetCodeS, ACCOUNT_TIMES.resetResendS, user.uuid);
      const link = `${config.site.baseUrl.replace(/\/$/, '')}/reset-password?username=${encodeURIComponent(user.username)}&code=${code}`;
      await mailer.send({
        to: email,
        subject: `${config.site.name}: reset your password`,
        text: `Open this link within ${ACCOUNT_TIMES.resetCodeS / 60} minutes to reset the password of ${user.username}:\n${link}\n请在 ${ACCOUNT_TIMES.resetCodeS / 60} 分钟内打开以上链接重置密码。`,
        secrets: [code],
      });
    },

    async resetPassword(body) {
      const user = await userByUsername(db, body.username.trim());
      if (!user) throw new OjError('ACCOUNT_USERNAME_NOT_FOUND');
      if (!user.email || !(await takeEmailCode(db, 'reset', normEmail(user.email), body.code, user.uuid))) throw new OjError('ACCOUNT_CODE_WRONG');
      // A reset ends every session of the account (whoever held one may be who the owner is locking out).
      await changeEndingSessions(ctx, user.uuid, { password: await hashPassword(body.password) }, 'password', null, (uid) => account.forgetUser(uid));
      await clearFailuresOfUsername(db, user.username);
    },
  };
}
