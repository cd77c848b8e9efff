// The signed-in user: the session's CSRF proof, the user info and the roles/permissions. The session itself is the
// httpOnly cookie `oj_token` that script cannot read (docs/security.md, "Accounts and sessions"); the readable
// cookie `oj_csrf` beside it proves that a request comes from our pages, and its presence says a session exists.
import { proxy } from 'valtio';
import { isAdminRole, type UserInfo } from '@oj/proto';
import { readJson, STORAGE_KEYS, writeJson, writeString } from '../lib/storage';

export interface SessionState {
  /** The `oj_csrf` cookie's value (sent as `X-CSRF-Token`), or null without a session. */
  csrf: string | null;
  user: UserInfo | null;
  roles: string[];
  permissions: string[];
}

export const CSRF_COOKIE = 'oj_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** The CSRF cookie of the current session, or null. */
export function readCsrfCookie(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CSRF_COOKIE) return rest.join('=') || null;
  }
  return null;
}

const isUser = (x: unknown): x is UserInfo =>
  typeof x === 'object' && x !== null && typeof (x as { uid?: unknown }).uid === 'string' && typeof (x as { username?: unknown }).username === 'string';

function initial(): SessionState {
  if (typeof window === 'undefined') return { csrf: null, user: null, roles: [], permissions: [] };
  const csrf = readCsrfCookie();
  const user = csrf ? readJson(STORAGE_KEYS.user, isUser) : null;
  return { csrf, user, roles: user?.roleList ?? [], permissions: [] };
}

export const sessionState = proxy<SessionState>(initial());

/** Takes the CSRF cookie the server set (a login, a renewed session after a password change). */
export function syncCsrf(): void {
  if (typeof document === 'undefined') return;
  const csrf = readCsrfCookie();
  if (csrf !== sessionState.csrf) sessionState.csrf = csrf;
}

export function setUser(user: UserInfo): void {
  sessionState.user = user;
  sessionState.roles = [...user.roleList];
  writeJson(STORAGE_KEYS.user, user);
}

export function setAuthInfo(roles: string[], permissions: string[]): void {
  sessionState.roles = roles;
  sessionState.permissions = permissions;
}

export function clearSession(): void {
  sessionState.csrf = null;
  sessionState.user = null;
  sessionState.roles = [];
  sessionState.permissions = [];
  writeString(STORAGE_KEYS.user, null);
  // Tokens of older versions were kept in localStorage: gone with the session.
  writeString(STORAGE_KEYS.legacyToken, null);
  // Without its proof the (httpOnly) session cookie counts for nothing: the server treats the calls as anonymous.
  if (typeof document !== 'undefined') document.cookie = `${CSRF_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

export const isLoggedIn = (s: { readonly csrf: string | null; readonly user: unknown }) => s.csrf !== null && s.user !== null;
export const isAdmin = (s: { readonly roles: readonly string[] }) => isAdminRole(s.roles);

/** Another tab logged in or out (the cookies are shared): pick it up when this tab becomes visible. */
export function syncSessionFromStorage(): void {
  const csrf = readCsrfCookie();
  if (csrf === sessionState.csrf) return;
  if (!csrf) {
    clearSession();
    return;
  }
  const user = readJson(STORAGE_KEYS.user, isUser);
  sessionState.csrf = csrf;
  if (user) setUser(user);
}
