import { describe, expect, it } from 'vitest';
import { canChangeRow, canRemoveRow, groupAction, groupStanding, groupTabs, levelOffered } from './group-roles';

const me = (auth: number, roles: string[] = ['default_user'], uid = 'me') => groupStanding(auth, roles, uid, 'owner');

describe('group standing in the screens', () => {
  it('shows the tabs by role: announcement for admins, setting for the root, discussion when open; members only past Home', () => {
    const names = (auth: number, open = true) => groupTabs(me(auth), open).map((t) => `${t.tab}${t.enabled ? '' : '-'}`);
    expect(names(0)).toEqual(['home', 'problem-', 'training-', 'contest-', 'status-', 'discussion-', 'member-', 'rank-']);
    expect(names(3, false)).toEqual(['home', 'problem', 'training', 'contest', 'status', 'member', 'rank']);
    expect(names(4)).toContain('announcement');
    expect(names(4)).not.toContain('setting');
    expect(names(5)).toContain('setting');
    expect(groupTabs(me(0, ['root']), true).every((t) => t.enabled)).toBe(true);
  });

  it('picks the action button: disband (owner or super admin), exit, apply, applying, refused', () => {
    expect(groupAction(groupStanding(5, [], 'owner', 'owner'), true)).toBe('disband');
    expect(groupAction(me(0, ['root']), true)).toBe('disband');
    expect(groupAction(me(5), true)).toBe('exit');
    expect(groupAction(me(3), true)).toBe('exit');
    expect(groupAction(me(0), true)).toBe('apply');
    expect(groupAction(me(1), true)).toBe('applying');
    expect(groupAction(me(2), true)).toBe('refused');
    expect(groupAction(me(0), false)).toBe('none');
  });

  it('enables the member table as the specification says', () => {
    const admin = me(4);
    expect(canChangeRow(admin, { uid: 'a', auth: 1 }, 'owner')).toBe(true);
    expect(canChangeRow(admin, { uid: 'a', auth: 4 }, 'owner')).toBe(false);
    expect(canChangeRow(me(0, ['root']), { uid: 'a', auth: 5 }, 'owner')).toBe(true);
    expect(canChangeRow(me(0, ['root']), { uid: 'owner', auth: 5 }, 'owner')).toBe(false);
    expect([1, 2, 3, 4, 5].map((l) => levelOffered(admin, l))).toEqual([true, true, true, false, false]);
    expect([1, 2, 3, 4, 5].every((l) => levelOffered(groupStanding(5, [], 'owner', 'owner'), l))).toBe(true);
    expect(canRemoveRow(admin, { uid: 'a', auth: 3 }, 'me', 'owner')).toBe(true);
    expect(canRemoveRow(admin, { uid: 'me', auth: 4 }, 'me', 'owner')).toBe(false);
    expect(canRemoveRow(admin, { uid: 'owner', auth: 5 }, 'me', 'owner')).toBe(false);
    expect(canRemoveRow(me(3), { uid: 'a', auth: 1 }, 'me', 'owner')).toBe(false);
  });
});
