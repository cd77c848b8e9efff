import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodePack } from '@oj/proto';
import { makeJob } from '../job-fixture';
import { TestdataCache } from './cache';
import { acquireTestdata, caseData } from './case-data';

let dir: string;
let cache: TestdataCache;
let version: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'oj-case-data-'));
  const pack = encodePack([
    { name: 'a.in', data: Buffer.from('1 2\n') },
    { name: 'a.out', data: Buffer.from('3\n') },
  ]);
  version = createHash('sha256').update(pack).digest('hex');
  cache = new TestdataCache({ root: path.join(dir, 'cache'), fetch: async (v) => (v === version ? pack : null), maxBytes: 1 << 20 });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const stored = { caseId: 1, index: 1, input: '', output: '', inputName: 'a.in', outputName: 'a.out', score: 100, groupNum: null };

describe('case data', () => {
  it('reads stored cases from the cached version', async () => {
    const job = makeJob('C', '', { testdata: { version }, cases: [stored] });
    const held = await acquireTestdata(job, cache);
    expect(held).not.toBeNull();
    const d = await caseData(stored, dir, held);
    expect(d.expected).toEqual(Buffer.from('3\n'));
    expect(await readFile(d.inputFile, 'utf8')).toBe('1 2\n');
    held!.release();
  });

  it('keeps inline cases inline, even when the job names a version (an online test)', async () => {
    const job = makeJob('C', '', { testdata: { version } });
    expect(await acquireTestdata(job, cache)).toBeNull();
    expect(cache.fetches).toBe(0);
    const d = await caseData(job.problem.cases[0]!, dir, null);
    expect(await readFile(d.inputFile, 'utf8')).toBe('1 2\n');
    expect(d.expected).toEqual(Buffer.from(job.problem.cases[0]!.output));
  });

  it('writes each inline case\'s input over the last one: a shorter input leaves nothing of the longer', async () => {
    const long = await caseData({ caseId: 1, index: 1, input: '1000000 2000000\n', output: '3000000\n', score: 50, groupNum: null }, dir, null);
    expect(await readFile(long.inputFile, 'utf8')).toBe('1000000 2000000\n');
    const short = await caseData({ caseId: 2, index: 2, input: '1 2\n', output: '3\n', score: 50, groupNum: null }, dir, null);
    expect(await readFile(short.inputFile, 'utf8')).toBe('1 2\n');
    expect(short.expected).toEqual(Buffer.from('3\n'));
  });

  it('refuses stored cases without a version or with unsafe names', async () => {
    await expect(caseData(stored, dir, null)).rejects.toThrow(/names no version/);
    const held = await acquireTestdata(makeJob('C', '', { testdata: { version }, cases: [stored] }), cache);
    await expect(caseData({ ...stored, outputName: '../../etc/shadow' }, dir, held)).rejects.toThrow(/no valid test-data files/);
    await expect(acquireTestdata(makeJob('C', '', { testdata: { version }, cases: [stored] }), undefined)).rejects.toThrow(/no test-data cache/);
  });
});
