import { describe, expect, it } from 'vitest';
import { intDraft } from './int-draft';

describe('intDraft', () => {
  it('commits nothing while the box is empty, so "select, delete, type 500" ends as 500 (it was 1500)', () => {
    expect(intDraft('', 1)).toBeNull();
    expect(intDraft('  ', 1)).toBeNull();
    expect(['5', '50', '500'].map((t) => intDraft(t, 1))).toEqual([5, 50, 500]);
  });

  it('keeps a whole number at least the minimum', () => {
    expect(intDraft('0', 1)).toBe(1);
    expect(intDraft('-3', 1)).toBe(1);
    expect(intDraft('2.7', 1)).toBe(2);
    expect(intDraft('1e3', 1)).toBe(1000);
  });
});
