// The admin contest form's rules: required fields, Contest_Duration_Check, the password of a
// private/protected contest, Contets_Time_Check, the seal options and defaults, star users, awards, the
// account-limit rule string and the REST body.
import { describe, expect, it } from 'vitest';
import { DEFAULT_AWARDS } from '@oj/proto';
import {
  addStarUser,
  decodeAccountLimitRule,
  defaultSealOption,
  encodeAccountLimitRule,
  endBeforeStart,
  fitSealOption,
  formDurationS,
  formFromVO,
  formToBody,
  fromLocalInput,
  newContestForm,
  displayIdTaken,
  nextDisplayId,
  sealOptionEnabled,
  sealOptionOf,
  toLocalInput,
  validateContestForm,
  type ContestForm,
} from './contest-form';

const base = (p: Partial<ContestForm> = {}): ContestForm => ({
  ...newContestForm(Date.UTC(2025, 0, 1)),
  title: 'Spring contest',
  description: 'Good luck',
  startTime: '2025-03-01T09:00',
  endTime: '2025-03-01T14:00',
  ...p,
});

describe('contest form: times', () => {
  it('reads and writes datetime-local values in local time', () => {
    const d = new Date(2025, 2, 1, 9, 5, 0);
    expect(toLocalInput(d)).toBe('2025-03-01T09:05');
    expect(toLocalInput(new Date(2025, 2, 1, 9, 5, 7))).toBe('2025-03-01T09:05:07');
    expect(fromLocalInput('2025-03-01T09:05')).toBe(d.getTime());
    expect(fromLocalInput('')).toBeNaN();
    expect(fromLocalInput('tomorrow')).toBeNaN();
  });

  it('computes the duration, 0 when the end is not after the start', () => {
    expect(formDurationS(base())).toBe(5 * 3600);
    expect(formDurationS(base({ endTime: '2025-03-01T08:00' }))).toBe(0);
    expect(endBeforeStart(base({ endTime: '2025-03-01T08:00' }))).toBe(true);
    expect(endBeforeStart(base({ endTime: '2025-03-01T09:00' }))).toBe(false);
    expect(formDurationS(base({ endTime: '' }))).toBe(0);
  });

  it('starts a new contest on the hour after next, five hours long, public and visible', () => {
    const f = newContestForm(new Date(2025, 0, 1, 10, 20).getTime());
    expect(f.startTime).toBe('2025-01-01T12:00');
    expect(formDurationS(f)).toBe(5 * 3600);
    expect(f.auth).toBe(0);
    expect(f.visible).toBe(true);
    expect(f.awardConfigList).toEqual(DEFAULT_AWARDS);
  });
});

describe('contest form: seal', () => {
  it('disables half an hour under 1800 s and one hour under 3600 s', () => {
    expect(sealOptionEnabled('halfHour', 1799)).toBe(false);
    expect(sealOptionEnabled('halfHour', 1800)).toBe(true);
    expect(sealOptionEnabled('oneHour', 3599)).toBe(false);
    expect(sealOptionEnabled('oneHour', 3600)).toBe(true);
    expect(sealOptionEnabled('fromStart', 0)).toBe(true);
  });

  it('defaults to one hour for an ACM contest of an hour or more, else from the start', () => {
    expect(defaultSealOption(0, 3600)).toBe('oneHour');
    expect(defaultSealOption(0, 3599)).toBe('fromStart');
    expect(defaultSealOption(1, 18_000)).toBe('fromStart');
    expect(fitSealOption('halfHour', 0, 1000)).toBe('fromStart');
    expect(fitSealOption('halfHour', 0, 2000)).toBe('halfHour');
  });

  it('turns an option into a seal time and back', () => {
    const f = base({ sealRank: true, sealOption: 'oneHour' });
    const body = formToBody(f);
    expect(Date.parse(body.endTime) - Date.parse(body.sealRankTime!)).toBe(3600_000);
    expect(sealOptionOf(body.sealRankTime!, body.startTime, body.endTime)).toBe('oneHour');
    const half = formToBody({ ...f, sealOption: 'halfHour' });
    expect(sealOptionOf(half.sealRankTime!, half.startTime, half.endTime)).toBe('halfHour');
    const whole = formToBody({ ...f, sealOption: 'fromStart' });
    expect(whole.sealRankTime).toBe(whole.startTime);
    expect(sealOptionOf(whole.sealRankTime!, whole.startTime, whole.endTime)).toBe('fromStart');
    expect(formToBody({ ...f, sealRank: false }).sealRankTime).toBeNull();
  });
});

describe('contest form: validation', () => {
  it('accepts a complete form', () => {
    expect(validateContestForm(base())).toBeNull();
  });

  it('requires title, description, start and end', () => {
    expect(validateContestForm(base({ title: '  ' }))).toBe('contest.form.titleRequired');
    expect(validateContestForm(base({ description: '' }))).toBe('contest.form.descriptionRequired');
    expect(validateContestForm(base({ startTime: '' }))).toBe('contest.form.startRequired');
    expect(validateContestForm(base({ endTime: '' }))).toBe('contest.form.endRequired');
  });

  it('refuses an end before the start and a zero duration', () => {
    expect(validateContestForm(base({ endTime: '2025-03-01T08:00' }))).toBe('contest.form.timeCheck');
    expect(validateContestForm(base({ endTime: '2025-03-01T09:00' }))).toBe('contest.form.durationCheck');
  });

  it('requires a password unless the contest is public', () => {
    expect(validateContestForm(base({ auth: 1, pwd: '' }))).toBe('contest.form.passwordRequired');
    expect(validateContestForm(base({ auth: 2, pwd: ' ' }))).toBe('contest.form.passwordRequired');
    expect(validateContestForm(base({ auth: 1, pwd: 'secret' }))).toBeNull();
    expect(formToBody(base({ auth: 0, pwd: 'left over' })).pwd).toBeNull();
  });

  it('refuses a seal option the duration does not allow', () => {
    expect(validateContestForm(base({ endTime: '2025-03-01T09:20', sealRank: true, sealOption: 'halfHour' }))).toBe('contest.form.sealInvalid');
  });

  it('checks award levels and the proportion total', () => {
    expect(validateContestForm(base({ awardType: 1, awardConfigList: [] }))).toBe('contest.form.awardRequired');
    expect(validateContestForm(base({ awardType: 2, awardConfigList: [{ priority: 1, name: ' ', background: '#000', color: '#fff', num: 3 }] }))).toBe(
      'contest.form.awardInvalid',
    );
    expect(
      validateContestForm(
        base({
          awardType: 1,
          awardConfigList: [
            { priority: 1, name: 'Gold', background: '#000', color: '#fff', num: 60 },
            { priority: 2, name: 'Silver', background: '#000', color: '#fff', num: 50 },
          ],
        }),
      ),
    ).toBe('contest.form.awardPercentTooHigh');
    expect(validateContestForm(base({ awardType: 1 }))).toBeNull();
    expect(validateContestForm(base({ awardType: 0, awardConfigList: [] }))).toBeNull();
  });

  it('checks the account number range', () => {
    expect(validateContestForm(base({ openAccountLimit: true, accountLimit: { prefix: 'team', suffix: '', number_from: 5, number_to: 1, extra_account: '' } }))).toBe(
      'contest.form.accountRangeInvalid',
    );
  });
});

describe('contest form: star users, account rule, body', () => {
  it('trims star users, ignores empty ones and refuses duplicates', () => {
    expect(addStarUser([], '  alice ')).toEqual({ ok: true, list: ['alice'] });
    expect(addStarUser(['alice'], '   ')).toEqual({ ok: false, reason: 'empty' });
    expect(addStarUser(['alice'], ' alice')).toEqual({ ok: false, reason: 'duplicate' });
  });

  it('encodes the account rule as the tagged string and reads it back', () => {
    const rule = { prefix: 'team', suffix: '_x', number_from: 1, number_to: 120, extra_account: 'judge1\n judge2,judge3' };
    const s = encodeAccountLimitRule(rule);
    expect(s).toBe('<prefix>team</prefix><suffix>_x</suffix><number_from>1</number_from><number_to>120</number_to><extra_account>judge1 judge2 judge3</extra_account>');
    expect(decodeAccountLimitRule(s)).toEqual({ prefix: 'team', suffix: '_x', number_from: 1, number_to: 120, extra_account: 'judge1\njudge2\njudge3' });
    expect(decodeAccountLimitRule(null).prefix).toBe('');
  });

  it('builds the REST body', () => {
    const body = formToBody(
      base({
        title: '  Spring  ',
        openAccountLimit: false,
        starAccount: ['alice'],
        awardType: 2,
        awardConfigList: [
          { priority: 9, name: ' Gold ', background: '#e6bf25', color: '#fff', num: 1 },
          { priority: 3, name: 'Silver', background: '#b4b4b4', color: '#fff', num: 2 },
        ],
      }),
    );
    expect(body.title).toBe('Spring');
    expect(body.startTime).toBe(new Date(2025, 2, 1, 9, 0).toISOString());
    expect(body.accountLimitRule).toBeNull();
    expect(body.starAccount).toEqual(['alice']);
    expect(body.awardConfigList?.map((a) => [a.priority, a.name])).toEqual([
      [1, 'Gold'],
      [2, 'Silver'],
    ]);
    expect(body.id).toBeUndefined();
  });

  it('loads an existing contest into the form', () => {
    const startTime = new Date(2025, 2, 1, 9, 0).toISOString();
    const endTime = new Date(2025, 2, 1, 14, 0).toISOString();
    const f = formFromVO({
      id: 3, author: 'root', title: 'T', type: 0, description: 'D', status: -1, source: 0, auth: 1, now: 0,
      startTime, endTime, duration: 18_000, sealRank: true, sealRankTime: new Date(2025, 2, 1, 13, 30).toISOString(), autoRealRank: false,
      openPrint: true, openRank: false, rankShowName: 'realname', oiRankScoreType: 'Recent', allowEndSubmit: false, count: 0, gid: null, imported: false,
      uid: 'u', pwd: 'pw', visible: true, openAccountLimit: true, accountLimitRule: '<prefix>t</prefix><suffix></suffix><number_from>1</number_from><number_to>9</number_to><extra_account></extra_account>',
      starAccount: ['s'], awardType: 0, awardConfigList: [], gmtCreate: startTime, gmtModified: startTime,
    });
    expect(f.startTime).toBe('2025-03-01T09:00');
    expect(f.sealOption).toBe('halfHour');
    expect(f.rankShowName).toBe('realname');
    expect(f.accountLimit.number_to).toBe(9);
    expect(f.awardConfigList).toEqual(DEFAULT_AWARDS);
    expect(validateContestForm(f)).toBeNull();
  });

  it('suggests the next free letter as display id', () => {
    expect(nextDisplayId([])).toBe('A');
    expect(nextDisplayId(['A', 'b', 'D'])).toBe('C');
    const az = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
    expect(nextDisplayId(az)).toBe('AA');
    expect(nextDisplayId([...az, 'AA', 'ab'])).toBe('AC');
    expect(displayIdTaken(['A', 'b'], ' B ')).toBe(true);
    expect(displayIdTaken(['A', 'b'], 'C')).toBe(false);
  });
});
