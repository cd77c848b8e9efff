// Reads that overlap (every push event starts one) can answer out of order: only the answer of the latest read
// started is applied, so a slower earlier read never puts an older state back on the screen.
import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';

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

export interface LatestValue<T> {
  data: T | null;
  setData: Dispatch<SetStateAction<T | null>>;
  /** True from the first render until the latest read has answered or failed. */
  loading: boolean;
  /** Starts a read: loading until the latest read answers; its answer is shown (then `then`), a failure keeps the value. */
  show: (read: Promise<T>, then?: (value: T) => void) => Promise<void>;
}

/** A value a screen reads again and again (a list under a pager, after actions, on pushes) with its loading flag. */
export function useLatestValue<T>(): LatestValue<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useLatestRead();
  const show = useCallback(
    (read: Promise<T>, then?: (value: T) => void) => {
      setLoading(true);
      return latest(
        read,
        (value) => {
          setData(value);
          setLoading(false);
          then?.(value);
        },
        () => setLoading(false),
      );
    },
    [latest],
  );
  return { data, setData, loading, show };
}
