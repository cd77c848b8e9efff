// A client's window of a board: one contiguous run of rows [lo, hi) of the full board (the part on screen and a
// margin), plus single rows followed wherever they stand (the viewer's own, followed users, every star row). Pushed
// row moves keep it exactly as the server's board would show those places, without the rest of the board:
// - a row that leaves the window shrinks it (the row after it is not known), one that lands inside it is inserted;
//   moves above it shift it; nothing is guessed, the caller fetches what scrolling needs (`covers`);
// - rank numbers are 1 + the non-star rows strictly better; each run keeps `tied`, how many non-star rows above it
//   tie with its first non-star row (counted with each move's `was`, the moved row's tie key before the move, or
//   re-anchored on a moved row's own rank, which the server computed); awards follow from the place among the
//   non-star rows. Star rows are all followed, so "non-star rows before index i" is always known.
import { awardQuotas, tieKey, type RankConfig } from './ranking';
import type { AwardConfig, BoardRow, RowMove } from './types';

/** A row with the fields a board shows: a board row plus its user's display fields. */
export type RankedRow = BoardRow & { username: string };

export interface Placed<R> {
  /** 0-based place in the full board (star rows included, no pinned copies). */
  index: number;
  row: R;
}

/** A window read: rows [offset, offset + rows.length) of a board of `total` rows, the followed rows and every star row. */
export interface WindowSnapshot<R extends RankedRow> {
  total: number;
  offset: number;
  rows: readonly R[];
  pins: readonly Placed<R>[];
  stars: readonly Placed<R>[];
}

interface Run<R> {
  lo: number;
  rows: R[];
  /** Non-star rows above `lo` tying with the run's first non-star row; null: not known until the delta ends. */
  tied: number | null;
}

/** A delta's moves with the display fields of the users they move (absent ones are taken from rows already held). */
export interface WindowDelta<R extends RankedRow> {
  moves: readonly RowMove[];
  users?: Record<string, Omit<R, keyof BoardRow>>;
}

const sameTie = (a: readonly [number, number], b: readonly [number, number]) => a[0] === b[0] && a[1] === b[1];

export class BoardWindow<R extends RankedRow> {
  /** Rows on the board. */
  total: number;
  private cfg: RankConfig;
  private stars: Set<string>;
  private readonly main: Run<R>;
  /** Followed rows and star rows, each a run of at most one row (empty while the user is not on the board). */
  private readonly singles = new Map<string, Run<R>>();
  /** Set when a move did not fit what is held (should not happen): the caller reloads the window. */
  lost = false;

  constructor(cfg: RankConfig, snap: WindowSnapshot<R>) {
    this.cfg = cfg;
    this.stars = new Set(cfg.starUids);
    this.total = snap.total;
    this.main = { lo: snap.offset, rows: [...snap.rows], tied: 0 };
    for (const p of [...snap.stars, ...snap.pins]) this.singles.set(p.row.uid, { lo: p.index, rows: [p.row], tied: 0 });
    for (const r of this.runs()) r.tied = this.anchor(r);
  }

  get config(): RankConfig {
    return this.cfg;
  }

  /** First index of the window. */
  get lo(): number {
    return this.main.lo;
  }

  /** One past the last index of the window. */
  get hi(): number {
    return this.main.lo + this.main.rows.length;
  }

  /** Whether every index of [from, to) is held (in the window or as a single row). */
  covers(from: number, to: number): boolean {
    for (let i = Math.max(0, from); i < Math.min(to, this.total); i++) if (!this.rowAt(i)) return false;
    return true;
  }

  /** The row at a board index, when held. */
  rowAt(i: number): R | undefined {
    if (i >= this.main.lo && i < this.hi) return this.main.rows[i - this.main.lo];
    for (const s of this.singles.values()) if (s.lo === i && s.rows.length === 1) return s.rows[0];
    return undefined;
  }

  /** The held row of a user and its index. */
  find(uid: string): Placed<R> | undefined {
    const s = this.singles.get(uid);
    if (s && s.rows.length === 1) return { index: s.lo, row: s.rows[0]! };
    const k = this.main.rows.findIndex((r) => r.uid === uid);
    return k < 0 ? undefined : { index: this.main.lo + k, row: this.main.rows[k]! };
  }

  /** Indices of the star rows on the board, ascending. */
  starIndices(): number[] {
    const out: number[] = [];
    for (const [uid, s] of this.singles) if (this.stars.has(uid) && s.rows.length === 1) out.push(s.lo);
    return out.sort((a, b) => a - b);
  }

  /** Follow a user's row from now on (it must be held to be shown at once; otherwise it appears with its next move). */
  track(uid: string): void {
    if (this.singles.has(uid)) return;
    const at = this.find(uid);
    const run: Run<R> = at ? { lo: at.index, rows: [at.row], tied: 0 } : { lo: 0, rows: [], tied: 0 };
    if (at) run.tied = this.anchor(run);
    this.singles.set(uid, run);
  }

  untrack(uid: string): void {
    if (!this.stars.has(uid)) this.singles.delete(uid);
  }

  /** The rows of another window read at the same seq: joined to the window when they touch it, else they replace it. */
  merge(snap: WindowSnapshot<R>): void {
    const m = this.main;
    const lo = snap.offset;
    const hi = snap.offset + snap.rows.length;
    if (snap.rows.length === 0) return;
    if (hi < m.lo || lo > this.hi || m.rows.length === 0) {
      m.lo = lo;
      m.rows = [...snap.rows];
    } else {
      const from = Math.min(lo, m.lo);
      const to = Math.max(hi, this.hi);
      const rows: R[] = [];
      for (let i = from; i < to; i++) rows.push(i >= lo && i < hi ? snap.rows[i - lo]! : m.rows[i - m.lo]!);
      m.lo = from;
      m.rows = rows;
    }
    for (const p of [...snap.stars, ...snap.pins]) if (!this.singles.has(p.row.uid)) this.singles.set(p.row.uid, { lo: p.index, rows: [p.row], tied: 0 });
    for (const r of this.runs()) r.tied = this.anchor(r);
  }

  /** Applies one delta (the moves of one verdict, in order), then reassigns ranks and awards of every held row. */
  apply(delta: WindowDelta<R>): void {
    const moved = new Set<string>();
    for (const m of delta.moves) {
      const row = this.withUser(m.row, delta.users);
      const uid = row.uid;
      if (row.rank === -1 && !this.stars.has(uid) && !m.removed) {
        this.stars = new Set([...this.stars, uid]);
        this.cfg = { ...this.cfg, starUids: [...this.cfg.starUids, uid] };
      }
      if (this.stars.has(uid) && !this.singles.has(uid)) this.singles.set(uid, { lo: 0, rows: [], tied: 0 });
      for (const [owner, run] of this.singles) this.move(run, m, row, owner);
      this.move(this.main, m, row, null);
      if (m.from >= 0) this.total--;
      if (!m.removed) {
        this.total++;
        moved.add(uid);
      } else moved.delete(uid);
    }
    for (const run of this.runs()) {
      const f = this.firstNonStar(run);
      if (f >= 0 && moved.has(run.rows[f]!.uid)) run.tied = this.anchor(run);
      if (f >= 0 && run.tied === null) this.lost = true;
      if (f < 0) run.tied = 0;
    }
    this.rerank();
  }

  // ---------- one move on one run ----------

  private move(run: Run<R>, m: RowMove, row: R, owner: string | null): void {
    const uid = row.uid;
    const star = this.stars.has(uid);
    if (m.from >= 0) {
      const k = run.rows.findIndex((r) => r.uid === uid);
      if (k >= 0) {
        if (run.lo + k !== m.from) this.lost = true;
        const old = run.rows[k]!;
        const wasFirst = k === this.firstNonStar(run);
        run.rows.splice(k, 1);
        if (wasFirst && run.tied !== null) {
          const f = this.firstNonStar(run);
          run.tied = f >= 0 && sameTie(tieKey(run.rows[f]!), tieKey(old)) ? run.tied : 0;
        }
      } else if (m.from < run.lo) {
        run.lo--;
        this.countAbove(run, star, m.was, -1);
      }
    }
    if (m.removed) return;
    if (owner !== null) {
      if (owner === uid) {
        run.lo = m.to;
        run.rows = [row];
        run.tied = null;
      } else if (run.rows.length === 1 && m.to <= run.lo) {
        run.lo++;
        this.countAbove(run, star, tieKey(row), 1);
      }
      return;
    }
    const hi = run.lo + run.rows.length;
    const f = this.firstNonStar(run);
    // A row landing just before the window joins it when its rank follows from what is held: at the top of the
    // board, a star row, or a row tying with the first one.
    const leads = run.lo === 0 || star || (f >= 0 && sameTie(tieKey(row), tieKey(run.rows[f]!)));
    if (m.to < run.lo || (m.to === run.lo && !leads)) {
      run.lo++;
      this.countAbove(run, star, tieKey(row), 1);
    } else if (m.to <= hi) {
      const at = m.to - run.lo;
      run.rows.splice(at, 0, row);
      if (!star && (f < 0 || at <= f) && !(f >= 0 && sameTie(tieKey(row), tieKey(run.rows[f + 1]!)))) run.tied = run.lo === 0 ? 0 : null;
    }
  }

  /** A non-star row above the run left (−1) or arrived (+1): it counts when it ties with the run's first non-star row. */
  private countAbove(run: Run<R>, star: boolean, key: readonly [number, number] | undefined, d: 1 | -1): void {
    if (star || run.tied === null) return;
    const f = this.firstNonStar(run);
    if (f < 0) return;
    if (key === undefined) run.tied = null;
    else if (sameTie(key, tieKey(run.rows[f]!))) run.tied += d;
  }

  // ---------- ranks and awards ----------

  private runs(): Run<R>[] {
    return [this.main, ...this.singles.values()];
  }

  private firstNonStar(run: Run<R>): number {
    return run.rows.findIndex((r) => !this.stars.has(r.uid));
  }

  /** Non-star rows before board index `i`. */
  private nonStarBefore(i: number, starIdx: readonly number[]): number {
    let n = 0;
    while (n < starIdx.length && starIdx[n]! < i) n++;
    return i - n;
  }

  /** `tied` of a run from its first non-star row's rank (as the server computed it). */
  private anchor(run: Run<R>): number {
    const f = this.firstNonStar(run);
    if (f < 0) return 0;
    return 1 + this.nonStarBefore(run.lo + f, this.starIndices()) - run.rows[f]!.rank;
  }

  private rerank(): void {
    const starIdx = this.starIndices();
    const quotas = awardQuotas(this.cfg.awardType, this.cfg.awards, this.total - starIdx.length);
    const award = (place: number, key: number): AwardConfig | null => {
      if (key <= 0) return null;
      let left = place;
      for (const q of quotas) {
        if (left < q.count) return q.award;
        left -= q.count;
      }
      return null;
    };
    for (const run of this.runs()) {
      let prev: { key: [number, number]; rank: number } | null = null;
      run.rows = run.rows.map((row, k) => {
        if (this.stars.has(row.uid)) return withRank(row, -1, null);
        const before = this.nonStarBefore(run.lo + k, starIdx);
        const key = tieKey(row);
        const rank: number = prev === null ? 1 + before - (run.tied ?? 0) : sameTie(prev.key, key) ? prev.rank : 1 + before;
        prev = { key, rank };
        return withRank(row, rank, award(before, key[0]));
      });
    }
  }

  private withUser(row: BoardRow, users: WindowDelta<R>['users']): R {
    const u = users?.[row.uid] ?? this.find(row.uid)?.row;
    const fields = u ? userFields(u as R) : { username: row.uid, realname: null, nickname: null, school: null, gender: null, avatar: null };
    return { ...row, ...fields } as unknown as R;
  }
}

function userFields(u: Record<string, unknown>) {
  return { username: u.username, realname: u.realname ?? null, nickname: u.nickname ?? null, school: u.school ?? null, gender: u.gender ?? null, avatar: u.avatar ?? null };
}

/** The row with this rank and award (a new object only when something changed). */
function withRank<R extends BoardRow>(row: R, rank: number, a: AwardConfig | null): R {
  const same =
    row.rank === rank &&
    row.isWinAward === (a !== null) &&
    row.awardName === (a?.name ?? null) &&
    row.awardBackground === (a?.background ?? null) &&
    row.awardColor === (a?.color ?? null);
  if (same) return row;
  return { ...row, rank, isWinAward: a !== null, awardName: a?.name ?? null, awardBackground: a?.background ?? null, awardColor: a?.color ?? null };
}
