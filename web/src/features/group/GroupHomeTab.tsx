// The group's home tab: its description (markdown, sanitised; "Not set yet" when empty) and, for members and super
// admins, the visible announcements, five a page, each opening in a detail view with a way back. A pushed
// announcement (`group.announcement`) reloads the list.
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { GROUP_PAGE_SIZES, type GroupAnnouncementVO, type PageOf } from '@oj/proto';
import { Markdown } from '../../components/Markdown';
import { Pager } from '../../components/Pager';
import { Loading } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { useGroupShell } from './group-context';
import { getGroupAnnouncementList } from './group-api';

export function GroupHomeTab() {
  const { group, standing } = useGroupShell();
  const showAnnouncements = standing.member || standing.superAdmin;
  return (
    <div className={`grid gap-6 p-5 ${showAnnouncements ? 'lg:grid-cols-2' : ''}`} data-testid="group-home">
      <section className="min-w-0" data-testid="group-description">
        {group.description ? (
          <div className="markdown-body">
            <Markdown text={group.description} />
          </div>
        ) : (
          <p className="text-slate-400">
            <FormattedMessage id="group.home.notSet" />
          </p>
        )}
      </section>
      {showAnnouncements && <Announcements />}
    </div>
  );
}

function Announcements() {
  const { group, announcementsVersion } = useGroupShell();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<PageOf<GroupAnnouncementVO> | null>(null);
  const [open, setOpen] = useState<GroupAnnouncementVO | null>(null);
  useEffect(() => {
    let live = true;
    getGroupAnnouncementList(group.id, { currentPage: page, limit: GROUP_PAGE_SIZES.homeAnnouncements })
      .then((d) => live && setData(d))
      .catch(() => live && setData((d) => d));
    return () => {
      live = false;
    };
  }, [group.id, page, announcementsVersion]);

  return (
    <section className="min-w-0 border-t border-slate-100 pt-4 lg:border-l lg:border-t-0 lg:pl-6 lg:pt-0" data-testid="group-home-announcements">
      <h2 className="mb-3 font-semibold text-slate-800">
        <FormattedMessage id="group.home.announcements" />
      </h2>
      {open ? (
        <article data-testid="group-announcement-detail">
          <button type="button" className="mb-2 text-sm text-blue-600 hover:underline" onClick={() => setOpen(null)} data-testid="group-announcement-back">
            ← <FormattedMessage id="group.home.back" />
          </button>
          <h3 className="text-lg font-semibold text-slate-800">{open.title}</h3>
          <p className="mb-3 text-xs text-slate-400">
            {open.username} · {formatDateTime(open.gmtModified)}
          </p>
          <div className="markdown-body">
            <Markdown text={open.content} />
          </div>
        </article>
      ) : !data ? (
        <Loading />
      ) : data.records.length === 0 ? (
        <p className="text-sm text-slate-400" data-testid="group-announcements-empty">
          <FormattedMessage id="group.home.noAnnouncements" />
        </p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100" data-testid="group-announcement-list">
            {data.records.map((a) => (
              <li key={a.id}>
                <button type="button" className="flex w-full items-center gap-3 py-2 text-left hover:text-blue-600" onClick={() => setOpen(a)} data-testid="group-announcement-item">
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">{a.title}</span>
                  <span className="shrink-0 text-xs text-slate-400">{formatDateTime(a.gmtCreate).slice(0, 10)}</span>
                </button>
              </li>
            ))}
          </ul>
          {data.total > GROUP_PAGE_SIZES.homeAnnouncements && (
            <Pager page={page} size={GROUP_PAGE_SIZES.homeAnnouncements} total={data.total} sizeSelect={false} onChange={(p) => setPage(p)} />
          )}
        </>
      )}
    </section>
  );
}
