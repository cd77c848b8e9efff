import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { encodePack } from '@oj/proto';
import type { MemoryBus } from '../bus/memory-bus';
import { problemCase, problems } from '../db/schema';
import { addProblem, addUser, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { sha256Hex } from './case-set';
import { createTestdataService, type TestdataService } from './testdata.service';
import { readZip } from './zip';

const text = (s: string) => new TextEncoder().encode(s);
/** The names and texts of the files in a downloaded zip. */
const filesOf = (zip: Buffer) =>
  Object.fromEntries(readZip(zip, { entries: 10, fileBytes: 1000, totalBytes: 10_000 }, () => true).map((e) => [e.name, Buffer.from(e.data).toString()]));

describe('attaching and downloading test data', () => {
  let t: TestDb;
  let bus: MemoryBus;
  let service: TestdataService;

  beforeAll(async () => {
    t = await startTestDb();
    const ctx = serviceContext(t.db);
    bus = ctx.transport;
    service = createTestdataService(ctx);
  });
  afterAll(() => t.stop());

  /** Stores a pack of the files and answers its version. */
  async function storePack(files: Record<string, string>): Promise<string> {
    const pack = encodePack(Object.entries(files).map(([name, data]) => ({ name, data: text(data) })));
    const version = sha256Hex(pack);
    await bus.putTestdata(version, pack);
    return version;
  }

  it('attaches a stored case set to a problem for admins only, after checking every case names files of the set', async () => {
    const admin = await addUser(t.db, ['admin']);
    const user = await addUser(t.db);
    const p = await addProblem(t.db);
    const version = await storePack({ '1.in': '1', '1.out': '2', '2.in': '3', '2.out': '4' });
    const cases = [
      { input: '2.in', output: '2.out', score: 60 },
      { input: '1.in', output: '1.out', score: 40, groupNum: 1 },
    ];
    expect(await refusal(service.attach(p.id, version, cases, user))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(service.attach(p.id, 'f'.repeat(64), cases, admin))).toBe('TESTCASE_NOT_FOUND');
    expect(await refusal(service.attach(p.id, version, [{ input: '1.in', output: '3.out' }], admin))).toBe('TESTCASE_UNMATCHED');
    expect(await refusal(service.attach(p.id, version, [], admin))).toBe('TESTCASE_EMPTY');
    expect(await refusal(service.attach(p.id + 1000, version, cases, admin))).toBe('PROBLEM_NOT_FOUND');

    await service.attach(p.id, version, cases, admin);
    const rows = await t.db
      .select({ input: problemCase.input, output: problemCase.output, score: problemCase.score, groupNum: problemCase.groupNum, seq: problemCase.seq })
      .from(problemCase)
      .where(eq(problemCase.pid, p.id))
      .orderBy(asc(problemCase.seq));
    expect(rows).toEqual([
      { input: '2.in', output: '2.out', score: 60, groupNum: null, seq: 1 },
      { input: '1.in', output: '1.out', score: 40, groupNum: 1, seq: 2 },
    ]);
    const [after] = await t.db.select({ isUploadCase: problems.isUploadCase, caseVersion: problems.caseVersion }).from(problems).where(eq(problems.id, p.id));
    expect(after).toEqual({ isUploadCase: true, caseVersion: version });

    const zip = await service.download(p.id, admin);
    expect(zip.fileName).toMatch(new RegExp(`^problem_${p.problemId}_testcase_\\d+\\.zip$`));
    expect(filesOf(zip.zip)).toEqual({ '1.in': '1', '1.out': '2', '2.in': '3', '2.out': '4' });
  });

  it("downloads inline cases as numbered files, for admins and the problem's author only", async () => {
    const author = await addUser(t.db);
    const stranger = await addUser(t.db);
    const p = await addProblem(t.db, { author: author.username });
    await t.db.insert(problemCase).values([
      { pid: p.id, input: 'b', output: 'B', seq: 2 },
      { pid: p.id, input: 'a', output: 'A', seq: 1 },
    ]);
    expect(await refusal(service.download(p.id, stranger))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(service.download(p.id + 1000, author))).toBe('PROBLEM_NOT_FOUND');
    expect(filesOf((await service.download(p.id, author)).zip)).toEqual({ '1.in': 'a', '1.out': 'A', '2.in': 'b', '2.out': 'B' });
    expect(await refusal(service.download((await addProblem(t.db)).id, author))).toBe('AUTH_FORBIDDEN');
  });
});
