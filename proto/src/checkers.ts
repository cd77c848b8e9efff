// Extensions of the problem's judging settings: the built-in checkers of judge mode `default` (besides HOJ's own
// comparison) with the float checker's tolerances, and subtask dependencies (a subtask scores only when the subtasks it
// depends on are passed, as LibreOJ's `dependencies` and Hydro's `if`). The form, the problem files and the judge job
// carry them with these schemas; `normalizeSubtaskDependencies` is the one rule both the services and the runner apply.
import { Type, type Static } from '@sinclair/typebox';

/**
 * `default`: HOJ's comparison (trailing blanks per `isRemoveEndBlank`, Presentation Error when only whitespace
 * differs); `tokens`: whitespace-separated tokens, exact; `tokens_ci`: tokens, ASCII case ignored; `lines`: line by
 * line, each line's tokens; `unordered_lines`: the same lines in any order; `bytes`: identical bytes; `float`: tokens,
 * numbers within the absolute or relative tolerance.
 */
export const BUILTIN_CHECKERS = ['default', 'tokens', 'tokens_ci', 'lines', 'unordered_lines', 'bytes', 'float'] as const;
export type BuiltinChecker = (typeof BUILTIN_CHECKERS)[number];
export const BuiltinCheckerSchema = Type.Union(BUILTIN_CHECKERS.map((c) => Type.Literal(c)));

/**
 * Languages a checker or interactor may be written in: C and C++ (built with HOJ's SPJ commands), `JavaScript` (a
 * `check()` function run in isolated-vm, checkers only), and the runner's other languages, built and run with their
 * own commands (the runner must have the toolchain). All but JavaScript use the testlib or Kattis exit codes.
 */
export const CHECKER_LANGUAGES = ['C', 'C++', 'C++ 17', 'C++ 20', 'JavaScript', 'Python3', 'PyPy3', 'Java', 'Golang', 'Rust', 'C#', 'PHP', 'Ruby'] as const;

/** Whether `language` names a checker language: one of CHECKER_LANGUAGES or any C / C++ variant (`C++ 17 With O2`). */
export function isCheckerLanguage(language: string): boolean {
  return (CHECKER_LANGUAGES as readonly string[]).includes(language) || language === 'C' || language.startsWith('C ') || language.startsWith('C++') || /^(javascript|js)/i.test(language);
}

/** Whether a checker language means JavaScript (run in isolated-vm). */
export function isJavaScriptChecker(language: string): boolean {
  return /^(JavaScript|JS|Node)/i.test(language);
}

/** The float checker's tolerance when a new problem chooses it (the form's starting value, testlib's rcmp6). */
export const DEFAULT_FLOAT_TOLERANCE = 1e-6;
/** A tolerance of the float checker: absolute, or relative to the answer's value. */
export const FloatTolerance = Type.Number({ minimum: 0, maximum: 1e9 });

/** Subtask `groupNum` scores only when every subtask in `dependencies` is passed (all its cases Accepted). */
export const SubtaskDependency = Type.Object({
  groupNum: Type.Integer({ minimum: 1 }),
  dependencies: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100 }),
});
export type SubtaskDependency = Static<typeof SubtaskDependency>;
export const SubtaskDependencies = Type.Array(SubtaskDependency, { maxItems: 500 });

export type SubtaskDependencyProblem = { kind: 'unknown'; group: number; dependency: number } | { kind: 'cycle'; group: number };

/**
 * One entry per group that has dependencies, each list sorted without repeats, groups in ascending order — or the
 * first problem: a group or a dependency that is not one of `groups` (the problem's group numbers), or a cycle (a
 * group depending on itself, directly or through others).
 */
export function normalizeSubtaskDependencies(groups: readonly number[], deps: readonly SubtaskDependency[]): { ok: true; value: SubtaskDependency[] } | { ok: false; problem: SubtaskDependencyProblem } {
  const known = new Set(groups);
  const merged = new Map<number, Set<number>>();
  for (const d of deps) {
    for (const dep of [d.groupNum, ...d.dependencies]) if (!known.has(dep)) return { ok: false, problem: { kind: 'unknown', group: d.groupNum, dependency: dep } };
    const set = merged.get(d.groupNum) ?? new Set<number>();
    for (const dep of d.dependencies) set.add(dep);
    merged.set(d.groupNum, set);
  }
  // A cycle: depth-first search, a group met again while still on the path.
  const state = new Map<number, 'open' | 'done'>();
  const visit = (g: number): number | null => {
    if (state.get(g) === 'done') return null;
    if (state.get(g) === 'open') return g;
    state.set(g, 'open');
    for (const dep of merged.get(g) ?? []) {
      const found = visit(dep);
      if (found !== null) return found;
    }
    state.set(g, 'done');
    return null;
  };
  for (const g of [...merged.keys()].sort((a, b) => a - b)) {
    const found = visit(g);
    if (found !== null) return { ok: false, problem: { kind: 'cycle', group: found } };
  }
  const value = [...merged]
    .filter(([, set]) => set.size > 0)
    .sort(([a], [b]) => a - b)
    .map(([groupNum, set]) => ({ groupNum, dependencies: [...set].sort((a, b) => a - b) }));
  return { ok: true, value };
}
