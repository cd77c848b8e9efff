import { describe, expect, it } from 'vitest';
import { loginGate } from './account.service';

const MIN = 60_000;

describe('the failed-login gate', () => {
  const now = Date.UTC(2026, 0, 1);
  const at = (count: number, minutesAgo: number, locks?: number) => ({ count, lastAt: new Date(now - minutesAgo * MIN), locks });
  it('asks for the slide from the 5th failure and locks from the 20th, for 30 minutes after the last', () => {
    expect(loginGate(undefined, now)).toEqual({ kind: 'open' });
    expect(loginGate(at(4, 1), now)).toEqual({ kind: 'open' });
    expect(loginGate(at(5, 1), now)).toEqual({ kind: 'slide' });
    expect(loginGate(at(19, 1), now)).toEqual({ kind: 'slide' });
    expect(loginGate(at(20, 1), now)).toEqual({ kind: 'locked', locks: 1, minutes: 29 });
    expect(loginGate(at(20, 31), now)).toEqual({ kind: 'open' });
  });

  it('doubles each further lock of the pair, up to 16 hours', () => {
    expect(loginGate(at(20, 31, 2), now)).toEqual({ kind: 'locked', locks: 2, minutes: 29 });
    expect(loginGate(at(20, 61, 2), now)).toEqual({ kind: 'open' });
    expect(loginGate(at(20, 100, 3), now)).toEqual({ kind: 'locked', locks: 3, minutes: 20 });
    expect(loginGate(at(20, 15 * 60, 9), now)).toEqual({ kind: 'locked', locks: 9, minutes: 60 });
    expect(loginGate(at(20, 16 * 60 + 1, 9), now)).toEqual({ kind: 'open' });
  });
});
