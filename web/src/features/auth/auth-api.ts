// Login, logout and the roles refresh; the session store holds the result.
import { api, request } from '../../lib/api';
import { decoders } from '../../lib/decoders';
import type { UserAuthInfo } from '@oj/proto';
import { clearSession, setAuthInfo, setToken, setUser } from '../../stores/session';

/** POST /api/login: the JWT comes back in the `Authorization` response header, the user in the body. */
export async function login(username: string, password: string): Promise<void> {
  const res = await request('POST', '/login', { body: { username, password }, decode: decoders.userInfo });
  const token = res.headers.get('Authorization');
  if (token) setToken(token);
  setUser(res.data);
  void refreshAuthInfo();
}

export async function refreshAuthInfo(): Promise<void> {
  const info = await api.get<UserAuthInfo>('/get-user-auth-info', { silent: true }).catch(() => null);
  if (info && Array.isArray(info.roles) && Array.isArray(info.permissions)) setAuthInfo(info.roles, info.permissions);
}

/** GET /api/logout, then forget the session whatever the answer (the token may already be invalid). */
export async function logout(): Promise<void> {
  await api.get('/logout', { silent: true }).catch(() => null);
  clearSession();
}
