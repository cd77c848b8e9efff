// The board's rows, ACM or OI: rank ('*' for star users) with the award box, the user,
// totals, one cell per problem. Virtualised: only the rows in view are in the DOM.
import { memo, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AcmRankVO, OiRankVO } from '@oj/proto';
import { acmCellView, oiScoreClass, shownName, type ProblemStat, type RankRow } from './board-model';
import { VirtualRows } from './VirtualRows';

export interface BoardProblem {
  displayId: string;
  displayTitle: string;
  color: string | null;
}

export interface BoardTableProps {
  type: 0 | 1;
  /** Rows in the list, and the row at a place of it (undefined: not loaded yet, drawn as a placeholder). */
  count: number;
  rowAt: (i: number) => RankRow | undefined;
  /** The rows in view changed (the board loads those it does not hold). */
  onRange?: (start: number, end: number) => void;
  /** How many of the first rows are pinned copies (followed users; one's own row is highlighted in place). */
  pinned: number;
  problems: readonly BoardProblem[];
  stats: Record<string, ProblemStat>;
  rankShowName: string;
  concerned: readonly string[];
  myUid: string | null;
  flash: Record<string, number>;
  onToggleConcern: (uid: string) => void;
  maxHeight: number;
}

const ROW_H = 52;
const HEAD_H = 56;
const W_RANK = 92;
const W_USER = 250;
const W_AC = 64;
const W_TIME = 84;
const W_SCORE = 120;
const W_PROBLEM = 86;

/** The columns: the user column takes whatever width the board has beyond its minimum; `width` is that minimum. */
function gridOf(type: 0 | 1, n: number): { columns: string; width: number } {
  const fixed = type === 0 ? [W_RANK, W_USER, W_AC, W_TIME] : [W_RANK, W_USER, W_SCORE];
  const cols = [...fixed, ...Array.from({ length: n }, () => W_PROBLEM)];
  const columns = cols.map((c, i) => (i === 1 ? `minmax(${c}px, 1fr)` : `${c}px`)).join(' ');
  return { columns, width: cols.reduce((a, b) => a + b, 0) };
}

export function BoardTable(p: BoardTableProps) {
  const intl = useIntl();
  const { columns, width } = gridOf(p.type, p.problems.length);
  const grid: CSSProperties = { display: 'grid', gridTemplateColumns: columns, height: '100%' };
  const headCell = 'flex items-center justify-center border-b border-slate-200 px-1 text-xs font-medium text-slate-500';

  const header = (
    <div role="row" style={{ ...grid, height: HEAD_H }} className="bg-slate-50">
      <div role="columnheader" className={headCell}>
        <FormattedMessage id="board.table.rank" />
      </div>
      <div role="columnheader" className={`${headCell} justify-start`}>
        <FormattedMessage id="board.table.user" />
      </div>
      {p.type === 0 ? (
        <>
          <div role="columnheader" className={headCell}>
            <FormattedMessage id="board.table.ac" />
          </div>
          <div role="columnheader" className={headCell}>
            <FormattedMessage id="board.table.totalTime" />
          </div>
        </>
      ) : (
        <div role="columnheader" className={headCell}>
          <FormattedMessage id="board.table.totalScore" />
        </div>
      )}
      {p.problems.map((pr) => {
        const s = p.stats[pr.displayId] ?? { ac: 0, rejected: 0, pending: 0, total: 0 };
        return (
          <div
            key={pr.displayId}
            role="columnheader"
            data-testid="board-problem-head"
            className={`${headCell} flex-col gap-0.5`}
            title={`${pr.displayTitle}\n${intl.formatMessage({ id: 'board.table.problemTip' }, { ac: s.ac, rejected: s.rejected, pending: s.pending })}`}
          >
            <span className="flex items-center gap-1 text-sm font-semibold text-slate-700">
              <span className="inline-block h-3 w-3 rounded-full border border-black/10" style={{ background: pr.color ?? 'transparent' }} />
              {pr.displayId}
            </span>
            <span>
              {s.ac}/{s.total}
            </span>
          </div>
        );
      })}
    </div>
  );

  return (
    <VirtualRows
      testId="board-table"
      className="rounded-lg border border-slate-200 bg-white"
      rowClassName="sb-row"
      count={p.count}
      onRange={p.onRange}
      rowHeight={ROW_H}
      maxHeight={p.maxHeight}
      width={width}
      header={header}
      headerHeight={HEAD_H}
      rowKey={(i) => {
        const row = p.rowAt(i);
        return !row ? `place:${i}` : i < p.pinned ? `pin:${row.uid}` : row.uid;
      }}
      renderRow={(i) => {
        const row = p.rowAt(i);
        if (!row) return <div role="row" data-testid="board-row-loading" className="h-full animate-pulse border-b border-slate-100 bg-slate-50" />;
        return (
          <BoardRowView
            row={row}
            type={p.type}
            grid={columns}
            problems={p.problems}
            rankShowName={p.rankShowName}
            concerned={p.concerned.includes(row.uid)}
            mine={row.uid === p.myUid}
            pinned={i < p.pinned}
            flashAt={p.flash[row.uid] ?? 0}
            onToggleConcern={p.onToggleConcern}
          />
        );
      }}
    />
  );
}

interface RowProps {
  row: RankRow;
  type: 0 | 1;
  grid: string;
  problems: readonly BoardProblem[];
  rankShowName: string;
  concerned: boolean;
  mine: boolean;
  pinned: boolean;
  flashAt: number;
  onToggleConcern: (uid: string) => void;
}

const BoardRowView = memo(function BoardRowView({ row, type, grid, problems, rankShowName, concerned, mine, pinned, flashAt, onToggleConcern }: RowProps) {
  const intl = useIntl();
  const bg = concerned ? 'bg-amber-50' : mine ? 'bg-sky-50' : 'bg-white';
  const cell = 'flex items-center justify-center border-b border-slate-100 px-1 text-sm';
  const name = shownName(row, rankShowName);
  return (
    <div
      role="row"
      data-testid="board-row"
      data-uid={row.uid}
      data-rank={row.rank}
      data-pinned={pinned ? 'true' : undefined}
      data-mine={mine ? 'true' : undefined}
      className={`relative ${bg}`}
      style={{ display: 'grid', gridTemplateColumns: grid, height: '100%' }}
    >
      {flashAt > 0 && <div key={flashAt} className="sb-flash pointer-events-none absolute inset-0" />}
      <div role="cell" className={`${cell} flex-col gap-0.5`}>
        <span className="font-semibold text-slate-700">{row.rank === -1 ? '*' : row.rank}</span>
        {row.isWinAward && row.awardName && (
          <span
            data-testid="board-award"
            className="max-w-full truncate rounded px-1.5 text-[11px] leading-4"
            style={{ background: row.awardBackground ?? '#e5e7eb', color: row.awardColor ?? '#111827' }}
          >
            {row.awardName}
          </span>
        )}
      </div>
      <div role="cell" className={`${cell} justify-start gap-2 overflow-hidden`}>
        <button
          type="button"
          data-testid="board-follow"
          aria-pressed={concerned}
          title={intl.formatMessage({ id: concerned ? 'board.user.unfollow' : 'board.user.follow' })}
          className={`shrink-0 text-lg leading-none ${concerned ? 'text-amber-500' : 'text-slate-300 hover:text-amber-400'}`}
          onClick={() => onToggleConcern(row.uid)}
        >
          {concerned ? '★' : '☆'}
        </button>
        {row.avatar ? (
          <img src={row.avatar} alt="" loading="lazy" className="h-7 w-7 shrink-0 rounded-full object-cover" />
        ) : (
          <span className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-blue-600 text-xs text-white">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="min-w-0 leading-tight">
          <span className="flex items-center gap-1">
            <Link
              data-testid="board-name"
              className="truncate text-blue-700 hover:underline"
              to={`/user-home?uid=${encodeURIComponent(row.uid)}&username=${encodeURIComponent(row.username)}`}
              title={row.username}
            >
              {name}
            </Link>
            {row.rank === -1 && (
              <span className="shrink-0 rounded bg-slate-200 px-1 text-[10px] text-slate-600">
                <FormattedMessage id="board.user.star" />
              </span>
            )}
            {row.gender === 'female' && (
              <span className="shrink-0 rounded bg-pink-100 px-1 text-[10px] text-pink-600">
                <FormattedMessage id="board.user.girl" />
              </span>
            )}
          </span>
          {row.school && <span className="block truncate text-xs text-slate-400">{row.school}</span>}
        </span>
      </div>
      {type === 0 ? (
        <>
          <div role="cell" data-testid="board-ac" className={`${cell} font-semibold`}>
            {(row as AcmRankVO).ac}
          </div>
          <div role="cell" data-testid="board-time" className={cell}>
            {Math.floor(row.totalTime / 60)}
          </div>
          {problems.map((pr) => (
            <AcmCellView key={pr.displayId} row={row as AcmRankVO} displayId={pr.displayId} />
          ))}
        </>
      ) : (
        <>
          <div role="cell" data-testid="board-score" className={`${cell} flex-col gap-0`}>
            <span className="font-semibold">{(row as OiRankVO).totalScore}</span>
            <span className="text-xs text-slate-400">
              <FormattedMessage id="board.cell.ms" values={{ ms: row.totalTime }} />
            </span>
          </div>
          {problems.map((pr) => (
            <OiCellView key={pr.displayId} row={row as OiRankVO} displayId={pr.displayId} />
          ))}
        </>
      )}
    </div>
  );
});

function AcmCellView({ row, displayId }: { row: AcmRankVO; displayId: string }) {
  const v = acmCellView(row.submissionInfo[displayId]);
  const cls = v.cls === 'none' ? '' : `sb-cell-${v.cls}`;
  return (
    <div role="cell" data-testid="board-cell" data-pid={displayId} data-cls={v.cls} className={`flex flex-col items-center justify-center border-b border-l border-slate-100 text-xs leading-4 ${cls}`}>
      {v.minute !== null && (
        <span className="text-sm font-semibold">
          {v.minute}
          {v.afterContest ? '*' : ''}
        </span>
      )}
      {v.tries !== null && (
        <span>
          <FormattedMessage id="board.cell.tries" values={{ n: v.tries }} />
        </span>
      )}
      {v.pending && (
        <span className="font-medium">
          <FormattedMessage id="board.cell.pending" values={{ errors: v.pending.errors, hidden: v.pending.hidden }} />
        </span>
      )}
    </div>
  );
}

function OiCellView({ row, displayId }: { row: OiRankVO; displayId: string }) {
  const score = row.submissionInfo[displayId];
  const band = oiScoreClass(score);
  const time = row.timeInfo[displayId];
  return (
    <div role="cell" data-testid="board-cell" data-pid={displayId} data-cls={band} className={`flex flex-col items-center justify-center border-b border-l border-slate-100 text-xs leading-4 ${band === 'none' ? '' : `sb-oi-${band}`}`}>
      {score !== undefined && <span className="text-sm font-semibold">{score}</span>}
      {time !== undefined && (
        <span>
          <FormattedMessage id="board.cell.ms" values={{ ms: time }} />
        </span>
      )}
    </div>
  );
}
