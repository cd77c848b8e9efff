import { describe, expect, it } from 'vitest';
import { moveRanks } from './move-ranks';

const ranked = (...ranks: number[]) => ranks.map((rank, i) => ({ id: i + 1, rank }));
const summary = (moves: ReturnType<typeof moveRanks>) => moves.map((m) => [m.item.id, m.rank]);

describe('moveRanks', () => {
  it('swaps two distinct ranks, gaps and all', () => {
    expect(summary(moveRanks(ranked(0, 4, 9), 1, -1))).toEqual([
      [2, 0],
      [1, 4],
    ]);
    expect(summary(moveRanks(ranked(0, 4, 9), 1, 1))).toEqual([
      [2, 9],
      [3, 4],
    ]);
  });

  it('renumbers the list in the new order when ranks tie', () => {
    // Order by rank then id: 1, 2, 3 (2 and 3 tie); moving 3 up gives 1, 3, 2: 3 keeps rank 1, 2 goes to 2.
    expect(summary(moveRanks(ranked(0, 1, 1), 2, -1))).toEqual([[2, 2]]);
    expect(summary(moveRanks(ranked(5, 5), 0, 1))).toEqual([
      [2, 0],
      [1, 1],
    ]);
  });

  it('moves nothing past either end', () => {
    expect(moveRanks(ranked(0, 1), 0, -1)).toEqual([]);
    expect(moveRanks(ranked(0, 1), 1, 1)).toEqual([]);
  });
});
