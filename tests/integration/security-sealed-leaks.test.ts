// The sealed-board leak check (issue 15, item 1), on the real services, PostgreSQL, the memory bus and Socket.IO:
// every public read (problem list and detail counters, home statistics and 7-day rank, user home and heat map,
// ACM/OI ranklists, the status list) and the live topics an anonymous socket and an ordinary user's socket receive
// are compared before and after verdicts that fall inside a contest's seal. Contest submissions never show outside
// their contest (docs/security.md); inside it the public board cannot tell an AC from a WA while sealed, the
// contestant still sees their own ACM verdict (not an OI one), and everything catches up when the seal is lifted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, topics } from '@oj/proto';
import { createServices, silentLogger } from '@oj/services';
import { at, CODE, type ContestFixture, type Received } from './contest-core-fixture';
import { startSecurityFixture, type SecurityFixture } from './security-fixture';
import { waitFor } from '../support/live';

const { ACCEPTED: AC, WRONG_ANSWER: WA, SUBMITTED_UNKNOWN_RESULT: HIDDEN } = JudgeStatus;
const PID = 1; // the seeded public problem 1000

let fx: ContestFixture;
let tok: Record<string, string>;
let uid: Record<string, string>;
let sf: SecurityFixture;
let acm: number;
let oi: number;

/** Every public read that is not a contest's own, as `token` (anonymous without). */
async function publicReads(token?: string) {
  const data = async (path: string) => {
    const r = await fx.get(path, token);
    expect(r.status, `${path}: ${r.msg}`).toBe(200);
    return r.data;
  };
  const list = await data('/api/get-problem-list?currentPage=1&limit=50');
  return {
    problemList: list.records.find((p: { pid: number }) => p.pid === PID),
    problemDetail: (await data('/api/get-problem-detail?problemId=1000')).problemCount,
    weekStats: await data('/api/get-last-week-submission-statistics?forceRefresh=true'),
    sevenDayRank: await data('/api/get-recent-seven-ac-rank'),
    userHome: await data(`/api/get-user-home-info?uid=${uid.alice}`),
    heatmap: await data(`/api/get-user-calendar-heatmap?uid=${uid.alice}`),
    // A search is never served from the rank cache, so it shows what the database says now.
    acmRank: await data('/api/get-rank-list?type=0&searchUser=sl_alice'),
    oiRank: await data('/api/get-rank-list?type=1&searchUser=sl_alice'),
    status: await data('/api/get-submission-list?currentPage=1&limit=50'),
    statusAc: await data('/api/get-submission-list?currentPage=1&limit=50&username=sl_alice&status=0'),
  };
}

/** A contest's own reads that the seal cuts, as an ordinary entrant. */
async function contestReads(cid: number, token: string) {
  const problems = await fx.get(`/api/get-contest-problem?cid=${cid}`, token);
  const subs = await fx.get(`/api/contest-submissions?contestID=${cid}&currentPage=1&limit=50`, token);
  expect([problems.status, subs.status]).toEqual([200, 200]);
  return { problems: problems.data, subs: subs.data };
}

const boardRows = async (cid: number, token?: string) => {
  const r = token ? await fx.post('/api/get-contest-rank', { cid, limit: 100 }, token) : await fx.post('/api/get-contest-outside-scoreboard', { cid, limit: 100 });
  expect(r.status, r.msg).toBe(200);
  return r.data.records as { uid: string }[];
};
/** What the board says of a row's result (not who it is); null when the board has no row for them. */
const resultOf = (rows: { uid: string }[], who: string) => {
  const row = rows.find((r) => r.uid === who) as Record<string, unknown> | undefined;
  if (!row) return null;
  const keys = ['ac', 'totalScore', 'totalTime', 'lastAcTime', 'total', 'submissionInfo', 'timeInfo', 'isWinAward', 'awardName'];
  return Object.fromEntries(keys.filter((k) => k in row).map((k) => [k, row[k]]));
};

async function submit(cid: number, who: string): Promise<number> {
  const r = await fx.post('/api/submit-problem-judge', { pid: 'A', cid, language: 'C', code: CODE }, tok[who]);
  expect(r.status, r.msg).toBe(200);
  return r.data.submitId as number;
}

const verdict = (submitId: number, status: number, score: number) => sf.verdict(submitId, status, score);
const unseal = (cid: number) => sf.edit(cid, { sealRank: false, sealRankTime: null });

const framesOf = (received: Received[], event: string) => received.filter((r) => r.event === event);

beforeAll(async () => {
  sf = await startSecurityFixture('sl', ['alice', 'carol', 'bob']);
  ({ fx, tok, uid } = sf);
  // Both contests run, sealed since an hour ago, and their outside boards are open to anyone.
  const sealed = { startTime: at(-7200), endTime: at(3600), sealRank: true, sealRankTime: at(-3600), autoRealRank: true, openRank: true };
  acm = await fx.contest(tok.author!, { ...sealed, type: 0 });
  oi = await fx.contest(tok.author!, { ...sealed, type: 1 });
  for (const cid of [acm, oi]) {
    expect(await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: PID, displayId: 'A' }, tok.author)).toMatchObject({ status: 200 });
  }
});
afterAll(async () => {
  await fx?.stop();
});

describe('a verdict inside the seal', () => {
  let before: { anon: Awaited<ReturnType<typeof publicReads>>; bob: Awaited<ReturnType<typeof publicReads>> };
  let pending: Record<number, Awaited<ReturnType<typeof contestReads>>>;
  const sub: Record<string, number> = {};
  type Live = Awaited<ReturnType<ContestFixture['connect']>>;
  let anon: Live;
  let bob: Live;
  let alice: Live;
  let staff: Live;

  it('changes no public read outside the contest, for anyone', async () => {
    before = { anon: await publicReads(), bob: await publicReads(tok.bob) };
    anon = await fx.connect();
    bob = await fx.connect(tok.bob);
    alice = await fx.connect(tok.alice);
    staff = await fx.connect(tok.staff);
    for (const t of [topics.problemCounts(), topics.site(), topics.scoreboard(acm), topics.scoreboard(oi)]) expect(await fx.subscribe(anon.socket, t)).toMatchObject({ ok: true });
    for (const t of [topics.problemCounts(), topics.scoreboard(acm), topics.contest(acm), topics.scoreboard(oi), topics.contest(oi)]) {
      expect(await fx.subscribe(bob.socket, t)).toMatchObject({ ok: true });
    }
    expect(await fx.subscribe(staff.socket, topics.adminDashboard())).toMatchObject({ ok: true });

    for (const [cid, name] of [
      [acm, 'acm'],
      [oi, 'oi'],
    ] as const) {
      sub[`${name}:alice`] = await submit(cid, 'alice');
      sub[`${name}:carol`] = await submit(cid, 'carol');
    }
    pending = { [acm]: await contestReads(acm, tok.bob!), [oi]: await contestReads(oi, tok.bob!) };

    await verdict(sub['acm:alice']!, AC, 100);
    await verdict(sub['acm:carol']!, WA, 0);
    await verdict(sub['oi:alice']!, AC, 100);
    await verdict(sub['oi:carol']!, WA, 0);

    expect(await publicReads()).toEqual(before.anon);
    expect(await publicReads(tok.bob)).toEqual(before.bob);
  });

  it("changes none of the contest's sealed reads, and its public board cannot tell an AC from a WA", async () => {
    for (const cid of [acm, oi]) {
      expect(await contestReads(cid, tok.bob!)).toEqual(pending[cid]);
      for (const rows of [await boardRows(cid, tok.bob), await boardRows(cid)]) {
        expect(resultOf(rows, uid.alice!)).toEqual(resultOf(rows, uid.carol!));
        // ACM shows the frozen tries; OI leaves results from the seal on off the public board altogether.
        expect(resultOf(rows, uid.alice!)).toEqual(cid === acm ? expect.objectContaining({ ac: 0, submissionInfo: { A: expect.objectContaining({ tryNum: 1, isAC: false }) } }) : null);
      }
    }
    // The contest admin sees the truth.
    const live = (await fx.post('/api/get-contest-rank', { cid: acm, forceRefresh: true }, tok.author)).data;
    expect(live).toMatchObject({ view: 'live' });
    expect(resultOf(live.records, uid.alice!)).toMatchObject({ ac: 1 });
  });

  it('pushes no sealed result to an anonymous or an ordinary socket, and the contestant only their own ACM verdict', async () => {
    // The public board's deltas arrive (the frozen tries rise); wait for the last one.
    await waitFor('the public deltas', () => (framesOf(anon.received, 'scoreboard.delta').length >= 4 && framesOf(bob.received, 'scoreboard.delta').length >= 4 ? true : undefined));
    await waitFor("alice's own verdicts", () => (alice.received.filter((r) => r.event === 'submission.status' && r.data.status !== JudgeStatus.PENDING).length >= 2 ? true : undefined));
    for (const r of [...anon.received, ...bob.received]) {
      expect(r.event, JSON.stringify(r)).not.toBe('problem.counts');
      expect(r.event, JSON.stringify(r)).not.toBe('submission.status');
      const text = JSON.stringify(r.data);
      expect(text).not.toContain('"isAC":true');
      expect(text).not.toMatch(/"(ac|totalScore)":[1-9]/);
    }
    const own = (id: number) => alice.received.filter((r) => r.event === 'submission.status' && r.data.submitId === id).at(-1)?.data;
    expect(own(sub['acm:alice']!)).toMatchObject({ status: AC });
    // OI hides results from the contestant too (the original's −5) until the seal is lifted.
    expect(own(sub['oi:alice']!)).toMatchObject({ status: HIDDEN, score: null, time: null, memory: null });
    const lastAc = await fx.get(`/api/get-last-ac-code?pid=${PID}&cid=${oi}`, tok.alice);
    expect(lastAc).toMatchObject({ status: 200, data: null });
    const ownList = await fx.get(`/api/contest-submissions?contestID=${oi}&currentPage=1&limit=10&onlyMine=true`, tok.alice);
    expect(ownList.data.records).toEqual([expect.objectContaining({ submitId: sub['oi:alice'], status: HIDDEN })]);
  });

  it("keeps sealed verdicts off the admin dashboard of a site admin who is not the contest's admin", async () => {
    const live = await fx.get('/api/admin/dashboard/get-dashboard-live', tok.staff);
    expect(live.status, live.msg).toBe(200);
    const shown = (id: number) => (live.data.verdicts as { submitId: number; status: number; time: number | null }[]).find((v) => v.submitId === id);
    for (const id of Object.values(sub)) expect(shown(id)).toMatchObject({ status: HIDDEN, time: null, memory: null });
    await waitFor('a dashboard.live with the verdicts', () => (framesOf(staff.received, 'dashboard.live').some((f) => Array.isArray(f.data.verdicts)) ? true : undefined));
    for (const f of framesOf(staff.received, 'dashboard.live')) {
      for (const v of (f.data.verdicts ?? []) as { submitId: number; status: number }[]) {
        if (Object.values(sub).includes(v.submitId)) expect(v.status).toBe(HIDDEN);
      }
    }
  });

  it('catches up when the seal is lifted: boards reset live, the contest reads show the verdicts, public reads stay practice-only', async () => {
    const resetsBefore = framesOf(bob.received, 'scoreboard.delta').filter((f) => f.data.reset === true).length;
    await unseal(acm);
    await unseal(oi);
    await waitFor('the reset of both public boards', () => (framesOf(bob.received, 'scoreboard.delta').filter((f) => f.data.reset === true).length >= resetsBefore + 2 ? true : undefined));

    expect(resultOf(await boardRows(acm, tok.bob), uid.alice!)).toMatchObject({ ac: 1 });
    expect(resultOf(await boardRows(acm), uid.carol!)).toMatchObject({ ac: 0, submissionInfo: { A: { errorNum: 1, tryNum: 0 } } });
    expect(resultOf(await boardRows(oi), uid.alice!)).toMatchObject({ totalScore: 100 });
    const acmReads = await contestReads(acm, tok.bob!);
    expect(acmReads.problems).toEqual([expect.objectContaining({ displayId: 'A', ac: 1, total: 2 })]);
    expect(acmReads.subs.records).toEqual(expect.arrayContaining([expect.objectContaining({ submitId: sub['acm:alice'], status: AC })]));
    const oiOwn = await fx.get(`/api/get-submission-detail?submitId=${sub['oi:alice']}`, tok.alice);
    expect(oiOwn.data.submission).toMatchObject({ status: AC, score: 100 });
    expect((await fx.get(`/api/get-last-ac-code?pid=${PID}&cid=${oi}`, tok.alice)).data).toMatchObject({ submitId: sub['oi:alice'] });
    const dash = await fx.get('/api/admin/dashboard/get-dashboard-live', tok.staff);
    expect((dash.data.verdicts as { submitId: number; status: number }[]).find((v) => v.submitId === sub['acm:alice'])).toMatchObject({ status: AC });

    // Contest submissions never count outside their contest (as in the original product), sealed or not.
    expect(await publicReads()).toEqual(before.anon);
    expect(await publicReads(tok.bob)).toEqual(before.bob);
  });

  it('a practice verdict still moves the public counters and their live topic, once', async () => {
    const r = await fx.post('/api/submit-problem-judge', { pid: '1000', language: 'C', code: CODE }, tok.bob);
    expect(r.status, r.msg).toBe(200);
    await verdict(r.data.submitId, AC, 100);
    const after = await publicReads();
    expect(after.problemList).toMatchObject({ ac: before.anon.problemList.ac + 1, total: before.anon.problemList.total + 1 });
    expect(after.problemDetail).toMatchObject({ ac: before.anon.problemDetail.ac + 1, total: before.anon.problemDetail.total + 1 });
    const counts = await waitFor('problem.counts', () => framesOf(anon.received, 'problem.counts').at(-1));
    expect(counts.data).toMatchObject({ pid: PID, ac: after.problemDetail.ac, total: after.problemDetail.total });
  });
});

describe('counters kept before this rule', () => {
  it('contest verdicts counted into a problem by an older version are taken out once at start, never twice', async () => {
    const [row] = await fx.sql<{ ac: number; total: number }[]>`select ac, total from problems where id = ${PID}`;
    // As the older ingester left them: a contest verdict counted in the problem's counters.
    await fx.sql`update judge set counted_status = ${AC} where submit_id = (select min(submit_id) from judge where cid = ${acm} and status = ${AC})`;
    await fx.sql`update problems set ac = ac + 1, total = total + 1 where id = ${PID}`;
    for (let i = 0; i < 2; i++) {
      const other = await createServices({ databaseUrl: fx.dbUrl, transport: fx.bus, logger: silentLogger() });
      try {
        await other.startWorkers();
      } finally {
        await other.close();
      }
      expect((await fx.sql`select ac, total from problems where id = ${PID}`)[0]).toEqual(row);
    }
    expect((await fx.sql`select count(*)::int as n from judge where cid > 0 and counted_status is not null`)[0]).toEqual({ n: 0 });
  });
});
