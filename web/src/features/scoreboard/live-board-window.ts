// The board tab's data without React: a window of the board read over REST (`read`), more rows read as the list asks
// for them (`need`), and the view's `scoreboard.batch` frames applied to it (`onBatch`) with proto's BoardWindow. A
// reset, a lost frame, a resync or a window read newer than the frames applied reads the window the list shows
// again. useLiveBoard.ts wraps it in a hook; tests/integration/board-window.test.ts drives it on a real socket.
import { BoardWindow, deltaSeq, expandDelta, type BoardRow, type ProblemStat, type RankConfig, type RankPage, type RowMove, type ScoreboardBatch, type WindowSnapshot } from '@oj/proto';
import { rankConfigOf, type RankRow } from './board-model';

export interface LiveBoard {
  model: BoardWindow<RankRow>;
  config: RankConfig;
  seq: number;
  view: string;
  sealed: boolean;
  stats: Record<string, ProblemStat>;
  /** Bumped on every change of the model (which is changed in place). */
  tick: number;
}

export interface BoardSyncDeps {
  /** A window read: rows [offset, offset + limit), the pins and stars, at the topic's current seq. */
  read(offset: number, limit: number, background: boolean): Promise<RankPage>;
  type: 0 | 1;
  /** The board changed (null while the first read is on its way). */
  onChange(b: LiveBoard | null): void;
  /** A read failed: in the background (a refresh) or the first one. */
  onFailed(background: boolean): void;
  /** The seq of a window read just applied (the live-topic engine starts from it). */
  setSeq(seq: number): void;
}

/** Rows read by the first window read (the first page), and the margin read around what the list asks for. */
export const FIRST_ROWS = 50;
const MARGIN = 25;
/** A scroll settles this long before its rows are read (a fling through the board reads only where it stops). */
const SETTLE_MS = 120;
/** Deltas kept to bring a window read that comes back older than the board up to date. */
const HISTORY = 300;

interface Applied {
  seq: number;
  moves: RowMove[];
  users: Record<string, Omit<RankRow, keyof BoardRow>>;
}

export const snapshotOf = (page: RankPage): WindowSnapshot<RankRow> => ({
  total: page.total,
  offset: page.offset ?? 0,
  rows: page.records,
  pins: page.pins ?? [],
  stars: page.stars ?? [],
});

export class BoardWindowSync {
  current: LiveBoard | null = null;
  private gen = 0;
  private loading = false;
  private fetching = false;
  /** The board places the list shows now: what a reload reads and `need` keeps held. */
  private wanted: [number, number] = [0, FIRST_ROWS];
  private history: { from: number; list: Applied[] } = { from: 0, list: [] };
  private settle: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: BoardSyncDeps) {}

  /** Reads the window the list shows anew and starts over from its seq. */
  async load(background: boolean): Promise<void> {
    const my = ++this.gen;
    this.loading = true;
    const [from, to] = this.wanted;
    const offset = Math.max(0, from - MARGIN);
    try {
      const page = await this.deps.read(offset, Math.max(FIRST_ROWS, to + MARGIN - offset), background);
      if (my !== this.gen) return;
      const config = rankConfigOf(page, this.deps.type);
      this.history = { from: page.seq, list: [] };
      this.publish({ model: new BoardWindow(config, snapshotOf(page)), config, seq: page.seq, view: page.view, sealed: page.sealed, stats: page.stats ?? {}, tick: 0 });
      this.loading = false;
      this.deps.setSeq(page.seq);
    } catch {
      if (my !== this.gen) return;
      this.loading = false;
      this.deps.onFailed(background);
    }
  }

  /** Forgets the board (what it is computed under changed); the next `load` starts anew. */
  reset(): void {
    if (this.settle) clearTimeout(this.settle);
    this.settle = null;
    this.gen++;
    this.loading = false;
    this.fetching = false;
    this.current = null;
    this.wanted = [0, FIRST_ROWS];
    this.deps.onChange(null);
  }

  /** The list shows board places [from, to): rows not held are read (with a margin) once the scroll settles, one read at a time. */
  need(from: number, to: number): void {
    this.wanted = [from, to];
    const b = this.current;
    if (!b || b.model.covers(from, to)) return;
    if (this.settle) clearTimeout(this.settle);
    this.settle = setTimeout(() => {
      this.settle = null;
      this.read();
    }, SETTLE_MS);
  }

  private read(): void {
    const [from, to] = this.wanted;
    const b = this.current;
    if (!b || this.loading || this.fetching || b.model.covers(from, to)) return;
    this.fetching = true;
    const my = this.gen;
    const offset = Math.max(0, from - MARGIN);
    this.deps.read(offset, to + MARGIN - offset, true).then(
      (page) => {
        this.fetching = false;
        if (my === this.gen && this.current) this.join(this.current, page);
      },
      () => {
        this.fetching = false;
      },
    );
  }

  /** Joins a window read to the board, brought up to date first when it is older than the frames applied. */
  private join(cur: LiveBoard, page: RankPage): void {
    if (page.seq > cur.seq || page.view !== cur.view) {
      void this.load(true);
      return;
    }
    if (page.seq < cur.seq) {
      const h = this.history;
      const older = new BoardWindow(cur.model.config, snapshotOf(page));
      if (page.seq >= h.from) for (const d of h.list) if (d.seq > page.seq) older.apply(d);
      if (page.seq < h.from || older.lost) {
        void this.load(true);
        return;
      }
      const rows: RankRow[] = [];
      for (let i = older.lo; i < older.hi; i++) rows.push(older.rowAt(i)!);
      cur.model.merge({ total: older.total, offset: older.lo, rows, pins: [], stars: [] });
    } else {
      cur.model.merge(snapshotOf(page));
      cur.stats = page.stats ?? cur.stats;
    }
    this.publish(cur);
    this.read();
  }

  /** Follows users' rows from now on. */
  track(uids: readonly string[]): void {
    for (const uid of uids) this.current?.model.track(uid);
  }

  /** A `scoreboard.batch` frame: its deltas after `after` applied in order. Answers the uids of the rows that changed. */
  onBatch(data: ScoreboardBatch, seq: number, after: number): string[] {
    const b = this.current;
    // While the window loads, frames are dropped: `setSeq` then replays those after its seq.
    if (!b || this.loading) return [];
    if (data.resync) {
      void this.load(true);
      return [];
    }
    const changed: string[] = [];
    for (const c of data.deltas) {
      if (deltaSeq(c) <= after) continue;
      const d = expandDelta(data.type, c);
      if (d.reset) {
        void this.load(true);
        return [];
      }
      const applied: Applied = { seq: d.seq, moves: d.moves, users: d.users };
      b.model.apply(applied);
      b.stats = { ...b.stats, ...d.stats };
      const h = this.history;
      h.list.push(applied);
      if (h.list.length > HISTORY) h.from = h.list.shift()!.seq;
      for (const m of d.moves) if (!m.removed) changed.push(m.row.uid);
    }
    if (b.model.lost) {
      void this.load(true);
      return [];
    }
    b.seq = seq;
    b.config = b.model.config;
    this.publish(b);
    return changed;
  }

  private publish(b: LiveBoard): void {
    this.current = { ...b, tick: b.tick + 1 };
    this.deps.onChange(this.current);
  }
}
