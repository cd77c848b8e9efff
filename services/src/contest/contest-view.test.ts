import { describe, expect, it } from 'vitest';
import { makeViewer } from '../account/viewer';
import { contestRow } from '../testing/fixtures';
import { sealCut } from './contest-submission.service';
import { submissionView } from './contest-view';

const H = 3600_000;
const T0 = Date.UTC(2026, 0, 1, 8);
const me = makeViewer('me', 'me', ['default_user']);
const author = makeViewer('author', 'author', ['admin']);
/** Five hours, sealed for the last hour. */
const sealed = (type: number) => contestRow(T0, 5 * 3600, { type, sealRank: true, sealRankTime: new Date(T0 + 4 * H), autoRealRank: false });
const at = (ms: number, uid = 'other') => ({ uid, submitTime: new Date(T0 + ms) });
const inSeal = T0 + 4.5 * H;

describe('contest submissions under the seal', () => {
  it('ACM: others are listed up to the seal and never show details while running; own ones stay visible', () => {
    const c = sealed(0);
    expect(submissionView(c, me, at(H), { now: inSeal })).toEqual({ listed: true, hideResult: false, hideDetails: true, code: false });
    expect(submissionView(c, me, at(4.2 * H), { now: inSeal })).toMatchObject({ listed: false, hideResult: true });
    expect(submissionView(c, me, at(4.2 * H, 'me'), { now: inSeal })).toEqual({ listed: true, hideResult: false, hideDetails: false, code: true });
  });

  it('OI: every result after the seal is −5, own ones listed, others not; the detail of any OI submission is −5', () => {
    const c = sealed(1);
    expect(submissionView(c, me, at(4.2 * H, 'me'), { now: inSeal })).toMatchObject({ listed: true, hideResult: true, code: true });
    expect(submissionView(c, me, at(4.2 * H), { now: inSeal })).toMatchObject({ listed: false, hideResult: true });
    expect(submissionView(c, me, at(H, 'me'), { now: inSeal, detail: true }).hideResult).toBe(true);
    expect(submissionView(c, me, at(H, 'me'), { now: inSeal }).hideResult).toBe(false);
  });

  it('shows everything to the contest admin, and nothing hidden before the seal or once the board is unsealed', () => {
    expect(submissionView(sealed(1), author, at(4.2 * H), { now: inSeal })).toEqual({ listed: true, hideResult: false, hideDetails: false, code: true });
    expect(submissionView(sealed(0), me, at(H), { now: T0 + 2 * H }).listed).toBe(true);
    const open = contestRow(T0, 5 * 3600, { sealRank: true, sealRankTime: new Date(T0 + 4 * H), autoRealRank: true });
    expect(submissionView(open, me, at(4.2 * H), { now: T0 + 6 * H })).toEqual({ listed: true, hideResult: false, hideDetails: false, code: false });
  });

  it("cuts the list at the seal: ACM keeps the viewer's own, OI with a status filter hides those too", () => {
    expect(sealCut(sealed(0), me, false, inSeal)).toEqual({ before: new Date(T0 + 4 * H), exceptUid: 'me' });
    expect(sealCut(sealed(1), me, true, inSeal)).toEqual({ before: new Date(T0 + 4 * H) });
    expect(sealCut(sealed(1), author, true, inSeal)).toBeUndefined();
    expect(sealCut(sealed(0), me, false, T0 + H)).toBeUndefined();
  });
});
