// The register (60 s) and reset (90 s) resend countdowns of the original product: kept outside the dialog (and in
// localStorage) so closing the dialog or reloading the page does not reset them.
import { proxy } from 'valtio';
import { LIMITS } from '@oj/proto';
import { readString, writeString } from '../../lib/storage';

export type CountdownKind = 'register' | 'reset' | 'changeEmail';
const WAIT_S: Record<CountdownKind, number> = { register: LIMITS.registerResendWaitS, reset: LIMITS.resetResendWaitS, changeEmail: LIMITS.registerResendWaitS };
const key = (k: CountdownKind) => `oj.countdown.${k}`;

function load(k: CountdownKind): number {
  const n = Number(typeof window === 'undefined' ? 0 : readString(key(k)));
  return Number.isFinite(n) ? n : 0;
}

/** Epoch milliseconds until which sending is blocked, per kind, and `now` ticking once a second. */
export const countdownState = proxy({ until: { register: load('register'), reset: load('reset'), changeEmail: load('changeEmail') }, now: Date.now() });

let timer: ReturnType<typeof setInterval> | null = null;
function tick(): void {
  countdownState.now = Date.now();
  if (Object.values(countdownState.until).every((u) => u <= countdownState.now) && timer) {
    clearInterval(timer);
    timer = null;
  }
}

export function startCountdown(k: CountdownKind, seconds = WAIT_S[k]): void {
  countdownState.until[k] = Date.now() + seconds * 1000;
  writeString(key(k), String(countdownState.until[k]));
  countdownState.now = Date.now();
  timer ??= setInterval(tick, 1000);
}

/** Seconds left (0 when sending is allowed). */
export function secondsLeft(s: { until: Record<CountdownKind, number>; now: number }, k: CountdownKind): number {
  return Math.max(0, Math.ceil((s.until[k] - s.now) / 1000));
}

if (typeof window !== 'undefined' && Object.values(countdownState.until).some((u) => u > Date.now())) timer = setInterval(tick, 1000);

/** Failed logins seen by this browser (the slide verification shows from the 5th). */
export const loginFailState = proxy({ count: Number(typeof window === 'undefined' ? 0 : readString('oj.loginFailures')) || 0 });
export function setLoginFailures(n: number): void {
  loginFailState.count = n;
  writeString('oj.loginFailures', n > 0 ? String(n) : null);
}
