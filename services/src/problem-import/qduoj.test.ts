import { describe, expect, it } from 'vitest';
import { fixtureFiles, packageZip } from '../../../tests/fixtures/problem-packages/build';
import { writeZip } from '../testdata/zip';
import { readArchive } from './index';
import { refusal } from '../testing/import-refusal';


describe('QDUOJ exports', () => {
  it('reads an ACM and an OI problem with an SPJ, in folder order', () => {
    const [acm, oi, ...rest] = readArchive('qduoj', packageZip('qduoj', 'export'));
    expect(rest).toHaveLength(0);
    expect(acm).toMatchObject({
      problemId: 'Q1001',
      title: 'Largest of Three',
      type: 0,
      timeLimitMs: 1000,
      memoryLimitMb: 256,
      description: '<p>Print the largest of three integers.</p>',
      source: 'Fixture Judge',
      tags: ['implementation'],
      examples: [{ input: '1 9 4', output: '9' }],
      judgeMode: 'default',
      cases: [
        { input: '1.in', output: '1.out' },
        { input: '2.in', output: '2.out' },
      ],
      codeTemplates: [{ language: 'C++', code: '#include <iostream>\n\nint main() {\n    // your code\n}\n', enabled: true }],
      submissions: [{ path: 'answers/1.py', language: 'Python3', expected: 'accepted', code: 'print(max(map(int, input().split())))\n' }],
    });
    expect(acm!.hint).toBeUndefined();
    expect(acm!.files.get('2.out')!.toString()).toBe('-2\n');
    expect(acm!.warnings).toContainEqual({ code: 'QDUOJ_UNKNOWN_LANGUAGES', params: { languages: expect.stringContaining('Python2') }, message: expect.stringContaining('Python2') });

    expect(oi).toMatchObject({
      problemId: 'Q1002',
      type: 1,
      judgeMode: 'spj',
      checker: { language: 'C', protocol: 'qduoj' },
      hint: 'Trial division up to the square root is enough.',
      cases: [
        { input: '1.in', output: '1.out', score: 40 },
        { input: '2.in', output: '2.out', score: 60 },
      ],
    });
    expect(oi!.files.get('1.out')).toEqual(Buffer.alloc(0));
    expect(oi!.warnings).toContainEqual({ code: 'QDUOJ_EMPTY_OUTPUTS', params: { count: 2 }, message: '2 SPJ test case(s) had no expected output; empty ones were created' });
  });

  it("keeps QDUOJ's special-judge protocol, and testlib's for a testlib checker", () => {
    const [p] = readArchive('qduoj', packageZip('qduoj', 'spj-template'));
    expect(p).toMatchObject({ judgeMode: 'spj', checker: { language: 'C', protocol: 'qduoj' } });
    expect(p!.warnings.map((w) => w.code)).toContain('QDUOJ_SPJ_PROTOCOL');
    const files = fixtureFiles('qduoj', 'spj-template').map((f) => {
      if (f.name !== '1/problem.json') return f;
      const json = JSON.parse(f.data.toString()) as { spj: { code: string } };
      json.spj.code = '#include "testlib.h"\nint main(int argc, char *argv[]) { registerTestlibCmd(argc, argv); quitf(_ok, "ok"); }\n';
      return { name: f.name, data: Buffer.from(JSON.stringify(json)) };
    });
    const [t] = readArchive('qduoj', writeZip(files));
    expect(t!.checker).toMatchObject({ protocol: 'testlib' });
    expect(t!.warnings.map((w) => w.code)).not.toContain('QDUOJ_SPJ_PROTOCOL');
  });

  it('unwraps an export zipped inside a folder', () => {
    expect(readArchive('qduoj', packageZip('qduoj', 'export', 'qduoj-export')).map((p) => p.problemId)).toEqual(['Q1001', 'Q1002']);
  });

  it('refuses a missing test case file of a problem without SPJ, naming it', () => {
    const files = fixtureFiles('qduoj', 'export').filter((f) => f.name !== '1/testcase/2.out');
    expect(() => readArchive('qduoj', writeZip(files))).toThrow(
      refusal('CASE_FILE_MISSING', '1/problem.json: the test case file testcase/2.out is missing', { where: '1/problem.json', file: 'testcase/2.out' }),
    );
  });

  it('refuses malformed problem.json, naming it', () => {
    const files = fixtureFiles('qduoj', 'export').map((f) => (f.name === '2/problem.json' ? { ...f, data: Buffer.from('{"title": ') } : f));
    expect(() => readArchive('qduoj', writeZip(files))).toThrow(refusal('JSON_INVALID', /^Import failed: 2\/problem\.json is not valid JSON \(.+\)$/, { where: '2/problem.json', error: expect.any(String) }));
  });
});
