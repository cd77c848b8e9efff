// The REST client: base /api, 90 s timeout, the session cookie with its CSRF header (X-CSRF-Token), Url-Type, the
// {status, data, msg} envelope, and the handling of 401 (log in again), 403 (a notice) and timeouts. Failures toast
// and reject with ApiError. The token itself is an httpOnly cookie: no script of the page can read it.
import { LIMITS, isErrorCode, type UserAuthInfo } from '@oj/proto';
import { getIntl, localeState } from '../i18n/locale';
import { clearSession, CSRF_HEADER, sessionState, setAuthInfo, syncCsrf } from '../stores/session';
import { notifyError } from '../stores/notifications';
import { openLoginDialog, showToast } from '../stores/ui';
import { takeEarlyResponse } from './early-requests';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions<T> {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Checks and types `data` (usually `(x) => decode(Schema, x)` from @oj/proto). */
  decode?: (data: unknown) => T;
  /** No toast, no login dialog: for background work such as fallback polling. */
  silent?: boolean;
  timeoutMs?: number;
}

export type ApiErrorKind = 'timeout' | 'network' | 'http' | 'envelope' | 'decode';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** Envelope status (or HTTP status when there is no envelope). */
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** For `.catch`: a refusal the client has shown already (unless silent) ends there; anything else is a bug. */
export function ignoreRefusal(e: unknown): undefined {
  if (!(e instanceof ApiError)) throw e;
  return undefined;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

const NO_AUTH_PATHS = new Set(['/login', '/admin/login']);

export function urlType(path: string): 'admin' | 'general' {
  return path.split('/')[1] === 'admin' ? 'admin' : 'general';
}

/** Where `/api` lives: the page's own origin in the browser; tests point it at a local server. */
let apiOrigin = '';
export function setApiOrigin(origin: string): void {
  apiOrigin = origin;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else params.append(k, String(v));
  }
  const qs = params.toString();
  return `${apiOrigin}/api${path}${qs ? `?${qs}` : ''}`;
}

interface RawEnvelope {
  status: number;
  data: unknown;
  msg: string;
  code?: string;
}

function isEnvelope(x: unknown): x is RawEnvelope {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  return Number.isInteger(e.status) && (typeof e.msg === 'string' || e.msg === undefined || e.msg === null) && 'data' in e;
}

function t(id: Parameters<ReturnType<typeof getIntl>['formatMessage']>[0]['id']): string {
  return getIntl().formatMessage({ id });
}

/** The envelope's message, or the catalogue's text for its code, or a generic one by status. */
function messageOf(env: RawEnvelope | null, httpStatus: number): string {
  if (env?.msg) return env.msg;
  if (env?.code && isErrorCode(env.code)) return t(`error.${env.code}`);
  if (httpStatus === 404) return t('error.NOT_FOUND');
  return t('error.SYSTEM_ERROR');
}

/** `p`, or an AbortError once `signal` aborts (as fetch does). */
function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('The request was aborted', 'AbortError')), { once: true });
    p.then(resolve, reject);
  });
}

let refreshingRoles = false;

/** 403: the roles may have changed; reload them (once at a time) while a token exists. */
async function refreshRoles(): Promise<void> {
  if (refreshingRoles || !sessionState.csrf) return;
  refreshingRoles = true;
  try {
    const info = await request<UserAuthInfo>('GET', '/get-user-auth-info', { silent: true });
    setAuthInfo(info.data.roles, info.data.permissions);
  } catch {
    // A failed refresh leaves the known roles in place.
  } finally {
    refreshingRoles = false;
  }
}

/** A failure shows its message as an error toast and (not on mobile) an "Error" notification. */
function fail(err: ApiError, silent: boolean | undefined): never {
  if (!silent) {
    showToast('error', err.message);
    notifyError(err.message);
  }
  throw err;
}

export async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: RequestOptions<T> = {}): Promise<ApiResponse<T>> {
  // Another tab may have renewed the session (a password change): its cookies are this tab's too.
  syncCsrf();
  const headers: Record<string, string> = { 'Url-Type': urlType(path), 'Accept-Language': localeState.locale };
  // A login asks for the session as cookies; every other call proves it comes from our pages.
  if (NO_AUTH_PATHS.has(path)) headers['X-Auth-Mode'] = 'cookie';
  else if (sessionState.csrf) headers[CSRF_HEADER] = sessionState.csrf;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? LIMITS.requestTimeoutMs);
  const url = buildUrl(path, opts.query);
  // The same GET started by index.html before the app ran (lib/early-requests.ts): its answer, under the same timeout.
  const early = method === 'GET' ? takeEarlyResponse(url, headers) : undefined;
  let res: Response;
  let parsed: unknown = null;
  try {
    res = await (early
      ? abortable(early, controller.signal)
      : fetch(url, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: controller.signal }));
    const text = await res.text();
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null; // Not JSON (an HTML error page): handled below by HTTP status.
    }
  } catch (e) {
    const timedOut = controller.signal.aborted || (e instanceof DOMException && e.name === 'AbortError');
    fail(
      timedOut ? new ApiError('timeout', t('api.client.timeout'), 0) : new ApiError('network', t('api.client.network'), 0),
      opts.silent,
    );
  } finally {
    clearTimeout(timer);
  }

  // The server renews the cookies itself (a refreshed token, a new session after a password change).
  syncCsrf();

  const env = isEnvelope(parsed) ? parsed : null;
  const status = env?.status ?? res.status;

  if (res.status === 401 || status === 401) {
    clearSession();
    if (!opts.silent && urlType(path) === 'general') openLoginDialog('login');
    fail(new ApiError('http', messageOf(env, 401), 401, env?.code), opts.silent);
  }
  if (res.status === 403 || (env && status === 403)) {
    void refreshRoles();
    fail(new ApiError('http', messageOf(env, 403), 403, env?.code), opts.silent);
  }
  if (!env) {
    const kind = res.ok ? 'envelope' : 'http';
    fail(new ApiError(kind, res.ok ? t('api.client.badAnswer') : messageOf(null, res.status), res.status), opts.silent);
  }
  if (env.status !== 200) fail(new ApiError('http', messageOf(env, res.status), env.status, env.code), opts.silent);

  if (!opts.decode) return { data: env.data as T, headers: res.headers };
  try {
    return { data: opts.decode(env.data), headers: res.headers };
  } catch (e) {
    console.error(`Unexpected answer from ${path}`, e);
    return fail(new ApiError('decode', t('api.client.badAnswer'), 200), opts.silent);
  }
}

export const api = {
  get: async <T>(path: string, opts: Omit<RequestOptions<T>, 'body'> = {}) => (await request<T>('GET', path, opts)).data,
  post: async <T>(path: string, body: unknown, opts: Omit<RequestOptions<T>, 'body'> = {}) =>
    (await request<T>('POST', path, { ...opts, body })).data,
  put: async <T>(path: string, body: unknown, opts: Omit<RequestOptions<T>, 'body'> = {}) =>
    (await request<T>('PUT', path, { ...opts, body })).data,
  delete: async <T>(path: string, opts: Omit<RequestOptions<T>, 'body'> = {}) => (await request<T>('DELETE', path, opts)).data,
};
