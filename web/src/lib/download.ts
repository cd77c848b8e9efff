// File downloads with the session (test data, exports, event feeds, rank files): fetch, since the JSON client reads no
// files; refusals still come back as JSON envelopes whose `msg` is already in the user's language.
import { getIntl, localeState } from '../i18n/locale';
import { CSRF_HEADER, sessionState } from '../stores/session';
import { ApiError, buildUrl, urlType, type QueryValue } from './api';

/** The headers of a call made outside the JSON client. */
export function transferHeaders(path: string): Record<string, string> {
  const h: Record<string, string> = { 'Url-Type': urlType(path), 'Accept-Language': localeState.locale };
  if (sessionState.csrf) h[CSRF_HEADER] = sessionState.csrf;
  return h;
}

type Envelope = { status?: unknown; msg?: unknown; data?: unknown; code?: unknown };

/** The ApiError of a refused transfer: the envelope's message, or a generic one. */
export function refusal(env: Envelope | null, httpStatus: number): ApiError {
  const msg = typeof env?.msg === 'string' && env.msg ? env.msg : getIntl().formatMessage({ id: 'error.SYSTEM_ERROR' });
  const status = typeof env?.status === 'number' ? env.status : httpStatus;
  return new ApiError('http', msg, status, typeof env?.code === 'string' ? env.code : undefined);
}

/** A file download with the token: the body as a blob and the attachment's name (or `fallbackName`). */
export async function downloadFile(path: string, query: Record<string, QueryValue>, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { headers: transferHeaders(path) });
  } catch {
    throw new ApiError('network', getIntl().formatMessage({ id: 'api.client.network' }), 0);
  }
  const type = res.headers.get('Content-Type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    throw refusal((await res.json().catch(() => null)) as Envelope | null, res.status);
  }
  const disposition = res.headers.get('Content-Disposition') ?? '';
  return { blob: await res.blob(), fileName: attachmentName(disposition) ?? fallbackName };
}

/** The file name of a Content-Disposition header, the UTF-8 `filename*` first. */
export function attachmentName(disposition: string): string | null {
  const star = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      // Fall back to the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  if (!plain) return null;
  try {
    return decodeURIComponent(plain[1]!);
  } catch {
    return plain[1]!;
  }
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
