// Merging a pushed row into a page of the AC helper or the print list: upsert by id, unhandled rows first,
// newest first within each group (the order the lists are served in).

export interface ListRow {
  id: number;
  submitTime?: string;
  gmtCreate?: string;
}

/** Inserts or replaces `row` (by id) in `rows` kept in (unhandled first, newest first) order; returns a new list. */
export function upsertRow<R extends ListRow>(rows: readonly R[], row: R, handled: (r: R) => boolean, limit: number): { rows: R[]; added: boolean } {
  const at = (r: R) => Date.parse(r.submitTime ?? r.gmtCreate ?? '') || 0;
  const without = rows.filter((r) => r.id !== row.id);
  const added = without.length === rows.length;
  const key = (r: R): [number, number, number] => [handled(r) ? 1 : 0, -at(r), -r.id];
  const k = key(row);
  let i = 0;
  while (i < without.length) {
    const o = key(without[i]!);
    if (o[0] > k[0] || (o[0] === k[0] && (o[1] > k[1] || (o[1] === k[1] && o[2] > k[2])))) break;
    i++;
  }
  const out = [...without.slice(0, i), row, ...without.slice(i)];
  return { rows: out.slice(0, limit), added };
}
