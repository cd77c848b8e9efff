// The AC/total counts of the contest problem list and problem detail, which come from the board projection plus
// one small query (pending records, judged ones from before the start), equal the counts over all contest records
// in SQL: exclusions (creator, super admins), the seal cut for contestants, the end switch, pending submissions,
// a rejudge, and a second services process whose projection is stale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import type { OjServicesImpl, Viewer } from '@oj/services';
import { ROOT_PASSWORD, startBoardFixture, type BoardFixture, type ContestInfo } from './contest-board-fixture';
import { mulberry32 as prng } from '@oj/proto/testing';

const { ACCEPTED: AC, WRONG_ANSWER: WA, COMPILE_ERROR: CE, TIME_LIMIT_EXCEEDED: TLE } = JudgeStatus;

describe('contest problem counts (projection + pending query = SQL)', () => {
  let f: BoardFixture;
  let root: Viewer;
  let creator: Viewer;
  const uids: string[] = [];
  const viewers: Viewer[] = [];

  beforeAll(async () => {
    f = await startBoardFixture();
    root = await f.viewer('root', ROOT_PASSWORD);
    await f.user('pc_creator', { roles: ['admin'] });
    creator = await f.viewer('pc_creator');
    for (let i = 0; i < 5; i++) {
      uids.push(await f.user(`pc_user${i}`));
      viewers.push(await f.viewer(`pc_user${i}`));
    }
  });

  afterAll(async () => {
    await f?.close();
  });

  /** ac/total and per-status counts per display id, straight from contest_record. */
  async function expected(c: ContestInfo, cut: { endS: number | null; sealS: number | null }) {
    const rows = await f.sql<{ display_id: string; status: number | null; n: number }[]>`
      select display_id, status, count(*)::int as n from contest_record
      where cid = ${c.cid} and uid <> ${c.creator}
        and uid not in (select ur.uid from user_role ur join roles r on r.id = ur.role_id where r.role = 'root')
        and (${cut.endS}::int is null or time < ${cut.endS}::int) and (${cut.sealS}::int is null or time < ${cut.sealS}::int)
      group by display_id, status`;
    const out: Record<string, { ac: number; total: number; wa: number; ce: number }> = {};
    for (const d of c.displayIds) out[d] = { ac: 0, total: 0, wa: 0, ce: 0 };
    for (const r of rows) {
      const x = out[r.display_id];
      if (!x) continue;
      x.total += r.n;
      if (r.status === AC) x.ac += r.n;
      if (r.status === WA) x.wa += r.n;
      if (r.status === CE) x.ce += r.n;
    }
    return out;
  }

  async function check(svc: OjServicesImpl, c: ContestInfo, v: Viewer, containsEnd: boolean, cut: { endS: number | null; sealS: number | null }) {
    const want = await expected(c, cut);
    const list = await svc.contests.problems({ cid: c.cid, containsEnd }, v);
    expect(Object.fromEntries(list.map((p) => [p.displayId, { ac: p.ac, total: p.total }]))).toEqual(
      Object.fromEntries(Object.entries(want).map(([d, x]) => [d, { ac: x.ac, total: x.total }])),
    );
    for (const d of c.displayIds) {
      const { problemCount: pc } = await svc.contests.problemDetail({ cid: c.cid, displayId: d, containsEnd }, v);
      expect({ ac: pc.ac, total: pc.total, wa: pc.wa, ce: pc.ce }).toEqual(want[d]);
    }
  }

  async function play(c: ContestInfo, seed: number, maxS: number) {
    const rnd = prng(seed);
    const statuses = [AC, WA, WA, CE, TLE, AC];
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      const uid = uids[Math.floor(rnd() * uids.length)]!;
      const id = await f.submit(c, uid, c.displayIds[Math.floor(rnd() * c.displayIds.length)]!, Math.floor(rnd() * maxS));
      ids.push(id);
      if (rnd() < 0.8) await f.verdict(id, statuses[Math.floor(rnd() * statuses.length)]!);
    }
    // Left out: the creator and super admins. Counted although not on the board: before the start.
    await f.verdict(await f.submit(c, c.creator, 'A', 10), AC);
    await f.verdict(await f.submit(c, root.uid, 'A', 10), AC);
    await f.verdict(await f.submit(c, uids[0]!, 'A', -30), AC);
    await f.submit(c, uids[1]!, 'B', -20);
    return ids;
  }

  it('a running, sealed contest: contestants see the cut, admins all; pending and pre-start records counted', async () => {
    const c = await f.contest({ creator: creator.uid, startedAgoS: 4.5 * 3600, durationS: 5 * 3600, sealS: 4 * 3600, allowEndSubmit: true });
    const ids = await play(c, 7, 4.5 * 3600);
    const other = await f.otherProcess();
    for (const svc of [f.services, other]) {
      for (const containsEnd of [false, true]) {
        await check(svc, c, viewers[2]!, containsEnd, { endS: 5 * 3600, sealS: 4 * 3600 });
        await check(svc, c, creator, containsEnd, { endS: containsEnd ? null : 5 * 3600, sealS: null });
      }
    }
    // Verdicts through this process make the other's projection stale; a new pending record changes no version.
    await f.verdict(ids[0]!, AC);
    await f.verdict(ids[1]!, WA);
    await f.submit(c, uids[3]!, 'C', 3600);
    for (const svc of [other, f.services]) await check(svc, c, viewers[2]!, false, { endS: 5 * 3600, sealS: 4 * 3600 });

    // A rejudge of problem A: its records pending again, then judged anew.
    await f.services.judgeAdmin.rejudgeContestProblem(c.cid, c.pids.A!, root);
    for (const svc of [f.services, other]) await check(svc, c, creator, false, { endS: 5 * 3600, sealS: null });
    const [a] = await f.sql<{ submit_id: number }[]>`select submit_id from contest_record where cid = ${c.cid} and display_id = 'A' and status is null order by id limit 1`;
    await f.verdict(a!.submit_id, AC);
    for (const svc of [f.services, other]) await check(svc, c, viewers[4]!, false, { endS: 5 * 3600, sealS: 4 * 3600 });
  });

  it('an ended contest: the end switch adds the records after the end where allowed', async () => {
    const c = await f.contest({ creator: creator.uid, startedAgoS: 6 * 3600, durationS: 5 * 3600, sealS: 4 * 3600, allowEndSubmit: true });
    await play(c, 11, 5.5 * 3600);
    for (const containsEnd of [false, true]) {
      await check(f.services, c, viewers[1]!, containsEnd, { endS: containsEnd ? null : 5 * 3600, sealS: null });
    }
    const closed = await f.contest({ creator: creator.uid, startedAgoS: 6 * 3600, durationS: 5 * 3600 });
    await play(closed, 13, 5.5 * 3600);
    await check(f.services, closed, viewers[1]!, true, { endS: 5 * 3600, sealS: null });
  });
});
