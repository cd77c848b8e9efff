// The training and contest variants of `import-remote-oj-problem` on the real database, the problem page replayed
// from the recorded Codeforces: placed with the import in one transaction, the bank's copy reused, refusals that
// leave no problem behind.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { topics, type PushMessage } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { contestProblem, problems, trainingProblem } from '../db/schema';
import { seedRemoteLanguages } from '../db/seed';
import { addContest, addUser, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createTrainings } from '../training';
import { loadFixture, replayHttp } from './http/replay-http';
import { createRemoteImports } from './remote-import-into.service';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/codeforces');

describe('importing a remote problem into a training or a contest', () => {
  let t: TestDb;
  let root: Viewer;
  let otherAdmin: Viewer;
  const pushed: PushMessage[] = [];
  beforeAll(async () => {
    t = await startTestDb();
    await seedRemoteLanguages(t.db);
    root = await addUser(t.db, ['root']);
    otherAdmin = await addUser(t.db, ['admin']);
  });
  afterAll(() => t.stop());

  /** A service whose site answers the recorded `fixture` (`as`: the 1A page served as this problem instead). */
  const service = (fixture: string, as?: { contest: string; index: string }) => {
    const ctx = serviceContext(t.db);
    void ctx.transport.subscribePush((m) => pushed.push(m));
    const f = loadFixture(path.join(dir, fixture));
    if (as) f.exchanges = f.exchanges.map((x) => ({ ...x, path: `/problemset/problem/${as.contest}/${as.index}` }));
    return createRemoteImports(ctx, { http: replayHttp(f) });
  };
  const bankCount = async (problemId: string) => (await t.db.select().from(problems).where(eq(problems.problemId, problemId))).length;
  const newTraining = async (by: Viewer) => {
    const trainings = createTrainings(serviceContext(t.db));
    const cat = await trainings.addCategory({ name: `c${Date.now()}`, color: '#67C23A' }, root);
    return (await trainings.create({ training: { title: 'Remote set', description: 'd', auth: 'Public', rank: 1 }, trainingCategory: { id: cat.id } }, by)).tid;
  };

  it('a contest: imports CF-1A as display id A with its title, pushes the board change; a taken display id leaves nothing behind', async () => {
    const c = await addContest(t.db, root.uid, Date.now() + 3_600_000, 3600);
    const first = await addContest(t.db, root.uid, Date.now() + 3_600_000, 3600);
    // The display id is taken in `first` by another problem: refused before the site is asked, nothing written.
    await t.db.insert(contestProblem).values({ cid: first.id, pid: (await t.db.insert(problems).values({ problemId: 'LOCAL-X', title: 'x', author: 'root' }).returning())[0]!.id, displayId: 'A', displayTitle: 'x' });
    expect(await refusal(service('import-1A.json').importToContest({ name: 'CF', problemId: '1A', cid: first.id, displayId: 'A' }, root))).toBe('CONTEST_DISPLAY_ID_EXISTS');
    expect(await bankCount('CF-1A')).toBe(0);
    expect(await refusal(service('import-1A.json').importToContest({ name: 'CF', problemId: '1A', cid: c.id, displayId: 'A' }, otherAdmin))).toBe('CONTEST_ADMIN_ONLY');
    expect(await bankCount('CF-1A')).toBe(0);

    pushed.length = 0;
    const got = await service('import-1A.json').importToContest({ name: 'CF', problemId: '1A', cid: c.id, displayId: 'A' }, root);
    expect(got.problemId).toBe('CF-1A');
    const [cp] = await t.db.select().from(contestProblem).where(eq(contestProblem.cid, c.id));
    expect(cp).toMatchObject({ pid: got.pid, displayId: 'A', displayTitle: 'Two Numbers' });
    expect(await bankCount('CF-1A')).toBe(1);
    // The same problem in the first contest comes from the bank (the fixture would refuse a second page request).
    const again = await service('import-missing.json').importToContest({ name: 'CF', problemId: '1A', cid: first.id, displayId: 'B' }, root);
    expect(again.pid).toBe(got.pid);
    expect(await refusal(service('import-missing.json').importToContest({ name: 'CF', problemId: '1A', cid: c.id, displayId: 'C' }, root))).toBe('VALIDATION_FAILED');
    expect(pushed.some((m) => m.topic.includes(String(c.id)))).toBe(true);
  });

  it("a training: imports CF-1A's bank copy or a new problem, pushes training.changed; another admin's training is refused", async () => {
    const tid = await newTraining(root);
    pushed.length = 0;
    const fresh = await service('import-1A.json', { contest: '2', index: 'B' }).importToTraining({ name: 'CF', problemId: '2B', tid }, root);
    expect(fresh.problemId).toBe('CF-2B');
    const got = await service('import-missing.json').importToTraining({ name: 'CF', problemId: '1A', tid }, root);
    const rows = await t.db.select().from(trainingProblem).where(eq(trainingProblem.tid, tid));
    expect(rows.sort((a, b) => a.rank - b.rank)).toMatchObject([
      { pid: fresh.pid, displayId: 'CF-2B' },
      { pid: got.pid, displayId: 'CF-1A' },
    ]);
    expect(pushed.map((m) => [m.topic, m.event])).toContainEqual([topics.training(tid), 'training.changed']);
    expect(await refusal(service('import-missing.json').importToTraining({ name: 'CF', problemId: '1A', tid }, root))).toBe('TRAINING_PROBLEM_EXISTS');

    // A problem not in the bank: the site is asked; a problem the site does not have leaves the training as it was.
    expect(await refusal(service('import-missing.json').importToTraining({ name: 'CF', problemId: '99999Z', tid }, root))).toBe('REMOTE_PROBLEM_NOT_FOUND');
    expect(await t.db.select().from(trainingProblem).where(eq(trainingProblem.tid, tid))).toHaveLength(2);
    const mine = await newTraining(otherAdmin);
    expect(await refusal(service('import-1A.json').importToTraining({ name: 'CF', problemId: '1A', tid: mine }, root))).toBe('ok');
    const theirs = await newTraining(root);
    expect(await refusal(service('import-1A.json').importToTraining({ name: 'CF', problemId: '1A', tid: theirs }, otherAdmin))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(service('import-1A.json').importToTraining({ name: 'CF', problemId: '1A', tid: 2_000_000_000 }, root))).toBe('TRAINING_NOT_FOUND');
  });
});
