// Outputs and answers as text for the checkers' line and whitespace rules: one char per byte (Latin-1), so two texts
// are equal exactly when their bytes are (UTF-8 decoding turns every invalid sequence into U+FFFD, so GBK or stray
// bytes that differ compared equal), and whitespace is ASCII's blanks only (JavaScript's `\s` and `trim()` also take
// U+00A0 and U+FEFF, which here would be the bytes 0xA0 and nothing a program prints as a blank).

/** The bytes of `b` (a string as its UTF-8), one char each. */
export function byteText(b: Buffer | string): string {
  return (typeof b === 'string' ? Buffer.from(b, 'utf8') : b).toString('latin1');
}

/** `line` without the ASCII blanks at its end. */
export const trimEndBlanks = (line: string): string => line.replace(/[ \t\v\f\r]+$/, '');

/** Whether `line` holds nothing but ASCII blanks. */
export const isBlank = (line: string): boolean => /^[ \t\v\f\r]*$/.test(line);

/** `text` without any ASCII whitespace. */
export const withoutBlanks = (text: string): string => text.replace(/[ \t\n\v\f\r]+/g, '');

/** The whitespace-separated tokens of `line`, joined by one space. */
export const tokensOf = (line: string): string => line.split(/[ \t\n\v\f\r]+/).filter(Boolean).join(' ');
