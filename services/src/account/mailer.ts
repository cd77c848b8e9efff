// Account mails: every mail is written to the `mail_outbox` table (admins read it at /api/admin/mail-outbox,
// tests read it); when OJ_SMTP_URL is set it is also sent through nodemailer and marked `sent`.
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServiceContext } from '../context';
import { markMailSent, storeMail } from './mail-outbox.repo';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(ctx: ServiceContext): Mailer {
  let transport: Transporter | null = null;
  const smtp = (): Transporter | null => {
    if (!ctx.config.smtpUrl) return null;
    transport ??= nodemailer.createTransport(ctx.config.smtpUrl);
    return transport;
  };
  return {
    async send(mail) {
      const id = await storeMail(ctx.db, mail);
      const t = smtp();
      if (!t) return;
      try {
        await t.sendMail({ from: ctx.config.mailFrom, ...mail });
        await markMailSent(ctx.db, id);
      } catch (err) {
        // The mail stays in the outbox unsent; the user may ask again after the resend wait.
        ctx.logger.error({ err, to: mail.to }, 'sending mail failed');
      }
    },
  };
}
