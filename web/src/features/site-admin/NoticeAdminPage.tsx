// /admin/notice (super admin): send a system notice to every user, to chosen users (picked by username search) or
// to the admins, and the list of sent notices with delete. Recipients see it in the message center; their unread
// counts rise live.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { TableHead } from '../../components/TableHead';
import { FormattedMessage, useIntl } from 'react-intl';
import { NOTICE_TYPES, type AdminNoticeVO, type NoticeType, type PageOf, type UserPick } from '@oj/proto';
import { Pager } from '../../components/Pager';
import { formatDateTime } from '../../lib/format';
import { useLatestRead } from '../../lib/useLatestRead';
import { usePageTitle } from '../../lib/usePageTitle';
import { showToast } from '../../stores/ui';
import { deleteNotice, getNotices, searchUsers, sendNotice } from './site-admin-api';
import { btn, card, input, primary, tableCard, td } from './styles';
import { useAdminAction } from './useAdminAction';

const AUDIENCE = { All: 'site.notice.toAll', Single: 'site.notice.toChosen', Admin: 'site.notice.toAdmins' } as const;

/** The username search of the recipient picker: results as one types (at least one character). */
function RecipientPicker({ chosen, onChange }: { chosen: string[]; onChange: (names: string[]) => void }) {
  const intl = useIntl();
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<UserPick[]>([]);
  // Searches overlap while typing: only the latest one's answer is shown (an empty box drops those still out).
  const latest = useLatestRead();
  useEffect(() => {
    const k = keyword.trim();
    if (!k) return void latest(Promise.resolve([]), setFound);
    const timer = setTimeout(() => void latest(searchUsers(k), setFound, () => setFound([])), 200);
    return () => clearTimeout(timer);
  }, [keyword, latest]);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-1" data-testid="notice-chosen">
        {chosen.map((n) => (
          <span key={n} className="flex items-center gap-1 rounded bg-blue-50 px-2 py-0.5 text-xs text-blue-700">
            {n}
            <button type="button" aria-label={intl.formatMessage({ id: 'site.common.delete' })} onClick={() => onChange(chosen.filter((x) => x !== n))}>
              ×
            </button>
          </span>
        ))}
      </div>
      <input className={`${input} w-64`} data-testid="notice-user-search" placeholder={intl.formatMessage({ id: 'site.notice.searchUser' })} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      <ul className="flex flex-wrap gap-1">
        {found
          .filter((u) => !chosen.includes(u.username))
          .map((u) => (
            <li key={u.uid}>
              <button type="button" className={btn} data-testid="notice-user-option" onClick={() => onChange([...chosen, u.username])}>
                {u.username}
                {u.nickname ? ` (${u.nickname})` : ''}
              </button>
            </li>
          ))}
      </ul>
    </div>
  );
}

export function NoticeAdminPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'site.notice.title' }));
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [data, setData] = useState<PageOf<AdminNoticeVO> | null>(null);
  const [draft, setDraft] = useState({ title: '', content: '', type: 'All' as NoticeType, recipients: [] as string[] });
  const latest = useLatestRead();
  const load = useCallback(() => latest(getNotices(page.current, page.size), setData), [page, latest]);
  useEffect(() => void load(), [load]);
  const run = useAdminAction(load);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft.title.trim() || !draft.content.trim()) return showToast('warning', intl.formatMessage({ id: 'site.announcement.required' }));
    if (draft.type === 'Single' && draft.recipients.length === 0) return showToast('warning', intl.formatMessage({ id: 'site.notice.chooseUsers' }));
    const body = { title: draft.title, content: draft.content, type: draft.type, ...(draft.type === 'Single' && { recipients: draft.recipients }) };
    if (await run(() => sendNotice(body), 'site.notice.sent')) setDraft({ ...draft, title: '', content: '', recipients: [] });
  };
  const remove = (n: AdminNoticeVO) => {
    if (window.confirm(intl.formatMessage({ id: 'site.notice.deleteConfirm' }, { title: n.title }))) void run(() => deleteNotice(n.id), 'site.common.deleted');
  };
  const typeLabel = (t: string) => intl.formatMessage({ id: AUDIENCE[t as NoticeType] ?? 'site.notice.toAll' });

  return (
    <div className="space-y-4">
      <form className={`${card} space-y-2`} onSubmit={(e) => void submit(e)} data-testid="notice-form">
        <h1 className="text-lg font-semibold text-slate-800">
          <FormattedMessage id="site.notice.title" />
        </h1>
        <input className={`${input} w-full`} data-testid="notice-title" maxLength={255} placeholder={intl.formatMessage({ id: 'site.announcement.titleField' })} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
        <textarea className={`${input} h-28 w-full`} data-testid="notice-content" placeholder={intl.formatMessage({ id: 'site.announcement.content' })} value={draft.content} onChange={(e) => setDraft({ ...draft, content: e.target.value })} />
        <fieldset className="flex flex-wrap gap-4 text-sm text-slate-600" data-testid="notice-audience">
          {NOTICE_TYPES.map((t) => (
            <label key={t} className="flex items-center gap-1">
              <input type="radio" name="audience" value={t} checked={draft.type === t} onChange={() => setDraft({ ...draft, type: t })} />
              {typeLabel(t)}
            </label>
          ))}
        </fieldset>
        {draft.type === 'Single' && <RecipientPicker chosen={draft.recipients} onChange={(recipients) => setDraft({ ...draft, recipients })} />}
        <button type="submit" className={primary} data-testid="notice-send">
          <FormattedMessage id="site.notice.send" />
        </button>
      </form>
      <section className={tableCard}>
        <table className="w-full text-sm" data-testid="notice-table">
          <TableHead columns={['site.common.id', 'site.announcement.titleField', 'site.notice.audience', 'site.notice.recipients', 'site.common.author', 'site.common.created', 'site.common.option']} />
          <tbody>
            {data?.records.map((n) => (
              <tr key={n.id} className="border-t border-slate-100" data-testid="notice-row">
                <td className={td}>{n.id}</td>
                <td className={td}>{n.title}</td>
                <td className={td}>{typeLabel(n.type)}</td>
                <td className={td}>
                  {n.recipientCount}
                  {n.recipients.length > 0 && <span className="ml-1 text-xs text-slate-500">({n.recipients.join(', ')})</span>}
                </td>
                <td className={td}>{n.adminName}</td>
                <td className={td}>{formatDateTime(n.gmtCreate)}</td>
                <td className={td}>
                  <button type="button" className={btn} onClick={() => remove(n)}>
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
