// Scores of a judged submission: the
// submission's status from its cases, its OI score per judge case mode, subtask summaries, and the OI rank score.
// Pure and browser-safe: the runner forms verdicts with it, the services store and show them.
import { JudgeStatus, ProblemType, type JudgeCaseMode } from './judge-status';

/** What scoring needs of one judged case; `score` is the score the case earned (0 unless AC or PA). */
export interface ScoredCase {
  index: number;
  status: number;
  score: number;
  groupNum: number | null;
}

/**
 * The score a case earns: its full score when AC, ⌊points × score⌋ when Partial Accepted with `points` in [0, 1]
 * (a special judge's partial result), else 0.
 */
export function earnedScore(status: number, fullScore: number, points?: number): number {
  if (status === JudgeStatus.ACCEPTED) return fullScore;
  if (status === JudgeStatus.PARTIAL_ACCEPTED && points !== undefined) return Math.floor(Math.min(1, Math.max(0, points)) * fullScore);
  return 0;
}

/**
 * The submission's status: AC when every case is AC; ACM: the first failing case's status (by index); OI: the first
 * failing case's status when every case failed, else Partial Accepted. Skipped cases (Cancelled) count as failing.
 */
export function submissionStatus(problemType: number, cases: readonly ScoredCase[]): number {
  const failing = cases.filter((c) => c.status !== JudgeStatus.ACCEPTED).sort((a, b) => a.index - b.index);
  if (failing.length === 0) return JudgeStatus.ACCEPTED;
  if (problemType !== ProblemType.OI || failing.length === cases.length) return failing[0]!.status;
  return JudgeStatus.PARTIAL_ACCEPTED;
}

/** Groups in the order their first case appears (cases without a group form group 0). */
export function groupCases<T extends ScoredCase>(cases: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const c of [...cases].sort((a, b) => a.index - b.index)) {
    const g = c.groupNum ?? 0;
    const list = groups.get(g);
    if (list) list.push(c);
    else groups.set(g, [c]);
  }
  return groups;
}

/**
 * The OI score: default / ergodic_without_error: the sum of the cases' scores (full marks `ioScore` when every case
 * is AC in the default mode); subtask_lowest: Σ over groups of the lowest case score; subtask_average: Σ over groups
 * of the rounded average case score. Capped at `ioScore` when it is given and not 0.
 */
export function submissionScore(mode: JudgeCaseMode, cases: readonly ScoredCase[], ioScore?: number): number {
  let sum = 0;
  if (mode === 'subtask_lowest' || mode === 'subtask_average') {
    for (const group of groupCases(cases).values()) {
      const scores = group.map((c) => c.score);
      sum += mode === 'subtask_lowest' ? Math.min(...scores) : Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
    }
  } else if (mode === 'default' && ioScore !== undefined && cases.length > 0 && cases.every((c) => c.status === JudgeStatus.ACCEPTED)) {
    return ioScore;
  } else {
    sum = cases.reduce((a, c) => a + c.score, 0);
  }
  return ioScore ? Math.min(sum, ioScore) : sum;
}

/**
 * Full marks of an OI problem whose cases are worth `cases` (each its full score) under `mode`: what a submission with
 * every case Accepted scores. In the subtask modes every case of a group carries the group's score, so this is Σ over
 * groups, not the sum of all cases.
 */
export function fullScore(mode: JudgeCaseMode, cases: readonly { score: number; groupNum: number | null }[]): number {
  return submissionScore(mode, cases.map((c, index) => ({ index, status: JudgeStatus.ACCEPTED, score: c.score, groupNum: c.groupNum })));
}

/**
 * OI rank score of a judged OI submission: round(0.1 × s + 2 × difficulty × s / ioScore); with full
 * marks that is round(0.1 × ioScore + 2 × difficulty) (Easy 10, Mid 12, Hard 14 for 100 points). Null for ACM.
 */
export function oiRankScore(problemType: number, score: number | null, difficulty: number, ioScore: number): number | null {
  if (problemType !== ProblemType.OI || score === null) return null;
  const s = ioScore > 0 ? Math.min(score, ioScore) : score;
  const ratio = ioScore > 0 ? s / ioScore : 0;
  return Math.round(0.1 * s + 2 * difficulty * ratio);
}

/** One subtask of `get-all-case-result` (SubTaskJudgeCaseVO without its detail list). */
export interface SubtaskSummary {
  groupNum: number;
  status: number;
  score: number;
  ac: number;
  total: number;
  time: number | null;
  memory: number | null;
}

/**
 * Subtask rows as the original product shows them: subtask_lowest: the (non-skipped) case with the lowest score
 * gives status, score, time and memory; subtask_average: the rounded average score, AC / Partial Accepted / WA,
 * and the largest time and memory. A subtask whose every case was skipped (a dependency not passed) is Skipped
 * (Cancelled) in both modes.
 */
export function subtaskSummaries<T extends ScoredCase & { time: number | null; memory: number | null }>(mode: JudgeCaseMode, cases: readonly T[]): SubtaskSummary[] {
  const out: SubtaskSummary[] = [];
  const maxOf = (xs: (number | null)[]) => (xs.some((x) => x !== null) ? Math.max(...xs.map((x) => x ?? 0)) : null);
  for (const [groupNum, group] of groupCases(cases)) {
    const ac = group.filter((c) => c.status === JudgeStatus.ACCEPTED).length;
    const total = group.length;
    if (mode === 'subtask_average') {
      const score = Math.round(group.reduce((a, c) => a + c.score, 0) / total);
      // A subtask skipped whole (its dependencies not passed) shows as Skipped, as its cases do.
      const skipped = group.every((c) => c.status === JudgeStatus.CANCELLED);
      const status = skipped ? JudgeStatus.CANCELLED : ac === total ? JudgeStatus.ACCEPTED : score === 0 ? JudgeStatus.WRONG_ANSWER : JudgeStatus.PARTIAL_ACCEPTED;
      out.push({ groupNum, status, score, ac, total, time: maxOf(group.map((c) => c.time)), memory: maxOf(group.map((c) => c.memory)) });
    } else {
      const judged = group.filter((c) => c.status !== JudgeStatus.CANCELLED);
      const lowest = judged.reduce<T | null>((m, c) => (m === null || c.score < m.score ? c : m), null);
      out.push({ groupNum, status: lowest?.status ?? JudgeStatus.CANCELLED, score: lowest?.score ?? 0, ac, total, time: lowest?.time ?? null, memory: lowest?.memory ?? null });
    }
  }
  return out;
}
