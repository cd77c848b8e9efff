import { describe, expect, it } from 'vitest';
import { fixtureFiles, icpcSet, packageZip } from '../../../tests/fixtures/problem-packages/build';
import { writeZip } from '../testdata/zip';
import { latexToMarkdown } from './icpc-statement';
import { javaClassAsMain } from './java-main';
import { openZip } from './archive';
import { readArchive } from './index';
import { IMPORT_LIMITS } from './types';
import { refusal } from '../testing/import-refusal';

const tooLarge = (named: string) => expect.objectContaining({ code: 'FILE_TOO_LARGE', params: { detail: expect.stringContaining(named) } });

describe('ICPC problem packages', () => {
  it('reads aplusb: statement sections, limits from the ini, samples first, submissions by verdict folder', () => {
    const [p, ...rest] = readArchive('icpc', packageZip('icpc', 'aplusb'));
    expect(rest).toHaveLength(0);
    expect(p).toMatchObject({
      title: 'Sum of Two',
      source: 'Fixture Contest',
      author: 'Fixture Setter',
      tags: ['arithmetic', 'beginner'],
      timeLimitMs: 2000,
      memoryLimitMb: 256,
      type: 0,
      judgeMode: 'default',
      validatorFlags: '',
      examples: [{ input: '3 4\n', output: '7\n' }],
      cases: [
        { input: 'sample-1.in', output: 'sample-1.ans', sample: true },
        { input: 'secret-01-zero.in', output: 'secret-01-zero.ans' },
        { input: 'secret-02-min.in', output: 'secret-02-min.ans' },
        { input: 'secret-10-mixed.in', output: 'secret-10-mixed.ans' },
      ],
    });
    expect(p!.problemId).toBeUndefined();
    expect(p!.checker).toBeUndefined();
    expect(p!.description).toBe('Given two integers, output their sum.');
    expect(p!.input).toContain('$-10^9 \\le a, b \\le 10^9$');
    expect(p!.output).toBe('Output $a + b$.');
    expect(p!.hint).toBe('The sum fits in a 64-bit integer.');
    expect(p!.files.get('secret-10-mixed.ans')!.toString()).toBe('100\n');
    expect(p!.submissions.map((s) => [s.path, s.language, s.expected])).toEqual([
      ['submissions/accepted/sum.cpp', 'C++ 17', 'accepted'],
      ['submissions/accepted/sum.py', 'Python3', 'accepted'],
      ['submissions/time_limit_exceeded/spin.cpp', 'C++ 17', 'time_limit_exceeded'],
      ['submissions/wrong_answer/difference.cpp', 'C++ 17', 'wrong_answer'],
    ]);
    expect(p!.submissions[2]!.code).toContain('for (;;)');
    expect(p!.warnings).toEqual([]);
  });

  it('reads floatsum: default validator flags, .timelimit, a LaTeX statement with its picture', () => {
    const [p] = readArchive('icpc', packageZip('icpc', 'floatsum'));
    expect(p).toMatchObject({ title: 'Average Speed', timeLimitMs: 1000, memoryLimitMb: 128, judgeMode: 'default', validatorFlags: 'float_tolerance 1e-6' });
    expect(p!.description).toContain('*average speed*');
    expect(p!.description).toContain('**km/h**');
    expect(p!.description).not.toContain('comment');
    expect(p!.input).toContain('$1 \\le n \\le 100$');
    expect(p!.output).toContain('- `33.333333`');
    expect(p!.images).toHaveLength(1);
    expect(p!.images[0]!.fileName).toBe('route.svg');
    expect(p!.description).toContain(`![The route of the first sample.](import-image:${p!.images[0]!.key})`);
    expect(p!.warnings).toContainEqual({ code: 'ICPC_LATEX_STATEMENT', params: { file: 'problem_statement/problem.en.tex' }, message: expect.stringContaining('LaTeX') });
  });

  it('reads split: a custom Kattis output validator in C++, its flags, time_limit from problem.yaml', () => {
    const [p] = readArchive('icpc', packageZip('icpc', 'split'));
    expect(p).toMatchObject({ title: 'Split the Number', timeLimitMs: 1500, judgeMode: 'spj', validatorFlags: 'strict' });
    expect(p!.checker).toMatchObject({ language: 'C++ 17', protocol: 'kattis' });
    expect(p!.checker!.code).toContain('return verdict(argv[3], 42');
    expect(p!.submissions.map((s) => s.expected)).toEqual(['accepted', 'wrong_answer']);
  });

  it('reads guess: an interactive problem with a Kattis interactor; .interaction samples only warned about', () => {
    const [p] = readArchive('icpc', packageZip('icpc', 'guess'));
    expect(p).toMatchObject({ title: 'Guess the Number', judgeMode: 'interactive', timeLimitMs: 1000 });
    expect(p!.checker).toMatchObject({ language: 'C++ 17', protocol: 'kattis' });
    expect(p!.checker!.code).toContain('more than 10 guesses');
    expect(p!.description).toContain('## Interaction');
    expect(p!.warnings).toContainEqual({ code: 'ICPC_INTERACTION_FILES', params: { count: 1 }, message: '1 .interaction file(s) (sample dialogues) are not shown in the statement' });
  });

  it('reads a zip of several package folders in natural order, each named by its folder', () => {
    const zip = writeZip([...fixtureFiles('icpc', 'split', 'p10'), ...fixtureFiles('icpc', 'aplusb', 'p2')]);
    const ps = readArchive('icpc', zip);
    expect(ps.map((p) => [p.problemId, p.title])).toEqual([
      ['p2', 'Sum of Two'],
      ['p10', 'Split the Number'],
    ]);
  });

  it('unwraps one package zipped inside a folder', () => {
    expect(readArchive('icpc', packageZip('icpc', 'aplusb', 'aplusb')).map((p) => p.title)).toEqual(['Sum of Two']);
  });

  it('reads the benchmark set of 50 packages', () => {
    const ps = readArchive('icpc', icpcSet(50));
    expect(ps).toHaveLength(50);
    expect(ps[49]).toMatchObject({ problemId: 'p49', title: 'Bench 49', validatorFlags: 'float_tolerance 1e-6', memoryLimitMb: 256, timeLimitMs: 1000 });
    expect(ps[49]!.cases).toHaveLength(14);
  });

  it('falls back to 1 s with a warning when the package sets no time limit', () => {
    const files = fixtureFiles('icpc', 'aplusb').filter((f) => f.name !== 'domjudge-problem.ini');
    const [p] = readArchive('icpc', writeZip(files));
    expect(p!.timeLimitMs).toBe(1000);
    expect(p!.warnings).toContainEqual({ code: 'ICPC_NO_TIME_LIMIT', params: {}, message: expect.stringContaining('no time limit') });
  });

  it('refuses a .in without its .ans, naming it', () => {
    const files = fixtureFiles('icpc', 'aplusb').filter((f) => f.name !== 'data/secret/02-min.ans');
    expect(() => readArchive('icpc', writeZip(files))).toThrow(
      refusal('ICPC_CASE_UNPAIRED', 'the package: data/secret/02-min.in has no data/secret/02-min.ans', { where: 'the package', file: 'data/secret/02-min.in', partner: 'data/secret/02-min.ans' }),
    );
  });

  it('refuses a package without data', () => {
    const files = fixtureFiles('icpc', 'aplusb').filter((f) => !f.name.startsWith('data/'));
    expect(() => readArchive('icpc', writeZip(files))).toThrow(refusal('NO_TEST_CASES', 'the package has no test cases', { where: 'the package' }));
  });

  it('refuses a custom validator that is not C or C++, naming it', () => {
    const files = fixtureFiles('icpc', 'split').filter((f) => !f.name.startsWith('output_validators/'));
    files.push({ name: 'output_validators/py/validate.py', data: Buffer.from('import sys\nsys.exit(42)\n') });
    expect(() => readArchive('icpc', writeZip(files))).toThrow(
      refusal('ICPC_VALIDATOR_LANGUAGE', 'the package: the output validator output_validators/py/validate.py is not in C or C++, the only languages validators can use here', {
        where: 'the package',
        file: 'output_validators/py/validate.py',
      }),
    );
  });

  it('refuses malformed problem.yaml, naming it', () => {
    const files = fixtureFiles('icpc', 'aplusb').map((f) => (f.name === 'problem.yaml' ? { ...f, data: Buffer.from('name: [unclosed\nlimits: {') } : f));
    expect(() => readArchive('icpc', writeZip(files))).toThrow(refusal('YAML_INVALID', /^Import failed: problem\.yaml is not valid YAML: /, { where: 'problem.yaml', error: expect.any(String) }));
  });

  it('converts LaTeX minimally: sections, emphasis, escaped percent kept, math untouched', () => {
    const { title, text } = latexToMarkdown('\\problemname{T}\nSave 5\\% now. % hidden\n\\section*{Input}\n$x_1 + \\frac{a}{b}$\n');
    expect(title).toBe('T');
    expect(text).toBe('Save 5% now. \n\n## Input\n\n$x_1 + \\frac{a}{b}$');
  });
  it('prefers the English statement in LaTeX to another language in Markdown (2023 layout: statement/)', () => {
    const files = fixtureFiles('icpc', 'aplusb').filter((f) => !f.name.startsWith('problem_statement/') && f.name !== 'domjudge-problem.ini');
    files.push(
      { name: 'statement/problem.en.tex', data: Buffer.from('\\problemname{Sum}\nAdd two numbers.\n\\section*{Input}\nTwo integers.\n\\section*{Output}\nTheir sum.\n') },
      { name: 'statement/problem.sv.md', data: Buffer.from('# Summa\n\nAddera två tal.\n\n## Indata\n\nTvå heltal.\n') },
    );
    const [p] = readArchive('icpc', writeZip(files.filter((f) => f.name !== 'problem.yaml').concat({ name: 'problem.yaml', data: Buffer.from('problem_format_version: 2023-07-draft\n') })));
    expect(p).toMatchObject({ title: 'Sum', description: 'Add two numbers.', input: 'Two integers.', output: 'Their sum.' });
  });

  it('follows symbolic links that reuse cases across test groups (git archive, zip -y), as copies of their targets', () => {
    const file = (name: string, data: string) => ({ name: `pkg/${name}`, data: Buffer.from(data) });
    const link = (name: string, target: string) => ({ name: `pkg/${name}`, data: Buffer.from(target), symlink: true });
    const zip = writeZip([
      file('problem.yaml', 'name: Linked\n'),
      file('data/secret/group1/1.in', 'one\n'),
      file('data/secret/group1/1.ans', 'ONE\n'),
      link('data/secret/group2/1.in', '../group1/1.in'),
      link('data/secret/group2/1.ans', '../group1/1.ans'),
      link('data/secret/group3', 'group1'),
    ]);
    const [p] = readArchive('icpc', zip);
    expect(p!.cases.map((c) => c.input)).toEqual(['secret-group1-1.in', 'secret-group2-1.in', 'secret-group3-1.in']);
    for (const c of p!.cases) expect([p!.files.get(c.input)!.toString(), p!.files.get(c.output)!.toString()]).toEqual(['one\n', 'ONE\n']);
  });

  it('refuses a symbolic link that leaves the archive or points at nothing, naming it', () => {
    const base = fixtureFiles('icpc', 'aplusb');
    const withLink = (target: string) => writeZip([...base, { name: 'data/secret/99.in', data: Buffer.from(target), symlink: true }, { name: 'data/secret/99.ans', data: Buffer.from('0\n') }]);
    expect(() => readArchive('icpc', withLink('../../../etc/passwd'))).toThrow(
      refusal('LINK_OUTSIDE', 'the symbolic link data/secret/99.in points outside the archive (../../../etc/passwd)', { link: 'data/secret/99.in', target: '../../../etc/passwd' }),
    );
    expect(() => readArchive('icpc', withLink('/etc/passwd'))).toThrow(
      refusal('LINK_OUTSIDE', 'the symbolic link data/secret/99.in points outside the archive (/etc/passwd)', { link: 'data/secret/99.in', target: '/etc/passwd' }),
    );
    expect(() => readArchive('icpc', withLink('missing.in'))).toThrow(
      refusal('LINK_TARGET_MISSING', 'the symbolic link data/secret/99.in points to missing.in, which the archive does not hold', { link: 'data/secret/99.in', target: 'missing.in' }),
    );
    expect(() => readArchive('icpc', withLink('99.in'))).toThrow(
      refusal('LINK_LOOP', 'the symbolic link data/secret/99.in is part of a loop or a chain of more than 8 links', { link: 'data/secret/99.in', max: 8 }),
    );
  });

  it('counts the copies symbolic links make against the archive’s file limit (links to a folder, many times)', () => {
    const folder = Array.from({ length: 20 }, (_, i) => ({ name: `data/secret/g/${i}.in`, data: Buffer.from(`${i}\n`) }));
    const links = Array.from({ length: 20 }, (_, i) => ({ name: `data/secret/copy${i}`, data: Buffer.from('g'), symlink: true }));
    const zip = writeZip([...fixtureFiles('icpc', 'aplusb'), ...folder, ...links]);
    expect(() => openZip(zip, () => true, { ...IMPORT_LIMITS, entries: 300 })).toThrow(tooLarge('300 files'));
    expect(openZip(zip, () => true, { ...IMPORT_LIMITS, entries: 1000 }).size).toBeGreaterThan(400);
  });

  it('skips Python 2 programs (by their #! line) and takes partially_accepted as rejected', () => {
    const files = [
      ...fixtureFiles('icpc', 'aplusb'),
      { name: 'submissions/accepted/sum_py2.py', data: Buffer.from('#!/usr/bin/env python2\nprint sum(map(int, raw_input().split()))\n') },
      { name: 'submissions/partially_accepted/small.py', data: Buffer.from('#!/usr/bin/env python3\nprint(0)\n') },
    ];
    const [p] = readArchive('icpc', writeZip(files));
    expect(p!.submissions.find((s) => s.path.endsWith('sum_py2.py'))).toBeUndefined();
    expect(p!.warnings).toContainEqual({ code: 'ICPC_SUBMISSIONS_SKIPPED', params: { files: expect.stringContaining('submissions/accepted/sum_py2.py') }, message: expect.stringContaining('submissions/accepted/sum_py2.py') });
    expect(p!.submissions.find((s) => s.path === 'submissions/partially_accepted/small.py')).toMatchObject({ language: 'Python3', expected: 'rejected' });
  });
  it('runs a Java program whose class is named after its file (Kattis) as class Main, strings and comments untouched', () => {
    const java = [
      '// sumup: reads two numbers',
      'import java.util.*;',
      'public class sumup {',
      '  static String tag = "sumup \\" sumup";',
      '  static char c = \'s\';',
      '  public static void main(String[] args) {',
      '    /* sumup */ Scanner in = new Scanner(System.in);',
      '    sumup self = new sumup();',
      '    System.out.println(in.nextLong() + in.nextLong());',
      '  }',
      '}',
    ].join('\n');
    const files = [...fixtureFiles('icpc', 'aplusb'), { name: 'submissions/accepted/sumup.java', data: Buffer.from(java) }];
    const [p] = readArchive('icpc', writeZip(files));
    const s = p!.submissions.find((x) => x.path === 'submissions/accepted/sumup.java')!;
    expect(s.language).toBe('Java');
    expect(s.code).toBe(java.replace('public class sumup', 'public class Main').replace('sumup self = new sumup()', 'Main self = new Main()'));
    expect(p!.warnings).toContainEqual({ code: 'ICPC_JAVA_RENAMED', params: { files: 'submissions/accepted/sumup.java' }, message: expect.stringContaining('submissions/accepted/sumup.java') });
    expect(javaClassAsMain('public class Main {}', 'Main')).toBeNull();
    expect(javaClassAsMain('class Other {}', 'guess')).toBeNull();
  });
  it('converts LaTeX quotes around \\texttt, \\( \\) math and a tabular (the 2023 examples\' shapes)', () => {
    const tex = [
      '- ``\\texttt{lower}\'\' if smaller, \\(1 \\le N \\le 10\\) and \\[x^2\\]',
      '\\begin{tabular}{| l | p{3cm} |}',
      '  \\hline',
      '  Group & Points \\\\ \\hline',
      '  $1$ & $1$ \\\\ \\hline',
      '  $2$ & A \\& B \\\\ \\hline',
      '\\end{tabular}',
    ].join('\n');
    expect(latexToMarkdown(tex).text).toBe(
      ['- \u201c`lower`\u201d if smaller, $1 \\le N \\le 10$ and $$x^2$$', '', '| Group | Points |', '| --- | --- |', '| $1$ | $1$ |', '| $2$ | A & B |'].join('\n'),
    );
  });
  it('reads 2023-07 credits and source: a string, { authors }, { name, url } and lists of them', () => {
    const withYaml = (yaml: string) => {
      const files = fixtureFiles('icpc', 'aplusb').filter((f) => f.name !== 'problem.yaml' && f.name !== 'domjudge-problem.ini');
      return readArchive('icpc', writeZip([...files, { name: 'problem.yaml', data: Buffer.from(`problem_format_version: 2023-07-draft\nname: N\n${yaml}`) }]))[0]!;
    };
    expect(withYaml('credits: Johan Sannemo\nsource: Principles of Algorithmic Problem Solving\n')).toMatchObject({ author: 'Johan Sannemo', source: 'Principles of Algorithmic Problem Solving' });
    const p = withYaml('credits:\n  authors: [Ada <ada@x.org>, {name: Bob, email: bob@x.org}]\n  testers: Eve\nsource:\n  - {name: NWERC 2023, url: "https://nwerc.eu"}\n  - Kattis\n');
    expect(p).toMatchObject({ author: 'Ada, Bob', source: 'NWERC 2023, Kattis' });
  });
});
