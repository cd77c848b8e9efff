// /group/:groupID/contest/:contestId/announcement: a group contest's announcements for its managers (the group root,
// or the contest's creator while a group admin — the server's rule): the table (id, title, created, modified,
// author, visible switch, edit, delete with a confirmation; ten a page) and the full-screen create / edit dialog of
// the group's announcements. A visible one reaches the contestants on the contest's pages by push.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { GROUP_PAGE_SIZES, type ContestAnnouncementVO, type PageOf } from '@oj/proto';
import { DataTable } from '../../components/DataTable';
import { AnnouncementDialog, AnnouncementRow, type Draft } from './GroupAnnouncementsTab';
import { GroupContestAdminLinks } from './GroupContestAdminLinks';
import { useGroupShell } from './group-context';
import { deleteGroupContestAnnouncement, getGroupContestAnnouncements, saveGroupContestAnnouncement } from './group-contest-api';
import { useGroupAction } from './useGroupAction';

const SIZE = GROUP_PAGE_SIZES.adminAnnouncements;

export function GroupContestAnnouncementList() {
  const intl = useIntl();
  const { group } = useGroupShell();
  const cid = Number(useParams().contestId);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<PageOf<ContestAnnouncementVO> | null>(null);
  const [loading, setLoading] = useState(true);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    getGroupContestAnnouncements(cid, { currentPage: page, limit: SIZE })
      .then((d) => live && setData(d))
      .catch(() => live && setData({ records: [], total: 0, size: SIZE, current: page, pages: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [cid, page, tick]);

  const { run } = useGroupAction(() => setTick((t) => t + 1));
  const saveOf = (d: Draft) => saveGroupContestAnnouncement({ cid, announcement: { ...(d.id !== undefined && { id: d.id }), title: d.title.trim(), content: d.content, status: d.visible ? 0 : 1 } });
  const save = async (d: Draft) => {
    if (await run(() => saveOf(d), d.id === undefined ? 'group.announcement.added' : 'group.announcement.updated')) setDraft(null);
  };
  const draftOf = (a: ContestAnnouncementVO): Draft => ({ id: a.id, title: a.title, content: a.content, visible: a.status === 0 });
  const toggle = (a: ContestAnnouncementVO) => void run(() => saveOf({ ...draftOf(a), visible: a.status !== 0 }), 'group.announcement.updated');
  const remove = (a: ContestAnnouncementVO) =>
    window.confirm(intl.formatMessage({ id: 'group.announcement.deleteConfirm' })) && void run(() => deleteGroupContestAnnouncement(cid, a.id), 'group.announcement.deleted');

  return (
    <div data-testid="group-contest-announcements">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-2">
        <h2 className="mr-auto font-semibold text-slate-800">
          <FormattedMessage id="gcontest.announcement.title" />
        </h2>
        <GroupContestAdminLinks gid={group.id} cid={cid} />
        <button type="button" className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700" onClick={() => setDraft({ title: '', content: '', visible: true })} data-testid="group-contest-announcement-create">
          <FormattedMessage id="group.announcement.create" />
        </button>
      </div>
      <DataTable
        data={data}
        loading={loading}
        pager={{ page, size: SIZE, onChange: (p) => setPage(p) }}
        testId="group-contest-announcement-table"
        columns={['group.announcement.id', 'group.announcement.title', 'group.announcement.created', 'group.announcement.modified', 'group.announcement.author', 'group.announcement.visible', 'group.announcement.options']}
        row={(a) => (
          <AnnouncementRow key={a.id} a={a} testId="group-contest-announcement" manage onToggle={() => toggle(a)} onEdit={() => setDraft(draftOf(a))} onRemove={() => remove(a)} />
        )}
      />
      {draft && <AnnouncementDialog draft={draft} onClose={() => setDraft(null)} onSave={(d) => void save(d)} />}
    </div>
  );
}
