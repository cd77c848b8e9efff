// Filters and paging kept in the page's URL query: reading a positive whole number, and patching the query.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A positive whole number from the query, else the fallback. */
export function intParam(v: string | null, fallback: number): number {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export type QueryPatch = Record<string, string | number | undefined>;

/**
 * The URL query, a setter that merges a patch into it (undefined or '' removes a key, the rest is kept), and the
 * router's own setter for replacing it whole.
 */
export function useQueryPatch() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: QueryPatch) => {
      const next = new URLSearchParams(params);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      setParams(next);
    },
    [params, setParams],
  );
  return { params, update, setParams };
}
