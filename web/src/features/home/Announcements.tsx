// The home page's announcements: a paged list with refresh (and reloaded live when an admin changes them), and one
// announcement's markdown with Back.
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { PAGE_SIZES, topics, type AnnouncementVO, type PageOf } from '@oj/proto';
import { Markdown } from '../../components/Markdown';
import { Pager } from '../../components/Pager';
import { Empty, Loading } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { useLiveTopic } from '../../lib/useLiveTopic';
import { useLatestRead } from '../../lib/useLatestRead';
import { getAnnouncements } from './home-api';

export function Announcements() {
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZES.announcements as number });
  const [data, setData] = useState<PageOf<AnnouncementVO> | null>(null);
  const [open, setOpen] = useState<AnnouncementVO | null>(null);
  const latest = useLatestRead();
  // A failed re-read keeps the list shown (the client showed why); a failed first read of a page ends its loading.
  const load = useCallback(
    () => void latest(getAnnouncements(page.current, page.size), setData, () => setData((d) => d ?? { records: [], total: 0, size: page.size, current: 1, pages: 0 })),
    [page, latest],
  );
  useEffect(() => {
    // Another page: its own loading state, not the last one's rows.
    setData(null);
    load();
  }, [load]);
  // An admin's change to the announcements reaches open home pages at once.
  useLiveTopic(topics.site(), { events: { 'home.announcements': () => load() }, onResync: load });

  return (
    <section data-testid="home-announcements" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="font-semibold text-slate-800">{open ? open.title : <FormattedMessage id="home.announcement.title" />}</h2>
        {open ? (
          <button type="button" className="text-sm text-blue-600 hover:underline" onClick={() => setOpen(null)}>
            <FormattedMessage id="home.announcement.back" />
          </button>
        ) : (
          <button type="button" className="text-sm text-blue-600 hover:underline" onClick={load}>
            <FormattedMessage id="home.common.refresh" />
          </button>
        )}
      </div>
      {open ? (
        <article data-testid="announcement-detail">
          <div className="mb-2 text-xs text-slate-500">
            {open.username} · {formatDateTime(open.gmtModified)}
          </div>
          <Markdown text={open.content} />
        </article>
      ) : data === null ? (
        <Loading />
      ) : data.records.length === 0 ? (
        <Empty />
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {data.records.map((a) => (
              <li key={a.id} className="flex items-center justify-between py-2">
                <button type="button" className="text-left text-blue-700 hover:underline" onClick={() => setOpen(a)}>
                  {a.title}
                </button>
                <span className="ml-3 shrink-0 text-xs text-slate-500">{formatDateTime(a.gmtCreate)}</span>
              </li>
            ))}
          </ul>
          {data.total > page.size && <Pager page={page.current} size={page.size} total={data.total} onChange={(current, size) => setPage({ current, size })} />}
        </>
      )}
    </section>
  );
}
