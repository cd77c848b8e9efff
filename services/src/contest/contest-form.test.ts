import { describe, expect, it } from 'vitest';
import { CONTEST_AUTH, DEFAULT_AWARDS, type AdminContestBody } from '@oj/proto';
import { contestRow, refusal } from '../testing/fixtures';
import { accountRuleUsable, boardChanged, contestValues } from './contest-form';
import { contestPasswordMatches, pwdColumn } from './contest-password';

const base: AdminContestBody = {
  title: ' Weekly ',
  description: 'd',
  type: 0,
  auth: CONTEST_AUTH.PUBLIC,
  startTime: '2026-01-01T08:00:00.000Z',
  endTime: '2026-01-01T13:00:00.000Z',
};
const codeOf = (f: () => unknown) => refusal(Promise.resolve().then(f));

describe('the admin contest form', () => {
  it('trims the title, computes the duration and drops the password of a public contest', () => {
    expect(contestValues({ ...base, pwd: 'x' })).toMatchObject({ title: 'Weekly', duration: 5 * 3600, pwd: null, sealRank: false, sealRankTime: null });
  });

  it('refuses an end before the start, a missing password and a seal outside the contest', async () => {
    expect(await codeOf(() => contestValues({ ...base, endTime: base.startTime }))).toBe('CONTEST_TIME_INVALID');
    // A blank password keeps the stored one: refused only when there is none (pwdColumn).
    expect(contestValues({ ...base, auth: CONTEST_AUTH.PRIVATE, pwd: ' ' }).pwd).toBeUndefined();
    expect(await codeOf(() => pwdColumn(undefined, null))).toBe('CONTEST_PASSWORD_MISSING');
    expect(await codeOf(() => contestValues({ ...base, sealRank: true, sealRankTime: '2026-01-01T14:00:00.000Z' }))).toBe('CONTEST_SEAL_TIME_INVALID');
    expect(await codeOf(() => contestValues({ ...base, starAccount: ['a', ' a '] }))).toBe('CONTEST_STAR_DUPLICATE');
  });

  it('seals an ACM contest of an hour or more from one hour before its end by default, a shorter one from the start', () => {
    expect(contestValues({ ...base, sealRank: true }).sealRankTime).toEqual(new Date('2026-01-01T12:00:00.000Z'));
    expect(contestValues({ ...base, sealRank: true, endTime: '2026-01-01T08:30:00.000Z' }).sealRankTime).toEqual(new Date(base.startTime));
  });

  it('gives awards the default levels when on without any, and refuses proportions over 100 %', async () => {
    expect(contestValues({ ...base, awardType: 2 }).awardConfig).toEqual(DEFAULT_AWARDS);
    const big = [{ priority: 1, name: 'G', background: '#000', color: '#fff', num: 60 }, { priority: 2, name: 'S', background: '#000', color: '#fff', num: 50 }];
    expect(await codeOf(() => contestValues({ ...base, awardType: 1, awardConfigList: big }))).toBe('VALIDATION_FAILED');
  });

  it('accepts an account rule with a number range or extra accounts only', () => {
    expect(accountRuleUsable('<prefix>t</prefix><number_from>1</number_from><number_to>9</number_to>')).toBe(true);
    expect(accountRuleUsable('<extra_account>judge</extra_account>')).toBe(true);
    expect(accountRuleUsable('<prefix>t</prefix><number_from>9</number_from><number_to>1</number_to>')).toBe(false);
    expect(accountRuleUsable(null)).toBe(false);
  });

  it('tells edits that change the board from those that do not', () => {
    const old = contestRow(Date.parse(base.startTime), 5 * 3600);
    expect(boardChanged(old, contestValues({ ...base, title: 'Renamed' }))).toBe(false);
    expect(boardChanged(old, contestValues({ ...base, sealRank: true }))).toBe(true);
    expect(boardChanged(old, contestValues({ ...base, endTime: '2026-01-01T14:00:00.000Z' }))).toBe(true);
  });
});

describe('contest passwords', () => {
  it('are stored hashed, a blank one keeps the stored hash, and plain ones of an older version still match', async () => {
    const hash = (await pwdColumn('s3cret', null))!;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await contestPasswordMatches(hash, 's3cret')).toBe(true);
    expect(await contestPasswordMatches(hash, 'S3cret')).toBe(false);
    expect(await pwdColumn(undefined, hash)).toBeUndefined();
    expect(await pwdColumn(null, hash)).toBeNull();
    expect(await contestPasswordMatches('legacy', 'legacy')).toBe(true);
    expect(await contestPasswordMatches('legacy', 'legacy ')).toBe(false);
    expect(await contestPasswordMatches(null, '')).toBe(false);
  });
});
