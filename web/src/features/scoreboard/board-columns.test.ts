// The board tab's kept problem columns: read once per contest page, again when asked fresh or after the page closed,
// never kept when the read failed; a board naming an unknown problem marks them stale.
import { describe, expect, it } from 'vitest';
import type { ContestProblemVO } from '@oj/proto';
import { boardColumns, columnsLack, forgetBoardColumns } from './board-columns';

const col = (displayId: string) => ({ displayId, displayTitle: displayId, color: null }) as unknown as ContestProblemVO;

describe('kept board columns', () => {
  it('reads once per contest until forgotten or asked fresh; a failed read is read again', async () => {
    const reads: number[] = [];
    const read = async (cid: number) => {
      reads.push(cid);
      return [col('A'), col(`B${reads.length}`)];
    };
    expect((await boardColumns(7, read)).map((c) => c.displayId)).toEqual(['A', 'B1']);
    expect((await boardColumns(7, read)).map((c) => c.displayId)).toEqual(['A', 'B1']);
    expect((await boardColumns(8, read)).map((c) => c.displayId)).toEqual(['A', 'B2']);
    expect((await boardColumns(7, read, true)).map((c) => c.displayId)).toEqual(['A', 'B3']);
    expect((await boardColumns(7, read)).map((c) => c.displayId)).toEqual(['A', 'B3']);
    forgetBoardColumns(7);
    expect((await boardColumns(7, read)).map((c) => c.displayId)).toEqual(['A', 'B4']);
    expect(reads).toEqual([7, 8, 7, 7]);

    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error('down');
      return [col('Z')];
    };
    await expect(boardColumns(9, flaky)).rejects.toThrow('down');
    fail = false;
    expect((await boardColumns(9, flaky)).map((c) => c.displayId)).toEqual(['Z']);
  });

  it('are stale when the board names a problem they lack', () => {
    expect(columnsLack([col('A'), col('B')], { A: {}, B: {} })).toBe(false);
    expect(columnsLack([col('A'), col('B')], { A: {} })).toBe(false);
    expect(columnsLack([col('A')], { A: {}, C: {} })).toBe(true);
  });
});
