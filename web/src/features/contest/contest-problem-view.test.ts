// The contest problem list's status column and counts.
import { describe, expect, it } from 'vitest';
import { acRate, countText, statusCell, submitOpen } from './contest-problem-view';

describe('contest problem list', () => {
  it('shows a check for ACM, a score tag for OI, nothing before a submission', () => {
    expect(statusCell(0, undefined)).toEqual({ kind: 'none' });
    expect(statusCell(0, { status: -10, score: null })).toEqual({ kind: 'none' });
    expect(statusCell(0, { status: 0, score: null })).toEqual({ kind: 'ac' });
    expect(statusCell(0, { status: -1, score: null })).toEqual({ kind: 'tried' });
    expect(statusCell(1, { status: 8, score: 40 })).toEqual({ kind: 'score', score: 40 });
    expect(statusCell(1, { status: -1, score: null })).toEqual({ kind: 'score', score: 0 });
    expect(statusCell(1, { status: -5, score: null })).toEqual({ kind: 'hidden' });
  });

  it("writes '?' for counts that may not be seen", () => {
    expect(countText(null)).toBe('?');
    expect(countText(0)).toBe('0');
    expect(acRate(null, 5)).toBeNull();
    expect(acRate(1, 3)).toBe(33.33);
    expect(acRate(0, 0)).toBe(0);
  });

  it('opens submitting while running, after the end only with allowEndSubmit, and always for admins', () => {
    expect(submitOpen(-1, false, false)).toBe(false);
    expect(submitOpen(0, false, false)).toBe(true);
    expect(submitOpen(1, false, false)).toBe(false);
    expect(submitOpen(1, true, false)).toBe(true);
    expect(submitOpen(-1, false, true)).toBe(true);
  });
});
