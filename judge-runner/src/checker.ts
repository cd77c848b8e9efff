// The default checker: exact comparison after dropping trailing whitespace of each line and trailing blank
// lines; Presentation Error when only whitespace differs, otherwise Wrong Answer.
import { JudgeStatus } from '@oj/proto';

export type CheckStatus = typeof JudgeStatus.ACCEPTED | typeof JudgeStatus.PRESENTATION_ERROR | typeof JudgeStatus.WRONG_ANSWER;

function normalize(text: string): string {
  const lines = text.split('\n').map((l) => l.replace(/[ \t\r\f\v]+$/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

/**
 * `isRemoveEndBlank` is accepted for the problem setting's sake, but trailing blanks are always ignored
 * (they are invisible to contestants), so it changes nothing here.
 */
export function checkOutput(expected: string, actual: string, _opts: { isRemoveEndBlank?: boolean } = {}): CheckStatus {
  if (normalize(expected) === normalize(actual)) return JudgeStatus.ACCEPTED;
  if (expected.replace(/\s+/g, '') === actual.replace(/\s+/g, '')) return JudgeStatus.PRESENTATION_ERROR;
  return JudgeStatus.WRONG_ANSWER;
}
