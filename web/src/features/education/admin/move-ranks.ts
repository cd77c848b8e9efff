// The rank changes that move a chapter or a resource one place up or down in its list, the list being in the server's
// order (rank, then id): a swap of the two ranks when every rank of the list is distinct (a swap keeps the rest in
// place), else the whole list renumbered 0..n-1 in the new order (ties are broken by id, which a swap cannot move).
export interface Ranked {
  id: number;
  rank: number;
}

export interface RankMove<T> {
  item: T;
  rank: number;
}

/** The items whose rank changes when `items[index]` moves by `dir` (-1 up, +1 down); none at the ends. */
export function moveRanks<T extends Ranked>(items: readonly T[], index: number, dir: -1 | 1): RankMove<T>[] {
  const a = items[index];
  const b = items[index + dir];
  if (!a || !b) return [];
  if (new Set(items.map((x) => x.rank)).size === items.length) {
    return [
      { item: a, rank: b.rank },
      { item: b, rank: a.rank },
    ];
  }
  const order = [...items];
  order[index] = b;
  order[index + dir] = a;
  return order.flatMap((item, rank) => (item.rank === rank ? [] : [{ item, rank }]));
}

/** Saves the moves one after the other (each a PUT with the item's new rank). */
export async function saveMoves<T>(moves: RankMove<T>[], save: (item: T, rank: number) => Promise<unknown>): Promise<void> {
  for (const { item, rank } of moves) await save(item, rank);
}
