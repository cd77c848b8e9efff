// Merging a pushed row into a page of the AC helper or the print list: upsert by id, unhandled rows first,
// newest first within each group (the order the lists are served in).
import { useCallback, useEffect, useRef, useState } from 'react';
import { POLLING, type PushEventData, topics } from '@oj/proto';
import { watchTopic } from '../../lib/useLiveTopic';
import { useLatestRead } from '../../lib/useLatestRead';

export interface ListRow {
  id: number;
  submitTime?: string;
  gmtCreate?: string;
}

/** Inserts or replaces `row` (by id) in `rows` kept in (unhandled first, newest first) order; returns a new list. */
export function upsertRow<R extends ListRow>(rows: readonly R[], row: R, handled: (r: R) => boolean, limit: number): { rows: R[]; added: boolean } {
  const at = (r: R) => Date.parse(r.submitTime ?? r.gmtCreate ?? '') || 0;
  const without = rows.filter((r) => r.id !== row.id);
  const added = without.length === rows.length;
  const key = (r: R): [number, number, number] => [handled(r) ? 1 : 0, -at(r), -r.id];
  const k = key(row);
  let i = 0;
  while (i < without.length) {
    const o = key(without[i]!);
    if (o[0] > k[0] || (o[0] === k[0] && (o[1] > k[1] || (o[1] === k[1] && o[2] > k[2])))) break;
    i++;
  }
  const out = [...without.slice(0, i), row, ...without.slice(i)];
  return { rows: out.slice(0, limit), added };
}

/**
 * A page of an admin list on `contest-admin:<cid>` (AC helper, admin print): loaded over REST, pushed rows merged
 * in live (`event`), reloaded on a resync, polled every 10 s only while the socket is down.
 */
export function useLiveAdminList<E extends 'acinfo.new' | 'print.new'>(
  cid: number,
  event: E,
  fetchPage: (cid: number, page: number, size: number, silent: boolean) => Promise<{ records: PushEventData<E>[]; total: number }>,
  size: number,
  handled: (r: PushEventData<E>) => boolean,
) {
  type Row = PushEventData<E>;
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [total, setTotal] = useState(0);
  const [fresh, setFresh] = useState<Record<number, boolean>>({});
  const pageRef = useRef(page);
  pageRef.current = page;
  const handledRef = useRef(handled);
  handledRef.current = handled;

  const latest = useLatestRead();
  const load = useCallback(
    (silent: boolean) =>
      latest(
        fetchPage(cid, pageRef.current, size, silent),
        (data) => {
          setRows(data.records);
          setTotal(data.total);
        },
        () => setRows((r) => r ?? []),
      ),
    [cid, fetchPage, size, latest],
  );

  useEffect(() => {
    void load(false);
  }, [load, page]);

  useEffect(() => {
    const onRow = (row: Row) => {
      if (row.cid !== cid) return;
      setRows((cur) => {
        if (!cur) return cur;
        const known = cur.some((r) => r.id === row.id);
        if (pageRef.current !== 1 && !known) {
          setTotal((t) => t + 1);
          return cur;
        }
        const { rows: next, added } = upsertRow(cur, row, handledRef.current, size);
        if (added) setTotal((t) => t + 1);
        return next;
      });
      setFresh((f) => ({ ...f, [row.id]: true }));
    };
    return watchTopic(topics.contestAdmin(cid), {
      events: { [event]: onRow } as Parameters<typeof watchTopic>[1]['events'],
      onResync: () => void load(true),
      poll: { intervalMs: POLLING.adminHelperMs, run: () => load(true) },
    });
  }, [cid, event, load, size]);

  return { page, setPage, rows, setRows, total, fresh, load };
}
