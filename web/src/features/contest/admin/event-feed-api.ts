// The CLICS event-feed import of the admin contest list (multipart `file`; downloads are in lib/download.ts).
// The JSON client sends no forms, so this uses fetch; refusals come back as envelopes in the user's language.
import { getIntl } from '../../../i18n/locale';
import { ApiError, buildUrl } from '../../../lib/api';
import { refusal, transferHeaders } from '../../../lib/download';

type Envelope = { status?: unknown; msg?: unknown; data?: unknown; code?: unknown };

/** `POST /api/admin/contest/import-event-feed`: the new contest's id; the server's message on refusal. */
export async function importEventFeed(file: File): Promise<number> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(buildUrl('/admin/contest/import-event-feed'), { method: 'POST', headers: transferHeaders('/admin/contest'), body: form });
  } catch {
    throw new ApiError('network', getIntl().formatMessage({ id: 'api.client.network' }), 0);
  }
  const env = (await res.json().catch(() => null)) as Envelope | null;
  if (!env || env.status !== 200) throw refusal(env, res.status);
  const cid = (env.data as { cid?: unknown } | null)?.cid;
  if (typeof cid !== 'number') throw new ApiError('decode', getIntl().formatMessage({ id: 'api.client.badAnswer' }), 200);
  return cid;
}
