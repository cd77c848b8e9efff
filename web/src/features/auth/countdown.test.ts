// The resend countdowns of the original product (60 s register, 90 s reset) and the failed-login counter behind the slide.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownState, loginFailState, secondsLeft, setLoginFailures, startCountdown } from './countdown';

describe('resend countdowns', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts 60 s for the register code and 90 s for the reset mail, down to 0', () => {
    startCountdown('register');
    startCountdown('reset');
    expect(secondsLeft(countdownState, 'register')).toBe(60);
    expect(secondsLeft(countdownState, 'reset')).toBe(90);
    vi.advanceTimersByTime(59_000);
    expect(secondsLeft(countdownState, 'register')).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(secondsLeft(countdownState, 'register')).toBe(0);
    expect(secondsLeft(countdownState, 'reset')).toBe(30);
    vi.advanceTimersByTime(31_000);
    expect(secondsLeft(countdownState, 'reset')).toBe(0);
  });

  it('keeps the failed-login count', () => {
    setLoginFailures(5);
    expect(loginFailState.count).toBe(5);
    setLoginFailures(0);
    expect(loginFailState.count).toBe(0);
  });
});
