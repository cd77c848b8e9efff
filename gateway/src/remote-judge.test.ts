// Remote judging through the real gateway, services and PostgreSQL, with the worker's live HTTP layer talking to a
// recorded Codeforces served on 127.0.0.1: accounts saved in the switch config (the password never comes back), the
// problem imported by an admin, a user's submission judged on the "site" to Accepted; who may import.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, type Stoppable } from '@oj/proto';
import { loadFixture, silentLogger, startFixtureServer, startRemoteJudgeWorker, type FixtureServer } from '@oj/services';
import { ROOT_PASSWORD, startHarness, type Harness } from './test-harness';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../services/src/remote-judge/fixtures/codeforces');
const CODE = '#include <cstdio>\nint main() { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); }\n';

let h: Harness;
let site: FixtureServer;
let worker: Stoppable;
let root: string;

type Envelope = { status: number; data: unknown; msg: string };
async function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object): Promise<Envelope> {
  const res = await h.gw.app.inject({ method, url, headers: { ...(token && { authorization: token }), 'accept-language': 'en-US' }, ...(payload && { payload }) });
  expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
  return res.json() as Envelope;
}

beforeAll(async () => {
  const exchanges = [...loadFixture(path.join(fixtures, 'import-1A.json')).exchanges, ...loadFixture(path.join(fixtures, 'judge-accepted.json')).exchanges];
  site = await startFixtureServer(exchanges);
  const remote = { baseUrls: { CF: site.url }, timeoutMs: 5000, concurrency: 2 };
  h = await startHarness({ servicesConfig: { remote } });
  const config = { ...h.services.config, remote };
  worker = await startRemoteJudgeWorker({ databaseUrl: h.databaseUrl, transport: h.bus.remoteTransport(), config, logger: silentLogger(), workerId: 'remote-gw-test', paceMs: 0 });
  root = await h.login('root', ROOT_PASSWORD);
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await h?.stop();
  await site?.close();
});

describe('remote judging through the gateway', () => {
  it('saves Codeforces accounts in the switch config and never sends a password back', async () => {
    const info = (await call('GET', '/api/admin/switch/info', root)).data as Record<string, unknown>;
    expect(info.cfUsernameList).toEqual([]);
    const saved = await call('PUT', '/api/admin/switch/update', root, { ...info, cfUsernameList: ['judge1'], cfPasswordList: ['secret-1'] });
    expect(saved.status).toBe(200);
    const after = (await call('GET', '/api/admin/switch/info', root)).data as Record<string, unknown>;
    expect(after).toMatchObject({ cfUsernameList: ['judge1'], cfPasswordList: [''] });
    expect(JSON.stringify(after)).not.toContain('secret-1');
  });

  it('imports CF-1A for admins only, with the catalogue message for a problem the site cannot have', async () => {
    await h.createUser('rj_user');
    const user = await h.login('rj_user');
    expect((await call('GET', '/api/admin/problem/import-remote-oj-problem?name=CF&problemId=1A', user)).status).toBe(403);
    expect((await call('GET', '/api/admin/problem/import-remote-oj-problem?name=XX&problemId=1A', root)).status).toBe(400);
    // A SPOJ code it cannot be (more than 8 characters): the adapter says so before asking the site.
    const spoj = await call('GET', '/api/admin/problem/import-remote-oj-problem?name=SPOJ&problemId=NOT_A_SPOJ_CODE', root);
    expect(spoj).toMatchObject({ status: 404, msg: 'SPOJ has no problem NOT_A_SPOJ_CODE' });
    const got = await call('GET', '/api/admin/problem/import-remote-oj-problem?name=CF&problemId=1A', root);
    expect(got).toMatchObject({ status: 200, data: { problemId: 'CF-1A' } });
    const list = await call('GET', '/api/get-problem-list?oj=CF', null);
    expect((list.data as { records: { problemId: string }[] }).records.map((r) => r.problemId)).toEqual(['CF-1A']);
  });

  it('judges a submission on the site, from Submitting to Accepted with its time and memory', async () => {
    const user = await h.login('rj_user');
    const sub = await call('POST', '/api/submit-problem-judge', user, { pid: 'CF-1A', language: 'GNU G++17 7.3.0', code: CODE });
    expect(sub.status).toBe(200);
    const submitId = (sub.data as { submitId: number }).submitId;
    let row: { status: number; time: number | null; memory: number | null } | undefined;
    for (let i = 0; i < 300; i++) {
      const res = await call('POST', '/api/check-submissions-status', user, { submitIds: [submitId] });
      row = (res.data as Record<string, { status: number; time: number | null; memory: number | null }>)[submitId];
      if (row && row.status === JudgeStatus.ACCEPTED) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(row).toMatchObject({ status: JudgeStatus.ACCEPTED, time: 15, memory: 256 });
    expect(site.errors).toEqual([]);
    const status = (await call('GET', '/api/admin/remote-judge/status', root)).data as { sites: { oj: string; lastSuccess: number | null; accounts: number }[] };
    expect(status.sites.find((s) => s.oj === 'CF')).toMatchObject({ accounts: 1 });
    expect(status.sites.find((s) => s.oj === 'CF')!.lastSuccess).toBeGreaterThan(0);
  });
});
