import { describe, expect, it } from 'vitest';
import { fixtureFiles, packageZip } from '../../../tests/fixtures/problem-packages/build';
import { writeZip } from '../testdata/zip';
import { hydroLanguage } from './hydro';
import { readArchive } from './index';
import { refusal } from '../testing/import-refusal';

const replaced = (name: string, text: string) => fixtureFiles('hydro', 'export').map((f) => (f.name === name ? { ...f, data: Buffer.from(text) } : f));

describe('Hydro exports', () => {
  it("keeps Hydro's hustoj and qduoj checker kinds as our protocols; another kind is testlib's, with a warning", () => {
    const withKind = (kind: string) => {
      const cfg = fixtureFiles('hydro', 'export').find((f) => f.name === 'P1000/testdata/config.yaml')!.data.toString();
      const [p] = readArchive('hydro', writeZip(replaced('P1000/testdata/config.yaml', cfg.replace('checker_type: testlib', `checker_type: ${kind}`))));
      return { protocol: p!.checker!.protocol, warned: p!.warnings.some((w) => w.code === 'HYDRO_CHECKER_KIND') };
    };
    expect(withKind('testlib')).toEqual({ protocol: 'testlib', warned: false });
    expect(withKind('hustoj')).toEqual({ protocol: 'hustoj', warned: false });
    expect(withKind('qduoj')).toEqual({ protocol: 'qduoj', warned: false });
    expect(withKind('lemon')).toEqual({ protocol: 'testlib', warned: true });
    expect(withKind('constructor')).toEqual({ protocol: 'testlib', warned: true });
  });

  it('reads subtasks, a testlib checker, limits, languages, the statement split with its examples and image', () => {
    const [p, q, ...rest] = readArchive('hydro', packageZip('hydro', 'export'));
    expect(rest).toHaveLength(0);
    expect(p).toMatchObject({
      problemId: 'P1000',
      title: 'Reverse the Words',
      tags: ['strings', 'implementation'],
      type: 1,
      timeLimitMs: 2000,
      memoryLimitMb: 64,
      judgeMode: 'spj',
      judgeCaseMode: 'subtask_lowest',
      languages: ['C++ 17 With O2', 'Python3'],
      input: 'One line of at most 100 words separated by single spaces.',
      output: 'The same words in reverse order, separated by single spaces.',
      hint: 'Words are made of lowercase letters only.',
      examples: [
        { input: 'one two three', output: 'three two one' },
        { input: 'solo', output: 'solo' },
      ],
      cases: [
        { input: '1.in', output: '1.out', score: 30, groupNum: 1 },
        { input: '2.in', output: '2.out', score: 70, groupNum: 2 },
        { input: '3.in', output: '3.out', score: 70, groupNum: 2 },
      ],
    });
    expect(p!.checker).toMatchObject({ language: 'C++ 17', protocol: 'testlib' });
    expect(p!.checker!.code).toContain('word by word');
    expect(p!.description).not.toContain('```');
    expect(p!.description).not.toContain('Samples');
    expect(p!.images).toHaveLength(1);
    expect(p!.description).toContain(`![reversal](import-image:${p!.images[0]!.key})`);
    expect(p!.warnings).toContainEqual({ code: 'HYDRO_UNKNOWN_LANGUAGES', params: { languages: expect.stringContaining('py.py2') }, message: expect.stringContaining('py.py2') });

    expect(q).toMatchObject({
      problemId: 'P1001',
      title: 'Triple It',
      timeLimitMs: 1000,
      memoryLimitMb: 256,
      judgeMode: 'default',
      description: 'Print three times the given integer.',
      examples: [{ input: '4', output: '12' }],
      cases: [
        { input: 'a1.in', output: 'a1.ans', score: 33 },
        { input: 'a2.in', output: 'a2.ans', score: 33 },
        { input: 'a10.in', output: 'a10.ans', score: 34 },
      ],
    });
  });

  it('maps Hydro language ids', () => {
    expect(['cc', 'cc.cc14o2', 'cc.cc20', 'c', 'py.pypy3', 'java', 'go', 'rs', 'js', 'py.py2'].map(hydroLanguage)).toEqual([
      'C++',
      'C++ With O2',
      'C++ 20',
      'C',
      'PyPy3',
      'Java',
      'Golang',
      'Rust',
      'JavaScript Node',
      null,
    ]);
  });

  it('refuses a YAML alias bomb, naming the file', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]', 'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]', 'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]', 'd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]', 'title: t'].join('\n');
    expect(() => readArchive('hydro', writeZip(replaced('P1001/problem.yaml', bomb)))).toThrow(
      refusal('YAML_ALIASES', 'P1001/problem.yaml uses YAML anchors or aliases, which are not accepted (they can expand without bound)', { where: 'P1001/problem.yaml' }),
    );
  });

  it('reads Hydro\'s subtask dependencies (if, by subtask id) as group dependencies', () => {
    const config = (ifLine: string) =>
      `type: default\ntime: 1s\nmemory: 64m\nsubtasks:\n  - id: 5\n    score: 30\n    type: min\n    cases:\n      - input: 1.in\n        output: 1.out\n  - id: 9\n    score: 70\n    type: min\n${ifLine}    cases:\n      - input: 2.in\n        output: 2.out\n`;
    const [p] = readArchive('hydro', writeZip(replaced('P1000/testdata/config.yaml', config('    if: [5]\n'))));
    expect(p).toMatchObject({ judgeCaseMode: 'subtask_lowest', subtaskDependencies: [{ groupNum: 2, dependencies: [1] }] });
    expect(p!.warnings.map((w) => w.message).join('\n')).not.toContain('dependencies');
    expect(p!.warnings.map((w) => w.code)).not.toContain('HYDRO_DEPENDENCIES_DROPPED');
    expect(() => readArchive('hydro', writeZip(replaced('P1000/testdata/config.yaml', config('    if: [7]\n'))))).toThrow(
      refusal('HYDRO_DEPENDENCY_UNKNOWN', 'P1000: subtask 2 depends (if) on subtask 7, which does not exist', { where: 'P1000', subtask: 2, dependency: '7' }),
    );
  });

  it('refuses malformed YAML, naming the file', () => {
    expect(() => readArchive('hydro', writeZip(replaced('P1000/testdata/config.yaml', 'time: [1s\nsubtasks: {')))).toThrow(
      refusal('YAML_INVALID', /^Import failed: P1000\/testdata\/config\.yaml is not valid YAML: /, { where: 'P1000/testdata/config.yaml', error: expect.any(String) }),
    );
  });

  it('refuses a .in without .out or .ans, naming it', () => {
    const files = fixtureFiles('hydro', 'export').filter((f) => f.name !== 'P1001/testdata/a2.ans');
    expect(() => readArchive('hydro', writeZip(files))).toThrow(refusal('HYDRO_NO_OUTPUT', 'P1001: testdata/a2.in has no a2.out or a2.ans', { where: 'P1001', input: 'a2.in', base: 'a2' }));
  });

  it('refuses a config naming a missing case file or checker, naming it', () => {
    const files = fixtureFiles('hydro', 'export').filter((f) => f.name !== 'P1000/testdata/chk.cc');
    expect(() => readArchive('hydro', writeZip(files))).toThrow(refusal('HYDRO_TESTDATA_MISSING', 'P1000: testdata/config.yaml names chk.cc, which testdata/ does not hold', { where: 'P1000', file: 'chk.cc' }));
  });

  it('reads one problem at the top of the archive', () => {
    const files = fixtureFiles('hydro', 'export').filter((f) => f.name.startsWith('P1001/')).map((f) => ({ ...f, name: f.name.slice('P1001/'.length) }));
    expect(readArchive('hydro', writeZip(files)).map((p) => p.title)).toEqual(['Triple It']);
  });
});
