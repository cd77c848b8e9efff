// What a whole-board read costs once per board version instead of once per call (docs/benchmarks.md (h)): per
// projection state, view and star removal, the filtered rows, their RankVOs and JSON texts, and the JSON of all
// rows joined (shared by every caller of that version; the gateway memoises its gzip on it). Keyed by the state
// object and checked against its version and topic seqs: a writer that projects a record bumps the version of
// the same object, a rebuild makes a new object, so a stale entry is never used.
import type { AcmRow, BoardRow, BoardView, OiRow, RankVO } from '@oj/proto';
import type { RankUser } from './board-data';
import type { BoardState } from './projector';

/** A JSON text shared by many answers; `compressed` is the gateway's memo of its compressed form. */
export interface SharedJson {
  readonly text: string;
  compressed?: unknown;
}

/** An answer's JSON in pieces, concatenated in order: own text, or a shared text. */
export type JsonPart = string | SharedJson;

export function withUser(row: BoardRow, u: RankUser | undefined): RankVO {
  return {
    ...(row as AcmRow & OiRow),
    username: u?.username ?? '',
    realname: u?.realname ?? null,
    nickname: u?.nickname ?? null,
    school: u?.school ?? null,
    gender: u?.gender ?? null,
    avatar: u?.avatar ?? null,
  };
}

export class ViewCache {
  private index: Map<string, number> | null = null;
  private readonly vos: (RankVO | undefined)[];
  private readonly texts: (string | undefined)[];
  private all: SharedJson | null = null;

  constructor(
    private readonly s: BoardState,
    readonly version: number,
    readonly seq: string,
    readonly source: readonly BoardRow[],
    /** The rows of the view, star rows removed when asked. */
    readonly rows: readonly BoardRow[],
  ) {
    this.vos = new Array<RankVO | undefined>(rows.length);
    this.texts = new Array<string | undefined>(rows.length);
  }

  /** Position of `uid` among `rows`, or −1. */
  indexOf(uid: string): number {
    if (!this.index) {
      this.index = new Map();
      this.rows.forEach((r, i) => this.index!.set(r.uid, i));
    }
    return this.index.get(uid) ?? -1;
  }

  vo(i: number): RankVO {
    let v = this.vos[i];
    if (!v) {
      const r = this.rows[i]!;
      v = withUser(r, this.s.users.get(r.uid));
      this.vos[i] = v;
    }
    return v;
  }

  text(i: number): string {
    let t = this.texts[i];
    if (t === undefined) {
      t = JSON.stringify(this.vo(i));
      this.texts[i] = t;
    }
    return t;
  }

  /** JSON of rows [from, to), comma-separated, without brackets; all rows come as the shared text. */
  slice(from: number, to: number): JsonPart {
    if (from === 0 && to === this.rows.length && to > 0) {
      if (!this.all) {
        const parts = new Array<string>(to);
        for (let i = 0; i < to; i++) parts[i] = this.text(i);
        this.all = { text: parts.join(',') };
      }
      return this.all;
    }
    const parts: string[] = [];
    for (let i = from; i < to; i++) parts.push(this.text(i));
    return parts.join(',');
  }
}

const caches = new WeakMap<BoardState, Map<string, ViewCache>>();

/** The cache of one view of `s` as of its current version (made anew when the version or seqs moved on). */
export function viewCache(s: BoardState, view: BoardView, removeStar: boolean): ViewCache {
  let byKey = caches.get(s);
  if (!byKey) {
    byKey = new Map();
    caches.set(s, byKey);
  }
  const key = `${view}|${removeStar ? 1 : 0}`;
  const source = s.views.get(view)!.rows();
  const seq = `${s.seq.public}|${s.seq.admin}`;
  const hit = byKey.get(key);
  if (hit && hit.version === s.version && hit.seq === seq && hit.source === source) return hit;
  let rows = source;
  if (removeStar && s.starUids.length > 0) {
    const stars = new Set(s.starUids);
    rows = source.filter((r) => !stars.has(r.uid));
  }
  const made = new ViewCache(s, s.version, seq, source, rows);
  byKey.set(key, made);
  return made;
}

/**
 * The rows of one page as `pageBoard` picks them without a keyword: the pinned copies (in pin order, once each,
 * only users on the board) before the board, then the window of `limit` rows of page `currentPage`.
 */
export function pagePlan(vc: ViewCache, pins: readonly string[], currentPage: number, limit: number): { pinned: number[]; from: number; to: number; total: number } {
  const pinned: number[] = [];
  const done = new Set<string>();
  for (const uid of pins) {
    if (done.has(uid)) continue;
    const i = vc.indexOf(uid);
    if (i >= 0) {
      pinned.push(i);
      done.add(uid);
    }
  }
  const n = vc.rows.length;
  const total = pinned.length + n;
  const size = Math.max(1, Math.floor(limit));
  const start = Math.min(total, (Math.max(1, Math.floor(currentPage)) - 1) * size);
  const end = Math.min(total, start + size);
  const p = pinned.length;
  return {
    pinned: pinned.slice(Math.min(start, p), Math.min(end, p)),
    from: Math.max(0, start - p),
    to: Math.max(0, end - p),
    total,
  };
}
