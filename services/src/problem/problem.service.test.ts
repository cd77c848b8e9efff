import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ProblemType } from '@oj/proto';
import { codeTemplate, languages, problemTag, tags } from '../db/schema';
import { addProblem, addUser, offerLanguage, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createProblemService, findVisibleProblem, parseTagIds, type ProblemService } from './problem.service';

describe('tag ids of the problem list', () => {
  it('accept a number, a list or a comma-separated string, keeping distinct positive int4 ids', () => {
    expect(parseTagIds(undefined)).toEqual([]);
    expect(parseTagIds(3)).toEqual([3]);
    expect(parseTagIds([2, 2, 5])).toEqual([2, 5]);
    expect(parseTagIds(' 4, x,0,-1, 7 ,4,2147483648')).toEqual([4, 7]);
  });
});

describe('problem visibility', () => {
  let t: TestDb;
  let problems: ProblemService;
  let n = 0;
  beforeAll(async () => {
    t = await startTestDb();
    problems = createProblemService(serviceContext(t.db));
  });
  afterAll(() => t.stop());

  /** A public, a private and a contest-only problem whose titles share a keyword no other test uses. */
  async function threeProblems() {
    const keyword = `vis${++n}x`;
    const title = (s: string) => `${keyword} ${s}`;
    return {
      keyword,
      pub: await addProblem(t.db, { title: title('public'), auth: 1 }),
      priv: await addProblem(t.db, { title: title('private'), auth: 2 }),
      contestOnly: await addProblem(t.db, { title: title('contest'), auth: 3 }),
    };
  }

  it('lists and opens public problems only for anonymous callers and users, every problem for admins', async () => {
    const { keyword, pub, priv, contestOnly } = await threeProblems();
    const user = await addUser(t.db);
    const admin = await addUser(t.db, ['admin']);
    const listed = async (v: typeof user | null) => (await problems.list({ keyword }, v)).records.map((r) => r.pid);
    expect(await listed(null)).toEqual([pub.id]);
    expect(await listed(user)).toEqual([pub.id]);
    expect(await listed(admin)).toEqual([pub.id, priv.id, contestOnly.id]);
    expect((await problems.list({ keyword }, admin)).total).toBe(3);

    for (const hidden of [priv, contestOnly]) {
      expect(await refusal(problems.detail(hidden.problemId, null))).toBe('PROBLEM_NOT_FOUND');
      expect(await refusal(problems.detail(hidden.problemId, user))).toBe('PROBLEM_NOT_FOUND');
      expect((await problems.detail(hidden.problemId, admin)).problem.id).toBe(hidden.id);
      expect(await findVisibleProblem(t.db, hidden.problemId, user)).toBeNull();
    }
    expect((await problems.detail(pub.problemId, null)).problem.title).toBe(`${keyword} public`);
    expect(await refusal(problems.detail('no-such-problem', admin))).toBe('PROBLEM_NOT_FOUND');
  });

  it('keeps only problems carrying every asked tag, and shows the OI score on OI problems only', async () => {
    const { keyword, pub } = await threeProblems();
    const oi = await addProblem(t.db, { title: `${keyword} oi`, type: ProblemType.OI, ioScore: 80 });
    const [red, blue] = await t.db.insert(tags).values([{ name: `${keyword}-red` }, { name: `${keyword}-blue` }]).returning();
    await t.db.insert(problemTag).values([
      { pid: pub.id, tid: red!.id },
      { pid: oi.id, tid: red!.id },
      { pid: oi.id, tid: blue!.id },
    ]);
    const page = await problems.list({ keyword, tagId: `${red!.id},${blue!.id}` }, null);
    expect(page.records.map((r) => [r.pid, r.score, r.tags.map((g) => g.name)])).toEqual([[oi.id, 80, [`${keyword}-red`, `${keyword}-blue`]]]);
    const byRed = await problems.list({ keyword, tagId: red!.id }, null);
    expect(byRed.records.map((r) => [r.pid, r.score])).toEqual([
      [pub.id, null],
      [oi.id, 80],
    ]);
  });

  it("gives a problem's languages with its own enabled template before the language's", async () => {
    const p = await addProblem(t.db);
    await offerLanguage(t.db, 'C', [p.id]);
    await offerLanguage(t.db, 'Python3', [p.id]);
    const [c] = await t.db.select().from(languages).where(eq(languages.name, 'C'));
    const [py] = await t.db.select().from(languages).where(eq(languages.name, 'Python3'));
    await t.db.update(languages).set({ codeTemplate: 'print()' }).where(eq(languages.id, py!.id));
    await t.db.insert(codeTemplate).values([
      { pid: p.id, lid: c!.id, code: 'int main(){}' },
      { pid: p.id, lid: py!.id, code: 'disabled', status: false },
    ]);
    const info = await problems.detail(p.problemId, null);
    expect(info.languages).toEqual(['C', 'Python3']);
    expect(info.codeTemplate).toEqual({ C: 'int main(){}', Python3: 'print()' });
  });
});
