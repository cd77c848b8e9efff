import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEST_AUTH, CONTEST_STATUS, JudgeStatus } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { createMemoryBus } from '../bus/memory-bus';
import { DEFAULT_SERVICES_CONFIG } from '../config';
import { contestProblem, contestRecord } from '../db/schema';
import { silentLogger } from '../logger';
import { addContest, addProblem, addUser, refusal } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createContestService, type ContestService } from './contest.service';

const H = 3600_000;

describe('the contestants’ side of a contest', () => {
  let t: TestDb;
  let contests: ContestService;
  beforeAll(async () => {
    t = await startTestDb();
    contests = createContestService({ db: t.db, transport: createMemoryBus(), config: DEFAULT_SERVICES_CONFIG, logger: silentLogger() });
  });
  afterAll(() => t.stop());

  it('lists visible contests only, running first, then scheduled, then ended, with their registrations', async () => {
    const author = await addUser(t.db);
    const now = Date.now();
    const ended = await addContest(t.db, author.uid, now - 5 * H, 3600, { title: 'list-ended' });
    const later = await addContest(t.db, author.uid, now + H, 3600, { title: 'list-later' });
    const running = await addContest(t.db, author.uid, now - H, 5 * 3600, { title: 'list-running' });
    await addContest(t.db, author.uid, now - H, 5 * 3600, { title: 'list-hidden', visible: false });
    await contests.register({ cid: running.id }, await addUser(t.db));
    const page = await contests.list({ keyword: 'list-' });
    expect(page.records.map((c) => [c.id, c.status, c.count])).toEqual([
      [running.id, CONTEST_STATUS.RUNNING, 1],
      [later.id, CONTEST_STATUS.SCHEDULED, 0],
      [ended.id, CONTEST_STATUS.ENDED, 0],
    ]);
    expect((await contests.list({ keyword: 'list-', status: CONTEST_STATUS.SCHEDULED })).records.map((c) => c.id)).toEqual([later.id]);
  });

  it('registers once, and a protected contest grants access only to registered users', async () => {
    const [author, user] = [await addUser(t.db, ['admin']), await addUser(t.db)];
    const c = await addContest(t.db, author.uid, Date.now() - H, 5 * 3600, { auth: CONTEST_AUTH.PROTECTED, pwd: 'pw' });
    expect(await contests.access(c.id, user)).toEqual({ access: false });
    expect(await contests.access(c.id, author)).toEqual({ access: true });
    expect(await refusal(contests.register({ cid: c.id, password: 'nope' }, user))).toBe('CONTEST_PASSWORD_WRONG');
    expect(await refusal(contests.register({ cid: c.id, password: 'pw' }, user))).toBe('ok');
    expect(await refusal(contests.register({ cid: c.id, password: 'pw' }, user))).toBe('CONTEST_ALREADY_REGISTERED');
    expect(await contests.access(c.id, user)).toEqual({ access: true });
    expect((await contests.info(c.id, user)).count).toBe(1);
  });

  it('lets anyone follow an open outside board, entrants the contest topic, its admins the admin topic', async () => {
    const [author, user] = [await addUser(t.db, ['admin']), await addUser(t.db)];
    const open = await addContest(t.db, author.uid, Date.now() - H, 5 * 3600, { openRank: true, auth: CONTEST_AUTH.PRIVATE, pwd: 'x' });
    expect(await contests.canSubscribe('scoreboard', open.id, null)).toBe(true);
    expect(await contests.canSubscribe('contest', open.id, user)).toBe(false);
    expect(await contests.canSubscribe('contest', open.id, author)).toBe(true);
    expect(await contests.canSubscribe('contest-admin', open.id, user)).toBe(false);
    expect(await contests.canSubscribe('contest-admin', open.id, author)).toBe(true);
    const closed = await addContest(t.db, author.uid, Date.now() - H, 5 * 3600);
    expect(await contests.canSubscribe('scoreboard', closed.id, null)).toBe(false);
    expect(await contests.canSubscribe('scoreboard', closed.id, user)).toBe(true);
    expect(await contests.canSubscribe('contest', 2 ** 31, author)).toBe(false);
  });

  describe('problem counts', () => {
    let author: Viewer;
    let user: Viewer;
    let cid: number;
    beforeAll(async () => {
      [author, user] = [await addUser(t.db, ['admin']), await addUser(t.db)];
      const start = Date.now() - 4.5 * H;
      // Five hours, sealed from the fourth: contestants see the counts up to the seal.
      const c = await addContest(t.db, author.uid, start, 5 * 3600, { sealRank: true, sealRankTime: new Date(start + 4 * H), autoRealRank: true, openRank: true });
      cid = c.id;
      const [a, b] = [await addProblem(t.db), await addProblem(t.db)];
      await t.db.insert(contestProblem).values([
        { cid, pid: b.id, displayId: 'B', displayTitle: 'bee', color: null },
        { cid, pid: a.id, displayId: 'A', displayTitle: 'ay', color: '#f00' },
      ]);
      const rec = (uid: string, displayId: string, status: number | null, timeS: number) => ({ cid, uid, displayId, status, time: timeS, submitTime: new Date(start + timeS * 1000) });
      const other = await addUser(t.db);
      await t.db.insert(contestRecord).values([
        rec(user.uid, 'A', JudgeStatus.WRONG_ANSWER, 600),
        rec(user.uid, 'A', JudgeStatus.ACCEPTED, 1200),
        rec(other.uid, 'A', JudgeStatus.TIME_LIMIT_EXCEEDED, 1800),
        rec(other.uid, 'A', JudgeStatus.ACCEPTED, 4.2 * 3600),
        rec(other.uid, 'B', null, 4.3 * 3600),
        // The contest's creator is left out of every count.
        rec(author.uid, 'B', JudgeStatus.ACCEPTED, 60),
      ]);
    });

    it('cuts the list at the seal for contestants and the public, not for the contest admin', async () => {
      const counts = (list: { displayId: string; ac: number | null; total: number | null }[]) => list.map((p) => [p.displayId, p.ac, p.total]);
      expect(counts(await contests.problems({ cid }, user))).toEqual([
        ['A', 1, 3],
        ['B', 0, 0],
      ]);
      expect(counts(await contests.problems({ cid }, null))).toEqual([
        ['A', 1, 3],
        ['B', 0, 0],
      ]);
      expect(counts(await contests.problems({ cid }, author))).toEqual([
        ['A', 2, 4],
        ['B', 0, 1],
      ]);
      expect(counts((await contests.outsideInfo(cid, author)).problemList)).toEqual([
        ['A', 1, 3],
        ['B', 0, 0],
      ]);
    });

    it('counts a problem page by verdict, pending records in the total only', async () => {
      const detail = await contests.problemDetail({ cid, displayId: 'A' }, author);
      expect(detail).toMatchObject({ displayId: 'A', displayTitle: 'ay', color: '#f00', problem: { title: 'ay' } });
      expect(detail.problemCount).toMatchObject({ total: 4, ac: 2, wa: 1, tle: 1, mle: 0 });
      expect((await contests.problemDetail({ cid, displayId: 'B' }, author)).problemCount).toMatchObject({ total: 1, ac: 0 });
      expect((await contests.problemDetail({ cid, displayId: 'A' }, user)).problemCount).toMatchObject({ total: 3, ac: 1 });
      expect(await refusal(contests.problemDetail({ cid, displayId: 'Z' }, user))).toBe('CONTEST_PROBLEM_NOT_FOUND');
    });
  });

  it('shows the problem list to anonymous callers only when the outside board is open and the contest started', async () => {
    const author = await addUser(t.db);
    const closed = await addContest(t.db, author.uid, Date.now() - H, 5 * 3600);
    const later = await addContest(t.db, author.uid, Date.now() + H, 3600, { openRank: true });
    expect(await refusal(contests.problems({ cid: closed.id }, null))).toBe('AUTH_NOT_LOGGED_IN');
    expect(await refusal(contests.problems({ cid: later.id }, null))).toBe('AUTH_NOT_LOGGED_IN');
    expect(await refusal(contests.outsideInfo(later.id, null))).toBe('CONTEST_RANK_CLOSED');
  });
});
