// The built-in checkers of judge mode `default` (the problem's `checker`; `default` is HOJ's comparison in checker.ts),
// as other judges offer them (testlib's wcmp, lcmp, rcmp; LibreOJ / Hydro / DOMjudge): none has a Presentation Error.
//   tokens           whitespace-separated tokens, exact (the ICPC default validator with case_sensitive)
//   tokens_ci        the same with ASCII letters' case ignored
//   float            tokens; where the answer's token is a number, the output's must be one within the absolute or the
//                    relative tolerance (|a − b| ≤ abs, or ≤ rel × |a|, a = the answer's value); other tokens exact
//   lines            line by line: the same number of lines (blank lines at the end ignored), each with the same tokens
//   unordered_lines  the same lines in any order (trailing blanks of a line and empty lines ignored)
//   bytes            identical bytes
// Messages say where the output goes wrong, never what the answer holds.
import { readFile } from 'node:fs/promises';
import { DEFAULT_FLOAT_TOLERANCE, JudgeStatus, type BuiltinChecker, type JudgeJob } from '@oj/proto';
import { validateOutput, type ValidatorFlags } from './default-validator';
import type { Checker, CheckerCase, CheckerOutcome } from './special-judge';

const accepted: CheckerOutcome = { status: JudgeStatus.ACCEPTED };
const wrong = (message: string): CheckerOutcome => ({ status: JudgeStatus.WRONG_ANSWER, message });

/** Lines without their line ending (CRLF as LF), blank lines at the end dropped. */
function linesOf(text: string): string[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines;
}

const tokensOf = (line: string) => line.split(/\s+/).filter(Boolean).join(' ');

export function compareLines(answer: string, output: string): CheckerOutcome {
  const want = linesOf(answer);
  const got = linesOf(output);
  const n = Math.min(want.length, got.length);
  for (let i = 0; i < n; i++) if (tokensOf(want[i]!) !== tokensOf(got[i]!)) return wrong(`line ${i + 1} differs from the answer`);
  if (got.length !== want.length) return wrong(`the output has ${got.length} lines, the answer ${want.length}`);
  return accepted;
}

export function compareUnorderedLines(answer: string, output: string): CheckerOutcome {
  const set = (text: string) => text.replace(/\r\n/g, '\n').split('\n').map((l) => l.trimEnd()).filter((l) => l !== '').sort();
  const want = set(answer);
  const got = set(output);
  if (got.length !== want.length) return wrong(`the output has ${got.length} non-empty lines, the answer ${want.length}`);
  return got.every((l, i) => l === want[i]) ? accepted : wrong('the lines are not the answer\'s, in any order');
}

export function compareBytes(answer: Buffer, output: Buffer): CheckerOutcome {
  const n = Math.min(answer.length, output.length);
  for (let i = 0; i < n; i++) if (answer[i] !== output[i]) return wrong(`the output differs from the answer at byte ${i + 1}`);
  return output.length === answer.length ? accepted : wrong(`the output has ${output.length} bytes, the answer ${answer.length}`);
}

/** The ICPC default validator's flags that make the token checkers. */
export function tokenFlags(checker: 'tokens' | 'tokens_ci' | 'float', problem: Pick<JudgeJob['problem'], 'floatAbsoluteTolerance' | 'floatRelativeTolerance'>): ValidatorFlags {
  const flags: ValidatorFlags = { caseSensitive: checker !== 'tokens_ci', spaceChangeSensitive: false, absoluteTolerance: -1, relativeTolerance: -1 };
  if (checker !== 'float') return flags;
  const { floatAbsoluteTolerance: abs, floatRelativeTolerance: rel } = problem;
  if (abs === undefined && rel === undefined) return { ...flags, absoluteTolerance: DEFAULT_FLOAT_TOLERANCE, relativeTolerance: DEFAULT_FLOAT_TOLERANCE };
  return { ...flags, absoluteTolerance: abs ?? -1, relativeTolerance: rel ?? -1 };
}

/** The problem's built-in checker, or null for HOJ's comparison (`default`, or none given). */
export function builtinChecker(problem: JudgeJob['problem']): Checker | null {
  const kind: BuiltinChecker = problem.checker ?? 'default';
  let check: (c: CheckerCase) => Promise<CheckerOutcome>;
  switch (kind) {
    case 'default':
      return null;
    case 'tokens':
    case 'tokens_ci':
    case 'float': {
      const flags = tokenFlags(kind, problem);
      check = (c) => validateOutput(Buffer.from(c.answer, 'utf8'), c.userOutputFile, flags);
      break;
    }
    case 'lines':
      check = async (c) => compareLines(c.answer, await readFile(c.userOutputFile, 'utf8'));
      break;
    case 'unordered_lines':
      check = async (c) => compareUnorderedLines(c.answer, await readFile(c.userOutputFile, 'utf8'));
      break;
    case 'bytes':
      check = async (c) => compareBytes(Buffer.from(c.answer, 'utf8'), await readFile(c.userOutputFile));
      break;
    default: {
      const never: never = kind;
      throw new Error(`unknown checker ${String(never)}`);
    }
  }
  return { check, close: async () => {} };
}
