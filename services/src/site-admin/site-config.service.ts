// The site's run-time configuration (website, SMTP, switches): stored in PostgreSQL over the environment defaults,
// held in this process's `ctx.config` (which every service reads at call time), and reloaded in EVERY services
// process when a change is announced: the writer stores a `site.config` push on the public `site` topic; each process
// listens to that topic on the bus and reloads from the database (the push carries only the public part). A 30 s
// reload is the safety net for a lost bus message.
import nodemailer from 'nodemailer';
import { OjError, topics, type EmailConfigBody, type EmailConfigVO, type Stoppable, type SwitchConfig, type WebConfigDTO } from '@oj/proto';
import type { ServiceContext } from '../context';
import { senderOf, smtpOptions } from '../account/mailer';
import { appendPush, publishAll } from '../push/push.service';
import { composeLive, emailConfigOf, liveOf, switchConfigOf, webConfigOf, type LiveConfig } from './site-config';
import { mergeSetting, readSettings } from './site-setting.repo';

export interface SiteConfigService {
  webConfig(): WebConfigDTO;
  setWebConfig(body: WebConfigDTO): Promise<void>;
  emailConfig(): EmailConfigVO;
  setEmailConfig(body: EmailConfigBody): Promise<void>;
  /** Sends a test mail with the current SMTP settings; the SMTP server's error comes back in SITE_TEST_MAIL_FAILED. */
  testEmail(to: string): Promise<void>;
  switches(): SwitchConfig;
  setSwitches(body: SwitchConfig): Promise<void>;
  /** Re-reads the stored configuration into this process. */
  reload(): Promise<void>;
  /** Loads once and follows changes made by any process. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const RELOAD_INTERVAL_MS = 30_000;

export function createSiteConfigService(ctx: ServiceContext): SiteConfigService {
  const { db, config, logger } = ctx;
  const base: LiveConfig = liveOf(config);
  let sub: Stoppable | null = null;
  let timer: NodeJS.Timeout | null = null;

  const apply = (live: LiveConfig) => {
    const { smtp, ...rest } = live;
    Object.assign(config, rest);
    if (smtp) config.smtp = smtp;
    else delete config.smtp;
  };

  async function reload(): Promise<void> {
    const stored = await readSettings(db);
    apply(composeLive(base, stored.site, stored.email));
  }

  /** Stores `patch` into part `key`, applies it here and announces it to every process and browser. */
  async function save(key: 'site' | 'email', patch: Record<string, unknown>): Promise<void> {
    const pushed = await db.transaction(async (tx) => {
      await mergeSetting(tx, key, patch);
      const stored = await readSettings(tx);
      const live = composeLive(base, stored.site, stored.email);
      apply(live);
      return [await appendPush(tx, topics.site(), 'site.config', { ...live.site })];
    });
    await publishAll(ctx.transport, pushed, logger);
  }

  const safeReload = () =>
    reload().catch((err: unknown) => {
      logger.error({ err }, 'reloading the site configuration failed');
    });

  return {
    webConfig: () => webConfigOf(liveOf(config)),
    setWebConfig: (body) => save('site', { ...body }),
    emailConfig: () => emailConfigOf(liveOf(config), config.mailFrom, config.smtpUrl),
    async setEmailConfig(body) {
      const patch: Record<string, unknown> = { host: body.emailHost, port: body.emailPort, ssl: body.emailSsl, username: body.emailUsername, from: body.emailFrom };
      if (body.emailPassword !== undefined) patch.password = body.emailPassword;
      await save('email', patch);
    },
    async testEmail(to) {
      const options = smtpOptions(config);
      if (!options) throw new OjError('SITE_SMTP_NOT_SET');
      const transport = nodemailer.createTransport(options);
      try {
        await transport.sendMail({
          from: senderOf(config),
          to,
          subject: `${config.site.name}: test mail / 测试邮件`,
          text: 'The SMTP settings of the online judge work.\n在线评测系统的 SMTP 设置可以正常发送邮件。',
        });
      } catch (err) {
        throw new OjError('SITE_TEST_MAIL_FAILED', { detail: err instanceof Error ? err.message : String(err) });
      } finally {
        transport.close();
      }
    },
    switches: () => switchConfigOf(liveOf(config)),
    async setSwitches(body) {
      // The remote judges' account lists are stored as accounts (remote-judge), never in the settings row.
      const switches = Object.fromEntries(Object.entries(body).filter(([k]) => !/(UsernameList|PasswordList)$/.test(k)));
      await save('site', switches);
    },
    reload,
    async start() {
      await safeReload();
      sub = (await ctx.transport.subscribeTopic?.(topics.site(), (msg) => {
        if (msg.event === 'site.config') void safeReload();
      })) ?? null;
      timer = setInterval(() => void safeReload(), RELOAD_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await sub?.stop();
      sub = null;
    },
  };
}
