import { describe, expect, it } from 'vitest';
import { clampLeft, LEFT_MIN, RIGHT_MIN } from './SplitPanes';

describe('the problem page split', () => {
  it('keeps the left pane at least 420 px and the right at least 580 px', () => {
    expect(clampLeft(100, 1400)).toBe(LEFT_MIN);
    expect(clampLeft(1300, 1400)).toBe(1400 - RIGHT_MIN - 12);
    expect(clampLeft(600, 1400)).toBe(600);
  });
  it('does not split a row too narrow for both minimums', () => {
    expect(clampLeft(500, LEFT_MIN + RIGHT_MIN)).toBeNull();
    expect(clampLeft(500, LEFT_MIN + RIGHT_MIN + 12)).toBe(LEFT_MIN);
  });
});
