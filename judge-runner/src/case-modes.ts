// Judge case modes: in which order cases run, when judging stops, and
// which cases are skipped. Scores and the submission's status are formed in verdict.ts from @oj/proto's scoring.
import { JudgeStatus, ProblemType, type CaseResult, type JudgeCaseInput, type JudgeJob } from '@oj/proto';

export type CaseModeProblem = Pick<JudgeJob['problem'], 'type' | 'judgeCaseMode'>;

/**
 * Judging order: by index, except OI subtask modes, which run group after group (groups in the order their first
 * case appears, cases by index inside a group), so a group can be cut short.
 */
export function judgingOrder<C extends JudgeCaseInput>(problem: CaseModeProblem, cases: readonly C[]): C[] {
  const byIndex = [...cases].sort((a, b) => a.index - b.index);
  if (problem.type !== ProblemType.OI || (problem.judgeCaseMode !== 'subtask_lowest' && problem.judgeCaseMode !== 'subtask_average')) return byIndex;
  const groups = new Map<number, C[]>();
  for (const c of byIndex) groups.set(c.groupNum ?? 0, [...(groups.get(c.groupNum ?? 0) ?? []), c]);
  return [...groups.values()].flat();
}

/** What to do after a case: go on, stop judging (later cases are neither run nor reported), or skip its group's rest. */
export type AfterCase = 'next' | 'stop' | 'skip-group';

/**
 * ACM problems and `ergodic_without_error` stop at the first case that is not AC; OI `subtask_lowest` skips the rest
 * of a group once a case scores nothing there (not AC, and not a Partial Accepted with points); the rest run all.
 */
export function afterCase(problem: CaseModeProblem, result: Pick<CaseResult, 'status' | 'score'>): AfterCase {
  if (result.status === JudgeStatus.ACCEPTED) return 'next';
  if (problem.type !== ProblemType.OI || problem.judgeCaseMode === 'ergodic_without_error') return 'stop';
  if (problem.judgeCaseMode === 'subtask_lowest' && !(result.status === JudgeStatus.PARTIAL_ACCEPTED && result.score > 0)) return 'skip-group';
  return 'next';
}

/** The reported result of a case skipped by `subtask_lowest` (shown as Skipped: status Cancelled, nothing earned). */
export function skippedCase(c: JudgeCaseInput): CaseResult {
  return { caseId: c.caseId, index: c.index, status: JudgeStatus.CANCELLED, time: 0, memory: 0, score: 0, groupNum: c.groupNum, userOutput: '', message: 'Skipped' };
}
