// The print form's rule: not empty, at least 50 characters.
import { CONTEST_LIMITS } from '@oj/proto';

export type PrintProblem = 'board.print.empty' | 'board.print.tooShort' | 'board.print.tooLong' | null;

export function printProblem(content: string): PrintProblem {
  if (content.trim() === '') return 'board.print.empty';
  if (content.length < CONTEST_LIMITS.printMinLength) return 'board.print.tooShort';
  if (content.length > CONTEST_LIMITS.printMaxLength) return 'board.print.tooLong';
  return null;
}
