// Unread message counts of the logged-in user (header badges, message tabs). Written by features/message/live-unread.ts
// (pushed `unread.counts`, the REST snapshot and the 120 s fallback poll) and by the message pages after a delete.
import { proxy } from 'valtio';
import type { UnreadCounts } from '@oj/proto';

export const EMPTY_UNREAD: UnreadCounts = { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };

export const unreadState = proxy<{ counts: UnreadCounts }>({ counts: { ...EMPTY_UNREAD } });

export function applyUnread(counts: UnreadCounts): void {
  unreadState.counts = { ...counts };
}

export function resetUnread(): void {
  unreadState.counts = { ...EMPTY_UNREAD };
}

/** Badge text: capped at 99; empty when nothing is unread. */
export function badgeText(n: number): string {
  return n <= 0 ? '' : n > 99 ? '99+' : String(n);
}

export const anyUnread = (c: UnreadCounts): boolean => c.comment + c.reply + c.like + c.sys + c.mine > 0;
