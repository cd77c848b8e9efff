// The group roles and the member table's enable rules of the specification, as pure functions.
import { describe, expect, it } from 'vitest';
import { makeViewer } from '../account/viewer';
import { isGroupAdmin, isGroupMember, isGroupRoot, mayChangeMember, mayDisband, mayManageItem, mayRemoveMember, maySee, standingOf, type Standing } from './group-access';

const group = { uid: 'owner', visible: true, status: 0 };
const as = (auth: number, opts: { uid?: string; roles?: string[] } = {}): Standing => standingOf(makeViewer(opts.uid ?? 'me', 'me', opts.roles ?? ['default_user']), group, auth);
const row = (uid: string, auth: number) => ({ uid, auth, owner: uid === 'owner' });

describe('group roles', () => {
  it('ranks member < admin < root, a super admin passing every one', () => {
    const levels = [0, 1, 2, 3, 4, 5].map((a) => [isGroupMember(as(a)), isGroupAdmin(as(a)), isGroupRoot(as(a))]);
    expect(levels).toEqual([
      [false, false, false],
      [false, false, false],
      [false, false, false],
      [true, false, false],
      [true, true, false],
      [true, true, true],
    ]);
    const su = as(0, { roles: ['root'] });
    expect([isGroupMember(su), isGroupAdmin(su), isGroupRoot(su), mayDisband(su)]).toEqual([true, true, true, true]);
  });

  it('lets the owner or a super admin disband, not another root', () => {
    expect(mayDisband(as(5, { uid: 'owner' }))).toBe(true);
    expect(mayDisband(as(5))).toBe(false);
  });

  it('hides a hidden group from all but its members, and a banned one from all but super admins', () => {
    const hidden = { ...group, visible: false };
    expect([0, 1, 2, 3].map((a) => maySee(hidden, as(a)))).toEqual([false, false, false, true]);
    expect(maySee(group, as(0))).toBe(true);
    expect(maySee({ ...group, status: 1 }, as(5))).toBe(false);
    expect(maySee({ ...group, status: 1, visible: false }, as(0, { roles: ['root'] }))).toBe(true);
  });

  it('lets an admin act only on the items they wrote, the root on any', () => {
    expect([mayManageItem(as(4), true), mayManageItem(as(4), false), mayManageItem(as(5), false), mayManageItem(as(3), true)]).toEqual([true, false, true, false]);
  });
});

describe('the member table', () => {
  it('an admin changes rows below their level to levels below their level', () => {
    const admin = as(4);
    expect(mayChangeMember(admin, row('a', 1), 3)).toBe(true); // accept
    expect(mayChangeMember(admin, row('a', 1), 2)).toBe(true); // refuse
    expect(mayChangeMember(admin, row('a', 3), 4)).toBe(false); // no promotion to their own level
    expect(mayChangeMember(admin, row('a', 4), 3)).toBe(false); // not a peer
    expect(mayChangeMember(admin, row('a', 5), 3)).toBe(false);
  });

  it('the owner and super admins change any row but the owner', () => {
    expect(mayChangeMember(as(5, { uid: 'owner' }), row('a', 4), 5)).toBe(true);
    expect(mayChangeMember(as(0, { roles: ['root'] }), row('a', 5), 3)).toBe(true);
    expect(mayChangeMember(as(0, { roles: ['root'] }), row('owner', 5), 3)).toBe(false);
    // Another root (auth 5, not the owner) is bound like any admin.
    expect(mayChangeMember(as(5), row('a', 4), 3)).toBe(true);
    expect(mayChangeMember(as(5), row('a', 5), 3)).toBe(false);
  });

  it('removes lower auths, never oneself nor the owner', () => {
    expect(mayRemoveMember(as(4), row('a', 3))).toBe(true);
    expect(mayRemoveMember(as(4), row('a', 4))).toBe(false);
    expect(mayRemoveMember(as(4), row('me', 3))).toBe(false);
    expect(mayRemoveMember(as(5, { uid: 'owner' }), row('a', 5))).toBe(true);
    expect(mayRemoveMember(as(5, { uid: 'owner' }), row('owner', 5))).toBe(false);
    expect(mayRemoveMember(as(3), row('a', 1))).toBe(false);
  });
});
