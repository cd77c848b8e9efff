import { describe, expect, it } from 'vitest';
import { formatError, type OjError } from '@oj/proto';
import { fixtureFiles, packageZip } from '../../../tests/fixtures/problem-packages/build';
import { writeZip } from '../testdata/zip';
import { readArchive } from './index';
import { fillPattern, polygonLanguage, POLYGON_STD_CHECKERS } from './polygon';
import { polygonTexToMarkdown } from './polygon-statement';
import { refusal } from '../testing/import-refusal';

type Files = { name: string; data: Buffer }[];

/** Fixture `name`'s files with problem.xml passed through `edit`, others added or dropped. */
function edited(name: string, edit: (xml: string) => string, extra: Files = [], drop: (f: string) => boolean = () => false): Buffer {
  const files = fixtureFiles('polygon', name)
    .filter((f) => !drop(f.name))
    .map((f) => (f.name === 'problem.xml' ? { ...f, data: Buffer.from(edit(f.data.toString())) } : f));
  return writeZip([...files, ...extra]);
}
const read = (zip: Buffer) => readArchive('polygon', zip);
const one = (zip: Buffer) => read(zip)[0]!;
const withChecker = (checker: string, extra: Files = []) => edited('aplusb', (x) => x.replace(/<checker name="std::wcmp\.cpp"[\s\S]*?<\/checker>/, checker), extra);
const file = (name: string, text: string) => ({ name, data: Buffer.from(text) });

describe('Polygon packages', () => {
  it('reads aplusb: English title, limits in ms and bytes, tests by pattern, the manual sample, std::wcmp as tokens', () => {
    const [p, ...rest] = read(packageZip('polygon', 'aplusb'));
    expect(rest).toHaveLength(0);
    expect(p).toMatchObject({
      problemId: 'a-plus-b',
      title: 'A + B',
      timeLimitMs: 2000,
      memoryLimitMb: 256,
      type: 0,
      judgeMode: 'default',
      builtinChecker: 'tokens',
      tags: ['implementation', 'math'],
      examples: [{ input: '3 4\n', output: '7\n' }],
      cases: [
        { input: 'tests-01', output: 'tests-01.a', sample: true },
        { input: 'tests-02', output: 'tests-02.a' },
        { input: 'tests-03', output: 'tests-03.a' },
        { input: 'tests-04', output: 'tests-04.a' },
      ],
    });
    expect(p!.checker).toBeUndefined();
    expect(p!.isFileIO).toBeUndefined();
    expect(p!.files.get('tests-04.a')!.toString()).toBe('-2000000000\n');
    expect(p!.description).toBe('You are given two integers $a$ and $b$. Print their **sum**\u00a0\u2014 a single number.');
    expect(p!.input).toBe('The only line contains two integers $a$ and $b$ ($-10^9 \\le a, b \\le 10^9$).');
    expect(p!.output).toBe('Print `a + b`.');
    expect(p!.hint).toBe('The answer may not fit in a 32-bit integer, so use *long long*.');
    expect(p!.submissions.map((s) => [s.path, s.language, s.expected])).toEqual([
      ['solutions/difference.cpp', 'C++ 17', 'wrong_answer'],
      ['solutions/sum.cpp', 'C++ 17', 'accepted'],
      ['solutions/sum.py', 'Python3', 'accepted'],
    ]);
    expect(p!.warnings).toEqual([]);
  });

  it('reads groups: points, complete groups as subtasks, a dependency, a custom checker, statement-sections in Chinese', () => {
    const p = one(packageZip('polygon', 'groups'));
    expect(p).toMatchObject({ title: '分组求和', type: 1, judgeMode: 'spj', judgeCaseMode: 'subtask_lowest', timeLimitMs: 1000, memoryLimitMb: 128 });
    expect(p.cases.map((c) => [c.score, c.groupNum])).toEqual([
      [0, 1],
      [40, 2],
      [40, 2],
      [60, 3],
      [60, 3],
    ]);
    expect(p.subtaskDependencies).toEqual([{ groupNum: 3, dependencies: [2] }]);
    expect(p.checker).toMatchObject({ language: 'C++ 17', protocol: 'testlib' });
    expect(p.checker!.code).toContain('return 1;');
    expect(p.judgeExtraFile).toBeUndefined();
    expect(p.examples).toEqual([{ input: '1 2\n', output: '3\n' }]);
    expect(p.description).toBe('给定两个整数 $a$ 和 $b$，求它们的**和**。\n\n- 第一个子任务：$|a|, |b| \\le 100$；\n- 第二个子任务：$|a|, |b| \\le 10^9$。');
    expect(p.output).toBe('输出 `a + b` 的值。');
    expect(p.hint).toBe('## 评分\n\n1. 子任务 1（40 分）：$|a|, |b| \\le 100$。\n1. 子任务 2（60 分）：无特殊限制，依赖子任务 1。');
    expect(p.submissions.map((s) => [s.path, s.language, s.expected])).toEqual([
      ['solutions/small-only.c', 'C', 'wrong_answer'],
      ['solutions/sum.c', 'C', 'accepted'],
    ]);
  });

  it('takes the English name wherever it is listed, else the first (a Chinese one kept)', () => {
    const names = (xml: string) => edited('aplusb', (x) => x.replace(/<names>[\s\S]*?<\/names>/, `<names>${xml}</names>`));
    expect(one(names('<name language="russian" value="А + Б"/><name language="english" value="A + B"/>')).title).toBe('A + B');
    expect(one(names('<name language="chinese" value="两数之和"/><name language="russian" value="А + Б"/>')).title).toBe('两数之和');
  });

  it('maps the standard testlib checkers it has built in (wcmp/ncmp/hcmp tokens, lcmp lines, rcmpN float, yesno ignoring case)', () => {
    expect(Object.fromEntries(Object.entries(POLYGON_STD_CHECKERS).map(([k, v]) => [k, [v.checker, v.tolerance]]))).toEqual({
      wcmp: ['tokens', undefined],
      ncmp: ['tokens', undefined],
      hcmp: ['tokens', undefined],
      lcmp: ['lines', undefined],
      rcmp4: ['float', 1e-4],
      rcmp6: ['float', 1e-6],
      rcmp9: ['float', 1e-9],
      yesno: ['tokens_ci', undefined],
      nyesno: ['tokens_ci', undefined],
    });
    const std = (name: string) => one(withChecker(`<checker name="std::${name}.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>`));
    expect(std('lcmp')).toMatchObject({ judgeMode: 'default', builtinChecker: 'lines' });
    expect(std('rcmp6')).toMatchObject({ judgeMode: 'default', builtinChecker: 'float', floatAbsoluteTolerance: 1e-6, floatRelativeTolerance: 1e-6 });
    expect(std('nyesno')).toMatchObject({ builtinChecker: 'tokens_ci' });
  });

  it('judges any other checker (a standard one we lack too) from its source, the files/ resources it includes as judge extra files', () => {
    const checker = '#include "testlib.h"\n#include "bits.h"\n#include <cstdio>\nint main(int argc, char* argv[]) { registerTestlibCmd(argc, argv); quitf(_ok, "ok"); }\n';
    const p = one(
      withChecker('<checker name="std::fcmp.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++11"/></checker>', [
        file('files/check.cpp', checker),
        file('files/testlib.h', '// testlib stand-in\n#pragma once\n'),
        file('files/bits.h', 'const int BITS = 64;\n'),
        file('files/unrelated.h', 'int unused;\n'),
      ]),
    );
    expect(p).toMatchObject({ judgeMode: 'spj', checker: { language: 'C++', code: checker, protocol: 'testlib' } });
    expect(p.builtinChecker).toBeUndefined();
    expect(p.judgeExtraFile).toEqual({ 'testlib.h': '// testlib stand-in\n#pragma once\n', 'bits.h': 'const int BITS = 64;\n' });
  });

  it('reads an interactor (interactive mode, its testlib.h along), warning that the checker is not used', () => {
    const zip = edited('aplusb', (x) => x.replace('<solutions>', '<interactor><source path="files/interactor.cpp" type="cpp.g++20"/></interactor><solutions>'), [
      file('files/interactor.cpp', '#include "testlib.h"\nint main() {}\n'),
      file('files/testlib.h', '// testlib\n'),
    ]);
    const p = one(zip);
    expect(p).toMatchObject({ judgeMode: 'interactive', checker: { language: 'C++ 20', protocol: 'testlib' }, judgeExtraFile: { 'testlib.h': '// testlib\n' } });
    expect(p.warnings).toContainEqual({ code: 'POLYGON_INTERACTOR_CHECKER', params: {}, message: expect.stringContaining('interactor alone') });
  });

  it('reads file IO from judging input-file / output-file; only one of them is warned about and ignored', () => {
    const io = (attrs: string) => one(edited('aplusb', (x) => x.replace('input-file="" output-file=""', attrs)));
    expect(io('input-file="sum.in" output-file="sum.out"')).toMatchObject({ isFileIO: true, ioReadFileName: 'sum.in', ioWriteFileName: 'sum.out' });
    const half = io('input-file="sum.in" output-file=""');
    expect(half.isFileIO).toBeUndefined();
    expect(half.warnings).toContainEqual({ code: 'POLYGON_FILE_IO_PARTIAL', params: { file: 'sum.in' }, message: expect.stringContaining('sum.in') });
  });

  it('scores points without groups per test (OI), fractional points rounded with a warning', () => {
    const p = one(edited('aplusb', (x) => x.replace('<test method="manual"/>', '<test method="manual" points="30.5"/>').replace('<test cmd="gen 1000000000" method="generated"/>', '<test cmd="gen 1000000000" method="generated" points="70"/>')));
    expect(p).toMatchObject({ type: 1 });
    expect(p.judgeCaseMode).toBeUndefined();
    expect(p.cases.map((c) => c.score)).toEqual([0, 31, 70, 0]);
    expect(p.warnings).toContainEqual({ code: 'POLYGON_POINTS_ROUNDED', params: { tests: '2' }, message: expect.stringContaining('2') });
  });

  it('gives each test of an each-test group its own subtask when groups depend on each other (group points from the tests)', () => {
    const p = one(
      edited('groups', (x) =>
        x
          .replace('name="small" points="40.0" points-policy="complete-group"', 'name="small" points-policy="each-test"')
          .replace('name="large" points="60.0" points-policy="complete-group"', 'name="large" points-policy="complete-group"'),
      ),
    );
    expect(p.judgeCaseMode).toBe('subtask_lowest');
    expect(p.cases.map((c) => [c.score, c.groupNum])).toEqual([
      [0, 1],
      [20, 2],
      [20, 3],
      [60, 4],
      [60, 4],
    ]);
    expect(p.subtaskDependencies).toEqual([{ groupNum: 4, dependencies: [2, 3] }]);
  });

  it('reads a zip of package folders (a contest’s problems/) in natural order, each named by its folder', () => {
    const zip = writeZip([...fixtureFiles('polygon', 'groups', 'contest/problems/b'), ...fixtureFiles('polygon', 'aplusb', 'contest/problems/a')]);
    expect(read(zip).map((p) => [p.problemId, p.title])).toEqual([
      ['a', 'A + B'],
      ['b', '分组求和'],
    ]);
    expect(read(packageZip('polygon', 'aplusb', 'a-plus-b-7$linux')).map((p) => p.problemId)).toEqual(['a-plus-b']);
  });

  it('fills printf patterns and names Polygon languages', () => {
    expect(fillPattern('tests/%02d', 3)).toBe('tests/03');
    expect(fillPattern('tests/%d.a', 12)).toBe('tests/12.a');
    expect(fillPattern('tests/%03d.out', 7)).toBe('tests/007.out');
    expect(fillPattern('tests/in', 1)).toBeNull();
    expect([polygonLanguage('cpp.g++17', ''), polygonLanguage('cpp.gcc14-64-msys2-g++23', ''), polygonLanguage('cpp.g++11', ''), polygonLanguage('c.gcc', '')]).toEqual(['C++ 17', 'C++ 20', 'C++', 'C']);
    expect([polygonLanguage('java11', ''), polygonLanguage('python.3', ''), polygonLanguage('python.2', ''), polygonLanguage(undefined, 'a.cpp')]).toEqual(['Java', 'Python3', null, 'C++ 17']);
  });

  it('converts Polygon TeX: bold, italic, typewriter, lists, ~ and ---; math untouched; unknown commands kept and named', () => {
    const tex = [
      'a~~b {\\bf Bold} and \\textbf{bold}, {\\it it} and \\emph{em}, \\t{tt} and \\texttt{x}~--- <<quoted>> $a~b \\le c$ and \\foo{x}.',
      '\\begin{itemize}',
      '\\item one',
      '\\item two',
      '\\end{itemize}',
      '\\begin{enumerate}',
      '\\item first',
      '\\item second',
      '\\end{enumerate}',
    ].join('\n');
    const { text, unknown } = polygonTexToMarkdown(tex);
    expect(text).toBe(
      ['a\u00a0\u00a0b **Bold** and **bold**, *it* and *em*, `tt` and `x`\u00a0\u2014 \u00abquoted\u00bb $a~b \\le c$ and \\foo{x}.', '', '- one', '- two', '', '1. first', '1. second'].join('\n'),
    );
    expect(unknown).toEqual(['\\foo']);
    const p = one(withStatement({ legend: 'See \\cite{x} and \\ref{y}.' }));
    expect(p.description).toBe('See \\cite{x} and \\ref{y}.');
    expect(p.warnings).toContainEqual({ code: 'POLYGON_TEX_UNKNOWN', params: { commands: '\\cite, \\ref' }, message: expect.stringContaining('\\cite, \\ref') });
  });

  it('shows the sample tests as examples when the statement gives none; interaction and scoring get their headings', () => {
    const p = one(withStatement({ legend: 'Guess.', interaction: 'Ask $q$.', scoring: 'Fewer is better.' }));
    expect(p.description).toBe('Guess.\n\n## Interaction\n\nAsk $q$.');
    expect(p.hint).toBe('## Scoring\n\nFewer is better.');
    expect(p.examples).toEqual([{ input: '3 4\n', output: '7\n' }]);
    const bare = one(edited('aplusb', (x) => x, [], (f) => f.startsWith('statements/')));
    expect(bare.warnings).toContainEqual({ code: 'POLYGON_NO_STATEMENT', params: {}, message: expect.stringContaining('no statement') });
    expect(bare.examples).toEqual([{ input: '3 4\n', output: '7\n' }]);
  });

  it("reads statement-sections' examples whatever the language folder is called (no pattern is built from it)", () => {
    const zip = edited('aplusb', (x) => x, [file('statement-sections/zh(cn+/legend.tex', 'Add.'), file('statement-sections/zh(cn+/example.01', '1 1\n'), file('statement-sections/zh(cn+/example.01.a', '2\n')], (f) => f.startsWith('statements/'));
    const p = one(zip);
    expect(p.description).toBe('Add.');
    expect(p.examples).toEqual([{ input: '1 1\n', output: '2\n' }]);
  });

  it('embeds a picture the statement includes, warning about one the package lacks', () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const p = one(withStatement({ legend: '\\includegraphics{pic.png} \\includegraphics{gone.png}' }, [{ name: 'statements/english/pic.png', data: png }]));
    expect(p.images).toHaveLength(1);
    expect(p.description).toContain(`![](import-image:${p.images[0]!.key})`);
    expect(p.warnings).toContainEqual({ code: 'POLYGON_IMAGE_MISSING', params: { where: 'the package', ref: 'gone.png' }, message: expect.stringContaining('gone.png') });
  });
});

/** aplusb with its English problem-properties.json replaced by `sections` (no sample tests). */
function withStatement(sections: Record<string, string>, extra: Files = []): Buffer {
  return edited('aplusb', (x) => x, [file('statements/english/problem-properties.json', JSON.stringify({ name: 'A + B', ...sections })), ...extra], (f) => f.startsWith('statements/'));
}

describe('Polygon refusals', () => {
  it('refuses a package without a generated test, naming it and saying to download the package with generated tests (both languages)', () => {
    const zip = edited('aplusb', (x) => x, [], (f) => f === 'tests/03' || f === 'tests/03.a');
    const expected = refusal('POLYGON_TEST_MISSING', /^Import failed: the package: test 3 \(generated\) needs tests\/03, which the package does not hold; download the package with its generated tests/, {
      where: 'the package',
      test: 3,
      method: 'generated',
      file: 'tests/03',
    });
    expect(() => read(zip)).toThrow(expected);
    try {
      read(zip);
    } catch (err) {
      expect(formatError('IMPORT_FAILED', 'zh-CN', (err as OjError).params)).toMatch(/^导入失败：题目包：测试点 3（generated）需要 tests\/03，但题目包中没有；请下载包含已生成测试数据的题目包/);
    }
    const noAnswer = edited('aplusb', (x) => x, [], (f) => f === 'tests/02.a');
    expect(() => read(noAnswer)).toThrow(refusal('POLYGON_TEST_MISSING', /test 2 \(manual\) needs tests\/02\.a/, { where: 'the package', test: 2, method: 'manual', file: 'tests/02.a' }));
  });

  it('refuses an archive without problem.xml', () => {
    expect(() => read(writeZip([file('a/tests/01', '1\n'), file('b/readme.txt', 'x')]))).toThrow(
      refusal('POLYGON_NO_PACKAGES', 'the archive holds no Polygon package (problem.xml at its top or in a folder)'),
    );
  });

  it('refuses bad XML, a DOCTYPE, a file without <problem>, a missing testset, unreadable limits and a pattern without %d', () => {
    const xml = (text: string) => edited('aplusb', () => text);
    expect(() => read(xml('<problem><names></problem>'))).toThrow(refusal('FPS_XML_MALFORMED', /^Import failed: problem\.xml is not well-formed XML: /, { where: 'problem.xml', error: expect.any(String), line: 1, column: expect.any(Number) }));
    expect(() => read(xml('<!DOCTYPE problem [<!ENTITY x "y">]><problem/>'))).toThrow(refusal('FPS_DECLARATIONS', /^Import failed: problem\.xml declares a DOCTYPE/, { where: 'problem.xml' }));
    expect(() => read(xml('<contest/>'))).toThrow(refusal('POLYGON_NO_PROBLEM_ROOT', 'problem.xml has no <problem> root element', { where: 'problem.xml' }));
    expect(() => read(xml('<problem><judging/></problem>'))).toThrow(refusal('POLYGON_NO_TESTSET', 'the package: problem.xml has no tests testset', { where: 'the package' }));
    expect(() => read(edited('aplusb', (x) => x.replace('<time-limit>2000</time-limit>', '<time-limit>two</time-limit>')))).toThrow(
      refusal('POLYGON_LIMITS_UNREADABLE', 'the package: the time-limit or memory-limit of the tests testset cannot be read', { where: 'the package' }),
    );
    expect(() => read(edited('aplusb', (x) => x.replace('tests/%02d.a', 'tests/answer')))).toThrow(
      refusal('POLYGON_PATTERN_INVALID', 'the package: the path pattern tests/answer has no %d (or %02d …) for the test number', { where: 'the package', pattern: 'tests/answer' }),
    );
  });

  it('refuses a checker or interactor that is missing or not in C or C++, bad points and a dependency on no group', () => {
    expect(() => read(withChecker('<checker type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>'))).toThrow(
      refusal('POLYGON_FILE_MISSING', 'the package: problem.xml names files/check.cpp, which the package does not hold', { where: 'the package', file: 'files/check.cpp' }),
    );
    expect(() => read(withChecker('<checker type="testlib"><source path="files/Check.java" type="java11"/></checker>', [file('files/Check.java', 'class Check {}')]))).toThrow(
      refusal('POLYGON_CHECKER_LANGUAGE', 'the package: the checker files/Check.java is of type java11; checkers must be C or C++ here', { where: 'the package', file: 'files/Check.java', type: 'java11' }),
    );
    const interactor = edited('aplusb', (x) => x.replace('<solutions>', '<interactor><source path="files/i.py" type="python.3"/></interactor><solutions>'), [file('files/i.py', 'print(1)')]);
    expect(() => read(interactor)).toThrow(
      refusal('POLYGON_INTERACTOR_LANGUAGE', 'the package: the interactor files/i.py is of type python.3; interactors must be C or C++ here', { where: 'the package', file: 'files/i.py', type: 'python.3' }),
    );
    expect(() => read(edited('groups', (x) => x.replace('points="20.0"', 'points="-1"')))).toThrow(
      refusal('POLYGON_POINTS_INVALID', 'the package: test 2 has points -1, which is not a number of at least 0', { where: 'the package', test: 2, points: '-1' }),
    );
    expect(() => read(edited('groups', (x) => x.replace('<dependency group="small"/>', '<dependency group="tiny"/>')))).toThrow(
      refusal('POLYGON_DEPENDENCY_UNKNOWN', 'the package: group large depends on group tiny, which does not exist', { where: 'the package', group: 'large', dependency: 'tiny' }),
    );
  });

  it('refuses a problem-properties.json that is not JSON, and an entry that inflates more than 100:1 (the archive limits)', () => {
    const zip = edited('aplusb', (x) => x, [file('statements/english/problem-properties.json', '{ "legend": ')], (f) => f === 'statements/english/problem-properties.json');
    expect(() => read(zip)).toThrow(refusal('JSON_INVALID', /^Import failed: statements\/english\/problem-properties\.json is not valid JSON/, { where: 'statements/english/problem-properties.json', error: expect.any(String) }));
    const bomb = edited('aplusb', (x) => x, [{ name: 'tests/02', data: Buffer.alloc(8 << 20, 0x30) }], (f) => f === 'tests/02');
    expect(() => read(bomb)).toThrow(expect.objectContaining({ code: 'FILE_TOO_LARGE', params: { detail: expect.stringContaining('tests/02 inflates') } }));
  });

  it('refuses more problems than one import may bring', () => {
    const files = Array.from({ length: 501 }, (_, i) => [
      file(`p${i}/problem.xml`, `<problem><judging><testset name="tests"><time-limit>1000</time-limit><memory-limit>1048576</memory-limit><tests><test/></tests></testset></judging></problem>`),
      file(`p${i}/tests/01`, '1\n'),
      file(`p${i}/tests/01.a`, '1\n'),
    ]).flat();
    expect(() => read(writeZip(files))).toThrow(refusal('TOO_MANY_PROBLEMS', 'the archive holds 501 problems, more than the 500 one import may bring', { count: 501, max: 500 }));
  });
});
