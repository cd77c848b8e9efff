// Error notifications of the original product: a failed answer shows its message as an error
// toast AND as a notification titled "Error" for 5 s — except on mobile user agents, where only the toast shows.
// The title is translated by the component (react-intl `common.notification.error`); the store holds the message.
import { proxy } from 'valtio';

export const NOTIFICATION_MS = 5000;
/** User agents that get no notification (notifications are skipped on mobile). */
export const MOBILE_UA = /Mobi|Android|iPhone|iPad/i;

export interface Notice {
  id: number;
  text: string;
}

export const notificationState = proxy<{ items: Notice[] }>({ items: [] });
let nextId = 1;

export function isMobileUserAgent(ua: string | null | undefined): boolean {
  return MOBILE_UA.test(ua ?? '');
}

/** The browser's user agent; '' outside a browser (Node 20 has no `navigator`). */
export function currentUserAgent(): string {
  return typeof navigator === 'undefined' ? '' : (navigator.userAgent ?? '');
}

/** Shows an error notification unless the user agent is mobile; true when one is (or already was) on screen. */
export function notifyError(text: string, ua: string = currentUserAgent()): boolean {
  if (isMobileUserAgent(ua)) return false;
  // The same message twice in a row (a burst of failing calls) is shown once, as the toasts do.
  if (notificationState.items.some((n) => n.text === text)) return true;
  const id = nextId++;
  notificationState.items.push({ id, text });
  if (notificationState.items.length > 3) notificationState.items.shift();
  setTimeout(() => dismissNotification(id), NOTIFICATION_MS);
  return true;
}

export function dismissNotification(id: number): void {
  const i = notificationState.items.findIndex((n) => n.id === id);
  if (i >= 0) notificationState.items.splice(i, 1);
}
