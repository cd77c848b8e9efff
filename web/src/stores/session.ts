// The signed-in user: the raw JWT (localStorage `token`), the user info and the roles/permissions.
import { proxy } from 'valtio';
import { isAdminRole, type UserInfo } from '@oj/proto';
import { readJson, readString, STORAGE_KEYS, writeJson, writeString } from '../lib/storage';

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  roles: string[];
  permissions: string[];
}

const isUser = (x: unknown): x is UserInfo =>
  typeof x === 'object' && x !== null && typeof (x as { uid?: unknown }).uid === 'string' && typeof (x as { username?: unknown }).username === 'string';

function initial(): SessionState {
  if (typeof window === 'undefined') return { token: null, user: null, roles: [], permissions: [] };
  const token = readString(STORAGE_KEYS.token);
  const user = token ? readJson(STORAGE_KEYS.user, isUser) : null;
  return { token, user, roles: user?.roleList ?? [], permissions: [] };
}

export const sessionState = proxy<SessionState>(initial());

export function setToken(token: string): void {
  sessionState.token = token;
  writeString(STORAGE_KEYS.token, token);
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
  sessionState.token = null;
  sessionState.user = null;
  sessionState.roles = [];
  sessionState.permissions = [];
  writeString(STORAGE_KEYS.token, null);
  writeString(STORAGE_KEYS.user, null);
}

export const isLoggedIn = (s: { readonly token: string | null; readonly user: unknown }) => s.token !== null && s.user !== null;
export const isAdmin = (s: { readonly roles: readonly string[] }) => isAdminRole(s.roles);

/** Another tab logged in or out: pick it up when this tab becomes visible. */
export function syncSessionFromStorage(): void {
  const token = readString(STORAGE_KEYS.token);
  if (token === sessionState.token) return;
  if (!token) {
    clearSession();
    return;
  }
  const user = readJson(STORAGE_KEYS.user, isUser);
  sessionState.token = token;
  if (user) setUser(user);
}
