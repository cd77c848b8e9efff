import { describe, expect, it } from 'vitest';
import { fixtureFile, packageZip } from '../../../tests/fixtures/problem-packages/build';
import { writeZip } from '../testdata/zip';
import { blankProblem } from './common';
import { readArchive, writeHojArchive } from './index';
import type { ImportedProblem } from './types';
import { refusal } from '../testing/import-refusal';

const withoutWarnings = (ps: ImportedProblem[]) => ps.map((p) => ({ ...p, warnings: [] }));

/** A problem with every optional field set, a kattis checker, images and package programs. */
function fullProblem(): ImportedProblem {
  return {
    problemId: 'P-1',
    title: 'Everything',
    description: 'See ![pic](import-image:abc) and <input>tags</input>.',
    input: 'in',
    output: 'out',
    hint: '',
    source: 'src',
    author: 'alice',
    timeLimitMs: 1500,
    memoryLimitMb: 512,
    stackLimitMb: 64,
    type: 1,
    difficulty: 2,
    examples: [
      { input: '1 2\n', output: '3\n' },
      { input: '</input>odd', output: '' },
    ],
    judgeMode: 'spj',
    judgeCaseMode: 'subtask_average',
    checker: { language: 'C++', code: 'int main() { return 42; }\n', protocol: 'kattis' },
    validatorFlags: 'float_tolerance 1e-6',
    isFileIO: true,
    ioReadFileName: 'a.in',
    ioWriteFileName: 'a.out',
    isRemoveEndBlank: false,
    openCaseResult: false,
    codeShare: false,
    userExtraFile: { 'lib.h': 'int f();' },
    judgeExtraFile: { 'testlib.h': '// lib' },
    tags: ['dp', 'graphs'],
    languages: ['C++ 17', 'Python3'],
    codeTemplates: [
      { language: 'C++ 17', code: '// t', enabled: true },
      { language: 'Python3', code: '# t', enabled: false },
    ],
    cases: [
      { input: 'a.in', output: 'a.ans', score: 30, groupNum: 1, sample: true },
      { input: 'b.in', output: 'b.ans', score: 70, groupNum: null },
      { input: 'c.in', output: 'c.ans' },
    ],
    files: new Map([
      ['a.in', Buffer.from('1 2\n')],
      ['a.ans', Buffer.from('3\n')],
      ['b.in', Buffer.from('x')],
      ['b.ans', Buffer.alloc(0)],
      ['c.in', Buffer.from([0, 255, 10])],
      ['c.ans', Buffer.from('y')],
    ]),
    images: [{ key: 'abc', fileName: 'pic.png', data: Buffer.from([137, 80, 78, 71]) }],
    submissions: [
      { path: 'submissions/accepted/a.cpp', language: 'C++ 17', code: 'ok', expected: 'accepted' },
      { path: 'submissions/time_limit_exceeded/slow.py', language: 'Python3', code: 'while 1: pass', expected: 'time_limit_exceeded' },
    ],
    warnings: [],
  };
}

const minimalProblem = () => blankProblem('Bare');

describe('HOJ archives', () => {
  it('reads back our own export unchanged, every field included', () => {
    const third = { ...fullProblem(), title: 'Third', problemId: undefined, checker: undefined, judgeMode: 'default' as const };
    const builtin = { builtinChecker: 'float' as const, floatAbsoluteTolerance: 0.001, floatRelativeTolerance: 1e-7, subtaskDependencies: [{ groupNum: 2, dependencies: [1] }] };
    const problems = [fullProblem(), minimalProblem(), { ...third, ...builtin }];
    delete problems[2]!.problemId;
    delete problems[2]!.checker;
    const back = readArchive('hoj', writeHojArchive(problems));
    expect(withoutWarnings(back)).toStrictEqual(problems);
  });

  it('exports what every reader imported and reads it back unchanged', () => {
    const imported = [
      ...readArchive('icpc', packageZip('icpc', 'aplusb')),
      ...readArchive('icpc', packageZip('icpc', 'floatsum')),
      ...readArchive('icpc', packageZip('icpc', 'split')),
      ...readArchive('icpc', packageZip('icpc', 'guess')),
      ...readArchive('fps', fixtureFile('fps', 'two-problems/problems.xml')),
      ...readArchive('qduoj', packageZip('qduoj', 'export')),
      ...readArchive('hydro', packageZip('hydro', 'export')),
    ];
    expect(withoutWarnings(readArchive('hoj', writeHojArchive(imported)))).toStrictEqual(withoutWarnings(imported));
  });

  it('keeps the order of more than nine problems (problem_10 after problem_9)', () => {
    const problems = Array.from({ length: 12 }, (_, i) => ({ ...minimalProblem(), title: `P${i}` }));
    expect(readArchive('hoj', writeHojArchive(problems)).map((p) => p.title)).toEqual(problems.map((p) => p.title));
  });

  it("reads an HOJ export: fields, examples string, scores, HOJ's info file left out", () => {
    const [p, ...rest] = readArchive('hoj', packageZip('hoj', 'aplusb'));
    expect(rest).toHaveLength(0);
    expect(p).toMatchObject({
      problemId: 'HOJ-1000',
      title: 'Add Two Numbers',
      author: 'setter',
      type: 1,
      timeLimitMs: 1000,
      memoryLimitMb: 256,
      stackLimitMb: 128,
      difficulty: 1,
      source: 'fixture',
      judgeMode: 'default',
      judgeCaseMode: 'default',
      examples: [
        { input: '1 2', output: '3' },
        { input: '-5 5', output: '0' },
      ],
      tags: ['math', 'beginner'],
      languages: ['C', 'C++', 'Java', 'Python3', 'Python2'],
      cases: [
        { input: '1.in', output: '1.out', score: 40 },
        { input: '2.in', output: '2.out', score: 60 },
      ],
    });
    expect(p!.hint).toBeUndefined();
    expect(p!.checker).toBeUndefined();
    expect([...p!.files.keys()].sort()).toEqual(['1.in', '1.out', '2.in', '2.out']);
    expect(p!.files.get('2.out')!.toString()).toBe('999999993\n');
    expect(p!.codeTemplates).toEqual([{ language: 'C', code: '#include <stdio.h>\nint main(void) { return 0; }\n', enabled: true }]);
    expect(p!.warnings).toContainEqual({ code: 'HOJ_UNKNOWN_LANGUAGES', params: { languages: expect.stringContaining('Python2') }, message: expect.stringContaining('Python2') });
  });

  it('unwraps an export zipped inside one folder', () => {
    expect(readArchive('hoj', packageZip('hoj', 'aplusb', 'export'))[0]!.title).toBe('Add Two Numbers');
  });

  it('refuses a case whose file is missing, naming it', () => {
    const zip = writeZip([
      { name: 'problem_1.json', data: Buffer.from(JSON.stringify({ problem: { title: 'T', timeLimit: 1000, memoryLimit: 256 }, samples: [{ input: '1.in', output: '1.out' }] })) },
      { name: 'problem_1/1.in', data: Buffer.from('1') },
    ]);
    expect(() => readArchive('hoj', zip)).toThrow(refusal('CASE_FILE_MISSING', 'problem_1.json: the test case file 1.out is missing', { where: 'problem_1.json', file: '1.out' }));
  });

  it('refuses malformed JSON, naming the file', () => {
    const zip = writeZip([{ name: 'problem_7.json', data: Buffer.from('{"problem": {') }]);
    expect(() => readArchive('hoj', zip)).toThrow(refusal('JSON_INVALID', /^Import failed: problem_7\.json is not valid JSON \(.+\)$/, { where: 'problem_7.json', error: expect.any(String) }));
  });
});
