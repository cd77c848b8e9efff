// The ICPC default output validator (problem package format, legacy), used when a job carries `validatorFlags`:
// whitespace-separated tokens compared one by one; case-insensitive unless `case_sensitive`; any run of whitespace
// equals any other unless `space_change_sensitive` (then every whitespace byte must match the answer's); with
// `float_tolerance ε` (absolute and relative), `float_absolute_tolerance ε` or `float_relative_tolerance ε`, a token
// of the answer that is a finite float is compared numerically. Missing or extra tokens are Wrong Answer; there is no
// Presentation Error. The program's output is streamed from its file; messages never quote the answer.
import { JudgeStatus } from '@oj/proto';
import { ByteReader, EOF, isSpace, NEED, type Token } from './byte-reader';
import type { Checker, CheckerOutcome } from './special-judge';

export interface ValidatorFlags {
  caseSensitive: boolean;
  spaceChangeSensitive: boolean;
  /** Negative: not given. */
  absoluteTolerance: number;
  relativeTolerance: number;
}

/** A token of the output longer than this (and than the answer's token) is cut and judged Wrong Answer. */
export const TOKEN_MAX = 1024 * 1024;
const SHOWN = 60;

// glibc's strtod grammar: an exponent marker without digits ("1e", "1e+", "0x1p") is left out of the number, and
// "0x." is zero; sscanf then counts it consumed, so such a token is a float.
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?(\d*))?$/;
const HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:(\.)([0-9a-fA-F]*))?(?:[pP]([+-]?\d*))?$/;

/**
 * The value of a token that C's `sscanf("%lf%s")` (glibc) reads as exactly one double, decimal or hexadecimal, or
 * null when it is no float — or is infinite or NaN, which the validator does not take as floats (compared as text).
 */
export function parseFloatToken(token: string): number | null {
  let v: number;
  const dec = DECIMAL.exec(token);
  if (dec) v = Number(dec[1] === '' ? token.replace(/[eE][+-]?$/, '') : token);
  else {
    const m = HEX.exec(token);
    if (!m) return null;
    const [, sign, int = '', dot, frac = '', exp] = m;
    if (int === '' && frac === '') {
      // "0x." is zero; without a digit nothing may follow the point.
      if (!dot || exp !== undefined) return null;
      v = 0;
    } else v = hexValue(int + frac, (exp && /\d/.test(exp) ? Number(exp) : 0) - 4 * frac.length);
    if (sign === '-') v = -v;
  }
  return Number.isFinite(v) ? v : null;
}

/** digits (hexadecimal) × 2^exp, scaled in steps so that 2^exp alone does not underflow or overflow. */
function hexValue(digits: string, exp: number): number {
  let v = Number(BigInt(`0x${digits}`));
  for (; exp > 1000 && Number.isFinite(v); exp -= 1000) v *= 2 ** 1000;
  for (; exp < -1000 && v !== 0; exp += 1000) v *= 2 ** -1000;
  return v * 2 ** exp;
}

/** Parses problem.yaml's `validator_flags`; an unknown flag or a bad tolerance is the problem's fault. */
export function parseValidatorFlags(text: string): { ok: true; flags: ValidatorFlags } | { ok: false; message: string } {
  const flags: ValidatorFlags = { caseSensitive: false, spaceChangeSensitive: false, absoluteTolerance: -1, relativeTolerance: -1 };
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === 'case_sensitive') flags.caseSensitive = true;
    else if (w === 'space_change_sensitive') flags.spaceChangeSensitive = true;
    else if (w === 'float_tolerance' || w === 'float_absolute_tolerance' || w === 'float_relative_tolerance') {
      const value = words[i + 1] === undefined ? null : parseFloatToken(words[i + 1]!);
      if (value === null) return { ok: false, message: `validator flags: ${w} needs a number` };
      if (w !== 'float_relative_tolerance') flags.absoluteTolerance = value;
      if (w !== 'float_absolute_tolerance') flags.relativeTolerance = value;
      i++;
    } else return { ok: false, message: `validator flags: unknown flag ${JSON.stringify(w.slice(0, SHOWN))}` };
  }
  return { ok: true, flags };
}

const lower = (b: number) => (b >= 0x41 && b <= 0x5a ? b + 32 : b);

/** strcasecmp in the C locale: ASCII letters fold, nothing else does. */
function equalIgnoringAsciiCase(a: Buffer, b: Buffer): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && lower(a[i]!) !== lower(b[i]!)) return false;
  return true;
}

const show = (t: Token) => JSON.stringify(t.bytes.subarray(0, SHOWN).toString('utf8') + (t.truncated || t.bytes.length > SHOWN ? '…' : ''));

/** Compares the output in `userOutputFile` with `answer`; Accepted or Wrong Answer with the reason. */
export async function validateOutput(answer: Buffer, userOutputFile: string, flags: ValidatorFlags): Promise<CheckerOutcome> {
  const team = await ByteReader.open(userOutputFile);
  try {
    const why = await firstDifference(ByteReader.fromBuffer(answer), team, flags);
    if (why === null) return { status: JudgeStatus.ACCEPTED };
    return { status: JudgeStatus.WRONG_ANSWER, message: `Wrong answer on line ${team.newlines + 1} of the output: ${why}` };
  } finally {
    await team.close();
  }
}

/** Why the output differs from the answer, or null when it matches. `ans` is a buffer reader: it never says NEED. */
async function firstDifference(ans: ByteReader, team: ByteReader, flags: ValidatorFlags): Promise<string | null> {
  const useFloats = flags.absoluteTolerance >= 0 || flags.relativeTolerance >= 0;
  for (;;) {
    // Whitespace: matched byte for byte when space_change_sensitive, else skipped on both sides.
    if (flags.spaceChangeSensitive) {
      for (let c = ans.peek(); c !== EOF && isSpace(c); c = ans.peek()) {
        ans.skip();
        if (team.peek() === NEED) await team.fill();
        if (team.peek() !== c) return 'whitespace differs from the answer';
        team.skip();
      }
      if (team.peek() === NEED) await team.fill();
      const d = team.peek();
      if (d !== EOF && isSpace(d)) return 'whitespace differs from the answer';
    } else {
      ans.skipSpace();
      while (team.skipSpace() === NEED) await team.fill();
    }
    const judge = ans.token(Number.MAX_SAFE_INTEGER);
    if (judge === NEED) throw new Error('unreachable: the answer is in memory');
    const max = Math.max(TOKEN_MAX, judge ? judge.bytes.length + 1 : 0);
    let t = team.token(max);
    while (t === NEED) {
      await team.fill();
      t = team.token(max);
    }
    if (judge === null) return t === null ? null : `trailing output ${show(t)}`;
    if (t === null) return team.consumed === 0 ? 'the output is empty' : 'the output ended before the answer did';
    const why = compareTokens(judge.bytes, t, flags, useFloats);
    if (why) return why;
  }
}

function compareTokens(judge: Buffer, team: Token, flags: ValidatorFlags, useFloats: boolean): string | null {
  const j = useFloats ? parseFloatToken(judge.toString('latin1')) : null;
  if (j !== null) {
    const t = team.truncated ? null : parseFloatToken(team.bytes.toString('latin1'));
    if (t === null) return `expected a number, got ${show(team)}`;
    const diff = Math.abs(j - t);
    if (!(diff <= flags.absoluteTolerance) && !(diff <= flags.relativeTolerance * Math.abs(j))) return `the number ${show(team)} is too far from the answer`;
    return null;
  }
  const same = !team.truncated && (flags.caseSensitive ? judge.equals(team.bytes) : equalIgnoringAsciiCase(judge, team.bytes));
  return same ? null : `token ${show(team)} differs from the answer`;
}

/** The default validator as the job's checker. */
export function defaultValidator(flags: ValidatorFlags): Checker {
  return {
    check: (c) => validateOutput(c.answer, c.userOutputFile, flags),
    async close() {},
  };
}
