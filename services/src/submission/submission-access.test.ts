import { describe, expect, it } from 'vitest';
import { makeViewer } from '../account/viewer';
import { practiceCaseDataVisible, practiceCodeVisible, practiceQueueVisible, practiceVisible } from './submission-access';

const owner = makeViewer('u1', 'alice', ['default_user']);
const other = makeViewer('u2', 'bob', ['default_user']);
const admin = makeViewer('u3', 'root', ['root']);
const row = { uid: 'u1', share: false };

describe('practice submission visibility', () => {
  it('lists public problems for everyone, hidden ones for the owner and admins only', () => {
    expect([null, owner, other, admin].map((v) => practiceVisible(1, row, v))).toEqual([true, true, true, true]);
    expect([null, owner, other, admin].map((v) => practiceVisible(2, row, v))).toEqual([false, true, false, true]);
  });

  it('shows code to the owner and admins, and to others only when shared on a problem that allows sharing', () => {
    expect([null, owner, other, admin].map((v) => practiceCodeVisible(row, true, v))).toEqual([false, true, false, true]);
    expect(practiceCodeVisible({ ...row, share: true }, true, other)).toBe(true);
    expect(practiceCodeVisible({ ...row, share: true }, false, other)).toBe(false);
    expect(practiceCodeVisible({ ...row, share: true }, true, null)).toBe(true);
  });

  it('opens case data to admins always, to the owner only when the problem opens case results', () => {
    expect([null, owner, other, admin].map((v) => practiceCaseDataVisible(row, false, v))).toEqual([false, false, false, true]);
    expect([null, owner, other, admin].map((v) => practiceCaseDataVisible(row, true, v))).toEqual([false, true, false, true]);
  });

  it('tells the queue position to the owner and admins', () => {
    expect([null, owner, other, admin].map((v) => practiceQueueVisible(row, v))).toEqual([false, true, false, true]);
  });
});
