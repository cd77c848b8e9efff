// Home, user home and global ranks through the REST routes on a real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { decode, OIRankVO, ACMRankVO, Page, SubmissionStatisticsVO, UserCalendarHeatmapVO, UserHomeVO } from '@oj/proto';
import { buildGateway, loadGatewayConfig, type Gateway } from '@oj/gateway';
import { createMemoryBus, createServices, migrate, seed, silentLogger, type OjServicesImpl } from '@oj/services';
import { startTestDatabase, type TestDatabase } from '../support/pg';

const PASSWORD = 'secret-123';

/** The gateway on a fresh database, as a browser would call it (app.inject, no port). */
interface Harness {
  gw: Gateway;
  services: OjServicesImpl;
  db: TestDatabase;
  createUser(username: string): Promise<{ uid: string }>;
  login(username: string): Promise<string>;
  stop(): Promise<void>;
}

async function startHarness(): Promise<Harness> {
  const db = await startTestDatabase();
  await migrate(db.url);
  await seed(db.url, { adminPassword: 'root-pass-123' });
  const bus = createMemoryBus();
  const services = await createServices({ databaseUrl: db.url, transport: bus, logger: silentLogger() });
  const gw = await buildGateway({ services, push: bus, config: loadGatewayConfig({ OJ_JWT_SECRET: 'test-secret-'.padEnd(40, 'x') }) });
  return {
    gw,
    services,
    db,
    createUser: (username) => services.account.createUser({ username, password: PASSWORD }),
    async login(username) {
      const res = await gw.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: PASSWORD } });
      return res.headers.authorization as string;
    },
    async stop() {
      await gw.close();
      await services.close();
      await bus.close();
      await db.stop();
    },
  };
}

let h: Harness;
let sql: postgres.Sql;
const uids: Record<string, string> = {};
let pids: Record<string, number> = {};

async function get(url: string, token?: string) {
  const res = await h.gw.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
  expect(res.statusCode).toBe(200);
  return res.json() as { status: number; data: unknown; msg: string };
}

/** A judged submission written straight into `judge` (the statistics only read that table). */
async function judged(user: string, problemId: string, status: number, opts: { oi?: number; cid?: number; daysAgo?: number } = {}) {
  const at = new Date(Date.now() - (opts.daysAgo ?? 0) * 86_400_000);
  await sql`insert into judge (pid, display_pid, uid, username, status, length, code, language, cid, oi_rank_score, submit_time)
    values (${pids[problemId]!}, ${problemId}, ${uids[user]!}, ${user}, ${status}, 1, 'x', 'C', ${opts.cid ?? 0}, ${opts.oi ?? null}, ${at})`;
}

beforeAll(async () => {
  h = await startHarness();
  for (const name of ['alice', 'bob', 'carol', 'dave']) uids[name] = (await h.createUser(name)).uid;
  sql = postgres(h.db.url, { max: 2, onnotice: () => {} });
  const rows = await sql<{ id: number; problem_id: string }[]>`select id, problem_id from problems`;
  pids = Object.fromEntries(rows.map((r) => [r.problem_id, r.id]));
  await sql`update users set nickname = 'Bobby' where username = 'bob'`;
  // ACM: bob 2 AC / 2 total, carol 2 AC / 3, alice 2 AC / 4 (1001 only partly), dave nothing outside contests.
  await judged('alice', '1000', -1);
  await judged('alice', '1000', 0);
  await judged('alice', '1002', 0, { daysAgo: 10 });
  await judged('bob', '1000', 0);
  await judged('bob', '1002', 0);
  await judged('carol', '1000', 0, { daysAgo: 2 });
  await judged('dave', '1000', 0, { cid: 7 });
  // OI: best oi_rank_score per problem; dave's contest score does not count.
  await judged('carol', '1001', 8, { oi: 6 });
  await judged('carol', '1001', 0, { oi: 12 });
  await judged('alice', '1001', 8, { oi: 3 });
  await judged('dave', '1001', 0, { oi: 12, cid: 7 });
});

afterAll(async () => {
  await sql?.end();
  await h?.stop();
});

describe('get-rank-list', () => {
  it('ACM: by AC descending, then total ascending; contest submissions do not count', async () => {
    const res = await get('/api/get-rank-list?type=0&limit=10');
    const page = decode(Page(ACMRankVO), res.data);
    expect(page.records.map((r) => [r.username, r.ac, r.total])).toEqual([
      ['bob', 2, 2],
      ['carol', 2, 3],
      ['alice', 2, 4],
      ['dave', 0, 0],
      ['root', 0, 0],
    ]);
    expect(page.total).toBe(5);
    expect(page.records[0]).not.toHaveProperty('score');
    expect(page.records[0]).toHaveProperty('rating', null);
  });
});

describe('get-rank-list (more)', () => {
  it('OI: the sum of the best oi_rank_score per problem, then AC; total counts practice submissions only', async () => {
    const page = decode(Page(OIRankVO), (await get('/api/get-rank-list?type=1&limit=3')).data);
    expect(page.records.map((r) => [r.username, r.score, r.ac, r.total])).toEqual([
      ['carol', 12, 2, 3],
      ['alice', 3, 2, 4],
      ['bob', 0, 2, 2],
    ]);
    // dave submitted only in a contest: nothing of it shows here (docs/security.md).
    const dave = decode(Page(OIRankVO), (await get('/api/get-rank-list?type=1&searchUser=dave')).data);
    expect(dave.records.map((r) => [r.username, r.score, r.ac, r.total])).toEqual([['dave', 0, 0, 0]]);
    expect(page).toMatchObject({ total: 5, size: 3, current: 1, pages: 2 });
    expect(page.records[0]).not.toHaveProperty('rating');
  });

  it('pages and searches by username, nickname or realname (searches are never cached)', async () => {
    const second = decode(Page(ACMRankVO), (await get('/api/get-rank-list?type=0&limit=2&currentPage=2')).data);
    expect(second.records.map((r) => r.username)).toEqual(['alice', 'dave']);
    const byNick = decode(Page(ACMRankVO), (await get('/api/get-rank-list?type=0&searchUser=bobb')).data);
    expect(byNick.records.map((r) => r.username)).toEqual(['bob']);
    const none = decode(Page(ACMRankVO), (await get('/api/get-rank-list?type=0&searchUser=zzz')).data);
    expect(none).toMatchObject({ records: [], total: 0 });
  });

  it('caches a page without search for 60 s, so a new AC shows only after the cache (searches see it at once)', async () => {
    const before = decode(Page(ACMRankVO), (await get('/api/get-rank-list?type=0&limit=10')).data);
    await judged('dave', '1002', 0);
    const cached = decode(Page(ACMRankVO), (await get('/api/get-rank-list?type=0&limit=10')).data);
    expect(cached).toEqual(before);
    const searched = decode(Page(ACMRankVO), (await get('/api/get-rank-list?type=0&searchUser=dave')).data);
    expect(searched.records[0]).toMatchObject({ username: 'dave', ac: 1 });
    await sql`delete from judge where username = 'dave' and cid = 0`;
  });

  it('rejects a missing or unknown type', async () => {
    const res = await h.gw.app.inject({ method: 'GET', url: '/api/get-rank-list' });
    expect(res.json()).toMatchObject({ status: 400 });
    const bad = await h.gw.app.inject({ method: 'GET', url: '/api/get-rank-list?type=2' });
    expect(bad.json()).toMatchObject({ status: 400 });
  });
});

describe('home page', () => {
  it('7-day AC rank: distinct problems accepted outside contests in the last 7 days', async () => {
    const list = (await get('/api/get-recent-seven-ac-rank')).data as { username: string; ac: number }[];
    expect(list.map((r) => [r.username, r.ac])).toEqual([
      ['carol', 2], // ties: who got there first
      ['bob', 2],
      ['alice', 1],
    ]);
  });

  it('last week statistics: 7 days, oldest first, AC and total counts of practice submissions (rejudges included)', async () => {
    const stats = decode(SubmissionStatisticsVO, (await get('/api/get-last-week-submission-statistics?forceRefresh=true')).data);
    expect(stats.dateStrList).toHaveLength(7);
    expect(stats.dateStrList[6]).toBe(new Date().toISOString().slice(0, 10));
    // Today: alice WA+AC, bob 2 AC, carol 2 (OI), alice 1 (OI) = 7 total; AC: alice, bob×2, carol = 4. dave's 2 contest
    // submissions (both AC) stay out: a contest's results show only in the contest's own views.
    expect(stats.totalCountList[6]).toBe(7);
    expect(stats.acCountList[6]).toBe(4);
    expect(stats.totalCountList[4]).toBe(1); // carol two days ago
    await sql`update judge set status = -1 where username = 'bob' and display_pid = '1002'`; // a rejudge
    const after = decode(SubmissionStatisticsVO, (await get('/api/get-last-week-submission-statistics?forceRefresh=true')).data);
    expect(after.acCountList[6]).toBe(3);
    await sql`update judge set status = 0 where username = 'bob' and display_pid = '1002'`;
  });

  it('announcements (seeded welcome in markdown), carousel, recent problems and contests', async () => {
    const ann = (await get('/api/get-common-announcement?currentPage=1&limit=5')).data as { records: { title: string; content: string; username: string }[]; total: number };
    expect(ann.total).toBe(1);
    expect(ann.records[0]!.content).toContain('## Welcome');
    expect(ann.records[0]!.username).toBe('root');
    expect(((await get('/api/home-carousel')).data as unknown[]).length).toBeGreaterThan(0);
    const recent = (await get('/api/get-recent-updated-problem')).data as { problemId: string }[];
    expect(recent.map((p) => p.problemId).sort()).toEqual(['1000', '1001', '1002']);
    expect((await get('/api/get-recent-contest')).data).toEqual([]);
    const tags = (await get('/api/get-problem-tags-and-classification')).data as { classification: null; tagList: { name: string }[] }[];
    expect(tags).toHaveLength(1);
    expect(tags[0]!.tagList.length).toBeGreaterThan(0);
    expect((await get('/api/get-problem-tags-and-classification?oj=HDU')).data).toEqual([]);
  });
});

describe('user home', () => {
  it('answers by username or uid with counts and solved problems grouped by difficulty', async () => {
    const byName = decode(UserHomeVO, (await get('/api/get-user-home-info?username=carol')).data);
    expect(byName.total).toBe(3);
    expect(byName.solvedList).toEqual(['1000', '1001']);
    expect(byName.scoreList).toEqual([12]);
    const byUid = decode(UserHomeVO, (await get(`/api/get-user-home-info?uid=${uids.carol}`)).data);
    expect(byUid.username).toBe('carol');
    const groups = Object.values(byName.solvedGroupByDifficulty).flat().map((p) => p.problemId).sort();
    expect(groups).toEqual(['1000', '1001']);
  });

  it('without a user: the caller (login required); an unknown user is USER_NOT_FOUND', async () => {
    const token = await h.login('bob');
    expect(decode(UserHomeVO, (await get('/api/get-user-home-info', token)).data).username).toBe('bob');
    const anon = await h.gw.app.inject({ method: 'GET', url: '/api/get-user-home-info' });
    expect(anon.json()).toMatchObject({ status: 401 });
    expect(await get('/api/get-user-home-info?username=nobody')).toMatchObject({ status: 404 });
  });

  it('heatmap: practice submissions per day of the last year', async () => {
    const map = decode(UserCalendarHeatmapVO, (await get('/api/get-user-calendar-heatmap?username=alice')).data);
    const today = new Date().toISOString().slice(0, 10);
    expect(map.endDate).toBe(today);
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    expect(map.dataList).toEqual([
      { date: tenDaysAgo, value: 1 },
      { date: today, value: 3 },
    ]);
    const dave = decode(UserCalendarHeatmapVO, (await get('/api/get-user-calendar-heatmap?username=dave')).data);
    expect(dave.dataList).toEqual([]); // contest submissions only
  });
});
