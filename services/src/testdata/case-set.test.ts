import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodePack, OjError, TESTDATA_LIMITS, type ErrorCode } from '@oj/proto';
import { buildCaseSet, buildCaseSetInMemory as build, evenScores, naturalCompare, sha256Hex } from './case-set';
import { readZip, writeZip } from './zip';
import { fileSource } from './zip-file';

const f = (name: string, text: string) => ({ name, data: Buffer.from(text) });
const zipOf = (...files: { name: string; data: Uint8Array }[]) => writeZip(files);

/** The error code a call fails with (sync or async), or 'no error'. */
async function codeOf(fn: () => unknown): Promise<ErrorCode | 'no error'> {
  try {
    await fn();
    return 'no error';
  } catch (e) {
    if (e instanceof OjError) return e.code;
    throw e;
  }
}

/** The error a call fails with: its code and parameters. */
async function errorOf(fn: () => unknown): Promise<{ code: string; params: unknown }> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof OjError) return { code: e.code, params: e.params };
    throw e;
  }
  throw new Error('no error');
}

/** Rewrites the declared uncompressed size of every entry (local and central headers). */
function lieAboutSizes(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50) out.writeUInt32LE(size, i + 22);
    if (sig === 0x02014b50) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

describe('zip reader', () => {
  it('reads back what the writer wrote, CRC-checked', () => {
    const files = [f('1.in', '1 2\n'), f('dir/1.out', '3\n'), f('empty.in', '')];
    const back = readZip(writeZip(files), TESTDATA_LIMITS, () => true);
    expect(back.map((e) => [e.name, e.data.toString()])).toEqual(files.map((x) => [x.name, x.data.toString()]));
  });

  it('refuses a corrupted entry and garbage', async () => {
    const zip = zipOf(f('1.in', 'hello world hello world'));
    const broken = Buffer.from(zip);
    broken[40] = broken[40]! ^ 0xff; // inside the deflated data
    expect(await codeOf(() => readZip(broken, TESTDATA_LIMITS, () => true))).toMatch(/TESTCASE_INVALID_ZIP|FILE_TOO_LARGE/);
    expect(await codeOf(() => readZip(Buffer.from('PK\x03\x04 not really a zip'), TESTDATA_LIMITS, () => true))).toBe('TESTCASE_INVALID_ZIP');
  });
});

describe('buildCaseSet', () => {
  it('pairs .in with .out or .ans in natural order, scores evenly, and versions by content', async () => {
    const zip = zipOf(f('10.in', 'x'), f('10.out', 'y'), f('2.in', 'a'), f('2.ans', 'b'), f('1.in', 'p'), f('1.out', 'q'), f('README.txt', 'ignored'));
    const set = await build(zip);
    expect(set.cases).toEqual([
      { input: '1.in', output: '1.out', score: 33 },
      { input: '2.in', output: '2.ans', score: 33 },
      { input: '10.in', output: '10.out', score: 34 },
    ]);
    expect(set.version).toBe(sha256Hex(set.pack));
    expect(decodePack(set.pack).map((x) => x.name)).toEqual(['1.in', '1.out', '10.in', '10.out', '2.ans', '2.in']);
    // Same files in another order and another compression: the same version.
    const again = await build(zipOf(f('1.in', 'p'), f('1.out', 'q'), f('2.in', 'a'), f('2.ans', 'b'), f('10.in', 'x'), f('10.out', 'y')));
    expect(again.version).toBe(set.version);
    // One byte changed: a new version.
    expect((await build(zipOf(f('1.in', 'p'), f('1.out', 'Q'), f('2.in', 'a'), f('2.ans', 'b'), f('10.in', 'x'), f('10.out', 'y')))).version).not.toBe(set.version);
  });

  it('accepts one wrapping folder and ignores macOS metadata', async () => {
    const set = await build(zipOf(f('data/1.in', '1'), f('data/1.out', '1'), f('__MACOSX/data/._1.in', 'junk'), f('data/.DS_Store', 'junk')));
    expect(set.cases.map((c) => c.input)).toEqual(['1.in']);
  });

  it('gives each case its own group in subtask modes, and takes scores and groups from info.json', async () => {
    const files = [f('1.in', '1'), f('1.out', '1'), f('2.in', '2'), f('2.out', '2')];
    expect((await build(zipOf(...files), { mode: 'subtask_lowest' })).cases.map((c) => c.groupNum)).toEqual([1, 2]);
    const info = f('info.json', JSON.stringify({ cases: [{ input: '1.in', score: 30, groupNum: 1 }, { input: '2.in', score: 70, groupNum: 1 }] }));
    expect((await build(zipOf(...files, info), { mode: 'subtask_average' })).cases).toEqual([
      { input: '1.in', output: '1.out', score: 30, groupNum: 1 },
      { input: '2.in', output: '2.out', score: 70, groupNum: 1 },
    ]);
    expect(await codeOf(() => build(zipOf(...files, f('info.json', '{"cases":[{"input":"9.in"}]}'))))).toBe('TESTCASE_BAD_INFO');
    expect(await codeOf(() => build(zipOf(...files, f('info.json', 'not json'))))).toBe('TESTCASE_BAD_INFO');
    expect(await codeOf(() => build(zipOf(...files, f('info.json', '{"cases":[{"input":"1.in","score":-1}]}'))))).toBe('TESTCASE_BAD_INFO');
  });

  it('refuses mismatched names', async () => {
    expect(await codeOf(() => build(zipOf(f('1.in', '1'), f('2.out', '2'))))).toBe('TESTCASE_UNMATCHED');
    expect(await codeOf(() => build(zipOf(f('1.in', '1'), f('1.out', '1'), f('3.ans', '3'))))).toBe('TESTCASE_UNMATCHED');
    expect(await codeOf(() => build(zipOf(f('notes.txt', 'x'))))).toBe('TESTCASE_EMPTY');
    expect(await codeOf(() => build(zipOf(f('a/1.in', '1'), f('b/1.in', '1'), f('1.out', '1'))))).toBe('TESTCASE_INVALID_ZIP');
  });

  it('refuses a case stored as a symbolic link (its data would be the target\'s path), naming it', async () => {
    const zip = writeZip([f('1.in', '1'), f('1.out', '1'), { ...f('2.in', '1.in'), symlink: true }, f('2.out', '1')]);
    expect(await errorOf(() => build(zip))).toEqual({ code: 'TESTCASE_INVALID_ZIP', params: { detail: expect.stringContaining('2.in') } });
  });

  it('refuses path traversal and absolute paths, even in files it would ignore', async () => {
    for (const name of ['../1.in', 'a/../../1.in', '/etc/1.in', 'C:/x/1.in', '..\\..\\1.in', '../evil.txt']) {
      expect(await codeOf(() => build(zipOf(f('1.in', '1'), f('1.out', '1'), f(name, 'x'))))).toBe('TESTCASE_UNSAFE_PATH');
    }
  });

  it('refuses zip bombs: a lying header stops at the declared size, honest huge sizes are refused before inflating', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024); // deflates to a few KiB
    const lying = lieAboutSizes(zipOf({ name: '1.in', data: big }, f('1.out', '')), 100);
    expect(await codeOf(() => build(lying))).toBe('FILE_TOO_LARGE');
    const limits = { ...TESTDATA_LIMITS, fileBytes: 1024 * 1024, totalBytes: 4 * 1024 * 1024 };
    expect(await codeOf(() => build(zipOf({ name: '1.in', data: big }, f('1.out', '')), { limits }))).toBe('FILE_TOO_LARGE');
  });

  it('refuses too big: per file, in total, too many cases, the zip itself', async () => {
    const limits = { zipBytes: 4096, fileBytes: 100, totalBytes: 150, entries: 10, cases: 2, maxRatio: 200, maxDepth: 16 };
    const text = (n: number) => 'x'.repeat(n);
    expect(await codeOf(() => build(zipOf(f('1.in', text(101)), f('1.out', '')), { limits }))).toBe('FILE_TOO_LARGE');
    expect(await codeOf(() => build(zipOf(f('1.in', text(80)), f('1.out', text(80))), { limits }))).toBe('FILE_TOO_LARGE');
    expect(await codeOf(() => build(zipOf(f('1.in', ''), f('1.out', ''), f('2.in', ''), f('2.out', ''), f('3.in', ''), f('3.out', '')), { limits }))).toBe('FILE_TOO_LARGE');
    const many = Array.from({ length: 11 }, (_, i) => f(`${i}.txt`, ''));
    expect(await codeOf(() => build(zipOf(...many), { limits }))).toBe('FILE_TOO_LARGE');
    expect(await codeOf(() => build(Buffer.alloc(5000), { limits }))).toBe('FILE_TOO_LARGE');
    expect(await codeOf(() => build(zipOf(f('1.in', '1'), f('1.out', '1')), { limits }))).toBe('no error');
  });
});

describe('helpers', () => {
  it('splits 100 evenly and sorts names naturally', () => {
    expect(evenScores(3)).toEqual([33, 33, 34]);
    expect(evenScores(4).reduce((a, b) => a + b)).toBe(100);
    expect(['10.in', '2.in', '1.in'].sort(naturalCompare)).toEqual(['1.in', '2.in', '10.in']);
  });
});

describe('reading an upload from disk, streaming', () => {
  it('writes the same pack as the in-memory path, from stored and deflated entries, and reports its progress', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'oj-case-set-'));
    try {
      const files = [f('b/2.in', 'x'.repeat(300_000)), f('b/2.out', 'y'), f('1.in', '1 2\n'), f('1.out', '3\n')];
      for (const store of [true, false]) {
        const zipPath = path.join(dir, `cases-${store}.zip`);
        await writeFile(zipPath, writeZip(files, { store }));
        const src = await fileSource(zipPath);
        const chunks: Uint8Array[] = [];
        const seen: [number, number][] = [];
        const set = await buildCaseSet(src, async (c) => void chunks.push(Uint8Array.from(c)), { onProgress: (d, t) => seen.push([d, t]) });
        await src.close();
        const pack = Buffer.concat(chunks);
        expect(set.version).toBe(sha256Hex(pack));
        expect(set.bytes).toBe(pack.length);
        expect(set.version).toBe((await build(writeZip(files))).version);
        expect(decodePack(pack).map((x) => [x.name, x.data.length])).toEqual([['1.in', 4], ['1.out', 2], ['2.in', 300_000], ['2.out', 1]]);
        expect(seen.at(-1)).toEqual([300_007, 300_007]);
      }
      expect((await readFile(path.join(dir, 'cases-true.zip'))).includes(Buffer.from('x'.repeat(1000)))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names the first bad entry', async () => {
    const unsafe = await errorOf(() => build(zipOf(f('1.in', '1'), f('1.out', '1'), f('x/../../a.txt', ''), f('../b.in', ''))));
    expect(unsafe).toEqual({ code: 'TESTCASE_UNSAFE_PATH', params: { name: '"x/../../a.txt"' } });
    const unmatched = await errorOf(() => build(zipOf(f('10.in', ''), f('2.in', ''), f('10.out', ''))));
    expect(unmatched).toEqual({ code: 'TESTCASE_UNMATCHED', params: { name: '2.in', want: '.out/.ans' } });
    const big = await errorOf(() => build(zipOf(f('1.in', 'x'.repeat(50)), f('1.out', ''), f('2.in', 'y'.repeat(200)), f('2.out', '')), { limits: { ...TESTDATA_LIMITS, fileBytes: 100 } }));
    expect(big).toEqual({ code: 'FILE_TOO_LARGE', params: { detail: '2.in is larger than 100 bytes' } });
    // A stored entry whose bytes were changed fails its CRC, named.
    const zip = writeZip([f('1.in', 'hello'), f('1.out', 'world')], { store: true });
    const at = zip.indexOf('world');
    zip.write('WORLD', at);
    expect(await errorOf(() => build(zip))).toEqual({ code: 'TESTCASE_INVALID_ZIP', params: { detail: '1.out fails its CRC check' } });
  });

  it('checks group numbers in subtask modes: from info.json for every case or for none', async () => {
    const files = [f('1.in', '1'), f('1.out', '1'), f('2.in', '2'), f('2.out', '2')];
    const partial = f('info.json', JSON.stringify({ cases: [{ input: '1.in', groupNum: 2 }, { input: '2.in', score: 40 }] }));
    expect(await errorOf(() => build(zipOf(...files, partial), { mode: 'subtask_lowest' }))).toEqual({
      code: 'TESTCASE_BAD_INFO',
      params: { detail: '2.in has no groupNum (every case needs one in subtask modes)' },
    });
    // Outside the subtask modes a group is kept as given and nothing else is required.
    expect((await build(zipOf(...files, partial))).cases.map((c) => c.groupNum)).toEqual([2, undefined]);
    const zero = f('info.json', JSON.stringify({ cases: [{ input: '1.in', groupNum: 0 }] }));
    expect(await codeOf(() => build(zipOf(...files, zero), { mode: 'subtask_average' }))).toBe('TESTCASE_BAD_INFO');
  });

  it('takes the subtasks\' dependencies from info.json in subtask modes, checked against the groups', async () => {
    const files = [f('1.in', '1'), f('1.out', '1'), f('2.in', '2'), f('2.out', '2')];
    const info = (subtasks: unknown) => f('info.json', JSON.stringify({ cases: [{ input: '1.in', groupNum: 1 }, { input: '2.in', groupNum: 2 }], subtasks }));
    expect((await build(zipOf(...files, info([{ groupNum: 2, dependencies: [1, 1] }])), { mode: 'subtask_lowest' })).subtaskDependencies).toEqual([{ groupNum: 2, dependencies: [1] }]);
    // Outside the subtask modes there are no subtasks to depend on.
    expect((await build(zipOf(...files, info([{ groupNum: 2, dependencies: [1] }])))).subtaskDependencies).toBeUndefined();
    expect(await errorOf(() => build(zipOf(...files, info([{ groupNum: 2, dependencies: [3] }])), { mode: 'subtask_lowest' }))).toEqual({ code: 'TESTCASE_BAD_INFO', params: { detail: 'subtask 3 in subtasks has no case' } });
    expect(await codeOf(() => build(zipOf(...files, info([{ groupNum: 2, dependencies: [1] }, { groupNum: 1, dependencies: [2] }])), { mode: 'subtask_average' }))).toBe('TESTCASE_BAD_INFO');
    expect(await codeOf(() => build(zipOf(...files, info([{ groupNum: 2, dependencies: 'x' }])), { mode: 'subtask_average' }))).toBe('TESTCASE_BAD_INFO');
  });
});
