// /admin/contest/:contestId/announcement: the contest's announcements (10 a page) with create, edit (title,
// markdown content, visible) and delete after confirmation. A new visible one is pushed to the contestants.
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ContestAnnouncementVO, PageOf } from '@oj/proto';
import { DataTable } from '../../../components/DataTable';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useLatestRead } from '../../../lib/useLatestRead';
import { usePageTitle } from '../../../lib/usePageTitle';
import { showToast } from '../../../stores/ui';
import { adminDeleteAnnouncement, adminGetAnnouncements, adminSaveAnnouncement } from '../contest-api';
import { Switch } from './AdminContestListPage';

const PAGE_SIZE = 10;

interface Draft {
  id?: number;
  title: string;
  content: string;
  visible: boolean;
}

function Editor({ cid, draft, onDone, onCancel }: { cid: number; draft: Draft; onDone: () => void; onCancel: () => void }) {
  const intl = useIntl();
  const [d, setD] = useState(draft);
  const [busy, setBusy] = useState(false);
  useEffect(() => setD(draft), [draft]);
  const save = async () => {
    if (!d.title.trim()) return showToast('warning', intl.formatMessage({ id: 'contest.adminAnnouncement.titleRequired' }));
    if (!d.content.trim()) return showToast('warning', intl.formatMessage({ id: 'contest.adminAnnouncement.contentRequired' }));
    setBusy(true);
    try {
      await adminSaveAnnouncement({ cid, announcement: { ...(d.id !== undefined ? { id: d.id } : {}), title: d.title.trim(), content: d.content, status: d.visible ? 0 : 1 } });
      showToast('success', intl.formatMessage({ id: d.id !== undefined ? 'contest.admin.updated' : 'contest.admin.created' }));
      onDone();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="space-y-3 border-b border-slate-100 px-4 py-4" data-testid="admin-announcement-editor">
      <label className="block text-sm">
        <span className="mb-1 block font-medium text-slate-700">
          <FormattedMessage id="contest.adminAnnouncement.titleField" />
        </span>
        <input
          data-testid="admin-announcement-title"
          className="w-full rounded border border-slate-300 px-2 py-1.5 text-sm"
          maxLength={255}
          value={d.title}
          onChange={(e) => setD({ ...d, title: e.target.value })}
        />
      </label>
      <label className="block text-sm">
        <span className="mb-1 block font-medium text-slate-700">
          <FormattedMessage id="contest.adminAnnouncement.contentField" />
        </span>
        <textarea
          data-testid="admin-announcement-content"
          className="min-h-32 w-full rounded border border-slate-300 px-2 py-1.5 font-mono text-sm"
          value={d.content}
          onChange={(e) => setD({ ...d, content: e.target.value })}
        />
      </label>
      <div className="flex items-center gap-2 text-sm text-slate-700">
        <Switch checked={d.visible} onChange={(v) => setD({ ...d, visible: v })} testId="admin-announcement-visible" />
        <FormattedMessage id="contest.adminAnnouncement.visible" />
      </div>
      <div className="flex gap-2">
        <button type="button" data-testid="admin-announcement-save" disabled={busy} onClick={() => void save()} className="rounded bg-blue-600 px-4 py-1.5 text-sm text-white hover:bg-blue-700 disabled:opacity-60">
          <FormattedMessage id="contest.form.save" />
        </button>
        <button type="button" onClick={onCancel} className="rounded border border-slate-300 px-4 py-1.5 text-sm text-slate-600 hover:bg-slate-50">
          <FormattedMessage id="contest.adminAnnouncement.cancel" />
        </button>
      </div>
    </section>
  );
}

export function AdminContestAnnouncementPage() {
  const intl = useIntl();
  const cid = Number(useParams().contestId);
  usePageTitle(intl.formatMessage({ id: 'contest.adminAnnouncement.title' }));
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const [data, setData] = useState<PageOf<ContestAnnouncementVO> | null>(null);
  const [editing, setEditing] = useState<Draft | null>(null);

  const latest = useLatestRead();
  // A failed re-read keeps the rows shown (the client showed why); a failed first read ends the loading state.
  const load = useCallback(
    () => latest(adminGetAnnouncements(cid, page, size), setData, () => setData((d) => d ?? { records: [], total: 0, size, current: page, pages: 0 })),
    [cid, page, size, latest],
  );
  useEffect(() => void load(), [load]);

  const remove = async (a: ContestAnnouncementVO) => {
    if (!window.confirm(intl.formatMessage({ id: 'contest.adminAnnouncement.deleteConfirm' }))) return;
    try {
      await adminDeleteAnnouncement(a.id);
      showToast('success', intl.formatMessage({ id: 'contest.admin.deleted' }));
      await load();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };

  const td = 'px-3 py-2 whitespace-nowrap';
  return (
    <div className="rounded-lg border border-slate-200 bg-white" data-testid="admin-contest-announcements">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
        <Link to="/admin/contest" className="text-sm text-blue-600 hover:underline">
          ← <FormattedMessage id="contest.form.back" />
        </Link>
        <h1 className="mr-auto text-lg font-semibold text-slate-800">
          <FormattedMessage id="contest.adminAnnouncement.title" />
        </h1>
        <button
          type="button"
          data-testid="admin-announcement-create"
          onClick={() => setEditing({ title: '', content: '', visible: true })}
          className="rounded bg-green-600 px-3 py-1 text-sm text-white hover:bg-green-700"
        >
          <FormattedMessage id="contest.adminAnnouncement.create" />
        </button>
      </div>
      {editing && (
        <Editor
          cid={cid}
          draft={editing}
          onCancel={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
      <DataTable
        data={data}
        loading={!data}
        nowrap
        columns={[
          'contest.admin.id',
          'contest.adminAnnouncement.titleField',
          'contest.adminAnnouncement.created',
          'contest.adminAnnouncement.author',
          'contest.adminAnnouncement.visible',
          'contest.admin.option',
        ]}
        row={(a) => (
          <tr key={a.id} data-testid="admin-announcement-row" className="border-t border-slate-100">
            <td className={td}>{a.id}</td>
            <td className="px-3 py-2">{a.title}</td>
            <td className={td}>{formatDateTime(a.gmtCreate)}</td>
            <td className={td}>{a.username}</td>
            <td className={td}>
              <FormattedMessage id={a.status === 0 ? 'contest.adminAnnouncement.shown' : 'contest.adminAnnouncement.hidden'} />
            </td>
            <td className={td}>
              <button
                type="button"
                className="mr-1 rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-600 hover:border-blue-400 hover:text-blue-600"
                onClick={() => setEditing({ id: a.id, title: a.title, content: a.content, visible: a.status === 0 })}
              >
                <FormattedMessage id="contest.admin.edit" />
              </button>
              <button type="button" className="rounded border border-red-300 px-2 py-0.5 text-xs text-red-600 hover:bg-red-50" onClick={() => void remove(a)}>
                <FormattedMessage id="contest.admin.delete" />
              </button>
            </td>
          </tr>
        )}
        pager={{
          page,
          size,
          onChange: (p, s) => {
            setPage(p);
            setSize(s);
          },
        }}
      />
    </div>
  );
}
