// What the two submission lists (/status and a contest's Status tab) share: the Mine/All, status, problem and
// author filters and the paging read from the URL, the typed-but-not-searched inputs, and the live rows (the
// store's values over the page's, and a watch on every row still being judged).
import { useEffect, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useSnapshot } from 'valtio';
import { isInProgress, type PageOf } from '@oj/proto';
import { intParam, useQueryPatch, type QueryPatch } from '../../lib/search-params';
import { watchSubmission } from './useLiveSubmission';
import { submissionsState } from './useLiveSubmission';

export interface SubmissionQuery {
  onlyMine: boolean;
  page: number;
  limit: number;
  status: number | undefined;
  problemID: string;
  username: string;
  /** The problem and author inputs as typed; they reach the URL on search. */
  draft: { problemID: string; username: string };
  setDraft: (d: { problemID: string; username: string }) => void;
  update: (patch: QueryPatch) => void;
  /** The search form's submit: the typed problem and author (not with Mine) into the URL, back to page 1. */
  search: (e: FormEvent) => void;
}

/**
 * `onlyMine` counts only where `mineAllowed` (the /status page needs a login for it); the page size defaults to
 * `defaultLimit(onlyMine)`.
 */
export function useSubmissionQuery({ mineAllowed = true, defaultLimit }: { mineAllowed?: boolean; defaultLimit: (onlyMine: boolean) => number }): SubmissionQuery {
  const { params, update } = useQueryPatch();
  const onlyMine = params.get('onlyMine') === 'true' && mineAllowed;
  const page = intParam(params.get('currentPage'), 1);
  const limit = intParam(params.get('limit'), defaultLimit(onlyMine));
  const statusRaw = params.get('status');
  const status = statusRaw !== null && statusRaw !== '' && Number.isInteger(Number(statusRaw)) ? Number(statusRaw) : undefined;
  const problemID = params.get('problemID') ?? '';
  const username = params.get('username') ?? '';

  const [draft, setDraft] = useState({ problemID, username });
  useEffect(() => setDraft({ problemID, username }), [problemID, username]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    update({ problemID: draft.problemID.trim(), username: onlyMine ? undefined : draft.username.trim(), currentPage: 1 });
  };
  return { onlyMine, page, limit, status, problemID, username, draft, setDraft, update, search };
}

interface RowValues {
  submitId: number;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
}

/** A row's status, time, memory and score: the live store's once it follows the submission, else the page's. */
export function useLiveSubmission(row: RowValues): Omit<RowValues, 'submitId'> {
  const { byId } = useSnapshot(submissionsState);
  const live = byId[row.submitId];
  return {
    status: live?.status ?? row.status,
    time: live ? live.time : row.time,
    memory: live ? live.memory : row.memory,
    score: live ? live.score : row.score,
  };
}

/**
 * Watches the rows still being judged (in contest `cid`, 0 for practice) until they leave the page. Returns their
 * ids joined by commas ('' when none), a stable key for further effects.
 */
export function useWatchInProgress(records: readonly { submitId: number; status: number }[] | undefined, cid = 0): string {
  const key = (records ?? []).filter((r) => isInProgress(r.status)).map((r) => r.submitId).join(',');
  useEffect(() => {
    if (!key) return;
    const stops = key.split(',').map((id) => watchSubmission(Number(id), cid));
    return () => stops.forEach((stop) => stop());
  }, [key, cid]);
  return key;
}

/**
 * Loads a page of submissions again each time `key` changes (the page's filters and a reload counter), putting its
 * rows in the live store (`store`) first. A load the key has since replaced is dropped; a failed one leaves no data.
 */
export function useSubmissionPage<T>(
  load: () => Promise<PageOf<T>>,
  key: string,
  store: (row: T) => void,
): { data: PageOf<T> | null; setData: Dispatch<SetStateAction<PageOf<T> | null>>; loading: boolean } {
  const [data, setData] = useState<PageOf<T> | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    load()
      .then((d) => {
        if (!live) return;
        for (const r of d.records) store(r);
        setData(d);
      })
      .catch(() => live && setData(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // The key stands for everything `load` reads.
  }, [key]);
  return { data, setData, loading };
}
