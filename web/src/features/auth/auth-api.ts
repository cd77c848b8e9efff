// Login, logout and the roles refresh; the session store holds the result.
import { api, request } from '../../lib/api';
import { decoders } from '../../lib/decoders';
import {
  decode,
  CaptchaVO,
  ChangeAccountVO,
  CheckUsernameOrEmailVO,
  RegisterCodeVO,
  SlideChallenge,
  UserInfo,
  type ChangeUserInfoBody,
  type RegisterBody,
  type SlideAnswer,
  type UserAuthInfo,
} from '@oj/proto';
import { getIntl, localeState } from '../../i18n/locale';
import { clearSession, CSRF_HEADER, sessionState, setAuthInfo, setUser, syncCsrf } from '../../stores/session';
import { showToast } from '../../stores/ui';

/**
 * POST /api/login (or /api/admin/login, which opens a session for admins only): the session comes back as cookies
 * (the httpOnly token and its readable CSRF proof; the client asks for them with `X-Auth-Mode: cookie`), the user in
 * the body.
 */
export async function login(username: string, password: string, slide?: SlideAnswer, path: '/login' | '/admin/login' = '/login'): Promise<void> {
  const res = await request('POST', path, { body: { username, password, ...(slide && { slide }) }, decode: decoders.userInfo });
  syncCsrf();
  setUser(res.data);
  void refreshAuthInfo();
}

export async function refreshAuthInfo(): Promise<void> {
  const info = await api.get<UserAuthInfo>('/get-user-auth-info', { silent: true }).catch(() => null);
  if (info && Array.isArray(info.roles) && Array.isArray(info.permissions)) setAuthInfo(info.roles, info.permissions);
}

/** GET /api/logout (the server clears the cookies), then forget the session whatever the answer (it may already be invalid). */
export async function logout(): Promise<void> {
  await api.get('/logout', { silent: true }).catch(() => null);
  clearSession();
}

// ---------- registration, reset, captchas ----------

export const sendRegisterCode = (email: string) => api.get('/get-register-code', { query: { email }, decode: (x) => decode(RegisterCodeVO, x) });
export const checkUsernameOrEmail = (username: string, email: string) =>
  api.post('/check-username-or-email', { username, email }, { decode: (x) => decode(CheckUsernameOrEmailVO, x) });
export const register = (body: RegisterBody) => api.post('/register', body);
export const getCaptcha = () => api.get('/captcha', { decode: (x) => decode(CaptchaVO, x) });
export const getSlideChallenge = () => api.get('/captcha-slide', { decode: (x) => decode(SlideChallenge, x) });
export const applyResetPassword = (body: { email: string; captcha: string; captchaKey: string }) => api.post('/apply-reset-password', body);
export const resetPassword = (body: { username: string; password: string; code: string }) => api.post('/reset-password', body);

// ---------- settings ----------

function updateUser(user: UserInfo): void {
  setUser(user);
}

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  const vo = await api.post('/change-password', { oldPassword, newPassword }, { decode: (x) => decode(ChangeAccountVO, x) });
  updateUser(vo.userInfo);
}
export const getChangeEmailCode = (email: string) => api.get('/get-change-email-code', { query: { email } });
export async function changeEmail(password: string, newEmail: string, code: string): Promise<void> {
  const vo = await api.post('/change-email', { password, newEmail, code }, { decode: (x) => decode(ChangeAccountVO, x) });
  updateUser(vo.userInfo);
}
export async function changeMobile(password: string, newMobile: string): Promise<void> {
  const vo = await api.post('/change-mobile', { password, newMobile }, { decode: (x) => decode(ChangeAccountVO, x) });
  updateUser(vo.userInfo);
}
export async function changeUserInfo(body: ChangeUserInfoBody): Promise<void> {
  updateUser(await api.post('/change-userInfo', body, { decode: decoders.userInfo }));
}

/** POST /api/file/upload-avatar (multipart `image`); the JSON client does not send forms, so this is fetch itself. */
export async function uploadAvatar(file: File): Promise<void> {
  const form = new FormData();
  form.append('image', file, file.name);
  const headers: Record<string, string> = { 'Url-Type': 'general', 'Accept-Language': localeState.locale };
  if (sessionState.csrf) headers[CSRF_HEADER] = sessionState.csrf;
  type Env = { status?: number; msg?: string; data?: unknown };
  const env: Env | null = await fetch('/api/file/upload-avatar', { method: 'POST', headers, body: form })
    .then((r) => r.json() as Promise<Env>)
    .catch(() => null);
  if (!env || env.status !== 200) {
    const msg = env?.msg || getIntl().formatMessage({ id: 'api.client.network' });
    showToast('error', msg);
    throw new Error(msg);
  }
  updateUser(decode(UserInfo, env.data));
}
