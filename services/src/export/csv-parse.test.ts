import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-parse';
import { toCsv } from './sheet';

describe('parseCsv', () => {
  it('reads plain, quoted and multi-line cells with their line numbers', () => {
    const rows = parseCsv('a,b\r\n"c,1","say ""hi"""\n\n"two\nlines",x\n');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c,1', 'say "hi"'] },
      { line: 4, cells: ['two\nlines', 'x'] },
    ]);
  });

  it('keeps empty cells and a last line without a line break', () => {
    expect(parseCsv('u,p,,\nv,q')).toEqual([
      { line: 1, cells: ['u', 'p', '', ''] },
      { line: 2, cells: ['v', 'q'] },
    ]);
  });

  it('reads back what toCsv wrote', () => {
    const rows = [['张三', 'a"b', 'x,y'], ['line\nbreak', '', '3']];
    const text = toCsv(rows).toString('utf8').replace(/^\uFEFF/, '');
    expect(parseCsv(text).map((r) => r.cells)).toEqual(rows);
  });
});
