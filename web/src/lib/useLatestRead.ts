// Reads that overlap (every push event starts one) can answer out of order: only the answer of the latest read
// started is applied, so a slower earlier read never puts an older state back on the screen.
import { useRef } from 'react';

export type LatestRead = <T>(read: Promise<T>, apply: (value: T) => void, fail?: (err: unknown) => void) => Promise<void>;

/** Applies a read's answer (or its failure) only if no read was started after it. */
export function latestOnly(): LatestRead {
  let latest = 0;
  return <T,>(read: Promise<T>, apply: (value: T) => void, fail?: (err: unknown) => void) => {
    const n = ++latest;
    return read.then(
      (value) => {
        if (n === latest) apply(value);
      },
      (err: unknown) => {
        if (n === latest) fail?.(err);
      },
    );
  };
}

/** One `latestOnly` for the component's life. */
export function useLatestRead(): LatestRead {
  const ref = useRef<LatestRead | null>(null);
  ref.current ??= latestOnly();
  return ref.current;
}
