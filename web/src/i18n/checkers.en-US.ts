// English messages of the problem form's checker choice and subtask dependencies, spread into en-US.ts; same ids as
// checkers.zh-CN.ts.
import type { checkersZhCN } from './checkers.zh-CN';

export const checkersEnUS: Record<keyof typeof checkersZhCN, string> = {
  'checkers.form.checker': 'Output check',
  'checkers.form.checker_default': 'HOJ default (trailing blanks and blank lines ignored; Presentation Error when only whitespace differs)',
  'checkers.form.checker_tokens': 'Tokens (any whitespace)',
  'checkers.form.checker_tokens_ci': 'Tokens, case-insensitive',
  'checkers.form.checker_lines': 'Lines (the tokens of each line, same number of lines)',
  'checkers.form.checker_unordered_lines': 'Lines in any order',
  'checkers.form.checker_bytes': 'Identical bytes',
  'checkers.form.checker_float': 'Floating-point numbers (with a tolerance)',
  'checkers.form.absoluteTolerance': 'Absolute tolerance',
  'checkers.form.relativeTolerance': 'Relative tolerance',
  'checkers.form.toleranceHint': 'A number of the output is right when it differs from the answer\'s by at most the absolute tolerance, or by at most the relative tolerance × |answer|; leave one empty not to use it (both empty: 1e-6 each). Other tokens must be identical.',
  'checkers.form.toleranceInvalid': '{field} must be a number of at least 0',
  'checkers.form.dependencies': 'Subtask dependencies',
  'checkers.form.dependenciesHint': 'The group numbers of the subtasks each subtask depends on, separated by commas. Unless all of them pass, its cases are not judged: they show as Skipped and score 0. A test-data zip can give them too (subtasks in info.json).',
  'checkers.form.subtask': 'Subtask {group}',
  'checkers.form.dependsOn': 'Subtask {group} depends on',
  'checkers.form.dependencyInvalid': 'The dependencies of subtask {group} must be group numbers separated by commas',
  'checkers.form.dependencyUnknown': 'Subtask {group} in the subtask dependencies has no test case',
  'checkers.form.dependencyCycle': 'The subtask dependencies go round in a circle (through subtask {group})',
};
