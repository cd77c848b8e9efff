// `scoreboard.batch`: the board deltas of one view as a client holding a window receives them on `board:<cid>:<view>`,
// several deltas per frame (the gateway coalesces those produced within a short window) and rows as tuples instead
// of objects (about a quarter of a `scoreboard.delta`'s size). docs/realtime.md documents the layout.
import { Type, type Static } from '@sinclair/typebox';
import type { AcmCell, AcmRow, BoardRow, OiRow, ProblemStat, RowMove } from '../scoreboard/types';
import type { ScoreboardDelta } from './boards';
import { Nullable } from './common';

const Int = Type.Integer();
/** ACM cell: `[errorNum, tryNum, flags (1 isAC, 2 isFirstAC, 4 isAfterContest), ACTime]`. */
const AcmCellTuple = Type.Tuple([Int, Int, Int, Nullable(Int)]);
/** ACM row: `[uid, rank, total, ac, totalTime, lastAcTime, cells by display id]` (award fields follow from the place). */
const AcmRowTuple = Type.Tuple([Type.String(), Int, Int, Int, Int, Nullable(Int), Type.Record(Type.String(), AcmCellTuple)]);
/** OI row: `[uid, rank, total, totalScore, totalTime, scores by display id, best AC times by display id]`. */
const OiRowTuple = Type.Tuple([Type.String(), Int, Int, Int, Int, Type.Record(Type.String(), Int), Type.Record(Type.String(), Int)]);
/** `[username, realname, nickname, school, gender, avatar]`. */
const UserTuple = Type.Tuple([Type.String(), Nullable(Type.String()), Nullable(Type.String()), Nullable(Type.String()), Nullable(Type.String()), Nullable(Type.String())]);
/** `[from, to, row, was (tie key before) or null, removed (0/1), the row's user or null]`. */
const MoveTuple = Type.Tuple([Int, Int, Type.Union([AcmRowTuple, OiRowTuple]), Nullable(Type.Tuple([Int, Int])), Int, Nullable(UserTuple)]);

/**
 * One delta: `[seq, version, moves, stats or null, reset (0/1)]`; `seq` is its source seq (the frame's `seq` is its
 * last delta's, or later), `stats` the changed problems' `[ac, rejected, pending, total]` by display id.
 */
export const CompactDelta = Type.Tuple([Int, Int, Type.Array(MoveTuple), Nullable(Type.Record(Type.String(), Type.Tuple([Int, Int, Int, Int]))), Int]);
export type CompactDelta = Static<typeof CompactDelta>;

export const ScoreboardBatch = Type.Object({
  /** Contest rule: 0 ACM, 1 OI (how to read the row tuples). */
  type: Type.Union([Type.Literal(0), Type.Literal(1)]),
  deltas: Type.Array(CompactDelta),
  /** The socket fell behind (or missed frames it cannot be given cheaply): read the window again over REST. */
  resync: Type.Optional(Type.Literal(true)),
});
export type ScoreboardBatch = Static<typeof ScoreboardBatch>;

type User = { username: string; realname: string | null; nickname: string | null; school: string | null; gender: string | null; avatar: string | null };

type MoveT = CompactDelta[2][number];

function rowTuple(r: BoardRow): MoveT[2] {
  if ('ac' in r) {
    const a = r as AcmRow;
    const cells: Record<string, [number, number, number, number | null]> = {};
    for (const [d, c] of Object.entries(a.submissionInfo)) cells[d] = [c.errorNum, c.tryNum, (c.isAC ? 1 : 0) | (c.isFirstAC ? 2 : 0) | (c.isAfterContest ? 4 : 0), c.ACTime];
    return [a.uid, a.rank, a.total, a.ac, a.totalTime, a.lastAcTime, cells];
  }
  const o = r as OiRow;
  return [o.uid, o.rank, o.total, o.totalScore, o.totalTime, o.submissionInfo, o.timeInfo];
}

const NO_AWARD = { isWinAward: false, awardName: null, awardBackground: null, awardColor: null };

function rowOf(type: 0 | 1, t: MoveT[2]): BoardRow {
  if (type === 0) {
    const [uid, rank, total, ac, totalTime, lastAcTime, cells] = t as Static<typeof AcmRowTuple>;
    const info: Record<string, AcmCell> = {};
    for (const [d, [errorNum, tryNum, f, ACTime]] of Object.entries(cells)) {
      info[d] = { errorNum, tryNum, isAC: (f & 1) !== 0, isFirstAC: (f & 2) !== 0, ACTime, isAfterContest: (f & 4) !== 0 };
    }
    return { uid, rank, ...NO_AWARD, total, ac, totalTime, lastAcTime, submissionInfo: info } satisfies AcmRow;
  }
  const [uid, rank, total, totalScore, totalTime, scores, times] = t as Static<typeof OiRowTuple>;
  return { uid, rank, ...NO_AWARD, total, totalScore, totalTime, submissionInfo: scores, timeInfo: times } satisfies OiRow;
}

/** A delta of the push log (with its seq) as a `scoreboard.batch` carries it. */
export function compactDelta(seq: number, d: ScoreboardDelta): CompactDelta {
  const user = (uid: string): MoveT[5] => {
    const u = d.users?.[uid];
    return u ? [u.username, u.realname, u.nickname, u.school, u.gender, u.avatar] : null;
  };
  const moves: MoveT[] = d.moves.map((m) => [m.from, m.to, rowTuple(m.row), m.was ?? null, m.removed ? 1 : 0, user(m.row.uid)]);
  let stats: Record<string, [number, number, number, number]> | null = null;
  if (d.stats) {
    stats = {};
    for (const [id, s] of Object.entries(d.stats)) stats[id] = [s.ac, s.rejected, s.pending, s.total];
  }
  return [seq, d.version, moves, stats, d.reset ? 1 : 0];
}

/** The source seq of a compact delta. */
export const deltaSeq = (c: CompactDelta): number => c[0];

export interface ExpandedDelta {
  seq: number;
  version: number;
  moves: RowMove[];
  users: Record<string, User>;
  stats: Record<string, ProblemStat>;
  reset: boolean;
}

/** The client's side: a compact delta back to row moves, display fields and problem figures. */
export function expandDelta(type: 0 | 1, c: CompactDelta): ExpandedDelta {
  const [seq, version, list, figures, reset] = c;
  const users: Record<string, User> = {};
  const moves: RowMove[] = list.map(([from, to, row, was, removed, u]) => {
    const r = rowOf(type, row);
    if (u) {
      const [username, realname, nickname, school, gender, avatar] = u;
      users[r.uid] = { username, realname, nickname, school, gender, avatar };
    }
    return { row: r, from, to, ...(was !== null && { was }), ...(removed === 1 && { removed: true }) };
  });
  const stats: Record<string, ProblemStat> = {};
  for (const [id, [ac, rejected, pending, total]] of Object.entries(figures ?? {})) stats[id] = { ac, rejected, pending, total };
  return { seq, version, moves, users, stats, reset: reset === 1 };
}
