// The users admin over REST and Socket.IO on the real services, PostgreSQL and bus, with a second gateway (its own
// services process, session cache and permission table) on the same database and bus: refusals in both languages,
// the CSV preview upload, and a ban or a role ↔ permission change taking effect on the other gateway at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { createServices, silentLogger, type OjServicesImpl } from '@oj/services';
import { ROLE_CODE, type ClientToServerEvents, type ServerToClientEvents } from '@oj/proto';
import { buildGateway, type Gateway } from './gateway';
import { PASSWORD, ROOT_PASSWORD, startHarness, type Harness } from './test-harness';

let h: Harness;
let other: { services: OjServicesImpl; gw: Gateway; url: string };
let rootToken: string;

beforeAll(async () => {
  h = await startHarness({ env: { OJ_RATE_LOGIN_IP_PER_MIN: '1000', OJ_RATE_LOGIN_USER_PER_MIN: '1000' } });
  rootToken = await h.login('root', ROOT_PASSWORD);
  // Sessions are cached for 5 s and sockets re-checked every minute there: only the push can make it act at once.
  const services = await createServices({ databaseUrl: h.databaseUrl, transport: h.bus, logger: silentLogger(), config: { submitIntervalS: 0, sessionCacheMs: 5000 } });
  const gw = await buildGateway({ services, push: h.bus, config: h.config });
  other = { services, gw, url: await gw.listen(0, '127.0.0.1') };
});
afterAll(async () => {
  await other?.gw.close();
  await other?.services.close();
  await h?.stop();
});

type Lang = 'en-US' | 'zh-CN';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: object, lang: Lang = 'en-US', app = h.gw.app) =>
  app.inject({ method, url, headers: { ...(token && { authorization: token }), 'accept-language': lang }, ...(payload && { payload }) });

function csvUpload(token: string, csv: Buffer, filename = 'users.csv', lang: Lang = 'en-US') {
  const boundary = '----oj' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`),
    csv,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return h.gw.app.inject({
    method: 'POST',
    url: '/api/admin/user/preview-batch-user',
    payload,
    headers: { authorization: token, 'accept-language': lang, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('users admin routes', () => {
  it('refuses anonymous callers and users without user_admin, in both languages', async () => {
    await h.createUser('ua_plain');
    const plain = await h.login('ua_plain');
    const anon = await call('GET', '/api/admin/user/get-user-list', null, undefined, 'zh-CN');
    expect(anon.json()).toMatchObject({ status: 401, msg: '请先登录' });
    expect((await call('GET', '/api/admin/user/get-user-list', plain)).json()).toMatchObject({ status: 403, msg: 'You do not have permission to do this' });
    expect((await call('GET', '/api/admin/role', plain, undefined, 'zh-CN')).json()).toMatchObject({ status: 403, msg: '您没有权限执行此操作' });
  });

  it('answers bad input with the catalogue message in the caller language, never 500', async () => {
    const gen = { prefix: 'zz', number_from: 9, number_to: 3, password_length: 8 };
    expect((await call('POST', '/api/admin/user/generate-user', rootToken, gen)).json()).toMatchObject({ status: 400, msg: 'The end number must not be less than the start number' });
    expect((await call('POST', '/api/admin/user/generate-user', rootToken, gen, 'zh-CN')).json()).toMatchObject({ status: 400, msg: '结束编号不能小于开始编号' });
    const short = { ...gen, number_to: 10, password_length: 5 };
    const bad = await call('POST', '/api/admin/user/generate-user', rootToken, short);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe(400);
    const edit = await call('PUT', '/api/admin/user/edit-user', rootToken, { uid: 'x', username: 'y', type: 999, status: 0 }, 'zh-CN');
    expect(edit.statusCode).toBe(400);
    expect(edit.json().msg).toMatch(/^请求参数错误/);
    const gbk = await csvUpload(rootToken, Buffer.from([0xd5, 0xc5, 0xc8, 0xfd, 0x2c, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36]), 'users.csv', 'zh-CN');
    expect(gbk.json()).toMatchObject({ status: 400, msg: '文件不是 UTF-8 编码：请另存为“CSV UTF-8”后重新上传' });
    const confirm = await call('POST', '/api/admin/user/insert-batch-user', rootToken, { users: [['ok_1', 'pass123'], ['ok_1', 'pass123']] });
    expect(confirm.json()).toMatchObject({ status: 400, msg: '1 rows cannot be imported (first: line 2); nothing was written' });
  });

  it('previews an uploaded CSV, confirms it, and lists the users with their roles', async () => {
    const csv = Buffer.from('\uFEFFusername,password,email,realname,gender\r\nup_1,pass123,up1@x.com,One,1\r\nup_2,pw\r\n', 'utf8');
    const preview = (await csvUpload(rootToken, csv)).json();
    expect(preview.status).toBe(200);
    expect(preview.data).toMatchObject({ total: 2, bad: 1, header: true });
    expect(preview.data.rows[1]).toEqual({ line: 3, cells: ['up_2', 'pw'], reasons: ['password_length'] });
    const ok = await call('POST', '/api/admin/user/insert-batch-user', rootToken, { users: [preview.data.rows[0].cells] });
    expect(ok.json()).toMatchObject({ status: 200, data: { inserted: 1 } });
    const list = (await call('GET', '/api/admin/user/get-user-list?keyword=up_&limit=10', rootToken)).json();
    expect(list.data.records).toHaveLength(1);
    expect(list.data.records[0]).toMatchObject({ username: 'up_1', realname: 'One', gender: 'female', roles: [{ id: 1002, role: 'default_user' }] });
  });

  it('generates accounts whose sheet downloads once, as CSV', async () => {
    const gen = (await call('POST', '/api/admin/user/generate-user', rootToken, { prefix: 'gw', number_from: 1, number_to: 3, password_length: 10 })).json();
    expect(gen.data.count).toBe(3);
    const file = await call('GET', `/api/file/generate-user-excel?key=${gen.data.key}&format=csv`, rootToken);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    const [, first] = file.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    const [username, password] = first!.split(',');
    expect(username).toBe('gw1');
    await h.login(username!, password!);
    expect((await call('GET', `/api/file/generate-user-excel?key=${gen.data.key}`, rootToken)).json().status).toBe(404);
  });
});

describe('at once on every gateway', () => {
  type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
  async function connect(token: string, url: string): Promise<ClientSocket> {
    const socket: ClientSocket = connectClient(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  it('a ban drops the user\'s socket and refuses the token on the other gateway', async () => {
    const user = await h.createUser('ban_me');
    const token = await h.login('ban_me');
    // The other gateway verified (and cached) the session.
    expect((await call('GET', '/api/get-user-auth-info', token, undefined, 'en-US', other.gw.app)).json().status).toBe(200);
    const socket = await connect(token, other.url);
    const revoked = new Promise<unknown>((resolve) => socket.on('session.revoked', (frame) => resolve(frame.data)));
    const dropped = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
    const at = Date.now();
    const ban = await call('PUT', '/api/admin/user/edit-user', rootToken, { uid: user.uid, username: 'ban_me', type: ROLE_CODE.default_user, status: 1 });
    expect(ban.json()).toMatchObject({ status: 200, data: { revoked: 'banned' } });
    expect(await revoked).toEqual({ uid: user.uid, reason: 'banned' });
    expect(await dropped).toBe('io server disconnect');
    expect(Date.now() - at).toBeLessThan(4000);
    expect((await call('GET', '/api/get-user-auth-info', token, undefined, 'en-US', other.gw.app)).json().status).toBe(401);
    socket.close();
  });

  it('a new password ends the old token on both gateways; the new login works', async () => {
    const user = await h.createUser('pw_me');
    const token = await h.login('pw_me');
    expect((await call('GET', '/api/get-user-auth-info', token, undefined, 'en-US', other.gw.app)).json().status).toBe(200);
    await call('PUT', '/api/admin/user/edit-user', rootToken, { uid: user.uid, username: 'pw_me', type: ROLE_CODE.default_user, status: 0, setNewPwd: true, password: 'fresh-pass' });
    await expect.poll(async () => (await call('GET', '/api/get-user-auth-info', token, undefined, 'en-US', other.gw.app)).json().status, { timeout: 2000 }).toBe(401);
    expect((await call('GET', '/api/get-user-auth-info', token)).json().status).toBe(401);
    const fresh = await h.login('pw_me', 'fresh-pass');
    expect((await call('GET', '/api/get-user-auth-info', fresh, undefined, 'en-US', other.gw.app)).json().status).toBe(200);
    expect(PASSWORD).not.toBe('fresh-pass');
  });

  it('a role ↔ permission change applies on the other gateway without waiting for its cache', async () => {
    await h.createUser('ra_gw');
    const token = await h.login('ra_gw');
    const perms = async () => (await call('GET', '/api/get-user-auth-info', token, undefined, 'en-US', other.gw.app)).json().data.permissions as string[];
    expect(await perms()).toContain('submit');
    const table = (await call('GET', '/api/admin/role-auth', rootToken)).json().data as { auths: { id: number; permission: string }[]; assigned: Record<string, number[]> };
    const submit = table.auths.find((a) => a.permission === 'submit')!.id;
    const before = table.assigned['1002']!;
    const put = await call('PUT', '/api/admin/role-auth', rootToken, { roleId: 1002, authIds: before.filter((id) => id !== submit) });
    expect(put.json().status).toBe(200);
    try {
      await expect.poll(perms, { timeout: 2000 }).not.toContain('submit');
      const refused = await call('POST', '/api/submit-problem-judge', token, { pid: '1000', language: 'C', code: 'x'.repeat(60) }, 'en-US', other.gw.app);
      expect(refused.json()).toMatchObject({ status: 403, msg: 'You are not allowed to submit code' });
    } finally {
      await call('PUT', '/api/admin/role-auth', rootToken, { roleId: 1002, authIds: before });
    }
    await expect.poll(perms, { timeout: 2000 }).toContain('submit');
  });
});
