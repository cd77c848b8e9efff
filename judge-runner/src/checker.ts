// The default checker: exact comparison after dropping trailing whitespace of each line (isRemoveEndBlank) and
// trailing blank lines; Presentation Error when only whitespace differs, otherwise Wrong Answer. Bytes are compared,
// whitespace is ASCII's (byte-text.ts).
import { JudgeStatus } from '@oj/proto';
import { byteText, trimEndBlanks, withoutBlanks } from './byte-text';

export type CheckStatus = typeof JudgeStatus.ACCEPTED | typeof JudgeStatus.PRESENTATION_ERROR | typeof JudgeStatus.WRONG_ANSWER;

/** Drops trailing whitespace of every line (when `endBlank`) and trailing blank lines; CRLF counts as LF. */
function normalize(text: string, endBlank: boolean): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const cut = endBlank ? lines.map(trimEndBlanks) : lines;
  while (cut.length > 0 && cut[cut.length - 1] === '') cut.pop();
  return cut.join('\n');
}

/**
 * `isRemoveEndBlank` (the default, true): blanks at the end of each line and blank lines at the end are ignored.
 * false: lines must match exactly, only line endings (CRLF) and blank lines at the very end are ignored, so a
 * trailing space is a Presentation Error.
 */
export function checkOutput(expectedBytes: Buffer | string, actualBytes: Buffer | string, opts: { isRemoveEndBlank?: boolean } = {}): CheckStatus {
  const endBlank = opts.isRemoveEndBlank ?? true;
  const expected = byteText(expectedBytes);
  const actual = byteText(actualBytes);
  if (normalize(expected, endBlank) === normalize(actual, endBlank)) return JudgeStatus.ACCEPTED;
  if (withoutBlanks(expected) === withoutBlanks(actual)) return JudgeStatus.PRESENTATION_ERROR;
  return JudgeStatus.WRONG_ANSWER;
}
