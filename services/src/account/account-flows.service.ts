// Account flows besides login: registration and password reset (registration.service), a user's own settings and
// avatar (account-settings.service), the image and slide captchas, and the mail outbox. Codes and captchas live in
// PostgreSQL so every gateway process sees them; resend waits are enforced in email-code.ts.
import { randomUUID } from 'node:crypto';
import { OjError, SLIDE, type CaptchaVO, type MailOutboxItem, type SlideAnswer, type SlideChallenge } from '@oj/proto';
import type { ServiceContext } from '../context';
import { makeImageCaptcha, makeSlideCaptcha } from './captcha';
import { createMailer, type Mailer } from './mailer';
import { isAdmin, type Viewer } from './viewer';
import { pruneCodesAndCaptchas, storeCaptcha, takeCaptcha } from './account-flows.repo';
import { recentMails } from './mail-outbox.repo';
import type { AccountServiceImpl } from './account.service';
import { createAccountSettings, type AccountSettings } from './account-settings.service';
import { ACCOUNT_TIMES, normEmail } from './email-code';
import { createRegistrationService, type RegistrationService } from './registration.service';

export interface AccountFlows extends RegistrationService, AccountSettings {
  captcha(): Promise<CaptchaVO>;
  slideChallenge(): Promise<SlideChallenge>;
  /** Consumes a slide answer; true when it is within SLIDE.accuracy of the gap. */
  checkSlide(answer: SlideAnswer): Promise<boolean>;
  /** The latest mails (root/admin only; tests read the register code here). */
  mailOutbox(viewer: Viewer, q: { to?: string; limit?: number }): Promise<MailOutboxItem[]>;
  /** Deletes expired codes and captchas. */
  prune(): Promise<void>;
}

export function createAccountFlows(ctx: ServiceContext, account: AccountServiceImpl, mailer: Mailer = createMailer(ctx)): AccountFlows {
  const { db } = ctx;
  const captchaExpiry = () => new Date(Date.now() + ACCOUNT_TIMES.captchaS * 1000);

  return {
    ...createRegistrationService(ctx, account, mailer),
    ...createAccountSettings(ctx, mailer, (uid) => account.forgetUser(uid)),

    async captcha() {
      const { text, img } = makeImageCaptcha();
      const captchaKey = randomUUID();
      await storeCaptcha(db, { key: captchaKey, kind: 'image', answer: text, expiresAt: captchaExpiry() });
      return { img, captchaKey };
    },

    async slideChallenge() {
      const s = makeSlideCaptcha();
      const id = randomUUID();
      await storeCaptcha(db, { key: id, kind: 'slide', answer: String(s.gapX), expiresAt: captchaExpiry() });
      return { id, bg: s.bg, block: s.block, y: s.y, width: SLIDE.width, height: SLIDE.height };
    },

    async checkSlide(answer) {
      const row = await takeCaptcha(db, answer.id, 'slide');
      return row !== undefined && Number.isFinite(answer.x) && Math.abs(answer.x - Number(row.answer)) <= SLIDE.accuracy;
    },

    async mailOutbox(viewer, q) {
      if (!isAdmin(viewer) || !viewer.roles.some((r) => r === 'root' || r === 'admin')) throw new OjError('AUTH_FORBIDDEN');
      const rows = await recentMails(db, q.to ? normEmail(q.to) : undefined, q.limit ?? 50);
      // Never the body: it holds other users' register codes and password-reset links; only its copy with them masked.
      return rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, body: r.redacted, sent: r.sent, createTime: r.createdAt.toISOString() }));
    },

    async prune() {
      await pruneCodesAndCaptchas(db);
    },
  };
}
