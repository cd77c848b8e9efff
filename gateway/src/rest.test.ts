// REST through app.inject() on the real services and PostgreSQL: envelope, languages of messages, auth
// levels, revocation, token refresh, validation, rate limits and the visibility of other users' code.
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, LIMITS, type JudgeJob } from '@oj/proto';
import { buildGateway } from './gateway';
import { PASSWORD, ROOT_PASSWORD, startHarness, type Harness } from './test-harness';

const A_PLUS_B_C = '#include <stdio.h>\nint main(void) {\n    int a, b;\n    scanf("%d %d", &a, &b);\n    printf("%d\\n", a + b);\n    return 0;\n}\n';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    env: { OJ_RATE_LOGIN_IP_PER_MIN: '12', OJ_RATE_LOGIN_USER_PER_MIN: '4', OJ_RATE_SUBMIT_PER_MIN: '3' },
  });
});
afterAll(async () => {
  await h?.stop();
});

let ipCounter = 0;
/** Each login-heavy test gets its own client address so the per-IP limit only bites where it is tested. */
const freshIp = () => `10.1.0.${++ipCounter}`;

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  h.gw.app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: token } : {}), ...headers } });
const post = (url: string, payload: unknown, token?: string, headers: Record<string, string> = {}) =>
  h.gw.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...(token ? { authorization: token } : {}), ...headers },
    remoteAddress: freshIp(),
  });

describe('login', () => {
  it('answers the user info and the JWT in the Authorization header', async () => {
    await h.createUser('lg_ok');
    const res = await post('/api/login', { username: 'lg_ok', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 200, msg: 'success', data: { username: 'lg_ok', roleList: ['default_user'] } });
    expect(res.headers.authorization).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.headers['access-control-expose-headers']).toContain('Refresh-Token');
    expect(res.headers['access-control-expose-headers']).toContain('Authorization');
  });

  it('refuses a bad password in the caller language', async () => {
    await h.createUser('lg_bad');
    const zh = await post('/api/login', { username: 'lg_bad', password: 'wrong-pass' });
    expect(zh.statusCode).toBe(200);
    expect(zh.json()).toEqual({ status: 400, data: null, msg: '用户名或密码错误', code: 'AUTH_BAD_CREDENTIALS' });
    expect(zh.headers.authorization).toBeUndefined();

    const byQuery = await post('/api/login?l=en-US', { username: 'lg_bad', password: 'wrong-pass' });
    expect(byQuery.json().msg).toBe('Username or password error');
    const byCookie = await post('/api/login', { username: 'lg_bad', password: 'wrong-pass' }, undefined, { cookie: 'a=1; lang=en-US' });
    expect(byCookie.json().msg).toBe('Username or password error');
    const byHeader = await post('/api/login', { username: 'lg_bad', password: 'wrong-pass' }, undefined, {
      'accept-language': 'fr;q=1, en;q=0.8, zh;q=0.5',
    });
    expect(byHeader.json().msg).toBe('Username or password error');
  });

  it('names the failing field in both languages', async () => {
    const zh = await post('/api/login', { username: 'someone', password: '123' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ status: 400, data: null, code: 'VALIDATION_FAILED' });
    expect(zh.json().msg).toBe(`请求参数错误：password 的长度不能少于 ${LIMITS.passwordMin}`);

    const en = await post('/api/login?l=en-US', { password: '123456' });
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toBe('Invalid request: username is required');
  });

  it('limits logins per username and address (never per username alone), then per address', async () => {
    const perUser = h.config.rateLimit.loginPerUser;
    const from = '10.9.8.7';
    const attempt = (url: string, remoteAddress: string) => h.gw.app.inject({ method: 'POST', url, remoteAddress, payload: { username: 'lg_rate', password: 'wrong-pass' } });
    for (let i = 0; i < perUser; i++) expect((await attempt('/api/login', from)).statusCode).toBe(200);
    const limited = await attempt('/api/login?l=en-US', from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: 429, data: null, msg: 'Speed too fast, please try again later', code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, elsewhere, is not locked out by it.
    expect((await attempt('/api/login', '10.9.8.8')).statusCode).toBe(200);

    const ip = '10.9.9.9';
    const perIp = h.config.rateLimit.loginPerIp;
    for (let i = 0; i < perIp; i++) {
      const res = await h.gw.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { username: `ip_${i}`, password: 'wrong-pass' } });
      expect(res.statusCode).toBe(200);
    }
    const res = await h.gw.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { username: 'ip_last', password: 'wrong-pass' } });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
  });
});

describe('access levels and sessions', () => {
  it('requires a valid token on login endpoints and accepts a Bearer prefix', async () => {
    await h.createUser('au_user');
    const token = await h.login('au_user');

    const none = await get('/api/get-user-auth-info');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ status: 401, data: null, msg: '请先登录', code: 'AUTH_NOT_LOGGED_IN' });

    const bad = await get('/api/get-user-auth-info', 'not-a-jwt', { 'url-type': 'general' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('AUTH_TOKEN_INVALID');
    expect(bad.headers['url-type']).toBe('general');

    const good = await get('/api/get-user-auth-info', token);
    expect(good.statusCode).toBe(200);
    expect(good.json().data.roles).toEqual(['default_user']);
    expect(good.json().data.permissions).toContain('submit');
    expect(good.headers['refresh-token']).toBeUndefined();

    const bearer = await get('/api/get-user-auth-info', `Bearer ${token}`);
    expect(bearer.statusCode).toBe(200);

    const perms = await get('/api/admin/user/get-user-permission', token);
    expect(perms.json().data).toEqual(good.json().data.permissions);
    expect((await get('/api/admin/user/get-user-permission')).statusCode).toBe(401);
  });

  it('ignores an invalid token on anonymous endpoints', async () => {
    const res = await get('/api/get-website-config', 'not-a-jwt');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.shortName).toBeTypeOf('string');
  });

  it('revokes the token at logout', async () => {
    await h.createUser('au_out');
    const token = await h.login('au_out');
    expect((await get('/api/get-user-auth-info', token)).statusCode).toBe(200);
    const out = await get('/api/logout', token);
    expect(out.json()).toMatchObject({ status: 200, data: null });
    const after = await get('/api/get-user-auth-info', token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('AUTH_TOKEN_INVALID');
    // Another session of the same user is untouched.
    const other = await h.login('au_out');
    expect((await get('/api/get-user-auth-info', other)).statusCode).toBe(200);
  });

  it('hands out a fresh token once the refresh age has passed, on login endpoints only', async () => {
    await h.createUser('au_old');
    const token = await h.login('au_old');
    const claims = h.gw.app.jwt.decode<{ uid: string; jti: string; iat: number }>(token)!;
    const oldIat = Math.floor(Date.now() / 1000) - h.config.jwtRefreshS - 60;
    const old = h.gw.app.jwt.sign({ uid: claims.uid, jti: claims.jti, iat: oldIat });

    const anon = await get('/api/get-website-config', old);
    expect(anon.headers['refresh-token']).toBeUndefined();

    const res = await get('/api/get-user-auth-info', old, { 'url-type': 'general' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['refresh-token']).toBe('true');
    expect(res.headers['url-type']).toBe('general');
    const fresh = res.headers.authorization as string;
    expect(fresh).toBeTypeOf('string');
    expect(fresh).not.toBe(old);
    const freshClaims = h.gw.app.jwt.decode<{ uid: string; jti: string; iat: number }>(fresh)!;
    expect(freshClaims.uid).toBe(claims.uid);
    expect(freshClaims.iat).toBeGreaterThan(oldIat);
    expect((await get('/api/get-user-auth-info', fresh)).headers['refresh-token']).toBeUndefined();
  });

  it('refuses a token signed with another secret', async () => {
    await h.createUser('au_forged');
    const token = await h.login('au_forged');
    const [head, payload] = token.split('.');
    const forged = `${head}.${payload}.${'A'.repeat(43)}`;
    expect((await get('/api/get-user-auth-info', forged)).statusCode).toBe(401);
  });
});

describe('site and problems', () => {
  it('serves the website config and languages', async () => {
    const cfg = await get('/api/get-website-config');
    expect(cfg.json()).toMatchObject({ status: 200, data: { register: expect.any(Boolean) } });
    const langs = await get('/api/languages?all=true');
    const names = (langs.json().data as { name: string }[]).map((l) => l.name);
    expect(names).toContain('C++');
    expect(names).toContain('Python3');
  });

  it('lists problems with paging and shows one problem', async () => {
    const list = await get('/api/get-problem-list?currentPage=1&limit=10');
    expect(list.statusCode).toBe(200);
    const page = list.json().data;
    expect(page.current).toBe(1);
    expect(page.records.map((p: { problemId: string }) => p.problemId)).toContain('1000');

    const detail = await get('/api/get-problem-detail?problemId=1000');
    expect(detail.json()).toMatchObject({ status: 200, data: { problem: { problemId: '1000' } } });
    expect(detail.json().data.languages).toContain('C');

    const missing = await get('/api/get-problem-detail?problemId=NOPE-404&l=en-US');
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toMatchObject({ status: 404, code: 'PROBLEM_NOT_FOUND', msg: 'The problem does not exist' });

    const bad = await get('/api/get-problem-list?limit=1000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect(bad.json().msg).toContain('limit');
  });

  it('refuses ids and pages beyond the integer columns at the schema: a 400 naming the field, never a server error', async () => {
    const big = '3000000000';
    const refused = async (res: { statusCode: number; json(): unknown }, field: string) => {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect((res.json() as { msg: string }).msg).toContain(field);
    };
    for (const url of [`/api/get-submission-detail?submitId=${big}`, `/api/get-all-case-result?submitId=${big}`, `/api/get-case-data?submitId=${big}&caseId=1&type=input`]) {
      await refused(await get(url), 'submitId');
    }
    for (const q of ['submitId=1&caseId=1&type=answer', 'submitId=1&type=input']) {
      const res = await get(`/api/get-case-data?${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    // The largest id an integer column holds is still a lookup.
    const noCase = await get('/api/get-case-data?submitId=2147483647&caseId=1&type=output');
    expect(noCase.json()).toMatchObject({ status: 404, code: 'SUBMISSION_NOT_FOUND' });
    for (const [q, field] of [[`gid=${big}`, 'gid'], [`status=${big}`, 'status'], ['currentPage=9007199254740991', 'currentPage'], ['currentPage=1e300', 'currentPage'], ['currentPage=1e400', 'currentPage']] as const) {
      await refused(await get(`/api/get-submission-list?${q}`), field);
    }
    await refused(await get('/api/get-problem-list?currentPage=9007199254740991'), 'currentPage');
    await refused(await get(`/api/languages?pid=${big}`), 'pid');
    await refused(await post('/api/check-submissions-status', { submitIds: [Number(big)], cid: Number(big) }), 'submitIds');
  });

  it("words Fastify's own client errors in the caller's language", async () => {
    const bad = (lang: string) =>
      h.gw.app.inject({ method: 'POST', url: '/api/login', payload: '{"username":', headers: { 'content-type': 'application/json', 'accept-language': lang } });
    const zh = await bad('zh-CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', msg: '请求参数错误：请求体不是合法的 JSON' });
    expect((await bad('en-US')).json().msg).toBe('Invalid request: the body is not valid JSON');
  });

  it('answers unknown API paths with a 404 envelope, and /healthz', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND', data: null });
    expect((await get('/healthz')).statusCode).toBe(200);
  });
});

describe('submissions', () => {
  const submit = (token: string | undefined, body: Record<string, unknown>) =>
    post('/api/submit-problem-judge', { pid: '1000', language: 'C', code: A_PLUS_B_C, ...body }, token);

  it('needs a login and the submit permission', async () => {
    const anon = await submit(undefined, {});
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe('AUTH_NOT_LOGGED_IN');

    await h.createUser('sb_nosubmit', ['no_subimit_user']);
    const token = await h.login('sb_nosubmit');
    const res = await submit(token, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('AUTH_NO_SUBMIT');
  });

  it('validates code and language', async () => {
    await h.createUser('sb_valid');
    const token = await h.login('sb_valid');

    const empty = await submit(token, { code: '   ' });
    expect(empty.json()).toMatchObject({ status: 400, code: 'CODE_EMPTY' });

    const tooLong = await submit(token, { code: `${A_PLUS_B_C}${'/'.repeat(LIMITS.codeMax)}` });
    expect(tooLong.json()).toMatchObject({ status: 400, code: 'CODE_TOO_LONG' });

    const huge = await submit(token, { code: 'x'.repeat(200_001) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe('VALIDATION_FAILED');
    expect(huge.json().msg).toContain('code');

    const lang = await submit(token, { language: 'Brainfuck' });
    expect(lang.json()).toMatchObject({ status: 400, code: 'LANGUAGE_UNAVAILABLE' });

    const noPid = await post('/api/submit-problem-judge?l=en-US', { language: 'C', code: A_PLUS_B_C }, token);
    expect(noPid.statusCode).toBe(400);
    expect(noPid.json().msg).toBe('Invalid request: pid is required');
  });

  it('limits submissions per user', async () => {
    await h.createUser('sb_rate');
    const token = await h.login('sb_rate');
    const max = h.config.rateLimit.submitPerUser;
    for (let i = 0; i < max; i++) {
      const res = await submit(token, {});
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(200);
    }
    const res = await submit(token, {});
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
    // Another user is not affected.
    await h.createUser('sb_rate2');
    expect((await submit(await h.login('sb_rate2'), {})).json().status).toBe(200);
  });

  it("hides another user's code and case data", async () => {
    await h.createUser('sb_owner');
    await h.createUser('sb_other');
    const owner = await h.login('sb_owner');
    const other = await h.login('sb_other');

    const jobs: JudgeJob[] = [];
    const consumer = await h.bus.consumeJobs(
      async (d) => {
        jobs.push(d.job);
        await d.ack();
      },
      { concurrency: 1 },
    );
    const res = await submit(owner, {});
    expect(res.json()).toMatchObject({ status: 200, data: { status: JudgeStatus.PENDING, username: 'sb_owner' } });
    const submitId = res.json().data.submitId as number;

    // Judge it as a runner would, so there are case rows to hide.
    await expect.poll(() => jobs.find((j) => j.submitId === submitId), { timeout: 10_000 }).toBeTruthy();
    const job = jobs.find((j) => j.submitId === submitId)!;
    await consumer.stop();
    const cases = job.problem.cases.map((c) => ({
      caseId: c.caseId,
      index: c.index,
      status: JudgeStatus.ACCEPTED,
      time: 1,
      memory: 1024,
      score: c.score,
      groupNum: c.groupNum,
      userOutput: c.output,
    }));
    await h.bus.publishEvent({
      kind: 'final',
      submitId,
      version: job.version,
      judger: 'gateway-test',
      status: JudgeStatus.ACCEPTED,
      score: null,
      time: 1,
      memory: 1024,
      errorMessage: null,
      cases,
    });
    await expect
      .poll(async () => (await get(`/api/get-submission-detail?submitId=${submitId}`, owner)).json().data.submission.status, { timeout: 10_000 })
      .toBe(JudgeStatus.ACCEPTED);

    const mine = (await get(`/api/get-submission-detail?submitId=${submitId}`, owner)).json().data;
    expect(mine.submission.code).toBe(A_PLUS_B_C);
    const theirs = (await get(`/api/get-submission-detail?submitId=${submitId}`, other)).json().data;
    expect(theirs.submission.code).toBeNull();
    const anon = (await get(`/api/get-submission-detail?submitId=${submitId}`)).json().data;
    expect(anon.submission.code).toBeNull();

    const ownerCases = (await get(`/api/get-all-case-result?submitId=${submitId}`, owner)).json().data;
    expect(ownerCases.judgeCaseList).toHaveLength(cases.length);
    const otherCases = (await get(`/api/get-all-case-result?submitId=${submitId}`, other)).json().data;
    expect(otherCases.judgeCaseList).toHaveLength(cases.length);
    for (const c of otherCases.judgeCaseList) {
      expect(c).toMatchObject({ inputData: null, outputData: null, userOutput: null, status: JudgeStatus.ACCEPTED });
    }

    const status = await post('/api/check-submissions-status', { submitIds: [submitId] });
    const row = status.json().data[String(submitId)];
    expect(row).toMatchObject({ submitId, status: JudgeStatus.ACCEPTED });
    expect(row.code ?? null).toBeNull();

    const list = await get('/api/get-submission-list?onlyMine=true', owner);
    expect(list.json().data.records.map((r: { submitId: number }) => r.submitId)).toContain(submitId);

    const missing = await get('/api/get-submission-detail?submitId=99999999');
    expect(missing.json()).toMatchObject({ status: 404, code: 'SUBMISSION_NOT_FOUND' });
  });

  it('lets root log in with the seeded password', async () => {
    const token = await h.login('root', ROOT_PASSWORD);
    const info = (await get('/api/get-user-auth-info', token)).json().data;
    expect(info.roles).toContain('root');
  });
});

describe('web', () => {
  it('serves the built client with an SPA fallback', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'oj-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const gw = await buildGateway({ services: h.services, push: h.bus, config: h.config, webDist: dist });
    try {
      const root = await gw.app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('id="root"');
      const asset = await gw.app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await gw.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
      // The brotli copy made at build time goes to a browser that accepts it, once (not compressed again).
      const big = `console.log(${JSON.stringify('x'.repeat(20_000))})`;
      await writeFile(path.join(dist, 'assets', 'big.js'), big);
      await writeFile(path.join(dist, 'assets', 'big.js.br'), brotliCompressSync(big));
      const br = await gw.app.inject({ method: 'GET', url: '/assets/big.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(big);
      const route = await gw.app.inject({ method: 'GET', url: '/problem/1000?x=1' });
      expect(route.statusCode).toBe(200);
      expect(route.body).toContain('id="root"');
      const api = await gw.app.inject({ method: 'GET', url: '/api/nope' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('NOT_FOUND');
      const postOther = await gw.app.inject({ method: 'POST', url: '/problem/1000' });
      expect(postOther.statusCode).toBe(404);
      expect((await gw.app.inject({ method: 'GET', url: '/api/get-website-config' })).json().status).toBe(200);
    } finally {
      await gw.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});

describe('compression', () => {
  it('gzips answers above 8 KB for clients that accept it, and only then', async () => {
    const root = await h.login('root', ROOT_PASSWORD);
    const content = Array.from({ length: 400 }, (_, i) => `Line ${i}: the quick brown fox jumps over the lazy dog.`).join('\n');
    const categoryId = ((await get('/api/discussion-category')).json() as { data: { id: number }[] }).data[0]!.id;
    const made = await post('/api/discussion', { title: 'Big', description: 'A long one', categoryId, content }, root);
    const did = (made.json() as { data: { id: number } }).data.id;
    const plain = await get(`/api/get-discussion-detail?did=${did}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(8192);
    const zipped = await get(`/api/get-discussion-detail?did=${did}`, undefined, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')) as { data: { content: string } };
    expect(unzipped.data.content).toBe(content);
    // Small answers stay as they are.
    const small = await get('/api/get-website-config', undefined, { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
