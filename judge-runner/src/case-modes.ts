// Judge case modes: in which order cases run, when judging stops, and which cases are skipped — the rest of a subtask
// after its first failure (subtask_lowest) and every case of a subtask whose dependencies are not passed (OI subtask
// modes, `subtaskDependencies`). Scores and the submission's status are formed in verdict.ts from @oj/proto's scoring.
import { JudgeStatus, ProblemType, type CaseResult, type JudgeCaseInput, type JudgeJob } from '@oj/proto';

export type CaseModeProblem = Pick<JudgeJob['problem'], 'type' | 'judgeCaseMode'> & Partial<Pick<JudgeJob['problem'], 'subtaskDependencies'>>;

const groupOf = (c: Pick<JudgeCaseInput, 'groupNum'>) => c.groupNum ?? 0;

/** OI with a subtask case mode: cases are judged (and scored) group by group. */
export function isSubtaskJudging(problem: CaseModeProblem): boolean {
  return problem.type === ProblemType.OI && (problem.judgeCaseMode === 'subtask_lowest' || problem.judgeCaseMode === 'subtask_average');
}

/**
 * Each group's dependencies (OI subtask modes only; empty otherwise), without groups that have no case here (a save
 * refuses them; only a later test-data upload could leave one behind, and it then binds nothing).
 */
function dependenciesOf(problem: CaseModeProblem, cases: readonly JudgeCaseInput[]): Map<number, number[]> {
  if (!isSubtaskJudging(problem)) return new Map();
  const groups = new Set(cases.map(groupOf));
  return new Map((problem.subtaskDependencies ?? []).map((d) => [d.groupNum, d.dependencies.filter((g) => groups.has(g))]));
}

/**
 * Judging order: by index, except OI subtask modes, which run group after group (cases by index inside a group): groups
 * in the order their first case appears, each after the groups it depends on (a cycle, refused when the problem is
 * saved, is broken at its first group).
 */
export function judgingOrder<C extends JudgeCaseInput>(problem: CaseModeProblem, cases: readonly C[]): C[] {
  const byIndex = [...cases].sort((a, b) => a.index - b.index);
  if (!isSubtaskJudging(problem)) return byIndex;
  const groups = new Map<number, C[]>();
  for (const c of byIndex) groups.set(groupOf(c), [...(groups.get(groupOf(c)) ?? []), c]);
  const deps = dependenciesOf(problem, cases);
  const waiting = [...groups.keys()];
  const placed = new Set<number>();
  const order: C[] = [];
  while (waiting.length > 0) {
    const ready = waiting.findIndex((g) => (deps.get(g) ?? []).every((d) => placed.has(d)));
    const [g] = waiting.splice(ready >= 0 ? ready : 0, 1) as [number];
    placed.add(g);
    order.push(...groups.get(g)!);
  }
  return order;
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

/** The reported result of a case that is not run (shown as Skipped: status Cancelled, nothing earned). */
export function skippedCase(c: JudgeCaseInput, message = 'Skipped'): CaseResult {
  return { caseId: c.caseId, index: c.index, status: JudgeStatus.CANCELLED, time: 0, memory: 0, score: 0, groupNum: c.groupNum, userOutput: '', message };
}

/**
 * Follows the cases of one judgement in `judgingOrder`: which to skip and when to stop. A group is passed when every
 * one of its cases is Accepted (a skipped case is not), so a skipped group also blocks the groups that depend on it.
 */
export class CaseGate {
  private readonly deps: Map<number, number[]>;
  private readonly passed = new Map<number, boolean>();
  private skipGroup: number | null = null;

  constructor(
    private readonly problem: CaseModeProblem,
    cases: readonly JudgeCaseInput[],
  ) {
    this.deps = dependenciesOf(problem, cases);
  }

  /** The Skipped case to report instead of running `c`, or null to run it. */
  skip(c: JudgeCaseInput): CaseResult | null {
    const g = groupOf(c);
    if (this.skipGroup === g) return skippedCase(c);
    const blocking = (this.deps.get(g) ?? []).find((d) => this.passed.get(d) !== true);
    return blocking === undefined ? null : skippedCase(c, `Skipped: subtask ${blocking} is not passed`);
  }

  /** Records a case's result (run or skipped); answers whether judging stops here. */
  record(c: JudgeCaseInput, result: CaseResult): 'next' | 'stop' {
    const g = groupOf(c);
    this.passed.set(g, (this.passed.get(g) ?? true) && result.status === JudgeStatus.ACCEPTED);
    if (this.skipGroup !== g) this.skipGroup = null;
    if (result.status === JudgeStatus.CANCELLED) return 'next';
    const next = afterCase(this.problem, result);
    if (next === 'skip-group') this.skipGroup = g;
    return next === 'stop' ? 'stop' : 'next';
  }
}
