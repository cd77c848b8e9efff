import { describe, expect, it } from 'vitest';
import { linksThatFit } from './nav-fit';

describe('linksThatFit', () => {
  const widths = [60, 80, 70, 90];
  // All four with their three gaps: 300 + 12 = 312 px.
  it('keeps every link when they all fit, without a More button', () => {
    expect(linksThatFit(widths, 70, 312)).toBe(4);
    expect(linksThatFit(widths, 70, 1000)).toBe(4);
  });
  it('leaves room for the More button when they do not', () => {
    // More (70) + 4 + 60 + 4 + 80 = 218; + 4 + 70 = 292 > 290.
    expect(linksThatFit(widths, 70, 311)).toBe(3);
    expect(linksThatFit(widths, 70, 291)).toBe(2);
    expect(linksThatFit(widths, 70, 218)).toBe(2);
    expect(linksThatFit(widths, 70, 217)).toBe(1);
  });
  it('puts everything under More when not even one link fits beside it', () => {
    expect(linksThatFit(widths, 70, 100)).toBe(0);
    expect(linksThatFit(widths, 70, 0)).toBe(0);
  });
});
