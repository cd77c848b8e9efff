// The scoreboard engine's contract: records in, ranked rows out. Pure and browser-safe: the services
// project boards with it and the web applies pushed row moves with the same ranking code.
import { Type, type Static } from '@sinclair/typebox';

/** Contest rule: 0 ACM (ICPC), 1 OI. */
export type ContestType = 0 | 1;
export type OiRankScoreType = 'Recent' | 'Highest';

/** An award level. `num` is a percentage (awardType 1) or a row count (awardType 2). */
export const AwardConfig = Type.Object({
  priority: Type.Integer({ minimum: 0, maximum: 1000 }),
  name: Type.String({ minLength: 1, maxLength: 50 }),
  background: Type.String({ maxLength: 50 }),
  color: Type.String({ maxLength: 50 }),
  num: Type.Integer({ minimum: 0, maximum: 100_000 }),
});
export type AwardConfig = Static<typeof AwardConfig>;

/**
 * What a board is computed under. The caller (services) decides the audience: `sealS` is null for a live board
 * (contest admins, or an unsealed contest) and the seal offset for the public board while sealed.
 */
export interface BoardConfig {
  type: ContestType;
  /** Contest length in seconds: records at `time >= durationS` are after the contest. */
  durationS: number;
  /** Seconds from the start at which the seal begins for this view; null when this view is not sealed. */
  sealS: number | null;
  /** Keep records made after the end (`allowEndSubmit` and the include-after-contest switch, never while sealed). */
  containsEnd: boolean;
  oiRankScoreType: OiRankScoreType;
  /** Star (unofficial) users: rank −1, no rank number, no award. */
  starUids: readonly string[];
  /** 0 none, 1 proportion, 2 fixed count. */
  awardType: 0 | 1 | 2;
  awards: readonly AwardConfig[];
}

/**
 * One judged contest submission as the board sees it. Pending submissions are not records.
 * `time` is whole seconds from the contest start (0 if before); `id` orders records of the same second.
 */
export interface ScoreRecord {
  id: number;
  uid: string;
  displayId: string;
  time: number;
  /** Judge status code (proto JudgeStatus): the engine maps it to AC / penalised / not counted. */
  status: number;
  /** OI score of the submission (null: none, e.g. CE). */
  score: number | null;
  /** Run time in ms (OI total time uses the best AC run time). */
  useTime: number | null;
}

/** ACM cell. */
export const AcmCell = Type.Object({
  /** Penalised rejections before the first AC (all of them while unsolved). */
  errorNum: Type.Integer(),
  /** Submissions hidden by the seal (shown as pending `e+t tries`). */
  tryNum: Type.Integer(),
  isAC: Type.Boolean(),
  isFirstAC: Type.Boolean(),
  /** Seconds from the start of the first AC (null when not solved). The board shows ⌊ACTime/60⌋ minutes. */
  ACTime: Type.Union([Type.Integer(), Type.Null()]),
  isAfterContest: Type.Boolean(),
});
export type AcmCell = Static<typeof AcmCell>;

const RowBase = {
  uid: Type.String(),
  /** 1-based rank; −1 for a star user. Equal results share a rank (1, 1, 3). */
  rank: Type.Integer(),
  isWinAward: Type.Boolean(),
  awardName: Type.Union([Type.String(), Type.Null()]),
  awardBackground: Type.Union([Type.String(), Type.Null()]),
  awardColor: Type.Union([Type.String(), Type.Null()]),
  /** Counted submissions, including after an AC and inside the seal. */
  total: Type.Integer(),
};

export const AcmRow = Type.Object({
  ...RowBase,
  ac: Type.Integer(),
  /** Penalty in seconds: Σ over solved problems of (⌊ACTime/60⌋ + 20 × errorNum) × 60. */
  totalTime: Type.Integer(),
  /** Seconds of the last counted AC (display order of a tie: earlier first); null when none. */
  lastAcTime: Type.Union([Type.Integer(), Type.Null()]),
  submissionInfo: Type.Record(Type.String(), AcmCell),
});
export type AcmRow = Static<typeof AcmRow>;

export const OiRow = Type.Object({
  ...RowBase,
  totalScore: Type.Integer(),
  /** Σ of the best AC run time (ms) of the problems whose picked record is AC. */
  totalTime: Type.Integer(),
  /** displayId → picked score. */
  submissionInfo: Type.Record(Type.String(), Type.Integer()),
  /** displayId → best AC run time (ms). */
  timeInfo: Type.Record(Type.String(), Type.Integer()),
});
export type OiRow = Static<typeof OiRow>;

export type BoardRow = AcmRow | OiRow;

/**
 * A row that changed and where it now stands in board order (0-based index in the full sorted board,
 * star rows included). Applying the moves in order to the previous board, then `rankRows`, gives the new board.
 */
export const RowMove = Type.Object({
  row: Type.Union([AcmRow, OiRow]),
  /** Index before the change (−1: a new row). */
  from: Type.Integer({ minimum: -1 }),
  to: Type.Integer({ minimum: 0 }),
  /**
   * The row left the board (its last counted record went back to pending on a rejudge, or was moved to another
   * user): remove it and insert nothing. `row` is the row as it was, `to` equals `from`.
   */
  removed: Type.Optional(Type.Boolean()),
  /**
   * The row's tie key before this move (ACM: `[ac, totalTime]`, OI: `[totalScore, totalTime]`); absent for a new
   * row. A client that holds only a window of the board needs it to keep rank numbers exact (board-window.ts).
   */
  was: Type.Optional(Type.Tuple([Type.Integer(), Type.Integer()])),
});
export type RowMove = Static<typeof RowMove>;

/** Per-problem header figures of a board view (the balloon's AC/total and its tooltip). */
export const ProblemStat = Type.Object({
  ac: Type.Integer(),
  /** Rejected (penalised) submissions; for OI the attempts that were not full marks. */
  rejected: Type.Integer(),
  /** Submissions hidden by the seal. */
  pending: Type.Integer(),
  total: Type.Integer(),
});
export type ProblemStat = Static<typeof ProblemStat>;
