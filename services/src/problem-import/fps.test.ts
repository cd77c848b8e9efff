import { describe, expect, it } from 'vitest';
import { fixtureFile, fpsFile, packageZip } from '../../../tests/fixtures/problem-packages/build';
import { writeZip } from '../testdata/zip';
import { readArchive } from './index';
import { refusal } from '../testing/import-refusal';

const xml = (items: string) => Buffer.from(`<?xml version="1.0"?>\n<fps version="1.2">${items}</fps>`);
const item = (body: string) =>
  `<item><title>T</title><time_limit unit="s">1</time_limit><memory_limit unit="mb">64</memory_limit><description>d</description>${body}</item>`;

describe('FPS files', () => {
  it('reads two problems: limits in their units, HTML kept, the image linked, cases, solutions, the SPJ', () => {
    const [vowels, sqrt, ...rest] = readArchive('fps', fixtureFile('fps', 'two-problems/problems.xml'));
    expect(rest).toHaveLength(0);
    expect(vowels).toMatchObject({
      title: 'Count the Vowels',
      timeLimitMs: 1000,
      memoryLimitMb: 128,
      judgeMode: 'default',
      output: '<p>The number of vowels &amp; nothing else.</p>',
      hint: 'Only lowercase letters appear.',
      source: 'Fixture Cup',
      examples: [{ input: 'banana\n', output: '3\n' }],
      cases: [
        { input: '1.in', output: '1.out' },
        { input: '2.in', output: '2.out' },
        { input: '3.in', output: '3.out' },
      ],
    });
    expect(vowels!.files.get('2.in')!.toString()).toBe('rhythm\n');
    expect(vowels!.files.get('3.out')!.toString()).toBe('5\n');
    expect(vowels!.images).toHaveLength(1);
    const [img] = vowels!.images;
    expect(img!.fileName).toBe('vowels.png');
    expect(img!.data.subarray(1, 4).toString()).toBe('PNG');
    expect(vowels!.description).toContain(`<img src="import-image:${img!.key}" alt="vowels">`);
    expect(vowels!.submissions.map((s) => [s.path, s.language, s.expected])).toEqual([
      ['solutions/1.c', 'C', 'accepted'],
      ['solutions/2.py', 'Python3', 'accepted'],
    ]);
    expect(vowels!.warnings).toContainEqual({ code: 'FPS_UNKNOWN_LANGUAGES', params: { languages: 'Pascal' }, message: expect.stringContaining('Pascal') });

    expect(sqrt).toMatchObject({ title: 'Nearly Equal', timeLimitMs: 1500, memoryLimitMb: 64, judgeMode: 'spj', input: '<p>One integer n (0 &lt;= n &lt;= 10^6).</p>' });
    expect(sqrt!.checker).toMatchObject({ language: 'C++', protocol: 'hustoj' });
    expect(sqrt!.checker!.code).toContain('std::fabs(x - y) <= 1e-4');
    expect(sqrt!.hint).toBeUndefined();
    expect(sqrt!.warnings).toContainEqual({ code: 'FPS_SPJ_HUSTOJ', params: {}, message: expect.stringContaining('SPJ') });
  });

  it('decodes entities outside CDATA and keeps CDATA as written', () => {
    const [p] = readArchive('fps', xml(item('<test_input>1 &lt; 2 &amp;&#65;</test_input><test_output><![CDATA[&lt;]]></test_output>')));
    expect(p!.files.get('1.in')!.toString()).toBe('1 < 2 &A');
    expect(p!.files.get('1.out')!.toString()).toBe('&lt;');
  });

  it('reads a zip of FPS files', () => {
    expect(readArchive('fps', packageZip('fps', 'two-problems')).map((p) => p.title)).toEqual(['Count the Vowels', 'Nearly Equal']);
  });

  it('reads the benchmark file of 200 problems', () => {
    const ps = readArchive('fps', fpsFile(200));
    expect(ps).toHaveLength(200);
    expect(ps[10]!.images).toHaveLength(1);
    expect(ps[10]!.description).toContain(`src="import-image:${ps[10]!.images[0]!.key}"`);
    expect(ps[199]!.cases).toHaveLength(10);
  });

  it('refuses a DOCTYPE (entity expansion / XXE), naming the file', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><fps>${item('<test_input>&lol2;</test_input><test_output>x</test_output>')}</fps>`;
    expect(() => readArchive('fps', Buffer.from(bomb))).toThrow(refusal('FPS_DECLARATIONS', 'the FPS file declares a DOCTYPE or ENTITY, which is not accepted (external entities and entity expansion)', { where: 'the FPS file' }));
  });

  it('refuses an external entity inside a zipped file, naming the entry', () => {
    const zip = writeZip([{ name: 'set/xxe.xml', data: Buffer.from('<!DOCTYPE fps [<!ENTITY x SYSTEM "file:///etc/passwd">]><fps/>') }]);
    expect(() => readArchive('fps', zip)).toThrow(refusal('FPS_DECLARATIONS', 'set/xxe.xml declares a DOCTYPE or ENTITY, which is not accepted (external entities and entity expansion)', { where: 'set/xxe.xml' }));
  });

  it('accepts "<!DOCTYPE" written inside CDATA (statement HTML)', () => {
    expect(readArchive('fps', xml(item('<hint><![CDATA[<!DOCTYPE html>]]></hint><test_input>1</test_input><test_output>1</test_output>')))[0]!.hint).toBe('<!DOCTYPE html>');
  });

  it("reads HUSTOJ's export header: a DOCTYPE naming the external DTD only (PUBLIC over several lines, or SYSTEM)", () => {
    const body = `<fps version="1.5">${item('<test_input name="t1">1</test_input><test_output name="t1">2</test_output>')}</fps>`;
    const pub = `<?xml version="1.0" encoding="UTF-8"?>   \r\n<!DOCTYPE fps PUBLIC \r\n  "-//freeproblemset//An opensource XML standard for Algorithm Contest Problem Set//EN"\r\n  "http://hustoj.com/fps.current.dtd">\r\n${body}`;
    expect(readArchive('fps', Buffer.from(pub))[0]!.files.get('1.out')!.toString()).toBe('2');
    expect(readArchive('fps', Buffer.from(`<!-- x --><!DOCTYPE fps SYSTEM 'fps.dtd'>${body}`))).toHaveLength(1);
    expect(readArchive('fps', fixtureFile('fps', 'hustoj-export/problems.xml')).map((p) => p.title)).toEqual(['两数之和 Sum of Two', 'Remote Echo']);
  });

  it('still refuses a DOCTYPE with an internal subset, or one after the root element', () => {
    const subset = `<!DOCTYPE fps PUBLIC "a" "b" [<!ENTITY x "y">]><fps>${item('<test_input>&x;</test_input><test_output>y</test_output>')}</fps>`;
    const declares = refusal('FPS_DECLARATIONS', /^Import failed: the FPS file declares a DOCTYPE/, { where: 'the FPS file' });
    expect(() => readArchive('fps', Buffer.from(subset))).toThrow(declares);
    const late = `<fps>${item('<test_input>1</test_input><test_output>1</test_output>')}<!DOCTYPE fps SYSTEM "x"></fps>`;
    expect(() => readArchive('fps', Buffer.from(late))).toThrow(declares);
  });

  it('refuses an SQL problem with a catalogued error naming the item and the language', () => {
    const sql = item('<test_input>create table t(x int);</test_input><test_output>1</test_output><solution language="SQL(sqlite3)">select 1;</solution>');
    expect(() => readArchive('fps', xml(item('<test_input>1</test_input><test_output>1</test_output>') + sql))).toThrow(
      expect.objectContaining({ code: 'IMPORT_LANGUAGE_UNJUDGEABLE', params: { problem: 'the FPS file item 2 (T)', language: 'SQL(sqlite3)' } }),
    );
  });

  it('drops an example whose input and output are both empty (HUSTOJ writes the pair for every problem)', () => {
    const pairs = '<sample_input><![CDATA[]]></sample_input><sample_output><![CDATA[\n]]></sample_output><sample_input>1</sample_input><sample_output></sample_output>';
    expect(readArchive('fps', xml(item(`${pairs}<test_input>1</test_input><test_output>1</test_output>`)))[0]!.examples).toEqual([{ input: '1', output: '' }]);
  });

  it('takes off the <span class="md"> / [md] wrapper HUSTOJ puts around a Markdown statement, and only a whole one', () => {
    const fields =
      "<description><![CDATA[<span class='md'>\n### Title\n\nText with <span>HTML</span>\n</span>]]></description><input>[md]\n**Input**\n[/md]</input>" +
      '<output><![CDATA[<span class="md">a</span> and <span class="md">b</span>]]></output><hint><![CDATA[<span class="md">x</span>]]></hint>';
    const [p] = readArchive('fps', xml(item(`${fields}<test_input>1</test_input><test_output>1</test_output>`).replace('<description>d</description>', '')));
    expect(p).toMatchObject({ description: '### Title\n\nText with <span>HTML</span>\n', input: '**Input**\n', output: '<span class="md">a</span> and <span class="md">b</span>', hint: 'x' });
  });

  it('reads a testlib checker (FPS 1.5 <tpj>, or an <spj> that registers testlib) as testlib checkers, and HUSTOJ\'s own kind with HUSTOJ\'s protocol', () => {
    const checker = '<![CDATA[#include "testlib.h"\nint main(int argc, char* argv[]) { registerTestlibCmd(argc, argv); quitf(_ok, "ok"); }\n]]>';
    const cases = '<test_input>1</test_input><test_output>1</test_output>';
    const [tpj, spj, hustoj] = readArchive(
      'fps',
      xml(item(`${cases}<tpj language="C++">${checker}</tpj>`) + item(`${cases}<spj language="C++">${checker}</spj>`) + item(`${cases}<spj language="C">int main(){return 0;}</spj>`)),
    );
    for (const p of [tpj!, spj!]) {
      expect(p).toMatchObject({ judgeMode: 'spj', checker: { language: 'C++', protocol: 'testlib' }, warnings: [] });
      expect(p.checker!.code).toContain('registerTestlibCmd');
    }
    // HUSTOJ's own kind is judged with HUSTOJ's arguments and exit codes.
    expect(hustoj).toMatchObject({ judgeMode: 'spj', checker: { language: 'C', protocol: 'hustoj' } });
    expect(hustoj!.warnings).toEqual([{ code: 'FPS_SPJ_HUSTOJ', params: {}, message: expect.stringContaining('as HUSTOJ judges it') }]);
  });

  it("maps HUSTOJ's Clang and Clang++ to C and C++", () => {
    const [p] = readArchive('fps', fixtureFile('fps', 'hustoj-export/problems.xml'));
    expect(p!.submissions.map((s) => s.language)).toEqual(['C', 'C++']);
    expect(p!.codeTemplates.map((t) => t.language)).toEqual(['C']);
    expect(p!.warnings).toEqual([]);
  });

  it('refuses malformed XML with its line', () => {
    expect(() => readArchive('fps', xml(item('<test_input>1</test_output>')))).toThrow(
      refusal('FPS_XML_MALFORMED', /^Import failed: the FPS file is not well-formed XML: .+ \(line 2, column \d+\)$/, { where: 'the FPS file', error: expect.any(String), line: 2, column: expect.any(Number) }),
    );
  });

  it('imports an item without test data without cases (the import asks for them), naming a remote judge in a warning', () => {
    const [plain, remote] = readArchive('fps', xml(item('') + item('<remote_oj><![CDATA[far]]></remote_oj><remote_id>1001</remote_id>')));
    expect(plain).toMatchObject({ title: 'T', cases: [], warnings: [] });
    expect(remote!.cases).toEqual([]);
    expect(remote!.warnings).toEqual([{ code: 'FPS_REMOTE_NO_DATA', params: { remote: 'far 1001' }, message: expect.stringContaining('remotely on far 1001') }]);
  });

  it('refuses unpaired test_input / test_output, naming the item', () => {
    expect(() => readArchive('fps', xml(item('<test_input>1</test_input><test_input>2</test_input><test_output>1</test_output>')))).toThrow(
      refusal('FPS_CASE_COUNTS', 'the FPS file item 1 (T) has 2 test_input and 1 test_output elements', { where: 'the FPS file item 1 (T)', inputs: 2, outputs: 1 }),
    );
  });
});

describe('FPS parser limits', () => {
  it('refuses absurdly deep nesting as an import error, not a crash', () => {
    const deep = `<fps>${'<item>'.repeat(200_000)}${'</item>'.repeat(200_000)}</fps>`;
    expect(() => readArchive('fps', Buffer.from(deep))).toThrow(refusal('FILE_UNPARSABLE', /^Import failed: the FPS file cannot be parsed: /, { where: 'the FPS file', error: expect.any(String) }));
  });
});
