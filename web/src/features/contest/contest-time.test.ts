// The contest clock of the original product: status −1 → 0 → 1 from the server's time, progress 0 / elapsed % / 100, the
// countdown text, and the offset that corrects a wrong browser clock.
import { describe, expect, it } from 'vitest';
import { clockOffset, durationSeconds, formatClock, progressAt, remainingAt, splitDuration, statusAt } from './contest-time';

const start = Date.UTC(2025, 0, 1, 9, 0, 0);
const end = start + 5 * 3600_000;

describe('contest clock', () => {
  it('moves scheduled → running at the start and running → ended at the end', () => {
    expect(statusAt(start, end, start - 1)).toBe(-1);
    expect(statusAt(start, end, start)).toBe(0);
    expect(statusAt(start, end, end - 1)).toBe(0);
    expect(statusAt(start, end, end)).toBe(1);
    expect(statusAt(start, end, end + 86_400_000)).toBe(1);
  });

  it('reports progress 0 before, the elapsed share while running and 100 after', () => {
    expect(progressAt(start, end, start - 60_000)).toBe(0);
    expect(progressAt(start, end, start)).toBe(0);
    expect(progressAt(start, end, start + 3600_000)).toBe(20);
    expect(progressAt(start, end, start + 18_000)).toBe(0.1);
    expect(progressAt(start, end, start + 1000)).toBe(0);
    expect(progressAt(start, end, end - 1)).toBeLessThan(100);
    expect(progressAt(start, end, end)).toBe(100);
  });

  it('counts down to the start, then to the end, then shows nothing', () => {
    expect(remainingAt(start, end, start - 90_000)).toBe(90_000);
    expect(remainingAt(start, end, start + 1000)).toBe(end - start - 1000);
    expect(remainingAt(start, end, end + 5)).toBe(0);
  });

  it('follows a pushed status that is a tick ahead of the clock', () => {
    // "Started" arrives while the clock's last tick is still half a second before the start: the tag says "ends in"
    // the whole contest, not the second that was left to the start.
    expect(remainingAt(start, end, start - 500, 0)).toBe(end - start);
    expect(progressAt(start, end, start - 500, 0)).toBe(0);
    // "Ended" a tick early: nothing left, the bar full.
    expect(remainingAt(start, end, end - 500, 1)).toBe(0);
    expect(progressAt(start, end, end - 500, 1)).toBe(100);
    // Running past the end the clock knows (an extension not read yet): no negative time.
    expect(remainingAt(start, end, end + 2000, 0)).toBe(0);
    expect(progressAt(start, end, end + 2000, 0)).toBe(100);
  });

  it('formats the countdown as HH:mm:ss with days in front', () => {
    expect(formatClock(0)).toBe('00:00:00');
    expect(formatClock(59_001)).toBe('00:01:00');
    expect(formatClock(3_723_000)).toBe('01:02:03');
    expect(formatClock(86_400_000 + 61_000)).toBe('1d 00:01:01');
    expect(splitDuration(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('ticks from the server clock, not the browser clock', () => {
    // The browser is 10 minutes behind: at browser time start − 5 min the server is already 5 min in.
    const browserNow = start - 5 * 60_000;
    const offset = clockOffset(start + 5 * 60_000, browserNow);
    expect(offset).toBe(10 * 60_000);
    expect(statusAt(start, end, browserNow)).toBe(-1);
    expect(statusAt(start, end, browserNow + offset)).toBe(0);
    // One second later on both clocks.
    expect(remainingAt(start, end, browserNow + 1000 + offset)).toBe(end - start - 5 * 60_000 - 1000);
  });

  it('derives the duration from the start and end, never negative', () => {
    expect(durationSeconds('2025-01-01T09:00:00Z', '2025-01-01T14:00:00Z')).toBe(18_000);
    expect(durationSeconds('2025-01-01T14:00:00Z', '2025-01-01T09:00:00Z')).toBe(0);
    expect(durationSeconds('nope', '2025-01-01T09:00:00Z')).toBe(0);
  });
});
