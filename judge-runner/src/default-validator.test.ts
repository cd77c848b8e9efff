// The ICPC default output validator: flags, token comparison, whitespace, case, float tolerances (absolute,
// relative, the edges, NaN and infinities), missing and trailing output, and outputs read across chunk boundaries.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { parseFloatToken, parseValidatorFlags, TOKEN_MAX, validateOutput, type ValidatorFlags } from './default-validator';

let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'oj-default-validator-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function flagsOf(text: string): ValidatorFlags {
  const parsed = parseValidatorFlags(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.flags;
}

/** The verdict of `output` against `answer` with `flags`. */
async function judge(answer: string | Buffer, output: string | Buffer, flags = '') {
  const file = path.join(dir, `${++n}.out`);
  await writeFile(file, output);
  return validateOutput(Buffer.isBuffer(answer) ? answer : Buffer.from(answer), file, flagsOf(flags));
}
const status = async (answer: string | Buffer, output: string | Buffer, flags = '') => (await judge(answer, output, flags)).status;
const AC = JudgeStatus.ACCEPTED;
const WA = JudgeStatus.WRONG_ANSWER;

describe('flags', () => {
  it('parses every flag; float_tolerance sets both tolerances, the later flag wins', () => {
    expect(flagsOf('')).toEqual({ caseSensitive: false, spaceChangeSensitive: false, absoluteTolerance: -1, relativeTolerance: -1 });
    expect(flagsOf(' case_sensitive  space_change_sensitive ')).toMatchObject({ caseSensitive: true, spaceChangeSensitive: true });
    expect(flagsOf('float_tolerance 1e-6')).toMatchObject({ absoluteTolerance: 1e-6, relativeTolerance: 1e-6 });
    expect(flagsOf('float_tolerance 1e-6 float_absolute_tolerance 0.5')).toMatchObject({ absoluteTolerance: 0.5, relativeTolerance: 1e-6 });
    expect(flagsOf('float_relative_tolerance 1E-4')).toMatchObject({ absoluteTolerance: -1, relativeTolerance: 1e-4 });
  });
  it('refuses unknown flags and tolerances that are missing or not finite numbers', () => {
    for (const bad of ['ignore_case', 'float_tolerance', 'float_tolerance abc', 'float_absolute_tolerance inf', 'float_relative_tolerance nan', 'case_sensitive extra']) {
      expect(parseValidatorFlags(bad).ok, bad).toBe(false);
    }
  });
});

describe('float tokens (as C sscanf "%lf" reads a whole token)', () => {
  it('reads decimal and hexadecimal floats, not infinities, NaN or tokens with trailing junk', () => {
    expect(parseFloatToken('1.5')).toBe(1.5);
    expect(parseFloatToken('-.5e1')).toBe(-5);
    expect(parseFloatToken('+3.')).toBe(3);
    expect(parseFloatToken('1E+02')).toBe(100);
    expect(parseFloatToken('0x1.8p1')).toBe(3);
    expect(parseFloatToken('-0x10')).toBe(-16);
    // glibc leaves a dangling exponent marker out of the number and still consumes it; "0x." is zero.
    expect(parseFloatToken('1e')).toBe(1);
    expect(parseFloatToken('2.5E-')).toBe(2.5);
    expect(parseFloatToken('0x1p')).toBe(1);
    expect(parseFloatToken('-0x.')).toBe(-0);
    for (const no of ['inf', '-Infinity', 'nan', 'NaN', 'nan(1)', '1e400', '1.5x', '1e+x', '.', '.e1', '0x', '0x.p1', '0xp1', '--1', '', '1,5']) expect(parseFloatToken(no), no).toBeNull();
  });
});

describe('token comparison', () => {
  it('ignores how tokens are spaced, including CRLF and a missing final newline', async () => {
    expect(await status('1 2\n3\n', '1\n\n2    3')).toBe(AC);
    expect(await status('1 2\n', '  1\t2\r\n\r\n')).toBe(AC);
    expect(await status('', '')).toBe(AC);
    expect(await status('\n', '   \n\n')).toBe(AC);
  });
  it('is case-insensitive (ASCII) unless case_sensitive', async () => {
    expect(await status('Yes\n', 'YES\n')).toBe(AC);
    expect(await status('Yes\n', 'YES\n', 'case_sensitive')).toBe(WA);
    expect(await status('Yes\n', 'Yes\n', 'case_sensitive')).toBe(AC);
    // Only ASCII letters fold (strcasecmp in the C locale).
    expect(await status('Ä\n', 'ä\n')).toBe(WA);
  });
  it('compares numbers as text without a tolerance', async () => {
    expect(await status('1\n', '1.0\n')).toBe(WA);
    expect(await status('0.5\n', '.5\n')).toBe(WA);
  });
  it('missing and trailing output are Wrong Answer, with the line and no quote of the answer', async () => {
    const missing = await judge('1 2 3\n', '1 2\n');
    expect(missing).toEqual({ status: WA, message: 'Wrong answer on line 2 of the output: the output ended before the answer did' });
    expect((await judge('1\n', '')).message).toMatch(/the output is empty/);
    const trailing = await judge('1 2\n', '1 2\n3\n');
    expect(trailing).toEqual({ status: WA, message: 'Wrong answer on line 2 of the output: trailing output "3"' });
    const differs = await judge('secret-answer\n', 'mine\n');
    expect(differs.message).toBe('Wrong answer on line 1 of the output: token "mine" differs from the answer');
    expect(differs.message).not.toMatch(/secret/);
  });
});

describe('space_change_sensitive', () => {
  const f = 'space_change_sensitive';
  it('needs every whitespace byte of the answer, and no other', async () => {
    expect(await status('1 2\n', '1 2\n', f)).toBe(AC);
    expect(await status('1 2\n', '1  2\n', f)).toBe(WA);
    expect(await status('1 2\n', '1\n2\n', f)).toBe(WA);
    expect(await status('1 2\n', '1 2', f)).toBe(WA);
    expect(await status('1 2\n', '1 2\n\n', f)).toBe(WA);
    expect(await status('1 2\n', ' 1 2\n', f)).toBe(WA);
    expect(await status('1 2\r\n', '1 2\n', f)).toBe(WA);
    expect((await judge('1 2\n', '1  2\n', f)).message).toMatch(/whitespace differs/);
  });
  it('is still case-insensitive and tolerant unless told otherwise', async () => {
    expect(await status('Yes 1.0\n', 'yes 1.00001\n', `${f} float_tolerance 1e-4`)).toBe(AC);
  });
});

describe('float tolerances', () => {
  it('absolute: |a - b| <= ε, the edge included', async () => {
    const f = 'float_absolute_tolerance 0.5';
    expect(await status('1\n', '1.5\n', f)).toBe(AC);
    expect(await status('1\n', '0.5\n', f)).toBe(AC);
    expect(await status('1\n', '1.5000001\n', f)).toBe(WA);
    expect(await status('1000000\n', '1000000.6\n', f)).toBe(WA);
  });
  it('relative: |a - b| <= ε |a| (the answer\'s magnitude), the edge included', async () => {
    const f = 'float_relative_tolerance 0.25';
    expect(await status('4\n', '5\n', f)).toBe(AC);
    expect(await status('4\n', '3\n', f)).toBe(AC);
    expect(await status('4\n', '5.01\n', f)).toBe(WA);
    // Relative to the answer, not the output: 4 is 1 away from 3, more than 25% of 3 (but not of 4).
    expect(await status('3\n', '4\n', f)).toBe(WA);
    // Zero answer: only an exact zero passes a relative tolerance.
    expect(await status('0\n', '0.0\n', f)).toBe(AC);
    expect(await status('0\n', '1e-300\n', f)).toBe(WA);
  });
  it('float_tolerance: either the absolute or the relative test passes', async () => {
    const f = 'float_tolerance 1e-6';
    expect(await status('1e9\n', '1000000999\n', f)).toBe(AC); // relative 9.99e-7
    expect(await status('1e9\n', '1000001001\n', f)).toBe(WA);
    expect(await status('0\n', '-0.0000009\n', f)).toBe(AC); // absolute
    expect(await status('3.14159265\n', '3.141593\n', f)).toBe(AC);
    expect(await status('2.5 x\n', '2.5000001 X\n', f)).toBe(AC);
  });
  it('any float syntax in the output; a non-float where the answer has one is Wrong Answer', async () => {
    const f = 'float_tolerance 1e-9';
    expect(await status('100\n', '1e2\n', f)).toBe(AC);
    expect(await status('0.5\n', '+.5\n', f)).toBe(AC);
    expect(await status('16\n', '0x10\n', f)).toBe(AC);
    expect(await status('1\n', 'one\n', f)).toBe(WA);
    expect((await judge('1\n', '1.0abc\n', f)).message).toMatch(/expected a number, got "1.0abc"/);
  });
  it('NaN and infinities are not floats: as text in the answer, Wrong Answer against a number', async () => {
    const f = 'float_tolerance 1e-6';
    expect(await status('nan\n', 'NaN\n', f)).toBe(AC);
    expect(await status('inf\n', 'INF\n', f)).toBe(AC);
    expect(await status('inf\n', 'infinity\n', f)).toBe(WA);
    expect(await status('1\n', 'nan\n', f)).toBe(WA);
    expect(await status('1\n', 'inf\n', f)).toBe(WA);
    expect(await status('1e308\n', '1e309\n', f)).toBe(WA);
    expect(await status('nan\n', 'NaN\n', `${f} case_sensitive`)).toBe(WA);
  });
});

describe('large outputs', () => {
  it('reads tokens and whitespace across chunk boundaries', async () => {
    const count = 50_000;
    const answer = Array.from({ length: count }, (_, i) => String(i * 7)).join('\n') + '\n';
    const spaced = Array.from({ length: count }, (_, i) => String(i * 7)).join('   \t ') + '\n';
    expect(await status(answer, spaced)).toBe(AC);
    const wrong = spaced.replace(' 210000 ', ' 210001 ');
    expect(wrong).not.toBe(spaced);
    expect(await judge(answer, wrong)).toMatchObject({ status: WA, message: expect.stringMatching(/line 1 of the output: token "210001"/) });
    expect(await status(answer, answer, 'space_change_sensitive')).toBe(AC);
    expect(await status(answer, `${answer} `, 'space_change_sensitive')).toBe(WA);
    const long = 'x'.repeat(200_000);
    expect(await status(`${long}\n`, `${long.toUpperCase()}\n`)).toBe(AC);
    expect(await status(`${long}\n`, `${long}y\n`)).toBe(WA);
  });
  it('an output token over the cap is cut and judged Wrong Answer (memory stays bounded)', async () => {
    const huge = Buffer.alloc(TOKEN_MAX * 3, 0x61);
    const r = await judge('a\n', huge);
    expect(r.status).toBe(WA);
    expect(r.message).toMatch(/token "a{60}…" differs/);
    expect(await status('1\n', Buffer.concat([Buffer.from('1.'), Buffer.alloc(TOKEN_MAX * 2, 0x30)]), 'float_tolerance 1e-6')).toBe(WA);
  });
});
