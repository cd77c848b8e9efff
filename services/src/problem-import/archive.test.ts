import { createHash } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { writeZip } from '../testdata/zip';
import { openZip, RATIO_MIN_BYTES } from './archive';
import { readArchive } from './index';
import { IMPORT_LIMITS } from './types';
import { refusal } from '../testing/import-refusal';

const tooLarge = (named: string) => expect.objectContaining({ code: 'FILE_TOO_LARGE', params: { detail: expect.stringContaining(named) } });

/** Deterministic incompressible bytes. */
function noise(n: number): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; parts.length * 32 < n; i++) parts.push(createHash('sha256').update(String(i)).digest());
  return Buffer.concat(parts).subarray(0, n);
}

/** 2 MiB that deflate to about 1/`ratio` of their size: some noise, then zeros (found by bisection on the noise). */
function compressibleTo(ratio: number): Buffer {
  const size = 2 * RATIO_MIN_BYTES;
  const make = (r: number) => Buffer.concat([noise(r), Buffer.alloc(size - r)]);
  let lo = 0;
  let hi = size / 10;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (size / deflateRawSync(make(mid)).length > ratio) lo = mid;
    else hi = mid;
  }
  return make(lo);
}

describe('archive access', () => {
  it.each([
    ['../evil.json', 'hoj'],
    ['problem_1/../../evil.in', 'hoj'],
    ['/etc/cron.d/evil', 'qduoj'],
    ['..\\..\\evil.yaml', 'hydro'],
    ['C:/Windows/evil.in', 'icpc'],
    ['data/secret/a\u0000.in', 'icpc'],
  ] as const)('refuses the path escape %j, naming the entry', (name, format) => {
    const zip = writeZip([
      { name: 'problem.yaml', data: Buffer.from('name: x\n') },
      { name, data: Buffer.from('x') },
    ]);
    expect(() => readArchive(format, zip)).toThrow(refusal('ARCHIVE_ENTRY_OUTSIDE', `the archive entry ${JSON.stringify(name)} points outside the archive (absolute path, .. or control character)`, { name: JSON.stringify(name) }));
  });

  it('refuses an entry that inflates 101 times its size (zip bomb), naming it', () => {
    const data = compressibleTo(101);
    const ratio = data.length / deflateRawSync(data).length;
    expect(ratio).toBeGreaterThan(100);
    expect(ratio).toBeLessThan(103);
    const zip = writeZip([{ name: 'data/secret/bomb.in', data }]);
    expect(() => readArchive('icpc', zip)).toThrow(tooLarge('data/secret/bomb.in'));
  });

  it('accepts an entry of 99:1 and small entries of any ratio', () => {
    const zip = writeZip([
      { name: 'big.in', data: compressibleTo(99) },
      { name: 'zeros.in', data: Buffer.alloc(RATIO_MIN_BYTES) },
    ]);
    expect([...openZip(zip).keys()]).toEqual(['big.in', 'zeros.in']);
  });

  it('refuses more entries than the limit', () => {
    const zip = writeZip(Array.from({ length: 12 }, (_, i) => ({ name: `${i}.in`, data: Buffer.from('1') })));
    expect(() => openZip(zip, undefined, { ...IMPORT_LIMITS, entries: 10 })).toThrow(tooLarge('more than 10 entries'));
  });

  it('refuses a file or a total over the limits, naming the file', () => {
    const zip = writeZip([
      { name: 'a.in', data: Buffer.alloc(600) },
      { name: 'b.in', data: Buffer.alloc(600) },
    ]);
    expect(() => openZip(zip, undefined, { ...IMPORT_LIMITS, fileBytes: 500 })).toThrow(tooLarge('a.in'));
    expect(() => openZip(zip, undefined, { ...IMPORT_LIMITS, totalBytes: 1000 })).toThrow(tooLarge('more than 1000 bytes'));
  });

  it('refuses what is not a zip', () => {
    expect(() => readArchive('hoj', Buffer.from('not a zip at all, just text'))).toThrow(refusal('ARCHIVE_NOT_ZIP', 'the archive is not a valid zip file: no end of central directory', { error: 'no end of central directory' }));
  });

  it('strips one common top folder only when the package is not already at the top; drops macOS junk', () => {
    const zip = writeZip([
      { name: 'pkg/problem.yaml', data: Buffer.from('') },
      { name: 'pkg/data/x.in', data: Buffer.from('') },
      { name: '__MACOSX/pkg/._problem.yaml', data: Buffer.from('') },
    ]);
    expect([...openZip(zip, (paths) => paths.includes('problem.yaml')).keys()]).toEqual(['problem.yaml', 'data/x.in']);
    expect([...openZip(zip, (paths) => paths.some((p) => p.endsWith('/problem.yaml'))).keys()]).toEqual(['pkg/problem.yaml', 'pkg/data/x.in']);
  });

  it('refuses more problems than one import may bring', () => {
    const item = (i: number) => `<item><title>P${i}</title><time_limit>1</time_limit><memory_limit>64</memory_limit><test_input>1</test_input><test_output>1</test_output></item>`;
    const xml = `<fps version="1.2">${Array.from({ length: IMPORT_LIMITS.problems + 1 }, (_, i) => item(i)).join('')}</fps>`;
    expect(() => readArchive('fps', Buffer.from(xml))).toThrow(
      refusal('TOO_MANY_PROBLEMS', `the archive holds ${IMPORT_LIMITS.problems + 1} problems, more than the ${IMPORT_LIMITS.problems} one import may bring`, { count: IMPORT_LIMITS.problems + 1, max: IMPORT_LIMITS.problems }),
    );
  });
});
