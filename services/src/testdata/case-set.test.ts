import { describe, expect, it } from 'vitest';
import { decodePack, OjError, TESTDATA_LIMITS, type ErrorCode } from '@oj/proto';
import { buildCaseSet, evenScores, naturalCompare, sha256Hex } from './case-set';
import { readZip, writeZip } from './zip';

const f = (name: string, text: string) => ({ name, data: Buffer.from(text) });
const zipOf = (...files: { name: string; data: Uint8Array }[]) => writeZip(files);

function codeOf(fn: () => unknown): ErrorCode | 'no error' {
  try {
    fn();
    return 'no error';
  } catch (e) {
    if (e instanceof OjError) return e.code;
    throw e;
  }
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

  it('refuses a corrupted entry and garbage', () => {
    const zip = zipOf(f('1.in', 'hello world hello world'));
    const broken = Buffer.from(zip);
    broken[40] = broken[40]! ^ 0xff; // inside the deflated data
    expect(codeOf(() => readZip(broken, TESTDATA_LIMITS, () => true))).toMatch(/TESTCASE_INVALID_ZIP|FILE_TOO_LARGE/);
    expect(codeOf(() => readZip(Buffer.from('PK\x03\x04 not really a zip'), TESTDATA_LIMITS, () => true))).toBe('TESTCASE_INVALID_ZIP');
  });
});

describe('buildCaseSet', () => {
  it('pairs .in with .out or .ans in natural order, scores evenly, and versions by content', () => {
    const zip = zipOf(f('10.in', 'x'), f('10.out', 'y'), f('2.in', 'a'), f('2.ans', 'b'), f('1.in', 'p'), f('1.out', 'q'), f('README.txt', 'ignored'));
    const set = buildCaseSet(zip);
    expect(set.cases).toEqual([
      { input: '1.in', output: '1.out', score: 33 },
      { input: '2.in', output: '2.ans', score: 33 },
      { input: '10.in', output: '10.out', score: 34 },
    ]);
    expect(set.version).toBe(sha256Hex(set.pack));
    expect(decodePack(set.pack).map((x) => x.name)).toEqual(['1.in', '1.out', '10.in', '10.out', '2.ans', '2.in']);
    // Same files in another order and another compression: the same version.
    const again = buildCaseSet(zipOf(f('1.in', 'p'), f('1.out', 'q'), f('2.in', 'a'), f('2.ans', 'b'), f('10.in', 'x'), f('10.out', 'y')));
    expect(again.version).toBe(set.version);
    // One byte changed: a new version.
    expect(buildCaseSet(zipOf(f('1.in', 'p'), f('1.out', 'Q'), f('2.in', 'a'), f('2.ans', 'b'), f('10.in', 'x'), f('10.out', 'y'))).version).not.toBe(set.version);
  });

  it('accepts one wrapping folder and ignores macOS metadata', () => {
    const set = buildCaseSet(zipOf(f('data/1.in', '1'), f('data/1.out', '1'), f('__MACOSX/data/._1.in', 'junk'), f('data/.DS_Store', 'junk')));
    expect(set.cases.map((c) => c.input)).toEqual(['1.in']);
  });

  it('gives each case its own group in subtask modes, and takes scores and groups from info.json', () => {
    const files = [f('1.in', '1'), f('1.out', '1'), f('2.in', '2'), f('2.out', '2')];
    expect(buildCaseSet(zipOf(...files), { mode: 'subtask_lowest' }).cases.map((c) => c.groupNum)).toEqual([1, 2]);
    const info = f('info.json', JSON.stringify({ cases: [{ input: '1.in', score: 30, groupNum: 1 }, { input: '2.in', score: 70, groupNum: 1 }] }));
    expect(buildCaseSet(zipOf(...files, info), { mode: 'subtask_average' }).cases).toEqual([
      { input: '1.in', output: '1.out', score: 30, groupNum: 1 },
      { input: '2.in', output: '2.out', score: 70, groupNum: 1 },
    ]);
    expect(codeOf(() => buildCaseSet(zipOf(...files, f('info.json', '{"cases":[{"input":"9.in"}]}'))))).toBe('TESTCASE_BAD_INFO');
    expect(codeOf(() => buildCaseSet(zipOf(...files, f('info.json', 'not json'))))).toBe('TESTCASE_BAD_INFO');
    expect(codeOf(() => buildCaseSet(zipOf(...files, f('info.json', '{"cases":[{"input":"1.in","score":-1}]}'))))).toBe('TESTCASE_BAD_INFO');
  });

  it('refuses mismatched names', () => {
    expect(codeOf(() => buildCaseSet(zipOf(f('1.in', '1'), f('2.out', '2'))))).toBe('TESTCASE_UNMATCHED');
    expect(codeOf(() => buildCaseSet(zipOf(f('1.in', '1'), f('1.out', '1'), f('3.ans', '3'))))).toBe('TESTCASE_UNMATCHED');
    expect(codeOf(() => buildCaseSet(zipOf(f('notes.txt', 'x'))))).toBe('TESTCASE_EMPTY');
    expect(codeOf(() => buildCaseSet(zipOf(f('a/1.in', '1'), f('b/1.in', '1'), f('1.out', '1'))))).toBe('TESTCASE_INVALID_ZIP');
  });

  it('refuses path traversal and absolute paths, even in files it would ignore', () => {
    for (const name of ['../1.in', 'a/../../1.in', '/etc/1.in', 'C:/x/1.in', '..\\..\\1.in', '../evil.txt']) {
      expect(codeOf(() => buildCaseSet(zipOf(f('1.in', '1'), f('1.out', '1'), f(name, 'x'))))).toBe('TESTCASE_UNSAFE_PATH');
    }
  });

  it('refuses zip bombs: a lying header stops at the declared size, honest huge sizes are refused before inflating', () => {
    const big = Buffer.alloc(8 * 1024 * 1024); // deflates to a few KiB
    const lying = lieAboutSizes(zipOf({ name: '1.in', data: big }, f('1.out', '')), 100);
    expect(codeOf(() => buildCaseSet(lying))).toBe('FILE_TOO_LARGE');
    const limits = { ...TESTDATA_LIMITS, fileBytes: 1024 * 1024, totalBytes: 4 * 1024 * 1024 };
    expect(codeOf(() => buildCaseSet(zipOf({ name: '1.in', data: big }, f('1.out', '')), { limits }))).toBe('FILE_TOO_LARGE');
  });

  it('refuses too big: per file, in total, too many cases, the zip itself', () => {
    const limits = { zipBytes: 4096, fileBytes: 100, totalBytes: 150, entries: 10, cases: 2 };
    const text = (n: number) => 'x'.repeat(n);
    expect(codeOf(() => buildCaseSet(zipOf(f('1.in', text(101)), f('1.out', '')), { limits }))).toBe('FILE_TOO_LARGE');
    expect(codeOf(() => buildCaseSet(zipOf(f('1.in', text(80)), f('1.out', text(80))), { limits }))).toBe('FILE_TOO_LARGE');
    expect(codeOf(() => buildCaseSet(zipOf(f('1.in', ''), f('1.out', ''), f('2.in', ''), f('2.out', ''), f('3.in', ''), f('3.out', '')), { limits }))).toBe('FILE_TOO_LARGE');
    const many = Array.from({ length: 11 }, (_, i) => f(`${i}.txt`, ''));
    expect(codeOf(() => buildCaseSet(zipOf(...many), { limits }))).toBe('FILE_TOO_LARGE');
    expect(codeOf(() => buildCaseSet(Buffer.alloc(5000), { limits }))).toBe('FILE_TOO_LARGE');
    expect(codeOf(() => buildCaseSet(zipOf(f('1.in', '1'), f('1.out', '1')), { limits }))).toBe('no error');
  });
});

describe('helpers', () => {
  it('splits 100 evenly and sorts names naturally', () => {
    expect(evenScores(3)).toEqual([33, 33, 34]);
    expect(evenScores(4).reduce((a, b) => a + b)).toBe(100);
    expect(['10.in', '2.in', '1.in'].sort(naturalCompare)).toEqual(['1.in', '2.in', '10.in']);
  });
});
