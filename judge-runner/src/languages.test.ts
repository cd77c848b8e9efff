import { describe, expect, it } from 'vitest';
import { LOCAL_LANGUAGES } from '@oj/proto';
import { detectLanguages, LANGUAGES, limitFactor, type LanguageDef } from './languages';
import { checkSystemPackages, MissingSystemPackagesError } from './sandbox/system-check';

describe('languages table', () => {
  it('has exactly the proto language names', () => {
    expect(LANGUAGES.map((l) => l.name).sort()).toEqual(LOCAL_LANGUAGES.map((l) => l.name).sort());
  });
  it('doubles limits only for non-C/C++', () => {
    expect(limitFactor('C++ 17 With O2')).toBe(1);
    expect(limitFactor('C')).toBe(1);
    expect(limitFactor('Java')).toBe(2);
    expect(limitFactor('Python3')).toBe(2);
  });
  it('builds java with -Xmx/-Xss from the limits', () => {
    const java = LANGUAGES.find((l) => l.name === 'Java')!;
    expect(java.run({ memoryMb: 512, stackMb: 128 })).toEqual(expect.arrayContaining(['-Xmx512m', '-Xss128m', '/w', 'Main']));
  });
  it('advertises only languages whose toolchain exists', async () => {
    const fake: LanguageDef = { ...LANGUAGES[0]!, name: 'C', requires: ['/nonexistent/gcc'] };
    expect(await detectLanguages([fake, LANGUAGES[9]!])).toEqual([LANGUAGES[9]]);
    expect((await detectLanguages()).map((l) => l.name)).toEqual(LOCAL_LANGUAGES.map((l) => l.name));
  });
});

describe('checkSystemPackages', () => {
  it('names missing packages and the install command', async () => {
    const reqs = [
      { pkg: 'bubblewrap', binaries: ['/nonexistent/bwrap'], essential: true },
      { pkg: 'nodejs', binaries: ['/nonexistent/node'], essential: false },
    ];
    await expect(checkSystemPackages({ requirements: reqs })).rejects.toThrow(MissingSystemPackagesError);
    await expect(checkSystemPackages({ requirements: reqs })).rejects.toThrow(/bubblewrap, nodejs.*apt-get install -y bubblewrap/);
    expect(await checkSystemPackages({ requirements: reqs.slice(1) })).toEqual({ missing: ['nodejs'] });
    expect(await checkSystemPackages({ driver: 'nsjail', requirements: reqs })).toEqual({ missing: ['bubblewrap', 'nodejs'] });
  });
  it('passes on this machine', async () => {
    expect(await checkSystemPackages()).toEqual({ missing: [] });
  });
});
