// The built-in checkers of judge mode `default` (the problem's `checker`; `default` is HOJ's comparison in checker.ts),
// as other judges offer them (testlib's wcmp, lcmp, rcmp; LibreOJ / Hydro / DOMjudge): none has a Presentation Error.
//   tokens           whitespace-separated tokens, exact (the ICPC default validator with case_sensitive)
//   tokens_ci        the same with ASCII letters' case ignored
//   float            tokens; where the answer's token is a number, the output's must be one within the absolute or the
//                    relative tolerance (|a − b| ≤ abs, or ≤ rel × |a|, a = the answer's value); other tokens exact
//   lines            line by line: the same number of lines (blank lines at the end ignored), each with the same tokens
//   unordered_lines  the same lines in any order (trailing blanks of a line and empty lines ignored)
//   bytes            identical bytes
// Messages say where the output goes wrong, never what the answer holds. Bytes are compared, whitespace is ASCII's
// (byte-text.ts).
import { readFile } from 'node:fs/promises';
import { DEFAULT_FLOAT_TOLERANCE, JudgeStatus, type BuiltinChecker, type JudgeJob } from '@oj/proto';
import { byteText, isBlank, tokensOf, trimEndBlanks } from './byte-text';
import { validateOutput, type ValidatorFlags } from './default-validator';
import type { Checker, CheckerCase, CheckerOutcome } from './special-judge';

const accepted: CheckerOutcome = { status: JudgeStatus.ACCEPTED };
const wrong = (message: string): CheckerOutcome => ({ status: JudgeStatus.WRONG_ANSWER, message });

/** Lines without their line ending (CRLF as LF), blank lines at the end dropped. */
function linesOf(text: string): string[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  while (lines.length > 0 && isBlank(lines[lines.length - 1]!)) lines.pop();
  return lines;
}

export function compareLines(answer: Buffer | string, output: Buffer | string): CheckerOutcome {
  const want = linesOf(byteText(answer));
  const got = linesOf(byteText(output));
  const n = Math.min(want.length, got.length);
  for (let i = 0; i < n; i++) if (tokensOf(want[i]!) !== tokensOf(got[i]!)) return wrong(`line ${i + 1} differs from the answer`);
  if (got.length !== want.length) return wrong(`the output has ${got.length} lines, the answer ${want.length}`);
  return accepted;
}

export function compareUnorderedLines(answer: Buffer | string, output: Buffer | string): CheckerOutcome {
  const set = (text: string) => text.replace(/\r\n/g, '\n').split('\n').map(trimEndBlanks).filter((l) => l !== '').sort();
  const want = set(byteText(answer));
  const got = set(byteText(output));
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
      check = (c) => validateOutput(c.answer, c.userOutputFile, flags);
      break;
    }
    case 'lines':
      check = async (c) => compareLines(c.answer, await readFile(c.userOutputFile));
      break;
    case 'unordered_lines':
      check = async (c) => compareUnorderedLines(c.answer, await readFile(c.userOutputFile));
      break;
    case 'bytes':
      check = async (c) => compareBytes(c.answer, await readFile(c.userOutputFile));
      break;
    default: {
      const never: never = kind;
      throw new Error(`unknown checker ${String(never)}`);
    }
  }
  return { check, close: async () => {} };
}
