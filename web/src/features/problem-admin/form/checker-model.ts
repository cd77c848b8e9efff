// The problem form's built-in checker (judge mode default) with the float checker's tolerances, and the subtask
// dependencies of the OI subtask modes: the state as typed, what the form sends, and the checks the server repeats.
import { normalizeSubtaskDependencies, type AdminProblemDetail, type BuiltinChecker, type JudgeCaseMode, type ProblemDTO, type SubtaskDependency } from '@oj/proto';
import type { MessageId } from '../../../i18n/zh-CN';

export interface CheckerState {
  checker: BuiltinChecker;
  /** Tolerances as typed ('' = not used). */
  floatAbsoluteTolerance: string;
  floatRelativeTolerance: string;
  /** The dependencies typed for each group number ("1, 2"). */
  subtaskDependencies: Record<string, string>;
}

/** What the checks below need of the whole form. */
export type CheckerForm = CheckerState & {
  judgeMode: 'default' | 'spj' | 'interactive';
  icpcValidator: boolean;
  type: 0 | 1;
  judgeCaseMode: JudgeCaseMode;
  cases: { groupNum: string }[];
};

export interface CheckerFormProblem {
  id: MessageId;
  values?: Record<string, string | number>;
}

export const newCheckerState = (): CheckerState => ({ checker: 'default', floatAbsoluteTolerance: '', floatRelativeTolerance: '', subtaskDependencies: {} });

/** The typed form of stored dependencies. */
export function dependenciesText(deps: readonly SubtaskDependency[] | null | undefined): Record<string, string> {
  return Object.fromEntries((deps ?? []).map((d) => [String(d.groupNum), d.dependencies.join(', ')]));
}

export function checkerStateFromDetail(d: Pick<AdminProblemDetail, 'checker' | 'floatAbsoluteTolerance' | 'floatRelativeTolerance' | 'subtaskDependencies'>): CheckerState {
  const text = (n: number | null) => (n === null ? '' : String(n));
  return { checker: d.checker, floatAbsoluteTolerance: text(d.floatAbsoluteTolerance), floatRelativeTolerance: text(d.floatRelativeTolerance), subtaskDependencies: dependenciesText(d.subtaskDependencies) };
}

/** The built-in checker applies: judge mode default without the ICPC validator. */
export const usesBuiltinChecker = (s: Pick<CheckerForm, 'judgeMode' | 'icpcValidator'>) => s.judgeMode === 'default' && !s.icpcValidator;

/** OI with a subtask case mode: subtasks may depend on each other. */
export const hasSubtasks = (s: Pick<CheckerForm, 'type' | 'judgeCaseMode'>) => s.type === 1 && (s.judgeCaseMode === 'subtask_lowest' || s.judgeCaseMode === 'subtask_average');

/** The cases' group numbers, ascending (each once). */
export function formGroups(s: Pick<CheckerForm, 'cases'>): number[] {
  const groups = s.cases.map((c) => c.groupNum.trim()).filter((g) => /^[1-9]\d*$/.test(g)).map(Number);
  return [...new Set(groups)].sort((a, b) => a - b);
}

const tolerance = (text: string): number | undefined | null => {
  if (!text.trim()) return undefined;
  const n = Number(text.trim());
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** The dependencies typed for the groups there are; a problem when one is not a list of group numbers. */
function parseDependencies(s: CheckerForm): { ok: true; value: SubtaskDependency[] } | { ok: false; problem: CheckerFormProblem } {
  const value: SubtaskDependency[] = [];
  for (const groupNum of formGroups(s)) {
    const words = (s.subtaskDependencies[String(groupNum)] ?? '').split(/[\s,，]+/).filter(Boolean);
    if (words.some((w) => !/^[1-9]\d*$/.test(w))) return { ok: false, problem: { id: 'checkers.form.dependencyInvalid', values: { group: groupNum } } };
    if (words.length > 0) value.push({ groupNum, dependencies: words.map(Number) });
  }
  return { ok: true, value };
}

/** The first broken rule of the checker and dependency fields, or null. */
export function checkerProblem(s: CheckerForm): CheckerFormProblem | null {
  if (usesBuiltinChecker(s) && s.checker === 'float') {
    for (const [text, field] of [[s.floatAbsoluteTolerance, 'checkers.form.absoluteTolerance'], [s.floatRelativeTolerance, 'checkers.form.relativeTolerance']] as const) {
      if (tolerance(text) === null) return { id: 'checkers.form.toleranceInvalid', values: { field } };
    }
  }
  if (!hasSubtasks(s)) return null;
  const parsed = parseDependencies(s);
  if (!parsed.ok) return parsed.problem;
  const checked = normalizeSubtaskDependencies(formGroups(s), parsed.value);
  if (checked.ok) return null;
  const p = checked.problem;
  return p.kind === 'cycle' ? { id: 'checkers.form.dependencyCycle', values: { group: p.group } } : { id: 'checkers.form.dependencyUnknown', values: { group: p.dependency } };
}

/** What the form sends for these fields (absent ones: not used). Call after `checkerProblem` found nothing. */
export function checkerToDTO(s: CheckerForm): Pick<ProblemDTO['problem'], 'checker' | 'floatAbsoluteTolerance' | 'floatRelativeTolerance' | 'subtaskDependencies'> {
  const out: Pick<ProblemDTO['problem'], 'checker' | 'floatAbsoluteTolerance' | 'floatRelativeTolerance' | 'subtaskDependencies'> = { checker: usesBuiltinChecker(s) ? s.checker : 'default' };
  if (out.checker === 'float') {
    const abs = tolerance(s.floatAbsoluteTolerance);
    const rel = tolerance(s.floatRelativeTolerance);
    if (typeof abs === 'number') out.floatAbsoluteTolerance = abs;
    if (typeof rel === 'number') out.floatRelativeTolerance = rel;
  }
  const deps = hasSubtasks(s) ? parseDependencies(s) : null;
  if (deps?.ok && deps.value.length > 0) out.subtaskDependencies = deps.value;
  return out;
}
