// The contest clock of the original product: status and progress computed in the browser from the server's time. The
// offset (server now − browser now at load) keeps a wrong browser clock from opening or closing a contest early.
import { CONTEST_STATUS } from '@oj/proto';

export type ContestStatus = -1 | 0 | 1;

/** Server time minus browser time, in ms (add it to `Date.now()` to get the server's now). */
export function clockOffset(serverNowMs: number, browserNowMs: number): number {
  return serverNowMs - browserNowMs;
}

/** −1 before the start, 0 while running, 1 from the end on. */
export function statusAt(startMs: number, endMs: number, nowMs: number): ContestStatus {
  if (nowMs < startMs) return CONTEST_STATUS.SCHEDULED;
  if (nowMs < endMs) return CONTEST_STATUS.RUNNING;
  return CONTEST_STATUS.ENDED;
}

/**
 * 0 when scheduled, elapsed / duration in percent (two decimals) while running, 100 when ended. `status` is the one
 * shown, when it is not the clock's: a pushed status change arrives up to a tick before the clock reaches it.
 */
export function progressAt(startMs: number, endMs: number, nowMs: number, status: ContestStatus = statusAt(startMs, endMs, nowMs)): number {
  if (status === CONTEST_STATUS.SCHEDULED) return 0;
  if (status === CONTEST_STATUS.ENDED || endMs <= startMs) return 100;
  return Math.min(100, Math.max(0, Math.floor(((nowMs - startMs) / (endMs - startMs)) * 10_000) / 100));
}

/**
 * Milliseconds the countdown shows: until the start, until the end, or 0 once ended, for the status shown (see
 * progressAt): "ends in" never counts the last second before the start.
 */
export function remainingAt(startMs: number, endMs: number, nowMs: number, status: ContestStatus = statusAt(startMs, endMs, nowMs)): number {
  if (status === CONTEST_STATUS.SCHEDULED) return Math.max(0, startMs - nowMs);
  if (status === CONTEST_STATUS.RUNNING) return Math.max(0, endMs - Math.max(nowMs, startMs));
  return 0;
}

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds of a non-negative span (ms, rounded up to the next second). */
export function splitDuration(ms: number): DurationParts {
  let s = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(s / 86_400);
  s -= days * 86_400;
  const hours = Math.floor(s / 3600);
  s -= hours * 3600;
  const minutes = Math.floor(s / 60);
  return { days, hours, minutes, seconds: s - minutes * 60 };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `HH:mm:ss`, with a `Nd ` prefix from one day on: the countdown tag's text. */
export function formatClock(ms: number): string {
  const { days, hours, minutes, seconds } = splitDuration(ms);
  const hms = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  return days > 0 ? `${days}d ${hms}` : hms;
}

/** Contest length from its start and end (seconds), never negative. */
export function durationSeconds(startIso: string, endIso: string): number {
  const s = Date.parse(startIso);
  const e = Date.parse(endIso);
  if (Number.isNaN(s) || Number.isNaN(e)) return 0;
  return Math.max(0, Math.floor((e - s) / 1000));
}
