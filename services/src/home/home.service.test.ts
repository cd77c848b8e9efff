import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JudgeStatus, RankType, type ACMRankVO, type OIRankVO } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { users } from '../db/schema';
import type { ProblemRow } from '../problem/problem.service';
import { addProblem, addSubmission, addUser, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createHomeService, type HomeService } from './home.service';

describe('global ranks and the user home', () => {
  let t: TestDb;
  let home: HomeService;
  let alice: Viewer, bob: Viewer, banned: Viewer;
  let p1: ProblemRow, p2: ProblemRow, p3: ProblemRow;

  beforeAll(async () => {
    t = await startTestDb();
    home = createHomeService(serviceContext(t.db));
    [alice, bob, banned] = [await addUser(t.db), await addUser(t.db), await addUser(t.db)];
    [p1, p2, p3] = [await addProblem(t.db, { difficulty: 0 }), await addProblem(t.db, { difficulty: 2 }), await addProblem(t.db)];
    const ac = { status: JudgeStatus.ACCEPTED };
    // alice: two problems accepted in practice (one twice), one only in a contest, one wrong answer.
    await addSubmission(t.db, alice.uid, p1.id, { ...ac, oiRankScore: 10 });
    await addSubmission(t.db, alice.uid, p1.id, { ...ac, oiRankScore: 30 });
    await addSubmission(t.db, alice.uid, p2.id, { ...ac, oiRankScore: 5 });
    await addSubmission(t.db, alice.uid, p3.id, { ...ac, cid: 4, oiRankScore: 100 });
    await addSubmission(t.db, alice.uid, p3.id, { status: JudgeStatus.WRONG_ANSWER });
    // bob: one problem, more score than alice on the OI rank.
    await addSubmission(t.db, bob.uid, p3.id, { ...ac, oiRankScore: 50 });
    // A banned user never shows in the ranks.
    await addSubmission(t.db, banned.uid, p1.id, ac);
    await addSubmission(t.db, banned.uid, p2.id, ac);
    await addSubmission(t.db, banned.uid, p3.id, ac);
    await t.db.update(users).set({ status: 1 }).where(eq(users.uuid, banned.uid));
  });
  afterAll(() => t.stop());

  it('ranks active users by distinct practice problems accepted (ACM) or by the sum of each problem’s best score (OI)', async () => {
    const acm = (await home.rankList({ type: RankType.ACM })).records as ACMRankVO[];
    expect(acm.map((r) => [r.username, r.ac, r.total])).toEqual([
      [alice.username, 2, 4],
      [bob.username, 1, 1],
    ]);
    const oi = (await home.rankList({ type: RankType.OI })).records as OIRankVO[];
    expect(oi.map((r) => [r.username, r.score])).toEqual([
      [bob.username, 50],
      [alice.username, 35],
    ]);
    const found = await home.rankList({ type: RankType.ACM, searchUser: bob.username });
    expect(found.records.map((r) => r.username)).toEqual([bob.username]);
    expect(found.total).toBe(1);
    expect((await home.recentSevenAcRank()).map((r) => [r.username, r.ac])).toEqual([
      [alice.username, 2],
      [bob.username, 1],
    ]);
  });

  it("shows a user's practice record, found by uid, by username or as the caller's own", async () => {
    const byUid = await home.userHome({ uid: alice.uid }, null);
    expect(byUid.total).toBe(4);
    expect(byUid.solvedList).toEqual([p1.problemId, p2.problemId]);
    expect(byUid.scoreList).toEqual([30, 5]);
    expect(byUid.solvedGroupByDifficulty).toEqual({
      '0': [{ id: p1.id, problemId: p1.problemId, difficulty: 0 }],
      '2': [{ id: p2.id, problemId: p2.problemId, difficulty: 2 }],
    });
    expect((await home.userHome({ username: bob.username }, null)).solvedList).toEqual([p3.problemId]);
    expect((await home.userHome({}, bob)).uid).toBe(bob.uid);
    expect(await refusal(home.userHome({}, null))).toBe('AUTH_NOT_LOGGED_IN');
    expect(await refusal(home.userHome({ username: 'nobody-here' }, null))).toBe('USER_NOT_FOUND');
    const heat = await home.heatmap({ uid: alice.uid }, null);
    // Practice submissions only: the one in contest 4 stays in the contest's views.
    expect(heat.dataList.reduce((n, d) => n + d.value, 0)).toBe(4);
  });
});
