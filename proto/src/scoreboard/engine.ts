// The incremental scoreboard: judged contest records in (any order, upserted by id), a ranked board out, and for
// each change the row moves that bring a copy of the previous board up to date. One verdict recomputes one cell,
// rebuilds one row and moves it by binary search; ranks and awards are then reassigned in one pass.
import { compareRecords, computeCell, EMPTY_CELL, isCounted, isJudgedStatus, type CellState } from './records';
import { rankRowsWith, tieKey } from './ranking';
import type { AcmCell, AcmRow, BoardConfig, BoardRow, OiRow, RowMove, ScoreRecord } from './types';

/** Position of a row in board order: the visible keys, then the user's first appearance (unique per user). */
interface SortKey {
  a: number;
  b: number;
  c: number;
  t: number;
  id: number;
}

function compareKeys(x: SortKey, y: SortKey): number {
  if (x.a !== y.a) return x.a < y.a ? -1 : 1;
  if (x.b !== y.b) return x.b < y.b ? -1 : 1;
  if (x.c !== y.c) return x.c < y.c ? -1 : 1;
  if (x.t !== y.t) return x.t < y.t ? -1 : 1;
  return x.id - y.id;
}

function lowerBound(keys: readonly SortKey[], key: SortKey): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKeys(keys[mid]!, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of `rec` (same id) in a cell's (time, id)-sorted list, or where it would go. */
function recordIndex(recs: readonly ScoreRecord[], rec: ScoreRecord): number {
  let lo = 0;
  let hi = recs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareRecords(recs[mid]!, rec) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The engine's own copy (callers may reuse their objects); one shape for every stored record. */
function copyRecord(r: ScoreRecord): ScoreRecord {
  return { id: r.id, uid: r.uid, displayId: r.displayId, time: r.time, status: r.status, score: r.score, useTime: r.useTime };
}

function sameRecord(a: ScoreRecord, b: ScoreRecord): boolean {
  return (
    a.id === b.id &&
    a.uid === b.uid &&
    a.displayId === b.displayId &&
    a.time === b.time &&
    a.status === b.status &&
    a.score === b.score &&
    a.useTime === b.useTime
  );
}

interface UserCell {
  /** Every stored record of this user and problem, sorted by (time, id). */
  recs: ScoreRecord[];
  state: CellState;
}

interface UserState {
  uid: string;
  cells: Map<string, UserCell>;
  /** The row on the board (null: no counted record) and the key it is sorted under. */
  row: BoardRow | null;
  key: SortKey | null;
}

/** Holders of first blood on one problem: candidate AC seconds → uids, and the earliest second. */
interface FirstBlood {
  byTime: Map<number, Set<string>>;
  min: number;
}

interface BuiltRow {
  row: BoardRow;
  key: SortKey;
}

export class ScoreboardEngine {
  readonly config: BoardConfig;
  private readonly displayIds: readonly string[];
  private readonly problems: ReadonlySet<string>;
  private readonly stars: ReadonlySet<string>;
  private readonly records = new Map<number, ScoreRecord>();
  private readonly users = new Map<string, UserState>();
  private readonly firstBlood = new Map<string, FirstBlood>();
  private readonly list: BoardRow[] = [];
  private readonly keys: SortKey[] = [];
  /** Whether each row of `list` is a star row (null: the contest has no star users). */
  private readonly star: boolean[] | null;

  constructor(config: BoardConfig, displayIds: readonly string[]) {
    this.config = config;
    this.displayIds = [...new Set(displayIds)];
    this.problems = new Set(this.displayIds);
    this.stars = new Set(config.starUids);
    this.star = this.stars.size > 0 ? [] : null;
    for (const d of this.displayIds) this.firstBlood.set(d, { byTime: new Map(), min: Infinity });
  }

  /** A board from scratch (a later record with the same id replaces an earlier one, as `apply` would). */
  static build(config: BoardConfig, displayIds: readonly string[], records: Iterable<ScoreRecord>): ScoreboardEngine {
    const engine = new ScoreboardEngine(config, displayIds);
    engine.load(records);
    return engine;
  }

  get size(): number {
    return this.list.length;
  }

  /** The full board in order, ranks and awards assigned, star rows included (rank −1). Do not mutate. */
  rows(): readonly BoardRow[] {
    return this.list;
  }

  row(uid: string): BoardRow | undefined {
    return this.users.get(uid)?.row ?? undefined;
  }

  indexOf(uid: string): number {
    const u = this.users.get(uid);
    return u?.key ? this.locate(u) : -1;
  }

  /** Second of the first blood on a problem under this board's view (null: not solved yet). ACM only. */
  firstAcTime(displayId: string): number | null {
    const fb = this.firstBlood.get(displayId);
    return fb && fb.min !== Infinity ? fb.min : null;
  }

  /**
   * Upserts one record by id (a re-judged record replaces the old one; a pending status removes it) in any arrival
   * order. Returns the changed rows in the order to apply them: the rows whose records changed, then rows whose
   * first blood flag changed. Empty when the board did not change.
   */
  apply(rec: ScoreRecord): RowMove[] {
    const old = this.records.get(rec.id);
    const accepted = this.accepts(rec);
    if (old === undefined && !accepted) return [];
    if (old !== undefined && accepted && sameRecord(old, rec)) return [];
    const next = accepted ? copyRecord(rec) : null;
    const counts = (old !== undefined && isCounted(old, this.config)) || (next !== null && isCounted(next, this.config));

    const acm = this.config.type === 0;
    const holdersBefore = new Map<string, Set<string>>();
    if (acm && counts) {
      if (old) holdersBefore.set(old.displayId, this.holders(old.displayId));
      if (next && !holdersBefore.has(next.displayId)) holdersBefore.set(next.displayId, this.holders(next.displayId));
    }

    const changed: string[] = [];
    if (old) {
      this.records.delete(old.id);
      const u = this.users.get(old.uid)!;
      const cell = u.cells.get(old.displayId)!;
      const i = recordIndex(cell.recs, old);
      cell.recs.splice(i, 1);
      this.refreshCell(u, old.displayId, cell);
      changed.push(u.uid);
    }
    if (next) {
      this.records.set(next.id, next);
      const u = this.user(next.uid);
      const cell = this.cell(u, next.displayId);
      cell.recs.splice(recordIndex(cell.recs, next), 0, next);
      this.refreshCell(u, next.displayId, cell);
      if (!changed.includes(u.uid)) changed.push(u.uid);
    }
    if (!counts) {
      for (const uid of changed) this.dropIfEmpty(this.users.get(uid));
      return [];
    }

    for (const [d, before] of holdersBefore) {
      const after = this.holders(d);
      for (const uid of before) if (!after.has(uid) && !changed.includes(uid)) changed.push(uid);
      for (const uid of after) if (!before.has(uid) && !changed.includes(uid)) changed.push(uid);
    }
    return this.reposition(changed);
  }

  private accepts(rec: ScoreRecord): boolean {
    return isJudgedStatus(rec.status) && this.problems.has(rec.displayId);
  }

  private user(uid: string): UserState {
    let u = this.users.get(uid);
    if (!u) {
      u = { uid, cells: new Map(), row: null, key: null };
      this.users.set(uid, u);
    }
    return u;
  }

  private cell(u: UserState, displayId: string): UserCell {
    let c = u.cells.get(displayId);
    if (!c) {
      c = { recs: [], state: EMPTY_CELL };
      u.cells.set(displayId, c);
    }
    return c;
  }

  private dropIfEmpty(u: UserState | undefined): void {
    if (u && u.cells.size === 0 && u.row === null) this.users.delete(u.uid);
  }

  private holders(displayId: string): Set<string> {
    const fb = this.firstBlood.get(displayId)!;
    const set = fb.min === Infinity ? undefined : fb.byTime.get(fb.min);
    return new Set(set);
  }

  private refreshCell(u: UserState, displayId: string, cell: UserCell): void {
    const prev = cell.state;
    const state = computeCell(cell.recs, this.config);
    cell.state = state;
    if (prev.fbTime !== state.fbTime) {
      if (prev.fbTime >= 0) this.removeCandidate(displayId, prev.fbTime, u.uid);
      if (state.fbTime >= 0) this.addCandidate(displayId, state.fbTime, u.uid);
    }
    if (cell.recs.length === 0) u.cells.delete(displayId);
  }

  private addCandidate(displayId: string, time: number, uid: string): void {
    const fb = this.firstBlood.get(displayId)!;
    let set = fb.byTime.get(time);
    if (!set) {
      set = new Set();
      fb.byTime.set(time, set);
    }
    set.add(uid);
    if (time < fb.min) fb.min = time;
  }

  private removeCandidate(displayId: string, time: number, uid: string): void {
    const fb = this.firstBlood.get(displayId)!;
    const set = fb.byTime.get(time);
    if (!set) return;
    set.delete(uid);
    if (set.size > 0) return;
    fb.byTime.delete(time);
    if (time === fb.min) {
      let min = Infinity;
      for (const t of fb.byTime.keys()) if (t < min) min = t;
      fb.min = min;
    }
  }

  /** Index of the user's row, found by binary search on the key it was inserted under. */
  private locate(u: UserState): number {
    const i = lowerBound(this.keys, u.key!);
    if (this.list[i]?.uid === u.uid) return i;
    return this.list.findIndex((r) => r.uid === u.uid);
  }

  private buildRow(u: UserState): BuiltRow | null {
    let total = 0;
    let firstTime = Infinity;
    let firstId = Infinity;
    const cfg = this.config;
    if (cfg.type === 0) {
      const info: Record<string, AcmCell> = {};
      let ac = 0;
      let totalTime = 0;
      let lastAcTime: number | null = null;
      for (const d of this.displayIds) {
        const s = u.cells.get(d)?.state;
        if (!s || s.total === 0) continue;
        total += s.total;
        if (s.firstTime < firstTime || (s.firstTime === firstTime && s.firstId < firstId)) {
          firstTime = s.firstTime;
          firstId = s.firstId;
        }
        info[d] = {
          errorNum: s.errorNum,
          tryNum: s.tryNum,
          isAC: s.isAC,
          isFirstAC: s.fbTime >= 0 && s.fbTime === this.firstBlood.get(d)!.min,
          ACTime: s.acTime,
          isAfterContest: s.isAfterContest,
        };
        if (s.isAC) {
          const t = s.acTime!;
          ac++;
          totalTime += (Math.floor(t / 60) + 20 * s.errorNum) * 60;
          if (lastAcTime === null || t > lastAcTime) lastAcTime = t;
        }
      }
      if (total === 0) return null;
      const row: AcmRow = {
        uid: u.uid,
        rank: 0,
        isWinAward: false,
        awardName: null,
        awardBackground: null,
        awardColor: null,
        total,
        ac,
        totalTime,
        lastAcTime,
        submissionInfo: info,
      };
      return { row, key: { a: -ac, b: totalTime, c: lastAcTime ?? Infinity, t: firstTime, id: firstId } };
    }
    const scores: Record<string, number> = {};
    const times: Record<string, number> = {};
    let totalScore = 0;
    let totalTime = 0;
    for (const d of this.displayIds) {
      const s = u.cells.get(d)?.state;
      if (!s || s.total === 0) continue;
      total += s.total;
      if (s.firstTime < firstTime || (s.firstTime === firstTime && s.firstId < firstId)) {
        firstTime = s.firstTime;
        firstId = s.firstId;
      }
      scores[d] = s.score;
      totalScore += s.score;
      if (s.oiTime !== null) {
        times[d] = s.oiTime;
        totalTime += s.oiTime;
      }
    }
    if (total === 0) return null;
    const row: OiRow = {
      uid: u.uid,
      rank: 0,
      isWinAward: false,
      awardName: null,
      awardBackground: null,
      awardColor: null,
      total,
      totalScore,
      totalTime,
      submissionInfo: scores,
      timeInfo: times,
    };
    return { row, key: { a: -totalScore, b: totalTime, c: 0, t: firstTime, id: firstId } };
  }

  /** Takes each changed user's row out and puts its rebuilt row back in place, recording the moves in order. */
  private reposition(uids: readonly string[]): RowMove[] {
    const moves: RowMove[] = [];
    for (const uid of uids) {
      const u = this.users.get(uid);
      if (!u) continue;
      const built = this.buildRow(u);
      const oldRow = u.row;
      let from = -1;
      if (oldRow !== null) {
        from = this.locate(u);
        this.list.splice(from, 1);
        this.keys.splice(from, 1);
        this.star?.splice(from, 1);
      }
      if (built) {
        const to = lowerBound(this.keys, built.key);
        this.list.splice(to, 0, built.row);
        this.keys.splice(to, 0, built.key);
        this.star?.splice(to, 0, this.stars.has(uid));
        u.row = built.row;
        u.key = built.key;
        moves.push(oldRow === null ? { row: built.row, from, to } : { row: built.row, from, to, was: tieKey(oldRow) });
      } else {
        u.row = null;
        u.key = null;
        if (oldRow !== null) moves.push({ row: oldRow, from, to: from, removed: true, was: tieKey(oldRow) });
      }
      this.dropIfEmpty(u);
    }
    this.rank();
    // Snapshots: the engine reassigns ranks and awards of its own rows on later changes.
    return moves.map((m) => ({ ...m, row: { ...m.row } }));
  }

  private rank(): void {
    rankRowsWith(this.list, this.config.type, this.star, this.config.awardType, this.config.awards);
  }

  private load(input: Iterable<ScoreRecord>): void {
    for (const rec of input) {
      if (this.accepts(rec)) this.records.set(rec.id, copyRecord(rec));
      else this.records.delete(rec.id);
    }
    for (const rec of this.records.values()) this.cell(this.user(rec.uid), rec.displayId).recs.push(rec);
    const built: BuiltRow[] = [];
    for (const u of this.users.values()) {
      for (const [d, cell] of u.cells) {
        cell.recs.sort(compareRecords);
        this.refreshCell(u, d, cell);
      }
    }
    for (const u of this.users.values()) {
      const b = this.buildRow(u);
      if (b) built.push(b);
    }
    built.sort((x, y) => compareKeys(x.key, y.key));
    for (const b of built) {
      const u = this.users.get(b.row.uid)!;
      u.row = b.row;
      u.key = b.key;
      this.list.push(b.row);
      this.keys.push(b.key);
      this.star?.push(this.stars.has(u.uid));
    }
    this.rank();
  }
}
