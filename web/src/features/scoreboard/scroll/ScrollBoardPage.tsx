// /scroll-board: the full-screen unfreeze ceremony, opened in its own window. The
// sealed board is revealed from the bottom team upward, one problem at a time; rising teams glide to their place
// (transform transitions on rows keyed by team), medal rows pause the show. Only the rows near the cursor (and a
// team still moving) are in the DOM, so 300 teams stay smooth on a projector.
// Keys: Enter / → next step, A auto-play, + / − speed, Home restart, F full screen.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AcmRow, ScrollBoardInfo } from '@oj/proto';
import { usePageTitle } from '../../../lib/usePageTitle';
import { shownName } from '../board-model';
import { getScrollInfo, getScrollSubmissions } from '../scoreboard-api';
import { visibleRange } from '../virtual-range';
import '../board.css';
import { ScrollReveal, type Medal, type RevealStep } from './reveal';
import { buildRevealInput, parseScrollParams, type TeamInfo } from './scroll-input';

const ROW_H = 60;
const SPEEDS_MS = [3000, 2000, 1400, 1000, 700, 450, 300, 180];
const MOVE_MS = 900;

const MEDAL_STYLE: Record<Medal, { bg: string; fg: string }> = {
  gold: { bg: '#eab308', fg: '#1f1300' },
  silver: { bg: '#cbd5e1', fg: '#0f172a' },
  bronze: { bg: '#b45309', fg: '#fff7ed' },
};

interface Loaded {
  info: ScrollBoardInfo;
  reveal: ScrollReveal;
  teams: Map<string, TeamInfo>;
}

export function ScrollBoardPage() {
  const intl = useIntl();
  const params = useMemo(() => parseScrollParams(window.location.search), []);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [, setVersion] = useState(0);
  const [step, setStep] = useState<RevealStep | null>(null);
  const [auto, setAuto] = useState(false);
  const [speed, setSpeed] = useState(3);
  /** Teams still gliding to a new place: kept in the DOM until they arrive. */
  const [moving, setMoving] = useState<Record<string, number>>({});
  const viewRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(800);
  usePageTitle(loaded ? `${loaded.info.title} · ${intl.formatMessage({ id: 'board.scroll.title' })}` : intl.formatMessage({ id: 'board.scroll.title' }));

  useEffect(() => {
    if (!params) {
      setError(intl.formatMessage({ id: 'board.scroll.badLink' }));
      return;
    }
    let live = true;
    Promise.all([getScrollInfo(params.cid), getScrollSubmissions(params.cid, params.removeStar)]).then(
      ([info, subs]) => {
        if (!live) return;
        const { input, teams } = buildRevealInput(info, subs, params);
        setLoaded({ info, reveal: new ScrollReveal(input), teams });
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [params, intl]);

  const reveal = loaded?.reveal ?? null;

  const doStep = useCallback(() => {
    if (!reveal) return;
    const s = reveal.next();
    setStep(s);
    setVersion(reveal.version);
    if (s.kind === 'reveal' && s.from !== s.to) {
      const until = Date.now() + MOVE_MS + 200;
      setMoving((m) => ({ ...m, [s.uid]: until }));
      setTimeout(() => setMoving((m) => Object.fromEntries(Object.entries(m).filter(([, t]) => t > Date.now()))), MOVE_MS + 300);
    }
    // The presenter speaks at a medal (and the show is over at the end).
    if (s.kind === 'medal' || s.kind === 'done') setAuto(false);
  }, [reveal]);

  const restart = useCallback(() => {
    if (!reveal) return;
    reveal.restart();
    setAuto(false);
    setStep(null);
    setMoving({});
    setVersion(reveal.version);
  }, [reveal]);

  // Keyboard control.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      switch (e.key) {
        case 'Enter':
        case 'ArrowRight':
        case ' ':
          e.preventDefault();
          doStep();
          break;
        case 'a':
        case 'A':
          setAuto((a) => !a);
          break;
        case '+':
        case '=':
          setSpeed((s) => Math.min(SPEEDS_MS.length - 1, s + 1));
          break;
        case '-':
        case '_':
          setSpeed((s) => Math.max(0, s - 1));
          break;
        case 'Home':
          e.preventDefault();
          restart();
          break;
        case 'f':
        case 'F':
          if (document.fullscreenElement) void document.exitFullscreen();
          else void document.documentElement.requestFullscreen?.().catch(() => undefined);
          break;
        default:
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [doStep, restart]);

  // Auto-play.
  useEffect(() => {
    if (!auto || !reveal || reveal.done) return;
    const t = setTimeout(doStep, SPEEDS_MS[speed]);
    return () => clearTimeout(t);
  }, [auto, speed, step, reveal, doStep]);

  // Viewport size and scroll position (for the window of rows in the DOM).
  useEffect(() => {
    const el = viewRef.current;
    if (!el) return;
    setViewport(el.clientHeight);
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => setViewport(el.clientHeight));
    ro?.observe(el);
    let frame: number | null = null;
    const onScroll = () => {
      if (frame !== null) return;
      frame = requestAnimationFrame(() => {
        frame = null;
        setScrollTop(el.scrollTop);
      });
    };
    el.addEventListener('scroll', onScroll);
    return () => {
      ro?.disconnect();
      el.removeEventListener('scroll', onScroll);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [loaded]);

  // Keep the cursor row in view, a little below the middle.
  const cursor = reveal?.cursor ?? -1;
  useEffect(() => {
    const el = viewRef.current;
    if (!el || cursor < 0) return;
    const target = Math.max(0, cursor * ROW_H - el.clientHeight * 0.6);
    if (Math.abs(el.scrollTop - target) > ROW_H / 2) el.scrollTo({ top: target, behavior: step === null ? 'auto' : 'smooth' });
  }, [cursor, step, loaded]);

  if (error) {
    return (
      <div className="scroll-board flex min-h-screen items-center justify-center p-8 text-xl" data-testid="scroll-error">
        {error}
      </div>
    );
  }
  if (!loaded || !reveal) {
    return (
      <div className="scroll-board flex min-h-screen items-center justify-center text-xl" role="status">
        <FormattedMessage id="board.page.loading" />
      </div>
    );
  }

  const { info, teams } = loaded;
  const rows = reveal.rows();
  const ids = info.displayIds.length > 0 ? info.displayIds : Object.keys(info.balloonColor);
  // Problem columns grow to 84 px at most; the name column takes the rest (ellipsis only when out of room).
  const grid = `88px minmax(200px, 1fr) 90px 110px repeat(${ids.length}, minmax(56px, 84px))`;
  const focus = reveal.focus;
  const { start, end } = visibleRange(rows.length, ROW_H, scrollTop, viewport, 6);
  const indexes = new Set<number>();
  for (let i = start; i < end; i++) indexes.add(i);
  for (const uid of Object.keys(moving)) {
    const i = reveal.rows().findIndex((r) => r.uid === uid);
    if (i >= 0) indexes.add(i);
  }
  const medalStep = step?.kind === 'medal' ? step : null;
  const medalTeam = medalStep ? teams.get(medalStep.uid) : undefined;

  return (
    <div className="scroll-board flex h-screen flex-col overflow-hidden" data-testid="scroll-board" data-done={String(reveal.done)} data-step={step?.kind ?? 'start'}>
      <header className="flex flex-wrap items-center gap-x-6 gap-y-2 border-b border-white/10 px-6 py-3">
        <h1 className="text-2xl font-bold tracking-wide text-white">{info.title}</h1>
        <span className="text-sm text-slate-400">
          <FormattedMessage id="board.scroll.keys" />
        </span>
        <div className="ml-auto flex items-center gap-2 text-sm">
          <button type="button" data-testid="scroll-restart" className="rounded bg-white/10 px-3 py-1.5 hover:bg-white/20" onClick={restart}>
            <FormattedMessage id="board.scroll.restart" />
          </button>
          <button type="button" data-testid="scroll-auto" aria-pressed={auto} className={`rounded px-3 py-1.5 ${auto ? 'bg-blue-600' : 'bg-white/10 hover:bg-white/20'}`} onClick={() => setAuto((a) => !a)}>
            <FormattedMessage id={auto ? 'board.scroll.pause' : 'board.scroll.auto'} />
          </button>
          <span className="text-slate-400">
            <FormattedMessage id="board.scroll.speed" values={{ speed: speed + 1 }} />
          </span>
          <button type="button" data-testid="scroll-next" disabled={reveal.done} className="rounded bg-emerald-600 px-4 py-1.5 font-semibold hover:bg-emerald-500 disabled:opacity-40" onClick={doStep}>
            <FormattedMessage id={reveal.done ? 'board.scroll.done' : 'board.scroll.next'} />
          </button>
        </div>
      </header>

      <div className="grid border-b border-white/10 px-4 text-sm font-semibold text-slate-300" style={{ gridTemplateColumns: grid, height: 44 }}>
        <div className="flex items-center justify-center">
          <FormattedMessage id="board.table.rank" />
        </div>
        <div className="flex items-center">
          <FormattedMessage id="board.scroll.team" />
        </div>
        <div className="flex items-center justify-center">
          <FormattedMessage id="board.table.ac" />
        </div>
        <div className="flex items-center justify-center">
          <FormattedMessage id="board.table.totalTime" />
        </div>
        {ids.map((d) => (
          <div key={d} className="flex items-center justify-center gap-1.5">
            <span className="inline-block h-3.5 w-3.5 rounded-full" style={{ background: info.balloonColor[d] ?? '#64748b' }} />
            {d}
          </div>
        ))}
      </div>

      <div ref={viewRef} className="relative flex-1 overflow-y-auto px-4" data-testid="scroll-viewport">
        <div style={{ position: 'relative', height: rows.length * ROW_H }}>
          {[...indexes]
            .sort((a, b) => a - b)
            .map((i) => {
              const row = rows[i]!;
              return (
                <ScrollRow
                  key={row.uid}
                  row={row}
                  index={i}
                  grid={grid}
                  ids={ids}
                  team={teams.get(row.uid)}
                  rankShowName={info.rankShowName}
                  cursor={i === cursor}
                  focusId={focus?.uid === row.uid ? focus.displayId : null}
                  medal={reveal.announced(row.uid)}
                  pending={(d) => reveal.pending(row.uid, d)}
                />
              );
            })}
        </div>
      </div>

      {medalStep && (
        <div className="pointer-events-none fixed inset-x-0 bottom-10 flex justify-center" data-testid="scroll-medal">
          <div className="rounded-2xl px-10 py-5 text-center shadow-2xl" style={{ background: MEDAL_STYLE[medalStep.medal].bg, color: MEDAL_STYLE[medalStep.medal].fg }}>
            <div className="text-lg font-semibold uppercase tracking-widest">
              <FormattedMessage id={`board.scroll.${medalStep.medal}`} />
            </div>
            <div className="mt-1 text-4xl font-bold">{medalTeam ? shownName(medalTeam, info.rankShowName) : medalStep.uid}</div>
            {medalTeam?.school && <div className="mt-1 text-lg opacity-80">{medalTeam.school}</div>}
          </div>
        </div>
      )}
    </div>
  );
}

interface RowProps {
  row: AcmRow;
  index: number;
  grid: string;
  ids: readonly string[];
  team: TeamInfo | undefined;
  rankShowName: string;
  cursor: boolean;
  focusId: string | null;
  medal: Medal | null;
  pending: (displayId: string) => number;
}

function ScrollRow({ row, index, grid, ids, team, rankShowName, cursor, focusId, medal, pending }: RowProps) {
  const name = team ? shownName(team, rankShowName) : row.uid;
  return (
    <div
      data-testid="scroll-row"
      data-uid={row.uid}
      data-rank={row.rank}
      data-index={index}
      className={`scroll-row absolute inset-x-0 grid border-b border-white/5 ${cursor ? 'scroll-row-cursor bg-white/5' : ''} ${medal ? `scroll-medal-${medal}` : ''}`}
      style={{ gridTemplateColumns: grid, height: ROW_H, transform: `translateY(${index * ROW_H}px)` }}
    >
      <div className="flex flex-col items-center justify-center">
        <span className="text-xl font-bold text-white">{row.rank === -1 ? '*' : row.rank}</span>
        {medal && (
          <span className="rounded px-1.5 text-[11px] font-semibold uppercase" style={{ background: MEDAL_STYLE[medal].bg, color: MEDAL_STYLE[medal].fg }}>
            <FormattedMessage id={`board.scroll.${medal}`} />
          </span>
        )}
      </div>
      <div className="flex min-w-0 items-center gap-3">
        {team?.avatar ? (
          <img src={team.avatar} alt="" className="h-9 w-9 shrink-0 rounded-full object-cover" />
        ) : (
          <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-700 text-sm font-semibold">{name.slice(0, 1).toUpperCase()}</span>
        )}
        <div className="min-w-0">
          <div data-testid="scroll-name" className="truncate text-lg font-semibold text-white">{name}</div>
          {team?.school && <div className="truncate text-sm text-slate-400">{team.school}</div>}
        </div>
      </div>
      <div className="flex items-center justify-center text-2xl font-bold text-white">{row.ac}</div>
      <div className="flex items-center justify-center text-lg text-slate-300">{Math.floor(row.totalTime / 60)}</div>
      {ids.map((d) => {
        const c = row.submissionInfo[d];
        const hidden = pending(d);
        let state = 'none';
        if (hidden > 0) state = 'pending';
        else if (c?.isAC) state = c.isFirstAC ? 'first-ac' : 'ac';
        else if (c && c.errorNum > 0) state = 'wa';
        const focused = focusId === d;
        return (
          <div key={d} className="flex items-center justify-center p-1">
            <div
              data-testid="scroll-cell"
              data-pid={d}
              data-state={state}
              className={`scroll-cell flex h-full w-full flex-col items-center justify-center rounded text-sm leading-4 ${state === 'none' ? '' : `scroll-cell-${state}`} ${focused ? 'scroll-cell-focus' : ''}`}
            >
              {state === 'pending' && (
                <span className="font-semibold">
                  {c?.errorNum ?? 0}+{hidden}
                </span>
              )}
              {(state === 'ac' || state === 'first-ac') && c && (
                <>
                  <span className="text-base font-bold">{Math.floor((c.ACTime ?? 0) / 60)}</span>
                  <span className="text-xs opacity-80">{c.errorNum + 1}</span>
                </>
              )}
              {state === 'wa' && c && <span className="font-semibold">-{c.errorNum}</span>}
            </div>
          </div>
        );
      })}
    </div>
  );
}
