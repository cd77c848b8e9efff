// A live contest board with its toolbar: search, star users, include-after-contest, force update
// (contest admins), auto refresh (off once the contest has ended or after a failed refresh), followed users pinned
// and highlighted, page sizes 10/30/50/100/300 (50 by default) or the whole board, all applied in the browser.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { CONTEST_LIMITS, CONTEST_STATUS, pageBoard, type ContestStatusEvent } from '@oj/proto';
import { readJson, writeJson } from '../../lib/storage';
import { connectionState } from '../../stores/ui';
import { boardList, concernedKey, isStringList, matcher, type ProblemStat, type RankRow } from './board-model';
import { searchBoard, type BoardQuery } from './scoreboard-api';
import { BoardTable, type BoardProblem } from './BoardTable';
import { useLiveBoard } from './useLiveBoard';
import { columnsLack } from './board-columns';
import './board.css';

export interface BoardContest {
  id: number;
  type: number;
  status: number;
  endTime: string;
  rankShowName: string;
  allowEndSubmit: boolean;
  sealRank: boolean;
  /** Server time of the answer that brought the contest (ms): corrects a wrong browser clock. */
  now?: number;
}

interface Props {
  contest: BoardContest;
  problems: readonly BoardProblem[];
  /** The anonymous outside board instead of the in-contest one. */
  outside: boolean;
  /** Contest admin: may force the live (unsealed) board. */
  isAdmin: boolean;
  /** The viewer (pinned on top of the in-contest board), if logged in. */
  myUid: string | null;
  maxHeight?: number;
  /** The board names a problem that `problems` lacks (kept columns gone stale): the caller reads them again. */
  onColumnsStale?: () => void;
}

type PageSize = number | 'all';
const SIZES: PageSize[] = [...CONTEST_LIMITS.rankPageSizes, 'all'];

function useConcerned(cid: number): [string[], (uid: string) => void] {
  const [list, setList] = useState<string[]>(() => readJson(concernedKey(cid), isStringList) ?? []);
  useEffect(() => setList(readJson(concernedKey(cid), isStringList) ?? []), [cid]);
  const toggle = useCallback(
    (uid: string) =>
      setList((cur) => {
        const next = cur.includes(uid) ? cur.filter((u) => u !== uid) : [...cur, uid];
        writeJson(concernedKey(cid), next);
        return next;
      }),
    [cid],
  );
  return [list, toggle];
}

function useEnded(contest: BoardContest, status: number): boolean {
  const [offset] = useState(() => (contest.now === undefined ? 0 : contest.now - Date.now()));
  // In browser time: the server's end instant minus the clock offset.
  const endAt = Date.parse(contest.endTime) - offset;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = endAt - Date.now();
    if (!(left > 0) || left > 2 ** 31 - 1) return;
    const t = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(t);
  }, [endAt]);
  return status === CONTEST_STATUS.ENDED || now >= endAt;
}

const EMPTY_STATS: Record<string, ProblemStat> = {};

/** Room kept above the board when it is as tall as the window (the header bar stays in view). */
const BOARD_MARGIN = 96;

export function ScoreBoard({ contest, problems, outside, isAdmin, myUid, maxHeight, onColumnsStale }: Props) {
  const intl = useIntl();
  const { connected } = useSnapshot(connectionState);
  const type: 0 | 1 = contest.type === 1 ? 1 : 0;
  const [status, setStatus] = useState(contest.status);
  useEffect(() => setStatus(contest.status), [contest.status]);
  const ended = useEnded(contest, status);

  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [removeStar, setRemoveStar] = useState(false);
  const [containsEnd, setContainsEnd] = useState(false);
  const [forceRefresh, setForceRefresh] = useState(false);
  const [autoRefresh, setAutoRefresh] = useState(true);
  const [size, setSize] = useState<PageSize>(CONTEST_LIMITS.rankPageSize);
  const [page, setPage] = useState(1);
  const [concerned, toggleConcern] = useConcerned(contest.id);

  const onStatus = useCallback((e: ContestStatusEvent) => setStatus(e.status), []);
  const onRefreshFailed = useCallback(() => setAutoRefresh(false), []);
  // Followed users are copied to the top; one's own row is only highlighted where it ranks (never shown twice).
  const pins = useMemo(() => concerned.filter((u) => u !== myUid), [myUid, concerned]);
  const query = { cid: contest.id, outside, forceRefresh: isAdmin && forceRefresh, containsEnd: contest.allowEndSubmit && containsEnd };
  const { board, error, flash, need } = useLiveBoard({ ...query, type, follow: autoRefresh, concerned: pins, onRefreshFailed, onStatus });
  const search = useBoardSearch(query, keyword, board?.seq ?? null);

  // The header figures are the whole board's (a search does not change them), sent by the server.
  const stats = board?.stats ?? EMPTY_STATS;
  const stale = problems.length > 0 && columnsLack(problems, stats);
  useEffect(() => {
    if (stale) onColumnsStale?.();
  }, [stale, onColumnsStale]);
  const match = useMemo(() => matcher(contest.rankShowName), [contest.rankShowName]);

  const view = useMemo(() => {
    if (!board) return null;
    const starUids = board.config.starUids;
    if (search) {
      // A search: every matching row (read over REST), paged here as the original product pages it.
      const limit = size === 'all' ? Math.max(1, search.length + pins.length) : size;
      const q = { currentPage: size === 'all' ? 1 : page, limit, keyword, removeStar, starUids, pinUids: pins, match };
      const { records, total } = pageBoard(search, q);
      const pinnedTotal = Math.max(0, total - search.filter((r) => !(removeStar && starUids.includes(r.uid))).length);
      const pinned = Math.max(0, Math.min(records.length, pinnedTotal - (q.currentPage - 1) * limit));
      return { count: records.length, rowAt: (i: number) => records[i], total, teams: total - pinnedTotal, pinned, limit, first: 0, list: null };
    }
    const stars = new Set(removeStar ? starUids : []);
    const pinnedRows = pins.flatMap((uid) => {
      const at = stars.has(uid) ? undefined : board.model.find(uid);
      return at ? [at.row] : [];
    });
    const list = boardList(board.model.total, removeStar ? board.model.starIndices() : [], pinnedRows, removeStar);
    const total = pinnedRows.length + list.boardCount;
    const limit = size === 'all' ? Math.max(1, total) : size;
    const first = size === 'all' ? 0 : Math.min((page - 1) * limit, Math.max(0, total - 1));
    const count = Math.max(0, Math.min(total, first + limit) - first);
    const P = pinnedRows.length;
    const rowAt = (i: number) => (first + i < P ? pinnedRows[first + i] : board.model.rowAt(list.place(first + i - P)));
    const pinned = Math.max(0, Math.min(count, P - first));
    return { count, rowAt, total, teams: list.boardCount, pinned, limit, first, list };
    // board.tick: the model changes in place.
  }, [board, board?.tick, search, size, page, keyword, removeStar, pins, match]);

  // The rows in view: the board places they are, which the window must hold.
  const onRange = useCallback(
    (start: number, end: number) => {
      if (!view?.list || end <= start) return;
      const P = view.list.pinned.length;
      const a = Math.max(0, view.first + start - P);
      const b = view.first + end - P;
      if (b <= 0) return;
      need(view.list.place(a), view.list.place(b - 1) + 1);
    },
    [view, need],
  );

  useEffect(() => {
    if (view && size !== 'all' && page > 1 && (page - 1) * view.limit >= view.total) setPage(Math.max(1, Math.ceil(view.total / view.limit)));
  }, [view, size, page]);

  const switchBox = (id: string, checked: boolean, onChange: (v: boolean) => void, label: ReactNode, disabled = false) => (
    <label className={`flex items-center gap-1.5 text-sm ${disabled ? 'text-slate-400' : 'text-slate-600'}`}>
      <input data-testid={id} type="checkbox" className="h-4 w-4" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );

  return (
    <div className="flex flex-col gap-3" data-testid="scoreboard" data-view={board?.view} data-sealed={board ? String(board.sealed) : undefined}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setKeyword(input);
            setPage(1);
          }}
        >
          <input
            data-testid="board-search"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder={intl.formatMessage({ id: 'board.toolbar.search' })}
            className="w-56 rounded border border-slate-300 px-3 py-1.5 text-sm"
          />
          <button type="submit" className="rounded bg-blue-600 px-3 py-1.5 text-sm text-white hover:bg-blue-700">
            <FormattedMessage id="board.toolbar.searchButton" />
          </button>
        </form>
        {switchBox('board-remove-star', removeStar, setRemoveStar, <FormattedMessage id="board.toolbar.removeStar" />)}
        {contest.allowEndSubmit &&
          switchBox('board-contains-end', containsEnd, setContainsEnd, <FormattedMessage id="board.toolbar.containsEnd" />, Boolean(board?.sealed) && !forceRefresh)}
        {isAdmin && switchBox('board-force-update', forceRefresh, setForceRefresh, <FormattedMessage id="board.toolbar.forceUpdate" />)}
        {switchBox('board-auto-refresh', autoRefresh, setAutoRefresh, <FormattedMessage id="board.toolbar.autoRefresh" />, ended)}
        <span className="ml-auto flex items-center gap-2 text-xs">
          {board?.sealed && (
            <span data-testid="board-sealed" className="rounded bg-amber-100 px-2 py-0.5 text-amber-800">
              <FormattedMessage id="board.toolbar.sealed" />
            </span>
          )}
          {autoRefresh && (
            <span className={`rounded px-2 py-0.5 ${connected ? 'bg-green-100 text-green-700' : 'bg-slate-100 text-slate-500'}`} data-testid="board-live">
              <FormattedMessage id={connected ? 'board.toolbar.live' : 'board.toolbar.polling'} />
            </span>
          )}
        </span>
      </div>

      {error && !board ? (
        <div className="py-10 text-center text-sm text-slate-500" data-testid="board-error">
          <FormattedMessage id="board.page.loadFailed" />
        </div>
      ) : !board || !view ? (
        <div className="py-10 text-center text-sm text-slate-500" role="status">
          <FormattedMessage id="board.page.loading" />
        </div>
      ) : view.count === 0 ? (
        <div className="py-10 text-center text-sm text-slate-400" data-testid="board-empty">
          <FormattedMessage id="board.page.empty" />
        </div>
      ) : (
        <BoardTable
          type={type}
          count={view.count}
          rowAt={view.rowAt}
          onRange={onRange}
          pinned={view.pinned}
          problems={problems}
          stats={stats}
          rankShowName={contest.rankShowName}
          concerned={concerned}
          myUid={outside ? null : myUid}
          flash={flash}
          onToggleConcern={toggleConcern}
          maxHeight={maxHeight ?? Math.max(360, window.innerHeight - BOARD_MARGIN)}
        />
      )}

      {board && view && (
        <BoardPager
          page={size === 'all' ? 1 : page}
          size={size}
          total={view.total}
          teams={view.teams}
          onPage={setPage}
          onSize={(s) => {
            setSize(s);
            setPage(1);
          }}
        />
      )}
    </div>
  );
}

function BoardPager({ page, size, total, teams, onPage, onSize }: { page: number; size: PageSize; total: number; teams: number; onPage: (p: number) => void; onSize: (s: PageSize) => void }) {
  const intl = useIntl();
  const pages = size === 'all' ? 1 : Math.max(1, Math.ceil(total / size));
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  const buttons = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  const btn = 'min-w-8 h-8 px-2 rounded border text-sm disabled:opacity-40';
  return (
    <nav className="flex flex-wrap items-center gap-2 text-sm text-slate-600" aria-label={intl.formatMessage({ id: 'common.pager.label' })} data-testid="board-pager">
      <span>
        <FormattedMessage id="board.pager.total" values={{ total: teams }} />
      </span>
      <button type="button" className={`${btn} border-slate-300 bg-white`} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <FormattedMessage id="board.pager.prev" />
      </button>
      {buttons.map((p) => (
        <button
          key={p}
          type="button"
          aria-current={p === page ? 'page' : undefined}
          className={`${btn} ${p === page ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300 bg-white hover:border-blue-400'}`}
          onClick={() => onPage(p)}
        >
          {p}
        </button>
      ))}
      <button type="button" className={`${btn} border-slate-300 bg-white`} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <FormattedMessage id="board.pager.next" />
      </button>
      <select
        data-testid="board-page-size"
        className="h-8 rounded border border-slate-300 bg-white px-2"
        value={String(size)}
        onChange={(e) => onSize(e.target.value === 'all' ? 'all' : Number(e.target.value))}
      >
        {SIZES.map((s) => (
          <option key={String(s)} value={String(s)}>
            {s === 'all' ? intl.formatMessage({ id: 'board.pager.all' }) : intl.formatMessage({ id: 'board.pager.size' }, { size: s })}
          </option>
        ))}
      </select>
    </nav>
  );
}

/**
 * The rows matching a keyword, read over REST when the keyword changes and again (at most every 2 s) while the board
 * moves on; null without a keyword.
 */
function useBoardSearch(q: BoardQuery, keyword: string, seq: number | null): RankRow[] | null {
  const [rows, setRows] = useState<RankRow[] | null>(null);
  const kw = keyword.trim();
  const { cid, outside, forceRefresh, containsEnd } = q;
  const last = useRef(0);
  useEffect(() => {
    if (kw === '') {
      setRows(null);
      return;
    }
    let alive = true;
    const wait = Math.max(0, last.current + 2000 - Date.now());
    const t = setTimeout(() => {
      last.current = Date.now();
      searchBoard({ cid, outside, forceRefresh, containsEnd }, kw).then(
        (page) => alive && setRows(page.records),
        () => undefined,
      );
    }, wait);
    return () => {
      alive = false;
      clearTimeout(t);
    };
  }, [kw, cid, outside, forceRefresh, containsEnd, seq]);
  return kw === '' ? null : rows;
}
