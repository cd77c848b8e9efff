import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICES_CONFIG } from '../config';
import { composeLive, emailConfigOf, liveOf, switchConfigOf, webConfigOf } from './site-config';

describe('the stored site configuration over the environment defaults', () => {
  const base = liveOf({ ...DEFAULT_SERVICES_CONFIG, postMinAc: 3, submitIntervalS: 10, site: { ...DEFAULT_SERVICES_CONFIG.site, name: 'From env' } });

  it('keeps the environment values until an admin saved, then the stored ones win field by field', () => {
    expect(composeLive(base, undefined, undefined)).toEqual(base);
    const live = composeLive(base, { name: 'Campus OJ', openPublicDiscussion: false, defaultSubmitInterval: 0, defaultCreateDiscussionACInitValue: 1 }, undefined);
    expect(live.site).toMatchObject({ name: 'Campus OJ', shortName: base.site.shortName, openPublicDiscussion: false });
    expect(switchConfigOf(live)).toMatchObject({ openPublicDiscussion: false, defaultSubmitInterval: 0, defaultCreateDiscussionACInitValue: 1, defaultCreateCommentACInitValue: base.commentMinAc });
    expect(webConfigOf(live).name).toBe('Campus OJ');
  });

  it('ignores stored values of the wrong type (the environment value stays)', () => {
    const live = composeLive(base, { name: 42, register: 'yes', defaultSubmitInterval: -5, openCodeShare: null }, { host: 7 });
    expect(live).toEqual(base);
  });

  it('answers SMTP settings without the password; the environment URL shows its host and user only', () => {
    const live = composeLive(base, undefined, { host: 'smtp.example.edu', port: 465, ssl: true, username: 'oj', password: 'secret', from: 'OJ <oj@example.edu>' });
    const vo = emailConfigOf(live, 'fallback@x', undefined);
    expect(vo).toEqual({ emailHost: 'smtp.example.edu', emailPort: 465, emailUsername: 'oj', emailSsl: true, emailFrom: 'OJ <oj@example.edu>', emailPasswordSet: true });
    expect(JSON.stringify(vo)).not.toContain('secret');
    const fromEnv = emailConfigOf(base, 'noreply@x', 'smtps://mailer:pw@mail.example.edu');
    expect(fromEnv).toEqual({ emailHost: 'mail.example.edu', emailPort: 465, emailUsername: 'mailer', emailSsl: true, emailFrom: 'noreply@x', emailPasswordSet: true });
  });
});
