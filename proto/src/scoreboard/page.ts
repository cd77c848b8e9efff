// One page of a ranked board as the REST calls answer it: star rows optionally removed, pinned rows copied to the
// top, the keyword search applied after ranking (rank numbers stay the global ones), then in-memory paging.
import type { BoardRow } from './types';

export interface BoardPageQuery<R extends BoardRow> {
  /** 1-based. */
  currentPage: number;
  limit: number;
  /** Trimmed and lower-cased before matching; blank means no search. */
  keyword?: string;
  removeStar?: boolean;
  starUids: readonly string[];
  /** Rows copied to the top, in this order: the caller's own row, then the concerned users. */
  pinUids?: readonly string[];
  /** Whether a row matches the (lower-cased) keyword; default: its uid contains it. */
  match?: (row: R, keyword: string) => boolean;
}

const matchUid = (row: BoardRow, keyword: string) => row.uid.toLowerCase().includes(keyword);

export function pageBoard<R extends BoardRow>(rows: readonly R[], q: BoardPageQuery<R>): { records: R[]; total: number } {
  let list: R[];
  if (q.removeStar && q.starUids.length > 0) {
    const stars = new Set(q.starUids);
    list = rows.filter((r) => !stars.has(r.uid));
  } else {
    list = rows as R[];
  }
  if (q.pinUids && q.pinUids.length > 0) {
    const byUid = new Map<string, R>();
    const wanted = new Set(q.pinUids);
    for (const r of list) if (wanted.has(r.uid)) byUid.set(r.uid, r);
    const pinned: R[] = [];
    const done = new Set<string>();
    for (const uid of q.pinUids) {
      const r = byUid.get(uid);
      if (r && !done.has(uid)) {
        pinned.push(r);
        done.add(uid);
      }
    }
    if (pinned.length > 0) list = pinned.concat(list);
  }
  const keyword = q.keyword?.trim().toLowerCase() ?? '';
  if (keyword !== '') {
    const match = q.match ?? matchUid;
    list = list.filter((r) => match(r, keyword));
  }
  const limit = Math.max(1, Math.floor(q.limit));
  const start = (Math.max(1, Math.floor(q.currentPage)) - 1) * limit;
  return { records: list.slice(start, start + limit), total: list.length };
}
