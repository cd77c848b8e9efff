// File transfers of the admin contest list: the CLICS event-feed import (multipart `file`) and the
// event-feed / rank downloads. The JSON client sends no forms and reads no files, so these use fetch directly;
// refusals still come back as JSON envelopes whose `msg` is already in the user's language.
import { getIntl, localeState } from '../../../i18n/locale';
import { ApiError, buildUrl, type QueryValue } from '../../../lib/api';
import { sessionState } from '../../../stores/session';

function headers(path: string): Record<string, string> {
  const h: Record<string, string> = { 'Url-Type': path.startsWith('/admin/') ? 'admin' : 'general', 'Accept-Language': localeState.locale };
  if (sessionState.token) h.Authorization = sessionState.token;
  return h;
}

type Envelope = { status?: unknown; msg?: unknown; data?: unknown; code?: unknown };

function refusal(env: Envelope | null, httpStatus: number): ApiError {
  const msg = typeof env?.msg === 'string' && env.msg ? env.msg : getIntl().formatMessage({ id: 'error.SYSTEM_ERROR' });
  const status = typeof env?.status === 'number' ? env.status : httpStatus;
  return new ApiError('http', msg, status, typeof env?.code === 'string' ? env.code : undefined);
}

/** `POST /api/admin/contest/import-event-feed`: the new contest's id; the server's message on refusal. */
export async function importEventFeed(file: File): Promise<number> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(buildUrl('/admin/contest/import-event-feed'), { method: 'POST', headers: headers('/admin/'), body: form });
  } catch {
    throw new ApiError('network', getIntl().formatMessage({ id: 'api.client.network' }), 0);
  }
  const env = (await res.json().catch(() => null)) as Envelope | null;
  if (!env || env.status !== 200) throw refusal(env, res.status);
  const cid = (env.data as { cid?: unknown } | null)?.cid;
  if (typeof cid !== 'number') throw new ApiError('decode', getIntl().formatMessage({ id: 'api.client.badAnswer' }), 200);
  return cid;
}

/** A file download with the token: the body as a blob and the attachment's name (or `fallbackName`). */
export async function downloadFile(path: string, query: Record<string, QueryValue>, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { headers: headers(path) });
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
