// The cached contest reads (contest-reads.ts) on the real database: every write path that changes what a contest
// page shows or who may see it is seen at once by the next request of this process; a write of another process
// (here: SQL behind the services' back) within the cache's time to live, not sooner and not later.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEST_AUTH } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { createMemoryBus } from '../bus/memory-bus';
import { DEFAULT_SERVICES_CONFIG } from '../config';
import { contestProblem, tags } from '../db/schema';
import { silentLogger } from '../logger';
import { setProblemAuth, setProblemTags, updateProblem, type ProblemRowValues } from '../problem-admin/problem-admin.repo';
import { addContest, addProblem, addUser, refusal } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { deleteContest, updateContest } from './contest-admin.repo';
import { deleteContestProblem, findContestProblem, insertContestProblem, updateContestProblem } from './contest-problem.repo';
import { createContestReads } from './contest-reads';
import { createContestService, type ContestService } from './contest.service';

const H = 3600_000;
const TTL = 60_000;

describe('cached contest reads', () => {
  let t: TestDb;
  let contests: ContestService;
  let author: Viewer;
  let user: Viewer;
  beforeAll(async () => {
    t = await startTestDb();
    // A long time to live: only the invalidation can make a change visible within these tests.
    contests = createContestService({ db: t.db, transport: createMemoryBus(), config: { ...DEFAULT_SERVICES_CONFIG, contestCacheMs: TTL }, logger: silentLogger() });
    author = await addUser(t.db, ['admin']);
    user = await addUser(t.db);
  });
  afterAll(() => t.stop());

  async function contestWithA(values: Parameters<typeof addContest>[4] = {}) {
    const c = await addContest(t.db, author.uid, Date.now() - H, 5 * 3600, values);
    const p = await addProblem(t.db, { title: 'original', description: 'first statement' });
    await t.db.insert(contestProblem).values({ cid: c.id, pid: p.id, displayId: 'A', displayTitle: 'Alpha' });
    return { c, p };
  }

  it('a contest edit (visibility, type of access) binds the very next request', async () => {
    const { c } = await contestWithA();
    expect((await contests.problemDetail({ cid: c.id, displayId: 'A' }, user)).displayTitle).toBe('Alpha');
    await updateContest(t.db, c.id, { visible: false });
    expect(await refusal(contests.problemDetail({ cid: c.id, displayId: 'A' }, user))).toBe('CONTEST_NOT_FOUND');
    expect(await refusal(contests.problems({ cid: c.id }, user))).toBe('CONTEST_NOT_FOUND');
    await updateContest(t.db, c.id, { visible: true, auth: CONTEST_AUTH.PRIVATE, pwd: 'secret' });
    expect(await refusal(contests.problemDetail({ cid: c.id, displayId: 'A' }, user))).toBe('CONTEST_NOT_REGISTERED');
  });

  it('a registration counts at once; a deleted contest is gone at once', async () => {
    const { c } = await contestWithA({ auth: CONTEST_AUTH.PRIVATE, pwd: 'secret' });
    const other = await addUser(t.db);
    expect(await refusal(contests.problemDetail({ cid: c.id, displayId: 'A' }, other))).toBe('CONTEST_NOT_REGISTERED');
    await contests.register({ cid: c.id, password: 'secret' }, other);
    expect(await refusal(contests.problemDetail({ cid: c.id, displayId: 'A' }, other))).toBe('ok');
    await t.db.transaction((tx) => deleteContest(tx, c.id));
    expect(await refusal(contests.problemDetail({ cid: c.id, displayId: 'A' }, other))).toBe('CONTEST_NOT_FOUND');
  });

  it('the participant count moves at once with a registration here, with another process’s only after the time to live', async () => {
    const { c } = await contestWithA({ auth: CONTEST_AUTH.PRIVATE, pwd: 'secret' });
    expect((await contests.info(c.id, author)).count).toBe(0);
    await contests.register({ cid: c.id, password: 'secret' }, await addUser(t.db));
    expect((await contests.info(c.id, author)).count).toBe(1);
    // Behind the service's back (another gateway's registration): the cached count holds for the time to live.
    const late = await addUser(t.db);
    await t.db.execute(sql`insert into contest_register (cid, uid) values (${c.id}, ${late.uid})`);
    expect((await contests.info(c.id, author)).count).toBe(1);
    const short = createContestReads(t.db, 200);
    expect(await short.participants(c.id)).toBe(2);
    await t.db.execute(sql`delete from contest_register where uid = ${late.uid}`);
    expect(await short.participants(c.id)).toBe(2);
    await new Promise((r) => setTimeout(r, 250));
    expect(await short.participants(c.id)).toBe(1);
  });

  it('contest problem edits (title, added, removed) show at once on the list and the page', async () => {
    const { c, p } = await contestWithA();
    expect((await contests.problems({ cid: c.id }, user)).map((x) => x.displayTitle)).toEqual(['Alpha']);
    const cp = (await findContestProblem(t.db, c.id, p.id))!;
    await t.db.transaction((tx) => updateContestProblem(tx, cp.id, { displayId: 'A', displayTitle: 'Alef', color: null }));
    expect((await contests.problemDetail({ cid: c.id, displayId: 'A' }, user)).displayTitle).toBe('Alef');
    expect((await contests.problems({ cid: c.id }, user)).map((x) => x.displayTitle)).toEqual(['Alef']);
    const q = await addProblem(t.db, { title: 'second' });
    await t.db.transaction((tx) => insertContestProblem(tx, { cid: c.id, pid: q.id, displayId: 'B', displayTitle: 'Beta', color: null }));
    expect((await contests.problems({ cid: c.id }, user)).map((x) => x.displayId)).toEqual(['A', 'B']);
    expect((await contests.problemDetail({ cid: c.id, displayId: 'B' }, user)).displayTitle).toBe('Beta');
    await t.db.transaction(async (tx) => deleteContestProblem(tx, c.id, (await findContestProblem(tx, c.id, q.id))!));
    expect(await refusal(contests.problemDetail({ cid: c.id, displayId: 'B' }, user))).toBe('CONTEST_PROBLEM_NOT_FOUND');
    expect((await contests.problems({ cid: c.id }, user)).map((x) => x.displayId)).toEqual(['A']);
  });

  it('problem edits (statement, tags, visibility) show at once on the contest problem page', async () => {
    const { c, p } = await contestWithA();
    expect((await contests.problemDetail({ cid: c.id, displayId: 'A' }, user)).problem.description).toBe('first statement');
    await t.db.transaction((tx) => updateProblem(tx, p.id, { description: 'second statement', modifiedUser: 'admin' } as unknown as ProblemRowValues));
    expect((await contests.problemDetail({ cid: c.id, displayId: 'A' }, user)).problem.description).toBe('second statement');
    const [tag] = await t.db.insert(tags).values({ name: 'cache-tag' }).returning({ id: tags.id });
    await t.db.transaction((tx) => setProblemTags(tx, p.id, [tag!.id]));
    expect((await contests.problemDetail({ cid: c.id, displayId: 'A' }, user)).tags.map((x) => x.name)).toEqual(['cache-tag']);
    await setProblemAuth(t.db, p.id, 2, 'admin');
    expect((await contests.problemDetail({ cid: c.id, displayId: 'A' }, user)).problem.auth).toBe(2);
  });

  it('another process’s write is seen once the entry is older than the time to live', async () => {
    const c = await addContest(t.db, author.uid, Date.now() - H, 5 * 3600);
    const reads = createContestReads(t.db, 200);
    expect((await reads.contest(c.id)).title).toBe('fixture');
    // Behind the cache's back, as another gateway's write would be: this process is not told.
    await t.db.execute(sql`update contest set title = 'renamed' where id = ${c.id}`);
    expect((await reads.contest(c.id)).title).toBe('fixture');
    await new Promise((r) => setTimeout(r, 250));
    expect((await reads.contest(c.id)).title).toBe('renamed');
    // Off (0): every read goes to the database.
    const off = createContestReads(t.db, 0);
    await t.db.execute(sql`update contest set title = 'again' where id = ${c.id}`);
    expect((await off.contest(c.id)).title).toBe('again');
    expect(await refusal(off.contest(2_000_000_000))).toBe('CONTEST_NOT_FOUND');
  });
});
