import { describe, expect, it } from 'vitest';
import { anyUnread, badgeText, EMPTY_UNREAD } from './unread';

describe('unread badges', () => {
  it('caps at 99 and hides zero', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
  it('shows the red dot when any count is above 0', () => {
    expect(anyUnread(EMPTY_UNREAD)).toBe(false);
    expect(anyUnread({ ...EMPTY_UNREAD, mine: 1 })).toBe(true);
  });
});
