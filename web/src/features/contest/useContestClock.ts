// The shell's status (changes only at the start and the end: one timer to the next boundary) and the per-second
// tick used by the countdown and the progress bar while the contest has not ended.
import { useEffect, useState } from 'react';
import { CONTEST_STATUS } from '@oj/proto';
import { statusAt, type ContestStatus } from './contest-time';

/** setTimeout's limit; longer waits are re-armed. */
const MAX_DELAY = 2_147_483_000;

export function useContestStatus(startMs: number, endMs: number, serverNow: () => number): ContestStatus {
  const [status, setStatus] = useState<ContestStatus>(() => statusAt(startMs, endMs, serverNow()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const arm = () => {
      const now = serverNow();
      const s = statusAt(startMs, endMs, now);
      setStatus(s);
      if (s === CONTEST_STATUS.ENDED) return;
      const next = s === CONTEST_STATUS.SCHEDULED ? startMs : endMs;
      timer = setTimeout(arm, Math.min(MAX_DELAY, Math.max(0, next - now) + 20));
    };
    arm();
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, [startMs, endMs, serverNow]);
  return status;
}

/** The server's now, refreshed every second until `stop`. */
export function useTick(serverNow: () => number, stop: boolean): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(serverNow());
    if (stop) return;
    const t = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(t);
  }, [serverNow, stop]);
  return now;
}
