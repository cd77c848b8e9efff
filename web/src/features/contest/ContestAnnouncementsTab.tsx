// The Announcement tab: the contest's announcements, newest first, with markdown content. A pushed announcement
// (the shell's live link) reloads the list.
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ContestAnnouncementVO, PageOf } from '@oj/proto';
import { Markdown } from '../../components/Markdown';
import { Pager } from '../../components/Pager';
import { Empty, Loading } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { getContestAnnouncements } from './contest-api';
import { useContestShell } from './contest-context';

const PAGE_SIZE = 10;

export function ContestAnnouncementsTab() {
  const { contest, announcementVersion } = useContestShell();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const [data, setData] = useState<PageOf<ContestAnnouncementVO> | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    getContestAnnouncements(contest.id, page, size).then(
      (d) => live && setData(d),
      () => live && setData({ records: [], total: 0, size, current: page, pages: 0 }),
    );
    return () => {
      live = false;
    };
  }, [contest.id, page, size, announcementVersion]);

  if (!data) return <Loading />;
  if (data.records.length === 0) return <Empty />;
  return (
    <div className="px-4 py-2">
      <ul className="divide-y divide-slate-100" data-testid="contest-announcement-list">
        {data.records.map((a) => {
          const expanded = open === a.id || data.records.length === 1;
          return (
            <li key={a.id} data-testid="contest-announcement-item" data-aid={a.id} className="py-3">
              <button type="button" className="flex w-full items-center gap-3 text-left" onClick={() => setOpen(expanded ? null : a.id)}>
                <span className="flex-1 font-medium text-slate-800 hover:text-blue-600">{a.title}</span>
                <span className="text-xs text-slate-400">
                  {a.username} · {formatDateTime(a.gmtCreate)}
                </span>
              </button>
              {expanded && (
                <div className="mt-2 rounded border border-slate-100 bg-slate-50 px-3 py-2" data-testid="contest-announcement-content">
                  <Markdown text={a.content} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {data.total > PAGE_SIZE && (
        <Pager
          page={page}
          size={size}
          total={data.total}
          onChange={(p, s) => {
            setPage(p);
            setSize(s);
          }}
        />
      )}
      <p className="pb-2 text-xs text-slate-400">
        <FormattedMessage id="contest.announcements.hint" />
      </p>
    </div>
  );
}
