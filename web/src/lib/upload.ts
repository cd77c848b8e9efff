// Multipart uploads with progress (fetch cannot report upload progress): XMLHttpRequest with the same headers,
// envelope and error handling as the REST client. `onProgress` gets bytes sent and total; when the body is sent
// and the server is still checking, it is called once more with `phase: 'checking'`.
import { LIMITS } from '@oj/proto';
import { getIntl, localeState } from '../i18n/locale';
import { CSRF_HEADER, sessionState } from '../stores/session';
import { showToast } from '../stores/ui';
import { ApiError, buildUrl, urlType, type QueryValue } from './api';

export interface UploadProgress {
  phase: 'sending' | 'checking';
  loaded: number;
  total: number;
}

export function uploadFile<T>(path: string, file: Blob, fileName: string, opts: { query?: Record<string, QueryValue>; onProgress?: (p: UploadProgress) => void; timeoutMs?: number } = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, opts.query));
    xhr.timeout = opts.timeoutMs ?? LIMITS.requestTimeoutMs * 10;
    xhr.setRequestHeader('Url-Type', urlType(path));
    xhr.setRequestHeader('Accept-Language', localeState.locale);
    if (sessionState.csrf) xhr.setRequestHeader(CSRF_HEADER, sessionState.csrf);
    xhr.upload.onprogress = (e) => opts.onProgress?.({ phase: 'sending', loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.upload.onload = () => opts.onProgress?.({ phase: 'checking', loaded: file.size, total: file.size });
    const failWith = (err: ApiError) => {
      showToast('error', err.message);
      reject(err);
    };
    xhr.onerror = () => failWith(new ApiError('network', getIntl().formatMessage({ id: 'api.client.network' }), 0));
    xhr.ontimeout = () => failWith(new ApiError('timeout', getIntl().formatMessage({ id: 'api.client.timeout' }), 0));
    xhr.onload = () => {
      type Env = { status: number; data: T; msg: string; code?: string };
      let env: Env | null;
      try {
        env = JSON.parse(xhr.responseText) as Env | null;
      } catch {
        env = null;
      }
      if (!env || typeof env.status !== 'number') return failWith(new ApiError('http', `HTTP ${xhr.status}`, xhr.status));
      if (env.status !== 200) return failWith(new ApiError('envelope', env.msg, env.status, env.code));
      resolve(env.data);
    };
    const body = new FormData();
    body.append('file', file, fileName);
    xhr.send(body);
  });
}
