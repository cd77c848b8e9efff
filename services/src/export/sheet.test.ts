import { describe, expect, it } from 'vitest';
import { readZip } from '../testdata/zip';
import { columnName, toCsv, toXlsx } from './sheet';

describe('sheet export', () => {
  it('writes CSV with a BOM, quoting and formula-injection guard', () => {
    const text = toCsv([
      ['name', 'note'],
      ['张三', 'a,"b"'],
      ['=cmd()', -3],
    ]).toString('utf8');
    expect(text).toBe('\uFEFFname,note\r\n张三,"a,""b"""\r\n\'=cmd(),-3\r\n');
  });

  it('names columns like a spreadsheet', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('writes a workbook whose sheets hold the cells, strings escaped and numbers as numbers', () => {
    const buf = toXlsx([
      { name: 'Rank/1', rows: [['Rank', 'User'], [1, '<a&b>']] },
      { name: 'Rank/1', rows: [['x']] },
    ]);
    const entries = readZip(buf, { entries: 100, fileBytes: 1 << 20, totalBytes: 1 << 20 }, () => true);
    const names = entries.map((e) => e.name).sort();
    expect(names).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml']);
    const text = (n: string) => {
      return entries.find((x) => x.name === n)!.data.toString('utf8');
    };
    expect(text('xl/workbook.xml')).toContain('name="Rank_1"');
    expect(text('xl/workbook.xml')).toContain('name="Rank_1_2"');
    const s1 = text('xl/worksheets/sheet1.xml');
    expect(s1).toContain('<c r="A2"><v>1</v></c>');
    expect(s1).toContain('<t xml:space="preserve">&lt;a&amp;b&gt;</t>');
  });
});
