// A REST client of one gateway, as a browser would use it: login (the token of the Authorization header), and the
// envelope `{ status, data, msg }` of each call. The tests that run gateways as processes use it.

export interface Envelope<T = unknown> {
  status: number;
  data: T;
  msg: string;
}

export class OjClient {
  token = '';
  uid = '';

  constructor(readonly baseUrl: string) {}

  async call<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
    const r = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(this.token ? { authorization: this.token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await r.json()) as Envelope<T>;
  }

  async login(username: string, password: string): Promise<void> {
    const r = await fetch(`${this.baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
    const body = (await r.json()) as Envelope<{ uid: string }>;
    const token = r.headers.get('authorization');
    if (body.status !== 200 || !token) throw new Error(`login of ${username} failed: ${body.msg}`);
    this.token = token;
    this.uid = body.data.uid;
  }

  /** Submits to a problem (its display id) in practice (cid 0) or in a contest. */
  submit(pid: string, language: string, code: string, cid = 0): Promise<Envelope<{ submitId: number }>> {
    return this.call('POST', '/api/submit-problem-judge', { pid, language, code, cid });
  }
}
