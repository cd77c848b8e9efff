// Importing a Codeforces problem into the bank from its recorded problem page, on the real database.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { languages, problemLanguage, problems, problemTag, tags } from '../db/schema';
import { seedRemoteLanguages } from '../db/seed';
import { addUser, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { listProblems } from '../problem/problem.repo';
import { loadFixture, replayHttp } from './http/replay-http';
import { createRemoteImportService } from './remote-import.service';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/codeforces');
const replay = (name: string) => replayHttp(loadFixture(path.join(dir, name)));

describe('importing a remote problem', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await startTestDb();
    await seedRemoteLanguages(t.db);
  });
  afterAll(() => t.stop());

  const service = (name: string) => createRemoteImportService(serviceContext(t.db), { http: replay(name) });

  it('stores CF-1A with its statement, limits as stated, samples, the site tags and languages, and no cases', async () => {
    const admin = await addUser(t.db, ['root']);
    const got = await service('import-1A.json').importProblem({ name: 'CF', problemId: '1A' }, admin);
    expect(got.problemId).toBe('CF-1A');
    const [p] = await t.db.select().from(problems).where(eq(problems.id, got.pid));
    expect(p).toMatchObject({ problemId: 'CF-1A', title: 'Two Numbers', timeLimit: 1000, memoryLimit: 256, isRemote: true, auth: 1, source: 'Codeforces 1A', author: admin.username });
    expect(p!.examples).toEqual([
      { input: '1 2\n', output: '3\n' },
      { input: '40 2\n', output: '42\n' },
    ]);
    const tagRows = await t.db.select({ name: tags.name, oj: tags.oj }).from(problemTag).innerJoin(tags, eq(tags.id, problemTag.tid)).where(eq(problemTag.pid, got.pid));
    expect(tagRows.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'implementation', oj: 'CF' },
      { name: 'math', oj: 'CF' },
    ]);
    const langs = await t.db.select({ name: languages.name, oj: languages.oj }).from(problemLanguage).innerJoin(languages, eq(languages.id, problemLanguage.lid)).where(eq(problemLanguage.pid, got.pid));
    expect(langs).toHaveLength(29);
    expect(langs.every((l) => l.oj === 'CF')).toBe(true);
    // The problem list's bank filter: CF shows it, our own bank does not.
    const cf = await listProblems(t.db, { all: false, oj: 'CF', tagIds: [] }, 50, 0);
    expect(cf.rows.map((r) => r.problemId)).toContain('CF-1A');
    const own = await listProblems(t.db, { all: false, oj: true, tagIds: [] }, 50, 0);
    expect(own.rows.map((r) => r.problemId)).not.toContain('CF-1A');
  });

  it.each([
    { oj: 'HDU', file: 'hdu/import-1000.json', problemId: '1000', title: '两数之和 (Sum of Two)', limits: [1000, 32], tags: [] as string[], languages: 7 },
    { oj: 'POJ', file: 'poj/import-1000.json', problemId: '1000', title: 'Sum of Two', limits: [1000, 10], tags: [], languages: 7 },
    { oj: 'SPOJ', file: 'spoj/import-TEST.json', problemId: 'TEST', title: 'Stop at Zero', limits: [1500, 1536], tags: ['basics', 'io'], languages: 6 },
  ] as const)('stores $oj-$problemId under its prefix with its limits, tags and the site languages', async ({ oj, file, problemId, title, limits, tags: siteTags, languages: count }) => {
    const admin = await addUser(t.db, ['root']);
    const http = replayHttp(loadFixture(path.join(dir, '..', file)));
    const got = await createRemoteImportService(serviceContext(t.db), { http }).importProblem({ name: oj, problemId }, admin);
    expect(got.problemId).toBe(`${oj}-${problemId}`);
    const [p] = await t.db.select().from(problems).where(eq(problems.id, got.pid));
    expect(p).toMatchObject({ title, timeLimit: limits[0], memoryLimit: limits[1], isRemote: true });
    const tagRows = await t.db.select({ name: tags.name, oj: tags.oj }).from(problemTag).innerJoin(tags, eq(tags.id, problemTag.tid)).where(eq(problemTag.pid, got.pid));
    expect(tagRows.map((r) => r.name).sort()).toEqual(siteTags);
    const langs = await t.db.select({ oj: languages.oj }).from(problemLanguage).innerJoin(languages, eq(languages.id, problemLanguage.lid)).where(eq(problemLanguage.pid, got.pid));
    expect(langs).toHaveLength(count);
    expect(langs.every((l) => l.oj === oj)).toBe(true);
    expect((await listProblems(t.db, { all: false, oj, tagIds: [] }, 50, 0)).rows.map((r) => r.problemId)).toEqual([`${oj}-${problemId}`]);
  });

  it('refuses a second import of the same problem, an unknown problem, a site that is down or changed, and non-admins', async () => {
    const admin = await addUser(t.db, ['root']);
    expect(await refusal(service('import-1A.json').importProblem({ name: 'CF', problemId: '1A' }, admin))).toBe('PROBLEM_ID_EXISTS');
    expect(await refusal(service('import-missing.json').importProblem({ name: 'CF', problemId: '99999Z' }, admin))).toBe('REMOTE_PROBLEM_NOT_FOUND');
    expect(await refusal(service('import-error-page.json').importProblem({ name: 'CF', problemId: '1A' }, admin))).toBe('REMOTE_SITE_UNAVAILABLE');
    expect(await refusal(service('import-timeout.json').importProblem({ name: 'CF', problemId: '1A' }, admin))).toBe('REMOTE_SITE_UNAVAILABLE');
    expect(await refusal(service('import-changed.json').importProblem({ name: 'CF', problemId: '1A' }, admin))).toBe('REMOTE_SITE_CHANGED');
    expect(await refusal(service('import-1A.json').importProblem({ name: 'CF', problemId: '1A' }, await addUser(t.db)))).toBe('AUTH_FORBIDDEN');
    const withoutSpoj = createRemoteImportService(serviceContext(t.db), { http: replay('import-1A.json'), adapters: {} });
    expect(await refusal(withoutSpoj.importProblem({ name: 'SPOJ', problemId: 'TEST' }, admin))).toBe('REMOTE_OJ_UNSUPPORTED');
  });
});
