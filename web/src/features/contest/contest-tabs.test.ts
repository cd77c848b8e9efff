// Which contest tabs show and when they are enabled, and who is a contest admin.
import { describe, expect, it } from 'vitest';
import { canEnter, contestTabs, isContestAdmin, needsPassword, tabOfPath, type TabRules } from './contest-tabs';

const acm = { type: 0, openPrint: false };
const rules = (p: Partial<TabRules>): TabRules => ({ contest: acm, isAdmin: false, isSuperAdmin: false, openContestComment: false, enterable: true, ...p });
const names = (r: TabRules) => contestTabs(r).map((t) => t.name);

describe('contest tabs', () => {
  it('shows a contestant the five basic tabs', () => {
    expect(names(rules({}))).toEqual(['overview', 'problems', 'submissions', 'rank', 'announcements']);
  });

  it('adds Comment only with openContestComment and Print only with openPrint', () => {
    expect(names(rules({ openContestComment: true }))).toContain('comment');
    expect(names(rules({ contest: { type: 0, openPrint: true } }))).toContain('print');
    expect(names(rules({ contest: { type: 0, openPrint: true } }))).not.toContain('admin-print');
  });

  it('gives contest admins the helper and scroll board for ACM only, and admin print with openPrint', () => {
    const acmAdmin = names(rules({ isAdmin: true, contest: { type: 0, openPrint: true } }));
    expect(acmAdmin).toEqual(['overview', 'problems', 'submissions', 'rank', 'announcements', 'print', 'ac-info', 'admin-print', 'scroll-board']);
    const oiAdmin = names(rules({ isAdmin: true, contest: { type: 1, openPrint: false } }));
    expect(oiAdmin).not.toContain('ac-info');
    expect(oiAdmin).not.toContain('scroll-board');
    expect(oiAdmin).not.toContain('admin-print');
  });

  it('shows Rejudge to super admins only', () => {
    expect(names(rules({ isAdmin: true }))).not.toContain('rejudge');
    expect(names(rules({ isAdmin: true, isSuperAdmin: true }))).toContain('rejudge');
  });

  it('disables every tab but the overview while the contest cannot be entered', () => {
    const tabs = contestTabs(rules({ enterable: false }));
    expect(tabs.filter((t) => t.enabled).map((t) => t.name)).toEqual(['overview']);
  });

  it('maps paths to their tab', () => {
    expect(tabOfPath('')).toBe('overview');
    expect(tabOfPath('/')).toBe('overview');
    expect(tabOfPath('/problems')).toBe('problems');
    expect(tabOfPath('/problem/A')).toBe('problems');
    expect(tabOfPath('/problem/A/submission-detail/12')).toBe('submissions');
    expect(tabOfPath('/ac-info')).toBe('ac-info');
    expect(tabOfPath('/nonsense')).toBe('overview');
  });
});

describe('contest access', () => {
  it('treats the author and super admins as contest admins', () => {
    expect(isContestAdmin({ uid: 'u1', username: 'alice', roles: ['admin'] }, { author: 'alice' })).toBe(true);
    // A demoted author is offered nothing the server would refuse.
    expect(isContestAdmin({ uid: 'u1', username: 'alice', roles: ['default_user'] }, { author: 'alice' })).toBe(false);
    expect(isContestAdmin({ uid: 'u1', username: 'alice', roles: ['problem_admin'] }, { author: 'alice' })).toBe(false);
    expect(isContestAdmin({ uid: 'u2', username: 'bob', roles: ['admin'] }, { author: 'alice' })).toBe(false);
    expect(isContestAdmin({ uid: 'u3', username: 'root', roles: ['root'] }, { author: 'alice' })).toBe(true);
    expect(isContestAdmin({ uid: null, username: null, roles: [] }, { author: null })).toBe(false);
    // A group contest: the server's word, whatever the site role.
    expect(isContestAdmin({ uid: 'u1', username: 'alice', roles: ['default_user'] }, { author: 'bob', manage: true })).toBe(true);
    expect(isContestAdmin({ uid: 'u1', username: 'alice', roles: ['admin'] }, { author: 'alice', manage: false })).toBe(false);
  });

  it('lets others in once started; a private contest also needs the registration', () => {
    expect(canEnter({ auth: 0 }, -1, false, true)).toBe(false);
    expect(canEnter({ auth: 0 }, -1, true, false)).toBe(true);
    expect(canEnter({ auth: 0 }, 0, false, false)).toBe(true);
    expect(canEnter({ auth: 1 }, 0, false, false)).toBe(false);
    expect(canEnter({ auth: 1 }, 1, false, true)).toBe(true);
    // Protected: viewing is open, submitting needs the registration (checked by the server).
    expect(canEnter({ auth: 2 }, 0, false, false)).toBe(true);
  });

  it('asks for the password only in a password contest the user has not registered for', () => {
    expect(needsPassword({ auth: 0 }, false, false)).toBe(false);
    expect(needsPassword({ auth: 1 }, false, false)).toBe(true);
    expect(needsPassword({ auth: 2 }, false, false)).toBe(true);
    expect(needsPassword({ auth: 1 }, false, true)).toBe(false);
    expect(needsPassword({ auth: 1 }, true, false)).toBe(false);
  });
});
