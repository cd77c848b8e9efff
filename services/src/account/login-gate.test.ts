import { describe, expect, it } from 'vitest';
import { loginGate } from './account.service';

const MIN = 60_000;

describe('the failed-login gate', () => {
  const now = Date.UTC(2026, 0, 1);
  const at = (count: number, minutesAgo: number) => ({ count, lastAt: new Date(now - minutesAgo * MIN) });
  it('asks for the slide from the 5th failure and locks from the 20th, for 30 minutes after the last', () => {
    expect(loginGate(undefined, now)).toBe('open');
    expect(loginGate(at(4, 1), now)).toBe('open');
    expect(loginGate(at(5, 1), now)).toBe('slide');
    expect(loginGate(at(19, 1), now)).toBe('slide');
    expect(loginGate(at(20, 1), now)).toBe('locked');
    expect(loginGate(at(20, 31), now)).toBe('open');
  });
});
