// How the stored site configuration overlays the environment defaults: pure functions from the stored rows to the
// live parts of `ServicesConfig`, and from those back to the admin DTOs.
import type { EmailConfigVO, SwitchConfig, WebConfigDTO, WebsiteConfig } from '@oj/proto';
import type { ServicesConfig, SmtpSettings } from '../config';

/** The parts of the services' config an admin may change at run time. */
export type LiveConfig = Pick<ServicesConfig, 'site' | 'postMinAc' | 'commentMinAc' | 'discussionDailyLimit' | 'createGroupMinAc' | 'submitIntervalS' | 'openCodeShare' | 'smtp'>;

export const WEB_KEYS = ['baseUrl', 'name', 'shortName', 'description', 'register', 'recordName', 'recordUrl', 'projectName', 'projectUrl', 'email'] as const;

type Stored = Record<string, unknown> | undefined;
const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);
const int = (v: unknown, d: number) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : d);
const str = (v: unknown, d: string) => (typeof v === 'string' ? v : d);

/** The live config: `base` (from the environment) overlaid with the stored `site` and `email` parts. */
export function composeLive(base: LiveConfig, site: Stored, email: Stored): LiveConfig {
  const s = site ?? {};
  const b = base.site;
  const web: WebsiteConfig = {
    baseUrl: str(s.baseUrl, b.baseUrl),
    name: str(s.name, b.name),
    shortName: str(s.shortName, b.shortName),
    description: str(s.description, b.description),
    register: bool(s.register, b.register),
    recordName: str(s.recordName, b.recordName),
    recordUrl: str(s.recordUrl, b.recordUrl),
    projectName: str(s.projectName, b.projectName),
    projectUrl: str(s.projectUrl, b.projectUrl),
    email: str(s.email, b.email),
    openPublicDiscussion: bool(s.openPublicDiscussion, b.openPublicDiscussion),
    openGroupDiscussion: bool(s.openGroupDiscussion, b.openGroupDiscussion),
    openContestComment: bool(s.openContestComment, b.openContestComment),
  };
  return {
    site: web,
    postMinAc: int(s.defaultCreateDiscussionACInitValue, base.postMinAc),
    commentMinAc: int(s.defaultCreateCommentACInitValue, base.commentMinAc),
    discussionDailyLimit: int(s.defaultCreateDiscussionDailyLimit, base.discussionDailyLimit),
    createGroupMinAc: int(s.defaultCreateGroupACInitValue, base.createGroupMinAc),
    submitIntervalS: int(s.defaultSubmitInterval, base.submitIntervalS),
    openCodeShare: bool(s.openCodeShare, base.openCodeShare),
    smtp: smtpOf(email) ?? base.smtp,
  };
}

function smtpOf(e: Stored): SmtpSettings | undefined {
  if (!e || typeof e.host !== 'string' || e.host === '') return undefined;
  return { host: e.host, port: int(e.port, 25), ssl: bool(e.ssl, false), username: str(e.username, ''), password: str(e.password, ''), from: str(e.from, '') };
}

/** The live parts of `config`, copied (so later changes to `config` do not reach it). */
export function liveOf(config: ServicesConfig): LiveConfig {
  const { site, postMinAc, commentMinAc, discussionDailyLimit, createGroupMinAc, submitIntervalS, openCodeShare, smtp } = config;
  return { site: { ...site }, postMinAc, commentMinAc, discussionDailyLimit, createGroupMinAc, submitIntervalS, openCodeShare, ...(smtp && { smtp: { ...smtp } }) };
}

export function webConfigOf(c: LiveConfig): WebConfigDTO {
  const out = {} as Record<(typeof WEB_KEYS)[number], unknown>;
  for (const k of WEB_KEYS) out[k] = c.site[k];
  return out as WebConfigDTO;
}

export function switchConfigOf(c: LiveConfig): SwitchConfig {
  return {
    openPublicDiscussion: c.site.openPublicDiscussion,
    openGroupDiscussion: c.site.openGroupDiscussion,
    openContestComment: c.site.openContestComment,
    register: c.site.register,
    openCodeShare: c.openCodeShare,
    defaultCreateDiscussionACInitValue: c.postMinAc,
    defaultCreateCommentACInitValue: c.commentMinAc,
    defaultCreateDiscussionDailyLimit: c.discussionDailyLimit,
    defaultCreateGroupACInitValue: c.createGroupMinAc,
    defaultSubmitInterval: c.submitIntervalS,
  };
}

/** The SMTP settings for the admin form; the password is only reported as set or not. */
export function emailConfigOf(c: LiveConfig, mailFrom: string, smtpUrl?: string): EmailConfigVO {
  if (c.smtp) {
    const { host, port, ssl, username, password, from } = c.smtp;
    return { emailHost: host, emailPort: port, emailUsername: username, emailSsl: ssl, emailFrom: from || mailFrom, emailPasswordSet: password !== '' };
  }
  // Only the environment's OJ_SMTP_URL: show its host and user, never its password.
  const u = smtpUrl ? new URL(smtpUrl) : null;
  return {
    emailHost: u?.hostname ?? '',
    emailPort: u ? Number(u.port || (u.protocol === 'smtps:' ? 465 : 587)) : 587,
    emailUsername: u ? decodeURIComponent(u.username) : '',
    emailSsl: u?.protocol === 'smtps:',
    emailFrom: mailFrom,
    emailPasswordSet: u ? u.password !== '' : false,
  };
}
