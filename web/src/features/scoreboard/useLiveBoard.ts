// A whole board kept live: loaded once over REST with its seq, then `scoreboard.delta` frames of the same view
// applied with the shared ranking code; a reset, a lost frame or a seal change reloads it; while the socket is
// down it is reloaded every 30 s instead.
import { useCallback, useEffect, useRef, useState } from 'react';
import { POLLING, type ContestStatusEvent, type RankConfig, type ScoreboardDelta, topics } from '@oj/proto';
import { watchTopic } from '../../lib/useLiveTopic';
import type { TopicWatch } from '../../lib/live-topics';
import { applyDelta, rankConfigOf, type RankRow } from './board-model';
import { loadWholeBoard } from './scoreboard-api';

export interface LiveBoard {
  rows: RankRow[];
  config: RankConfig;
  seq: number;
  view: string;
  sealed: boolean;
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
  const boardRef = useRef<LiveBoard | null>(null);
  const watchRef = useRef<TopicWatch | null>(null);
  const gen = useRef(0);
  const loading = useRef(false);
  const opts = useRef(o);
  opts.current = o;

  const load = useCallback(
    async (background: boolean) => {
      const my = ++gen.current;
      loading.current = true;
      const { cid, type, outside, forceRefresh, containsEnd } = opts.current;
      try {
        const page = await loadWholeBoard({ cid, outside, forceRefresh, containsEnd }, background);
        if (my !== gen.current) return;
        const next: LiveBoard = { rows: page.records, config: rankConfigOf(page, type), seq: page.seq, view: page.view, sealed: page.sealed };
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

  // The snapshot: again whenever what it is computed under changes.
  useEffect(() => {
    boardRef.current = null;
    setBoard(null);
    void load(false);
    return () => {
      gen.current++;
    };
  }, [o.cid, o.outside, o.forceRefresh, o.containsEnd, load]);

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

  // The live stream of the board's view: the public views on scoreboard:<cid>, the admins' on contest-admin:<cid>.
  const topic = o.forceRefresh ? topics.contestAdmin(o.cid) : topics.scoreboard(o.cid);
  useEffect(() => {
    if (!o.follow) return;
    const onDelta = (d: ScoreboardDelta, seq: number) => {
      const b = boardRef.current;
      // While a snapshot loads, frames are dropped: `setSeq` then replays those after the snapshot's seq.
      if (!b || loading.current || d.view !== b.view) return;
      if (d.reset) {
        void load(true);
        return;
      }
      const applied = applyDelta(b.rows, d, b.config);
      const next: LiveBoard = { ...b, rows: applied.rows, config: applied.config, seq };
      boardRef.current = next;
      setBoard(next);
      flashRows(applied.changed);
    };
    const watch = watchTopic(topic, {
      snapshot: true,
      events: {
        'scoreboard.delta': onDelta,
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
  }, [topic, o.follow, load, flashRows]);

  return { board, error, flash, reload: () => load(false) };
}
