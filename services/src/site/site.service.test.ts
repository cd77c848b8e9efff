import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../account/viewer';
import { RunnerRegistry } from '../judge/runner-registry';
import { addProblem, addUser, offerLanguage, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createSiteService } from './site.service';

describe('the language table', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await startTestDb();
  });
  afterAll(() => t.stop());

  it("tells a hidden problem's languages to admins only, and which languages the live runners can run", async () => {
    const runners = new RunnerRegistry();
    const site = createSiteService(serviceContext(t.db), runners);
    const [pub, hidden] = [await addProblem(t.db), await addProblem(t.db, { auth: 2 })];
    await offerLanguage(t.db, 'C', [pub.id, hidden.id]);
    await offerLanguage(t.db, 'Java', [pub.id]);
    const names = async (q: { pid?: number }, v: Viewer | null) => (await site.languages(q, v)).map((l) => [l.name, l.available]);

    expect(await names({ pid: pub.id }, null)).toEqual([
      ['C', undefined],
      ['Java', undefined],
    ]);
    expect(await names({ pid: hidden.id }, await addUser(t.db))).toEqual([]);
    expect(await names({ pid: hidden.id }, await addUser(t.db, ['problem_admin']))).toEqual([['C', undefined]]);
    expect(await names({ pid: 2_147_483_648 }, null)).toEqual([]);

    runners.record({ runnerId: 'r1', version: '1', languages: ['Java'], slots: 1, freeSlots: 1, at: Date.now() });
    expect(await names({}, null)).toEqual([
      ['C', false],
      ['Java', true],
    ]);
  });
});
