// Account mails: every mail is written to the `mail_outbox` table (admins read its recipient, subject and a copy of
// the body with the secrets masked at /api/admin/mail-outbox; tests read the body itself); when an SMTP server is configured (saved by an admin at /admin/conf, else OJ_SMTP_URL) it is also
// sent through nodemailer and marked `sent`.
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { ServicesConfig } from '../config';
import type { ServiceContext } from '../context';
import { markMailSent, storeMail } from './mail-outbox.repo';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The parts of `text` that are secrets (a code, a reset link's code): masked in the copy admins read. */
  secrets: string[];
}

export const SECRET_MASK = '••••••';

/** `text` with every secret masked. */
export function redactMail(text: string, secrets: readonly string[]): string {
  return secrets.filter((s) => s.length > 0).reduce((t, s) => t.split(s).join(SECRET_MASK), text);
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The SMTP transport `config` names (the admin's settings win over OJ_SMTP_URL), or null when there is none. */
export function smtpOptions(config: Pick<ServicesConfig, 'smtp' | 'smtpUrl'>): SMTPTransport.Options | string | null {
  const s = config.smtp;
  if (s) {
    return {
      host: s.host,
      port: s.port,
      secure: s.ssl,
      ...(s.username && { auth: { user: s.username, pass: s.password } }),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    };
  }
  return config.smtpUrl ?? null;
}

/** The sender of site mails. */
export const senderOf = (config: Pick<ServicesConfig, 'smtp' | 'mailFrom'>): string => config.smtp?.from || config.mailFrom;

export function createMailer(ctx: ServiceContext): Mailer {
  // One transport per distinct configuration: an admin's change takes effect with the next mail.
  let cached: { key: string; transport: Transporter } | null = null;
  const smtp = (): Transporter | null => {
    const options = smtpOptions(ctx.config);
    if (!options) return null;
    const key = JSON.stringify(options);
    if (cached?.key !== key) cached = { key, transport: nodemailer.createTransport(options) };
    return cached.transport;
  };
  return {
    async send(mail) {
      const { to, subject, text } = mail;
      const id = await storeMail(ctx.db, { to, subject, text, redacted: redactMail(text, mail.secrets) });
      const t = smtp();
      if (!t) return;
      try {
        await t.sendMail({ from: senderOf(ctx.config), to, subject, text });
        await markMailSent(ctx.db, id);
      } catch (err) {
        // The mail stays in the outbox unsent; the user may ask again after the resend wait.
        ctx.logger.error({ err, to: mail.to }, 'sending mail failed');
      }
    },
  };
}
