// The scoreboard projection end to end on the real services and PostgreSQL: verdicts fed to the judge-event
// ingester update contest records and the boards in the same transaction, one `scoreboard.delta` per view is
// stored and published with increasing seq, a client replaying the deltas ends with the server's board, and the
// board always equals one computed from scratch. Seal, exclusions, outside board, pins and search, rejudge, the
// AC helper, the scroll board and a rolled-back verdict transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMoves, JudgeStatus, OjError, type AcInfoVO, type AcmRow, type BoardRow, type RankPage, type RankVO, topics } from '@oj/proto';
import type { Viewer } from '@oj/services';
import { boardFromScratch, ROOT_PASSWORD, rowOf, startBoardFixture, type BoardFixture, type ContestInfo } from './contest-board-fixture';
import { mulberry32 as prng } from '@oj/proto/testing';

const { ACCEPTED: AC, WRONG_ANSWER: WA, COMPILE_ERROR: CE, TIME_LIMIT_EXCEEDED: TLE, PRESENTATION_ERROR: PE, SYSTEM_ERROR: SE } = JudgeStatus;

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof OjError ? e.code : String(e);
  }
}

const rowsOf = (p: RankPage) => p.records.map((r) => rowOf(r as RankVO));
const cell = (p: RankPage, uid: string, d: string) => (p.records.find((r) => r.uid === uid) as AcmRow | undefined)?.submissionInfo[d];

describe('contest scoreboards (services + PostgreSQL + memory bus)', () => {
  let f: BoardFixture;
  let root: Viewer;
  let creator: Viewer;
  const uids: string[] = [];
  const viewers: Viewer[] = [];

  beforeAll(async () => {
    f = await startBoardFixture();
    root = await f.viewer('root', ROOT_PASSWORD);
    await f.user('cb_creator', { roles: ['admin'] });
    creator = await f.viewer('cb_creator');
    const schools = ['MIT', 'Tsinghua', 'MIT', 'ETH', 'Peking', 'Oxford'];
    for (let i = 0; i < 6; i++) {
      uids.push(await f.user(`cb_user${i}`, { school: schools[i], realname: `Real Name ${i}`, nickname: `nick${i}` }));
      viewers.push(await f.viewer(`cb_user${i}`));
    }
  });

  afterAll(async () => {
    await f?.close();
  });

  const rank = (c: ContestInfo, v: Viewer, extra: Partial<Parameters<BoardFixture['services']['scoreboards']['rank']>[0]> = {}) =>
    f.services.scoreboards.rank({ cid: c.cid, limit: 5000, ...extra }, v);

  it('projects every verdict as one delta per view with increasing seq; replayed deltas and the REST board equal a board built from scratch', async () => {
    const c = await f.contest({ creator: creator.uid, problems: 3 });
    const pubTopic = topics.scoreboard(c.cid);
    const adminTopic = topics.contestAdmin(c.cid);
    const first = await rank(c, viewers[0]!);
    expect(first).toMatchObject({ records: [], total: 0, sealed: false, view: 'public' });

    const rnd = prng(42);
    const statuses = [AC, AC, WA, WA, CE, TLE, PE, SE, AC];
    const subs: { id: number; status: number }[] = [];
    for (let i = 0; i < 36; i++) {
      const uid = uids[Math.floor(rnd() * 5)]!;
      const d = c.displayIds[Math.floor(rnd() * 3)]!;
      subs.push({ id: await f.submit(c, uid, d, Math.floor(rnd() * 4 * 3600)), status: statuses[Math.floor(rnd() * statuses.length)]! });
    }
    // Left out of every board: super admins, the creator, a submission made before the start.
    subs.push({ id: await f.submit(c, root.uid, 'A', 10), status: AC });
    subs.push({ id: await f.submit(c, creator.uid, 'A', 5), status: AC });
    subs.push({ id: await f.submit(c, uids[5]!, 'B', -60), status: AC });
    // Judged in an order unrelated to the submission order.
    for (let i = subs.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [subs[i], subs[j]] = [subs[j]!, subs[i]!];
    }

    let client: BoardRow[] = rowsOf(first);
    let lastPub = first.seq;
    let lastAdmin = 0;
    let version = first.version!;
    const cfg = { type: 0 as const, starUids: [], awardType: 0 as const, awards: [] };
    for (const s of subs) {
      await f.verdict(s.id, s.status);
      const pub = f.deltas(pubTopic, lastPub);
      const adm = f.deltas(adminTopic, lastAdmin);
      expect(pub.map((m) => m.data.view)).toEqual(['public']);
      expect(adm.map((m) => m.data.view)).toEqual(['live']);
      expect(pub[0]!.data.version).toBe(version + 1);
      expect(adm[0]!.data.version).toBe(version + 1);
      version++;
      lastPub = pub[0]!.seq;
      lastAdmin = adm[0]!.seq;
      for (const m of pub[0]!.data.moves) if (m.from === -1) expect(pub[0]!.data.users?.[m.row.uid]?.username).toMatch(/^cb_user/);
      client = applyMoves(client, pub[0]!.data.moves, cfg);
    }

    const page = await rank(c, viewers[0]!);
    expect(page.version).toBe(version);
    expect(page.seq).toBe(lastPub);
    const scratch = await boardFromScratch(f, c);
    // The caller's own row is pinned on top (a copy): drop it to compare the board itself.
    const board = rowsOf(page).slice(page.records.length - scratch.length);
    expect(board).toEqual(scratch);
    expect(client).toEqual(scratch);
    expect(board.some((r) => r.uid === root.uid || r.uid === creator.uid)).toBe(false);
    expect((board.find((r) => r.uid === uids[5]) as AcmRow | undefined)?.submissionInfo.B).toBeUndefined();
    // The live board (admin, forced) is the same while nothing is sealed.
    const live = await rank(c, creator, { forceRefresh: true });
    expect(live.view).toBe('live');
    expect(rowsOf(live)).toEqual(scratch);
    expect(live.seq).toBe(lastAdmin);
  });

  it('keeps the seal: the public board and its pushes show post-seal verdicts as pending tries only; the live board shows them', async () => {
    const c = await f.contest({ creator: creator.uid, startedAgoS: 4 * 3600, durationS: 5 * 3600, sealS: 3 * 3600, openRank: true, allowEndSubmit: true });
    const [u1, u2] = [uids[0]!, uids[1]!];
    await f.verdict(await f.submit(c, u1, 'A', 3600), AC);
    const mark = f.pushes.length;
    await f.verdict(await f.submit(c, u2, 'A', 3 * 3600 + 600), WA);
    await f.verdict(await f.submit(c, u2, 'A', 3 * 3600 + 900), AC);
    await f.verdict(await f.submit(c, u1, 'B', 3 * 3600 + 950), AC);

    const pubPushes = f.pushes.slice(mark).filter((m) => m.topic === topics.scoreboard(c.cid));
    expect(pubPushes.length).toBe(3);
    for (const m of pubPushes) {
      for (const mv of (m.data as { moves: { row: AcmRow }[] }).moves) {
        expect(mv.row.submissionInfo.A?.ACTime ?? 0).toBeLessThan(3 * 3600);
        expect(mv.row.submissionInfo.B?.isAC ?? false).toBe(false);
        if (mv.row.uid === u2) expect(mv.row.ac).toBe(0);
      }
    }
    const adminPushes = f.pushes.slice(mark).filter((m) => m.topic === topics.contestAdmin(c.cid) && m.event === 'scoreboard.delta');
    // live and live-end (after-contest submissions are allowed)
    expect(new Set(adminPushes.map((m) => (m.data as { view: string }).view))).toEqual(new Set(['live', 'live-end']));

    // A contestant asking to force a refresh or to include after-contest submissions still gets the sealed board.
    const pub = await rank(c, viewers[1]!, { forceRefresh: true, containsEnd: true });
    expect(pub).toMatchObject({ sealed: true, view: 'public' });
    expect(cell(pub, u2, 'A')).toMatchObject({ isAC: false, tryNum: 2, errorNum: 0 });
    expect(cell(pub, u1, 'B')).toMatchObject({ isAC: false, tryNum: 1 });
    expect(cell(pub, u1, 'A')).toMatchObject({ isAC: true, isFirstAC: true });
    // The creator sees the sealed board too unless forcing; forcing gives the live one.
    expect((await rank(c, creator)).sealed).toBe(true);
    const live = await rank(c, creator, { forceRefresh: true });
    expect(live).toMatchObject({ sealed: false, view: 'live' });
    expect(cell(live, u2, 'A')).toMatchObject({ isAC: true, errorNum: 1, tryNum: 0 });
    expect(rowsOf(live)).toEqual(await boardFromScratch(f, c));
    expect(rowsOf(pub).slice(1)).toEqual(await boardFromScratch(f, c, { sealS: 3 * 3600 }));
    // The outside board is sealed for everyone but a forcing root or creator.
    expect((await f.services.scoreboards.outsideRank({ cid: c.cid, forceRefresh: true }, null)).sealed).toBe(true);
    expect((await f.services.scoreboards.outsideRank({ cid: c.cid, forceRefresh: true }, viewers[0]!)).sealed).toBe(true);
    expect((await f.services.scoreboards.outsideRank({ cid: c.cid, forceRefresh: true }, root)).view).toBe('live');
  });

  it('unseals when the rules change (autoRealRank after the end) with a reset on both topics', async () => {
    const c = await f.contest({ creator: creator.uid, startedAgoS: 6 * 3600, durationS: 5 * 3600, sealS: 4 * 3600, autoRealRank: false });
    await f.verdict(await f.submit(c, uids[2]!, 'C', 4 * 3600 + 5), AC);
    expect(cell(await rank(c, viewers[2]!), uids[2]!, 'C')).toMatchObject({ isAC: false, tryNum: 1 });
    const mark = f.pushes.length;
    // The contest editor calls boardRulesChanged in its transaction; an edit that did not is still caught: the
    // next verdict finds the rules changed and pushes resets on both topics instead of deltas.
    await f.sql`update contest set auto_real_rank = true where id = ${c.cid}`;
    await f.verdict(await f.submit(c, uids[3]!, 'C', 100), WA);
    const pushed = f.pushes.slice(mark).filter((m) => m.event === 'scoreboard.delta');
    expect(pushed.every((m) => (m.data as { reset?: boolean }).reset === true)).toBe(true);
    expect(new Set(pushed.map((m) => m.topic))).toEqual(new Set([topics.scoreboard(c.cid), topics.contestAdmin(c.cid)]));
    const after = await rank(c, viewers[2]!);
    expect(after.sealed).toBe(false);
    expect(cell(after, uids[2]!, 'C')).toMatchObject({ isAC: true });
    expect(rowsOf(after).slice(1)).toEqual(await boardFromScratch(f, c));
  });

  it('outside board: closed unless openRank and started, anonymous, pins only the concerned users', async () => {
    const closed = await f.contest({ creator: creator.uid, openRank: false });
    expect(await code(f.services.scoreboards.outsideRank({ cid: closed.cid }, null))).toBe('CONTEST_RANK_CLOSED');
    const scheduled = await f.contest({ creator: creator.uid, openRank: true, startedAgoS: -3600 });
    expect(await code(f.services.scoreboards.outsideRank({ cid: scheduled.cid }, null))).toBe('CONTEST_RANK_CLOSED');
    expect(await code(f.services.scoreboards.rank({ cid: scheduled.cid }, viewers[0]!))).toBe('CONTEST_NOT_STARTED');
    const hidden = await f.contest({ creator: creator.uid, openRank: true, visible: false });
    expect(await code(f.services.scoreboards.outsideRank({ cid: hidden.cid }, null))).toBe('CONTEST_NOT_FOUND');
    expect(await code(f.services.scoreboards.rank({ cid: 999_999 }, viewers[0]!))).toBe('CONTEST_NOT_FOUND');

    const c = await f.contest({ creator: creator.uid, openRank: true });
    await f.verdict(await f.submit(c, uids[0]!, 'A', 60), AC);
    await f.verdict(await f.submit(c, uids[1]!, 'A', 120), AC);
    await f.verdict(await f.submit(c, uids[2]!, 'B', 120), WA);
    const anon = await f.services.scoreboards.outsideRank({ cid: c.cid, concernedList: [uids[2]!] }, null);
    expect(anon.records.map((r) => r.uid)).toEqual([uids[2], uids[0], uids[1], uids[2]]);
    expect(anon.total).toBe(4);
    // The caller's own row is not pinned on the outside board.
    const mine = await f.services.scoreboards.outsideRank({ cid: c.cid }, viewers[1]!);
    expect(mine.records.map((r) => r.uid)).toEqual([uids[0], uids[1], uids[2]]);
    expect(mine.records[0]).toMatchObject({ username: 'cb_user0', school: 'MIT', rank: 1 });
  });

  it('in-contest board: pins the caller then the concerned users, searches school or shown name, removes star rows, pages', async () => {
    const c = await f.contest({ creator: creator.uid, starAccount: ['cb_user4'], rankShowName: 'realname', awardType: 2, awards: [{ priority: 1, name: 'Gold', background: '#fc0', color: '#fff', num: 1 }] });
    const times = [300, 200, 100, 400, 50];
    for (let i = 0; i < 5; i++) await f.verdict(await f.submit(c, uids[i]!, 'A', times[i]!), AC);
    const all = await rank(c, viewers[5]!); // no row of its own
    expect(all.records.map((r) => r.uid)).toEqual([uids[4], uids[2], uids[1], uids[0], uids[3]]);
    expect(all.records[0]).toMatchObject({ rank: -1, isWinAward: false });
    expect(all.records[1]).toMatchObject({ rank: 1, isWinAward: true, awardName: 'Gold' });
    expect(all.records[2]!.rank).toBe(2);

    const pinned = await rank(c, viewers[3]!, { concernedList: [uids[0]!, 'nobody'] });
    expect(pinned.records.slice(0, 2).map((r) => r.uid)).toEqual([uids[3], uids[0]]);
    expect(pinned.total).toBe(7);

    const noStar = await rank(c, viewers[5]!, { removeStar: true });
    expect(noStar.records.map((r) => r.uid)).toEqual([uids[2], uids[1], uids[0], uids[3]]);

    // School, or the name shown (realname here): not the username.
    const mit = await rank(c, viewers[5]!, { keyword: 'mit' });
    expect(mit.records.map((r) => r.uid).sort()).toEqual([uids[0], uids[2]].sort());
    expect((await rank(c, viewers[5]!, { keyword: 'real name 3' })).records.map((r) => r.uid)).toEqual([uids[3]]);
    expect((await rank(c, viewers[5]!, { keyword: 'cb_user3' })).total).toBe(0);

    const p2 = await f.services.scoreboards.rank({ cid: c.cid, currentPage: 2, limit: 2 }, viewers[5]!);
    expect(p2).toMatchObject({ total: 5, size: 2, current: 2, pages: 3 });
    expect(p2.records.map((r) => r.uid)).toEqual([uids[1], uids[0]]);
    expect(p2.rankConfig).toMatchObject({ starUids: [uids[4]], awardType: 2 });
  });

  it('rejudge of a contest problem: records back to pending, resets on both topics, verdicts flow back as deltas', async () => {
    const c = await f.contest({ creator: creator.uid });
    const a1 = await f.submit(c, uids[0]!, 'A', 100);
    const a2 = await f.submit(c, uids[1]!, 'A', 200);
    const b1 = await f.submit(c, uids[0]!, 'B', 300);
    await f.verdict(a1, AC);
    await f.verdict(a2, WA);
    await f.verdict(b1, AC);
    expect(await code(f.services.judgeAdmin.rejudgeContestProblem(c.cid, c.pids.A!, creator))).toBe('AUTH_FORBIDDEN');
    expect(await code(f.services.judgeAdmin.rejudgeContestProblem(c.cid, 999_999, root))).toBe('CONTEST_PROBLEM_NOT_FOUND');
    const mark = f.pushes.length;
    expect(await f.services.judgeAdmin.rejudgeContestProblem(c.cid, c.pids.A!, root)).toEqual({ pid: c.pids.A, count: 2 });
    const recs = await f.sql<{ submit_id: number; status: number | null }[]>`select submit_id, status from contest_record where cid = ${c.cid} order by submit_id`;
    expect(recs.map((r) => r.status)).toEqual([null, null, AC]);
    const resets = f.pushes.slice(mark).filter((m) => m.event === 'scoreboard.delta');
    expect(resets.every((m) => (m.data as { reset?: boolean }).reset === true)).toBe(true);
    expect(new Set(resets.map((m) => m.topic))).toEqual(new Set([topics.scoreboard(c.cid), topics.contestAdmin(c.cid)]));
    const mid = await rank(c, creator, { forceRefresh: true });
    expect(rowsOf(mid)).toEqual(await boardFromScratch(f, c));
    expect(cell(mid, uids[0]!, 'A')).toBeUndefined();
    expect(mid.records.map((r) => r.uid)).toEqual([uids[0]]);

    const before = f.pushes.length;
    await f.verdict(a1, WA);
    await f.verdict(a2, AC);
    const deltas = f.pushes.slice(before).filter((m) => m.topic === topics.scoreboard(c.cid) && m.event === 'scoreboard.delta');
    expect(deltas.length).toBe(2);
    let client = rowsOf(mid);
    for (const d of deltas) client = applyMoves(client, (d.data as { moves: never[] }).moves, { type: 0, starUids: [], awardType: 0, awards: [] });
    const after = await rank(c, creator, { forceRefresh: true });
    expect(rowsOf(after)).toEqual(await boardFromScratch(f, c));
    expect(client).toEqual(rowsOf(after));
    expect(cell(after, uids[1]!, 'A')).toMatchObject({ isAC: true, isFirstAC: true });
  });

  it('AC helper: first AC per cell with balloon colour, first blood moves to an earlier AC judged later, checked is kept', async () => {
    const c = await f.contest({ creator: creator.uid });
    const adminTopic = topics.contestAdmin(c.cid);
    const mark = f.pushes.length;
    const late = await f.submit(c, uids[0]!, 'A', 500);
    const early = await f.submit(c, uids[1]!, 'A', 100);
    await f.verdict(late, AC);
    let ev = f.pushes.slice(mark).filter((m) => m.topic === adminTopic && m.event === 'acinfo.new').map((m) => m.data as AcInfoVO);
    expect(ev).toEqual([expect.objectContaining({ uid: uids[0], displayId: 'A', firstBlood: true, color: '#ff0000', submitId: late, username: 'cb_user0', time: 500 })]);
    const list1 = await f.services.scoreboards.acInfo({ cid: c.cid }, creator);
    await f.services.scoreboards.checkAcInfo({ id: list1.records[0]!.id, cid: c.cid, checked: true }, creator);

    const mark2 = f.pushes.length;
    await f.verdict(early, AC);
    ev = f.pushes.slice(mark2).filter((m) => m.topic === adminTopic && m.event === 'acinfo.new').map((m) => m.data as AcInfoVO);
    expect(ev).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ uid: uids[1], firstBlood: true, checked: false }),
        expect.objectContaining({ uid: uids[0], firstBlood: false, checked: true }),
      ]),
    );
    // A second AC and a WA on a solved cell add nothing.
    const mark3 = f.pushes.length;
    await f.verdict(await f.submit(c, uids[0]!, 'A', 600), AC);
    await f.verdict(await f.submit(c, uids[2]!, 'B', 50), WA);
    expect(f.pushes.slice(mark3).filter((m) => m.event === 'acinfo.new')).toEqual([]);

    const list = await f.services.scoreboards.acInfo({ cid: c.cid }, creator);
    expect(list.records.map((r) => [r.uid, r.checked, r.firstBlood])).toEqual([
      [uids[1], false, true],
      [uids[0], true, false],
    ]);
    expect(list).toMatchObject({ total: 2, size: 30, current: 1 });
    expect(await code(f.services.scoreboards.acInfo({ cid: c.cid }, viewers[0]!))).toBe('CONTEST_ADMIN_ONLY');
    expect(await code(f.services.scoreboards.checkAcInfo({ id: list.records[0]!.id, cid: c.cid + 1, checked: true }, root))).not.toBe('ok');

    // Rejudged to WA: the row waits while pending, then goes; the other row regains first blood, checked kept.
    await f.services.judgeAdmin.rejudge(early, root);
    expect((await f.services.scoreboards.acInfo({ cid: c.cid }, creator)).total).toBe(2);
    await f.verdict(early, WA);
    const final = await f.services.scoreboards.acInfo({ cid: c.cid }, creator);
    expect(final.records.map((r) => [r.uid, r.checked, r.firstBlood])).toEqual([[uids[0], true, true]]);
  });

  it('scroll board: only for ended, sealed ACM contests; every judged submission before the end, exclusions applied, stars removable', async () => {
    const running = await f.contest({ creator: creator.uid, sealS: 3600 });
    expect(await code(f.services.scoreboards.scrollBoardInfo(running.cid, null))).toBe('CONTEST_SCROLL_BOARD_UNAVAILABLE');
    const unsealed = await f.contest({ creator: creator.uid, startedAgoS: 6 * 3600 });
    expect(await code(f.services.scoreboards.scrollBoardSubmissions({ cid: unsealed.cid }, null))).toBe('CONTEST_SCROLL_BOARD_UNAVAILABLE');
    const oi = await f.contest({ creator: creator.uid, type: 1, startedAgoS: 6 * 3600, sealS: 3600 });
    expect(await code(f.services.scoreboards.scrollBoardInfo(oi.cid, null))).toBe('CONTEST_SCROLL_BOARD_UNAVAILABLE');

    const c = await f.contest({ creator: creator.uid, startedAgoS: 6 * 3600, durationS: 5 * 3600, sealS: 4 * 3600, starAccount: ['cb_user3'], allowEndSubmit: true });
    const ok1 = await f.submit(c, uids[0]!, 'A', 100);
    const ok2 = await f.submit(c, uids[3]!, 'B', 4 * 3600 + 10);
    const pending = await f.submit(c, uids[1]!, 'A', 200);
    const afterEnd = await f.submit(c, uids[1]!, 'A', 5 * 3600 + 10);
    const byRoot = await f.submit(c, root.uid, 'A', 10);
    for (const s of [ok1, ok2, afterEnd, byRoot]) await f.verdict(s, s === ok2 ? WA : AC);
    // Read as the contest's admin: its data is every result the seal hides (who else may read it: security-contest-access).
    const info = await f.services.scoreboards.scrollBoardInfo(c.cid, creator);
    expect(info).toMatchObject({
      id: c.cid,
      problemCount: 3,
      displayIds: ['A', 'B', 'C'],
      balloonColor: { A: '#ff0000', B: '#00ff00', C: '#0000ff' },
      duration: 5 * 3600,
      starUserList: ['cb_user3'],
      startTime: c.start.toISOString(),
      sealRankTime: new Date(c.start.getTime() + 4 * 3600 * 1000).toISOString(),
    });
    const subs = await f.services.scoreboards.scrollBoardSubmissions({ cid: c.cid }, creator);
    expect(subs.map((s) => [s.submitId, s.status, s.time, s.displayId])).toEqual([
      [ok1, AC, 100, 'A'],
      [ok2, WA, 4 * 3600 + 10, 'B'],
    ]);
    expect(subs[0]).toMatchObject({ uid: uids[0], username: 'cb_user0', school: 'MIT' });
    expect(pending).toBeGreaterThan(0);
    const noStar = await f.services.scoreboards.scrollBoardSubmissions({ cid: c.cid, removeStar: true }, creator);
    expect(noStar.map((s) => s.submitId)).toEqual([ok1]);
  });

  it('a verdict transaction rolled back after the projection applied it leaves no trace, even when another verdict takes its version', async () => {
    const c = await f.contest({ creator: creator.uid });
    await f.verdict(await f.submit(c, uids[0]!, 'A', 100), WA);
    const start = await rank(c, creator, { forceRefresh: true });
    const doomed = await f.submit(c, uids[1]!, 'A', 50);
    const other = await f.submit(c, uids[2]!, 'B', 70);
    // Fail the transaction after the board was projected: the submission's own status push comes after the hook.
    await f.sql.unsafe(`create or replace function cb_fail() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`);
    await f.sql.unsafe(`create trigger cb_fail before insert on push_event for each row when (new.topic = 'submission:${doomed}') execute function cb_fail()`);
    const mark = f.pushes.length;
    await expect(f.verdict(doomed, AC)).rejects.toThrow();
    await f.sql.unsafe(`drop trigger cb_fail on push_event`);
    expect(f.pushes.length).toBe(mark); // nothing of the failed transaction was published
    expect((await f.sql`select status from contest_record where submit_id = ${doomed}`)[0]!.status).toBeNull();

    // Another services process commits the very version number the rolled-back transaction had used.
    await f.verdict(other, AC, { via: await f.otherProcess() });
    const deltas = f.deltas(topics.contestAdmin(c.cid), start.seq);
    expect(deltas.length).toBe(1);
    expect(deltas[0]!.data.version).toBe(start.version! + 1);
    const client = applyMoves(rowsOf(start), deltas[0]!.data.moves, { type: 0, starUids: [], awardType: 0, awards: [] });
    const now = await rank(c, creator, { forceRefresh: true });
    const scratch = await boardFromScratch(f, c);
    expect(rowsOf(now)).toEqual(scratch);
    expect(client).toEqual(scratch);
    expect(cell(now, uids[1]!, 'A')).toBeUndefined();

    // Redelivered, the failed verdict now lands.
    await f.verdict(doomed, AC);
    const last = await rank(c, creator, { forceRefresh: true });
    expect(rowsOf(last)).toEqual(await boardFromScratch(f, c));
    expect(cell(last, uids[1]!, 'A')).toMatchObject({ isAC: true, isFirstAC: true });
  });

  it('OI boards: highest score per problem, run time of the best AC, sealed OI hides post-seal records', async () => {
    const c = await f.contest({ creator: creator.uid, type: 1, oiRankScoreType: 'Highest', startedAgoS: 4 * 3600, sealS: 3 * 3600 });
    await f.verdict(await f.submit(c, uids[0]!, 'A', 100), JudgeStatus.PARTIAL_ACCEPTED, { score: 40 });
    await f.verdict(await f.submit(c, uids[0]!, 'A', 200), AC, { score: 100, time: 30 });
    await f.verdict(await f.submit(c, uids[0]!, 'A', 300), JudgeStatus.PARTIAL_ACCEPTED, { score: 10 });
    await f.verdict(await f.submit(c, uids[1]!, 'A', 3 * 3600 + 1), AC, { score: 100, time: 5 });
    const live = await rank(c, creator, { forceRefresh: true });
    expect(rowsOf(live)).toEqual(await boardFromScratch(f, c));
    expect(live.records.map((r) => [r.uid, (r as { totalScore: number }).totalScore, r.totalTime])).toEqual([
      [uids[1], 100, 5],
      [uids[0], 100, 30],
    ]);
    const pub = await rank(c, viewers[2]!);
    expect(pub.sealed).toBe(true);
    expect(pub.records.map((r) => r.uid)).toEqual([uids[0]]);
  });
});
