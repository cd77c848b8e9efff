import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { eq } from 'drizzle-orm';
import { contestProblem, contestRecord, users } from '../../db/schema';
import { addContest, addProblem, addUser } from '../../testing/fixtures';
import { startTestDb, type TestDb } from '../../testing/test-db';
import type { JsonPart } from './board-cache';
import { boardPage, pickView } from './board-page';
import { buildState, type BoardState } from './projector';

const H = 3600_000;
const text = (parts: JsonPart[]) => parts.map((p) => (typeof p === 'string' ? p : p.text)).join('');

describe('a page of a board', () => {
  let t: TestDb;
  let s: BoardState;
  let uids: string[];
  beforeAll(async () => {
    t = await startTestDb();
    const author = await addUser(t.db);
    const start = Date.now() - 4.5 * H;
    // Sealed from the fourth hour of five; submissions after the end allowed.
    const c = await addContest(t.db, author.uid, start, 5 * 3600, { sealRank: true, sealRankTime: new Date(start + 4 * H), allowEndSubmit: true });
    const p = await addProblem(t.db);
    await t.db.insert(contestProblem).values({ cid: c.id, pid: p.id, displayId: 'A', displayTitle: 'a', color: null });
    const us = [await addUser(t.db), await addUser(t.db), await addUser(t.db)];
    uids = us.map((u) => u.uid);
    await t.db.update(users).set({ school: 'North School' }).where(eq(users.uuid, uids[2]!));
    const rec = (uid: string, timeS: number) => ({ cid: c.id, uid, displayId: 'A', status: JudgeStatus.ACCEPTED, time: timeS, submitTime: new Date(start + timeS * 1000) });
    // us[1] solves first, us[0] second, us[2] only after the seal.
    await t.db.insert(contestRecord).values([rec(uids[1]!, 600), rec(uids[0]!, 1200), rec(uids[2]!, 4.2 * 3600)]);
    s = await buildState(t.db, c, 1, { public: 5, admin: 9 });
  });
  afterAll(() => t.stop());

  it('reads the live view only when asked as an admin; the public view is sealed and never the after-end one', () => {
    expect(pickView(s, false, false)).toEqual({ view: 'public', sealed: true });
    expect(pickView(s, false, true)).toEqual({ view: 'public', sealed: true });
    expect(pickView(s, true, false)).toEqual({ view: 'live', sealed: false });
    expect(pickView(s, true, true)).toEqual({ view: 'live-end', sealed: false });
  });

  it('ranks the public view as of the seal and the live view as of now, with the seq of its own topic', () => {
    const pub = boardPage(s, false, { cid: s.cid }, [], 'object');
    expect(pub.records.filter((r) => 'ac' in r && r.ac > 0).map((r) => r.uid)).toEqual([uids[1], uids[0]]);
    expect(pub).toMatchObject({ sealed: true, view: 'public', seq: 5, version: 1 });
    const live = boardPage(s, true, { cid: s.cid }, [], 'object');
    expect(live.records.filter((r) => 'ac' in r && r.ac > 0).map((r) => r.uid)).toEqual([uids[1], uids[0], uids[2]]);
    expect(live).toMatchObject({ sealed: false, view: 'live', seq: 9 });
  });

  it('puts the pinned rows first, pages the rest, and finds rows by school', () => {
    const page = boardPage(s, true, { cid: s.cid, limit: 2 }, [uids[2]!, 'nobody'], 'object');
    expect(page.records.map((r) => r.uid)).toEqual([uids[2], uids[1]]);
    expect(page).toMatchObject({ total: 4, pages: 2, current: 1 });
    expect(boardPage(s, true, { cid: s.cid, keyword: 'north' }, [], 'object').records.map((r) => r.uid)).toEqual([uids[2]]);
  });

  it('answers the same page as JSON text as as an object', () => {
    for (const body of [{ cid: s.cid }, { cid: s.cid, limit: 1, currentPage: 2 }, { cid: s.cid, keyword: 'north' }]) {
      for (const live of [false, true]) {
        const pins = [uids[0]!];
        expect(JSON.parse(text(boardPage(s, live, body, pins, 'json')))).toEqual(boardPage(s, live, body, pins, 'object'));
      }
    }
  });
});
