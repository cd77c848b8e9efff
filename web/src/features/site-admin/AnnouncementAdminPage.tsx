// /admin/announcement (super admin): the site announcements with a visible switch, created and edited in a form
// (title, markdown content, visible); visible ones show on the home page, pushed live to open home pages.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { TableHead } from '../../components/TableHead';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AnnouncementVO, PageOf } from '@oj/proto';
import { Pager } from '../../components/Pager';
import { formatDateTime } from '../../lib/format';
import { useLatestRead } from '../../lib/useLatestRead';
import { usePageTitle } from '../../lib/usePageTitle';
import { showToast } from '../../stores/ui';
import { deleteAnnouncement, getAnnouncements, saveAnnouncement } from './site-admin-api';
import { btn, card, input, primary, tableCard, td } from './styles';
import { useAdminAction } from './useAdminAction';

interface Draft {
  id?: number;
  title: string;
  content: string;
  visible: boolean;
}
const EMPTY: Draft = { title: '', content: '', visible: true };

export function AnnouncementAdminPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'site.announcement.title' }));
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [data, setData] = useState<PageOf<AnnouncementVO> | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const latest = useLatestRead();
  const load = useCallback(() => latest(getAnnouncements(page.current, page.size), setData), [page, latest]);
  useEffect(() => void load(), [load]);
  const run = useAdminAction(load);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft.title.trim() || !draft.content.trim()) return showToast('warning', intl.formatMessage({ id: 'site.announcement.required' }));
    const ok = await run(() => saveAnnouncement({ ...(draft.id && { id: draft.id }), title: draft.title, content: draft.content, status: draft.visible ? 0 : 1 }));
    if (ok) setDraft(EMPTY);
  };
  const toggle = (a: AnnouncementVO) => run(() => saveAnnouncement({ id: a.id, title: a.title, content: a.content, status: a.status === 0 ? 1 : 0 }));
  const remove = (a: AnnouncementVO) => {
    if (window.confirm(intl.formatMessage({ id: 'site.announcement.deleteConfirm' }, { title: a.title }))) void run(() => deleteAnnouncement(a.id), 'site.common.deleted');
  };

  return (
    <div className="space-y-4">
      <form className={`${card} space-y-2`} onSubmit={(e) => void submit(e)} data-testid="announcement-form">
        <h1 className="text-lg font-semibold text-slate-800">
          <FormattedMessage id={draft.id ? 'site.announcement.edit' : 'site.announcement.create'} />
        </h1>
        <input className={`${input} w-full`} data-testid="announcement-title" maxLength={255} placeholder={intl.formatMessage({ id: 'site.announcement.titleField' })} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
        <textarea className={`${input} h-32 w-full font-mono`} data-testid="announcement-content" placeholder={intl.formatMessage({ id: 'site.announcement.content' })} value={draft.content} onChange={(e) => setDraft({ ...draft, content: e.target.value })} />
        <div className="flex items-center gap-3">
          <label className="flex items-center gap-1 text-sm text-slate-600">
            <input type="checkbox" data-testid="announcement-visible" checked={draft.visible} onChange={(e) => setDraft({ ...draft, visible: e.target.checked })} />
            <FormattedMessage id="site.announcement.visible" />
          </label>
          <button type="submit" className={primary} data-testid="announcement-save">
            <FormattedMessage id="site.common.save" />
          </button>
          {draft.id && (
            <button type="button" className={btn} onClick={() => setDraft(EMPTY)}>
              <FormattedMessage id="site.common.cancel" />
            </button>
          )}
        </div>
      </form>
      <section className={tableCard}>
        <table className="w-full text-sm" data-testid="announcement-table">
          <TableHead columns={['site.common.id', 'site.announcement.titleField', 'site.common.created', 'site.common.modified', 'site.common.author', 'site.announcement.visible', 'site.common.option']} />
          <tbody>
            {data?.records.map((a) => (
              <tr key={a.id} className="border-t border-slate-100" data-testid="announcement-row">
                <td className={td}>{a.id}</td>
                <td className={td}>{a.title}</td>
                <td className={td}>{formatDateTime(a.gmtCreate)}</td>
                <td className={td}>{formatDateTime(a.gmtModified)}</td>
                <td className={td}>{a.username}</td>
                <td className={td}>
                  <input type="checkbox" data-testid="announcement-row-visible" checked={a.status === 0} onChange={() => void toggle(a)} />
                </td>
                <td className={`${td} flex gap-1`}>
                  <button type="button" className={btn} onClick={() => setDraft({ id: a.id, title: a.title, content: a.content, visible: a.status === 0 })}>
                    <FormattedMessage id="site.common.edit" />
                  </button>
                  <button type="button" className={btn} data-testid="announcement-delete" onClick={() => remove(a)}>
                    <FormattedMessage id="site.common.delete" />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {data && data.total > page.size && <Pager page={page.current} size={page.size} total={data.total} onChange={(current, size) => setPage({ current, size })} />}
      </section>
    </div>
  );
}
