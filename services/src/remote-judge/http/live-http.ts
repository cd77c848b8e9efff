// The live transport: fetch with a timeout, redirects followed by hand (so every hop's cookies are kept), and a
// network failure or timeout reported as the site being down.
import { decodeBody, RemoteSiteError, withRedirects, type HttpReply, type HttpRequest, type RemoteHttp } from './remote-http';

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) oj-remote-judge';

export function liveHttp(opts: { timeoutMs: number }): RemoteHttp {
  return withRedirects(async (req: HttpRequest): Promise<HttpReply> => {
    const host = new URL(req.url).host;
    const body = req.form ? new URLSearchParams(req.form).toString() : req.json !== undefined ? JSON.stringify(req.json) : undefined;
    const contentType = req.form ? 'application/x-www-form-urlencoded' : 'application/json';
    const signal = AbortSignal.timeout(opts.timeoutMs);
    try {
      const res = await fetch(req.url, {
        method: req.method,
        redirect: 'manual',
        signal,
        headers: { 'user-agent': USER_AGENT, ...req.headers, ...(body !== undefined && { 'content-type': contentType }) },
        body,
      });
      const text = decodeBody(new Uint8Array(await res.arrayBuffer()), res.headers.get('content-type'));
      const headers: Record<string, string> = {};
      res.headers.forEach((v, k) => (headers[k] = v));
      return { status: res.status, body: text, headers, setCookies: res.headers.getSetCookie(), url: req.url };
    } catch (e) {
      if (signal.aborted) throw new RemoteSiteError('down', `no answer from ${host} within ${opts.timeoutMs} ms`);
      const cause = e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e);
      throw new RemoteSiteError('down', `${host} cannot be reached (${cause})`);
    }
  });
}
