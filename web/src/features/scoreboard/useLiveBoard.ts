// A board kept live without reading all of it (live-board-window.ts): a window read over REST with its seq (the
// first rows, the viewer's own row, followed users, star rows), more rows as the list scrolls (`need`), and the
// view's coalesced deltas (`scoreboard.batch` on `board:<cid>:<view>`); a seal change reads the window again; while
// the socket is down it is read again every 30 s instead.
import { useCallback, useEffect, useRef, useState } from 'react';
import { POLLING, topics, type BoardView, type ContestStatusEvent } from '@oj/proto';
import { watchTopic } from '../../lib/useLiveTopic';
import type { TopicWatch } from '../../lib/live-topics';
import { BoardWindowSync, type LiveBoard } from './live-board-window';
import { loadBoardWindow } from './scoreboard-api';

export type { LiveBoard } from './live-board-window';

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

export function useLiveBoard(o: LiveBoardOptions) {
  const [board, setBoard] = useState<LiveBoard | null>(null);
  const [error, setError] = useState(false);
  /** uid → time of its last change, for the flash. */
  const [flash, setFlash] = useState<Record<string, number>>({});
  const watchRef = useRef<TopicWatch | null>(null);
  const opts = useRef(o);
  opts.current = o;
  const syncRef = useRef<BoardWindowSync | null>(null);
  if (!syncRef.current) {
    syncRef.current = new BoardWindowSync({
      read: (offset, limit, background) => {
        const { cid, outside, forceRefresh, containsEnd, concerned } = opts.current;
        return loadBoardWindow({ cid, outside, forceRefresh, containsEnd }, offset, limit, concerned, background);
      },
      type: o.type,
      onChange: (b) => {
        setBoard(b);
        if (b) setError(false);
      },
      onFailed: (background) => {
        if (background) opts.current.onRefreshFailed();
        else if (!syncRef.current?.current) setError(true);
      },
      setSeq: (seq) => watchRef.current?.setSeq(seq),
    });
  }
  const sync = syncRef.current;

  // The window: again whenever what it is computed under changes.
  useEffect(() => {
    sync.reset();
    void sync.load(false);
    return () => sync.reset();
  }, [o.cid, o.outside, o.forceRefresh, o.containsEnd, sync]);

  // Followed users are kept wherever they stand from now on (the row is on screen when one follows it).
  const concernedKey = o.concerned.join(',');
  useEffect(() => sync.track(opts.current.concerned), [concernedKey, board?.seq, sync]);

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

  // The live stream of the board's view.
  const view = board?.view as BoardView | undefined;
  useEffect(() => {
    if (!o.follow || !view) return;
    const watch = watchTopic(topics.board(o.cid, view), {
      snapshot: true,
      events: {
        'scoreboard.batch': (data, seq, after) => flashRows(sync.onBatch(data, seq, after)),
        'contest.status': (e) => {
          opts.current.onStatus?.(e);
          const b = sync.current;
          if (b && e.sealed !== b.sealed) void sync.load(true);
        },
      },
      onResync: () => void sync.load(true),
      poll: { intervalMs: POLLING.scoreboardMs, run: () => sync.load(true) },
    });
    watchRef.current = watch;
    if (sync.current) watch.setSeq(sync.current.seq);
    return () => {
      watch();
      if (watchRef.current === watch) watchRef.current = null;
    };
  }, [o.cid, view, o.follow, sync, flashRows]);

  return { board, error, flash, need: useCallback((from: number, to: number) => sync.need(from, to), [sync]), reload: () => sync.load(false) };
}
