// A board kept live without reading all of it: a window of rows read over REST with its seq (the first rows, the
// viewer's own row, followed users, star rows: `loadBoardWindow`), more rows read as the list scrolls (`need`), and
// the view's coalesced deltas (`scoreboard.batch` on `board:<cid>:<view>`) applied to what is held with proto's
// BoardWindow, so every row shown is the server's. A reset, a lost frame, a resync or a seal change reads the window
// again; while the socket is down it is read again every 30 s instead.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  BoardWindow,
  expandDelta,
  POLLING,
  topics,
  type BoardRow,
  type BoardView,
  type ContestStatusEvent,
  type ProblemStat,
  type RankConfig,
  type RankPage,
  type RowMove,
  type ScoreboardBatch,
  type WindowSnapshot,
} from '@oj/proto';
import { watchTopic } from '../../lib/useLiveTopic';
import type { TopicWatch } from '../../lib/live-topics';
import { rankConfigOf, type RankRow } from './board-model';
import { loadBoardWindow } from './scoreboard-api';

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

export interface LiveBoardOptions {
  cid: number;
  type: 0 | 1;
  outside: boolean;
  /** Contest admin asking for the live (unsealed) board. */
  forceRefresh: boolean;
  containsEnd: boolean;
  /** Follow pushed updates (the auto refresh switch). */
  follow: boolean;
  /** Users followed on this board (their rows are kept wherever they stand). */
  concerned: readonly string[];
  /** A background refresh failed (auto refresh turns off). */
  onRefreshFailed: () => void;
  onStatus?: (e: ContestStatusEvent) => void;
}

const FLASH_MS = 1800;
/** Rows read by the first window read, and the margin read around what the list asks for. */
export const FIRST_ROWS = 100;
const MARGIN = 50;
/** Deltas kept to bring a window read that comes back older than the board up to date. */
const HISTORY = 300;

type Range = [number, number];
interface Applied {
  seq: number;
  moves: RowMove[];
  users: Record<string, Omit<RankRow, keyof BoardRow>>;
}

const snapshotOf = (page: RankPage): WindowSnapshot<RankRow> => ({
  total: page.total,
  offset: page.offset ?? 0,
  rows: page.records,
  pins: page.pins ?? [],
  stars: page.stars ?? [],
});

export function useLiveBoard(o: LiveBoardOptions) {
  const [board, setBoard] = useState<LiveBoard | null>(null);
  const [error, setError] = useState(false);
  /** uid → time of its last change, for the flash. */
  const [flash, setFlash] = useState<Record<string, number>>({});
  const boardRef = useRef<LiveBoard | null>(null);
  const watchRef = useRef<TopicWatch | null>(null);
  const gen = useRef(0);
  const loading = useRef(false);
  const fetching = useRef(false);
  /** The board places the list shows now (what a reload reads, what `need` keeps held). */
  const wanted = useRef<Range>([0, FIRST_ROWS]);
  const history = useRef<{ from: number; list: Applied[] }>({ from: 0, list: [] });
  const opts = useRef(o);
  opts.current = o;

  const publish = useCallback((b: LiveBoard) => {
    const next = { ...b, tick: b.tick + 1 };
    boardRef.current = next;
    setBoard(next);
  }, []);

  const query = () => {
    const { cid, outside, forceRefresh, containsEnd } = opts.current;
    return { cid, outside, forceRefresh, containsEnd };
  };

  /** Reads the window the list shows anew and starts over from its seq. */
  const load = useCallback(
    async (background: boolean) => {
      const my = ++gen.current;
      loading.current = true;
      const [from, to] = wanted.current;
      const offset = Math.max(0, from - MARGIN);
      try {
        const page = await loadBoardWindow(query(), offset, Math.max(FIRST_ROWS, to + MARGIN - offset), opts.current.concerned, background);
        if (my !== gen.current) return;
        const config = rankConfigOf(page, opts.current.type);
        const next: LiveBoard = { model: new BoardWindow(config, snapshotOf(page)), config, seq: page.seq, view: page.view, sealed: page.sealed, stats: page.stats ?? {}, tick: 0 };
        history.current = { from: page.seq, list: [] };
        boardRef.current = next;
        setBoard(next);
        setError(false);
        loading.current = false;
        watchRef.current?.setSeq(page.seq);
      } catch {
        if (my !== gen.current) return;
        loading.current = false;
        if (background) opts.current.onRefreshFailed();
        else if (!boardRef.current) setError(true);
      }
    },
    [],
  );

  /** The list shows board places [from, to): rows not held are read (with a margin), one read at a time. */
  const need = useCallback(
    (from: number, to: number) => {
      wanted.current = [from, to];
      const b = boardRef.current;
      if (!b || loading.current || fetching.current || b.model.covers(from, to)) return;
      fetching.current = true;
      const my = gen.current;
      const offset = Math.max(0, from - MARGIN);
      loadBoardWindow(query(), offset, to + MARGIN - offset, opts.current.concerned, true).then(
        (page) => {
          fetching.current = false;
          const cur = boardRef.current;
          if (my !== gen.current || !cur) return;
          if (page.seq > cur.seq || page.view !== cur.view) {
            void load(true);
            return;
          }
          if (page.seq < cur.seq) {
            // Read before deltas that are applied already: bring it up to date with them, then join it.
            const h = history.current;
            if (page.seq < h.from) {
              void load(true);
              return;
            }
            const older = new BoardWindow(cur.model.config, snapshotOf(page));
            for (const d of h.list) if (d.seq > page.seq) older.apply(d);
            if (older.lost) {
              void load(true);
              return;
            }
            const rows: RankRow[] = [];
            for (let i = older.lo; i < older.hi; i++) rows.push(older.rowAt(i)!);
            cur.model.merge({ total: older.total, offset: older.lo, rows, pins: [], stars: [] });
          } else {
            cur.model.merge(snapshotOf(page));
            cur.stats = page.stats ?? cur.stats;
          }
          publish(cur);
          const [f, t] = wanted.current;
          if (!cur.model.covers(f, t)) need(f, t);
        },
        () => {
          fetching.current = false;
        },
      );
    },
    [load, publish],
  );

  // The window: again whenever what it is computed under changes.
  useEffect(() => {
    boardRef.current = null;
    setBoard(null);
    wanted.current = [0, FIRST_ROWS];
    void load(false);
    return () => {
      gen.current++;
    };
  }, [o.cid, o.outside, o.forceRefresh, o.containsEnd, load]);

  // Followed users are kept wherever they stand from now on (the row is on screen when one follows it).
  const concernedKey = o.concerned.join(',');
  useEffect(() => {
    const b = boardRef.current;
    if (!b) return;
    for (const uid of opts.current.concerned) b.model.track(uid);
  }, [concernedKey, board?.seq]);

  const flashTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flashRows = useCallback((uids: string[]) => {
    if (uids.length === 0) return;
    const now = Date.now();
    setFlash((f) => {
      const next: Record<string, number> = {};
      for (const [k, t] of Object.entries(f)) if (now - t < FLASH_MS) next[k] = t;
      for (const u of uids) next[u] = now;
      return next;
    });
    if (flashTimer.current) clearTimeout(flashTimer.current);
    flashTimer.current = setTimeout(() => setFlash({}), FLASH_MS + 100);
  }, []);
  useEffect(
    () => () => {
      if (flashTimer.current) clearTimeout(flashTimer.current);
    },
    [],
  );

  const onBatch = useCallback(
    (data: ScoreboardBatch, seq: number, after: number) => {
      const b = boardRef.current;
      // While the window loads, frames are dropped: `setSeq` then replays those after its seq.
      if (!b || loading.current) return;
      if (data.resync) {
        void load(true);
        return;
      }
      const changed: string[] = [];
      for (const c of data.deltas) {
        if (c.seq <= after) continue;
        const d = expandDelta(data.type, c);
        if (d.reset) {
          void load(true);
          return;
        }
        const applied: Applied = { seq: d.seq, moves: d.moves, users: d.users };
        b.model.apply(applied);
        b.stats = { ...b.stats, ...d.stats };
        const h = history.current;
        h.list.push(applied);
        if (h.list.length > HISTORY) h.from = h.list.shift()!.seq;
        for (const m of d.moves) if (!m.removed) changed.push(m.row.uid);
      }
      if (b.model.lost) {
        void load(true);
        return;
      }
      b.seq = seq;
      b.config = b.model.config;
      publish(b);
      flashRows(changed);
    },
    [load, publish, flashRows],
  );

  // The live stream of the board's view.
  const view = board?.view as BoardView | undefined;
  useEffect(() => {
    if (!o.follow || !view) return;
    const watch = watchTopic(topics.board(o.cid, view), {
      snapshot: true,
      events: {
        'scoreboard.batch': onBatch,
        'contest.status': (e) => {
          opts.current.onStatus?.(e);
          const b = boardRef.current;
          if (b && e.sealed !== b.sealed) void load(true);
        },
      },
      onResync: () => void load(true),
      poll: { intervalMs: POLLING.scoreboardMs, run: () => load(true) },
    });
    watchRef.current = watch;
    if (boardRef.current && !loading.current) watch.setSeq(boardRef.current.seq);
    return () => {
      watch();
      if (watchRef.current === watch) watchRef.current = null;
    };
  }, [o.cid, view, o.follow, load, onBatch]);

  return { board, error, flash, need, reload: () => load(false) };
}
