// /admin/problem/tag: per OJ, the tag classifications (name, rank) and the tags (name, colour, classification), each
// created, edited and deleted in place. A duplicate name is refused by the server (Add Tag Error).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { OWN_OJ, REMOTE_OJ_KEYS, type AdminTag, type TagClassification } from '@oj/proto';
import { ApiError } from '../../../lib/api';
import { useLatestRead } from '../../../lib/useLatestRead';
import { usePageTitle } from '../../../lib/usePageTitle';
import { showToast } from '../../../stores/ui';
import { classificationsOf, deleteClassification, deleteTag, saveClassification, saveTag, tagsOf } from './tag-api';

interface TagDraft {
  id?: number;
  name: string;
  color: string;
  tcid: number | null;
}
interface ClassDraft {
  id?: number;
  name: string;
  rank: number;
}

const input = 'rounded border border-slate-300 px-2 py-1 text-sm';
const btn = 'rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-600 hover:border-blue-400 hover:text-blue-600';
const primary = 'rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700';

export function TagAdminPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'admin.tag.title' }));
  const [oj, setOj] = useState<string>(OWN_OJ);
  const [tags, setTags] = useState<AdminTag[]>([]);
  const [classes, setClasses] = useState<TagClassification[]>([]);
  const [tag, setTag] = useState<TagDraft>({ name: '', color: '#409eff', tcid: null });
  const [cls, setCls] = useState<ClassDraft>({ name: '', rank: 0 });

  const latest = useLatestRead();
  // A failed read keeps the lists shown (the API client showed why).
  const load = useCallback(
    () =>
      latest(Promise.all([tagsOf(oj), classificationsOf(oj)]), ([t, c]) => {
        setTags(t);
        setClasses(c);
      }),
    [oj, latest],
  );
  useEffect(() => void load(), [load]);

  /** Runs a change; on success `after` (e.g. clearing the form) before the lists reload. */
  const run = async (work: () => Promise<unknown>, done: Parameters<typeof intl.formatMessage>[0]['id'], after?: () => void) => {
    try {
      await work();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return;
    }
    after?.();
    showToast('success', intl.formatMessage({ id: done }));
    await load();
  };

  const submitTag = async (e: FormEvent) => {
    e.preventDefault();
    if (!tag.name.trim()) return showToast('warning', intl.formatMessage({ id: 'admin.tag.nameRequired' }));
    await run(() => saveTag({ ...(tag.id && { id: tag.id }), name: tag.name.trim(), color: tag.color, oj, tcid: tag.tcid }), tag.id ? 'admin.tag.updated' : 'admin.tag.created', () =>
      setTag({ name: '', color: '#409eff', tcid: null }),
    );
  };
  const submitClass = async (e: FormEvent) => {
    e.preventDefault();
    if (!cls.name.trim()) return showToast('warning', intl.formatMessage({ id: 'admin.tag.nameRequired' }));
    await run(() => saveClassification({ ...(cls.id && { id: cls.id }), name: cls.name.trim(), rank: cls.rank, oj }), cls.id ? 'admin.tag.updated' : 'admin.tag.created', () => setCls({ name: '', rank: 0 }));
  };
  const confirmDelete = (name: string) => window.confirm(intl.formatMessage({ id: 'admin.tag.deleteConfirm' }, { name }));
  const className = (tcid: number | null) => classes.find((c) => c.id === tcid)?.name ?? intl.formatMessage({ id: 'admin.tag.unclassified' });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
        <h1 className="mr-auto text-lg font-semibold text-slate-800">
          <FormattedMessage id="admin.tag.title" />
        </h1>
        <label className="flex items-center gap-1 text-sm text-slate-600">
          <FormattedMessage id="admin.problemList.oj" />
          <select className={input} value={oj} data-testid="admin-tag-oj" onChange={(e) => setOj(e.target.value)}>
            {[OWN_OJ, ...REMOTE_OJ_KEYS].map((o) => (
              <option key={o} value={o}>
                {o === OWN_OJ ? intl.formatMessage({ id: 'admin.problemList.ojMine' }) : o}
              </option>
            ))}
          </select>
        </label>
      </div>

      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-3 font-medium text-slate-700">
          <FormattedMessage id="admin.tag.classifications" />
        </h2>
        <form className="mb-3 flex flex-wrap items-center gap-2" onSubmit={(e) => void submitClass(e)} data-testid="admin-class-form">
          <input className={input} data-testid="admin-class-name" placeholder={intl.formatMessage({ id: 'admin.tag.className' })} value={cls.name} maxLength={64} onChange={(e) => setCls({ ...cls, name: e.target.value })} />
          <label className="flex items-center gap-1 text-sm text-slate-600">
            <FormattedMessage id="admin.tag.rank" />
            <input className={`${input} w-20`} type="number" min={0} value={cls.rank} onChange={(e) => setCls({ ...cls, rank: Math.max(0, Number(e.target.value) || 0) })} />
          </label>
          <button type="submit" className={primary} data-testid="admin-class-save">
            <FormattedMessage id={cls.id ? 'admin.tag.save' : 'admin.tag.add'} />
          </button>
          {cls.id && (
            <button type="button" className={btn} onClick={() => setCls({ name: '', rank: 0 })}>
              <FormattedMessage id="admin.tag.cancel" />
            </button>
          )}
        </form>
        <ul className="flex flex-wrap gap-2" data-testid="admin-class-list">
          {classes.map((c) => (
            <li key={c.id} className="flex items-center gap-2 rounded border border-slate-200 px-2 py-1 text-sm" data-testid="admin-class-item">
              <span>{c.name}</span>
              <span className="text-xs text-slate-400">#{c.rank}</span>
              <button type="button" className={btn} onClick={() => setCls({ id: c.id, name: c.name, rank: c.rank })}>
                <FormattedMessage id="admin.tag.edit" />
              </button>
              <button type="button" className={btn} data-testid="admin-class-delete" onClick={() => confirmDelete(c.name) && void run(() => deleteClassification(c.id), 'admin.tag.deleted')}>
                <FormattedMessage id="admin.tag.delete" />
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-3 font-medium text-slate-700">
          <FormattedMessage id="admin.tag.tags" />
        </h2>
        <form className="mb-3 flex flex-wrap items-center gap-2" onSubmit={(e) => void submitTag(e)} data-testid="admin-tag-form">
          <input className={input} data-testid="admin-tag-name" placeholder={intl.formatMessage({ id: 'admin.tag.tagName' })} value={tag.name} maxLength={64} onChange={(e) => setTag({ ...tag, name: e.target.value })} />
          <label className="flex items-center gap-1 text-sm text-slate-600">
            <FormattedMessage id="admin.tag.color" />
            <input type="color" data-testid="admin-tag-color" value={tag.color} onChange={(e) => setTag({ ...tag, color: e.target.value })} />
          </label>
          <select className={input} data-testid="admin-tag-class" value={tag.tcid ?? ''} onChange={(e) => setTag({ ...tag, tcid: e.target.value === '' ? null : Number(e.target.value) })}>
            <option value="">{intl.formatMessage({ id: 'admin.tag.unclassified' })}</option>
            {classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <button type="submit" className={primary} data-testid="admin-tag-save">
            <FormattedMessage id={tag.id ? 'admin.tag.save' : 'admin.tag.add'} />
          </button>
          {tag.id && (
            <button type="button" className={btn} onClick={() => setTag({ name: '', color: '#409eff', tcid: null })}>
              <FormattedMessage id="admin.tag.cancel" />
            </button>
          )}
        </form>
        <table className="w-full text-sm" data-testid="admin-tag-table">
          <thead className="text-left text-slate-500">
            <tr>
              <th className="px-2 py-1">
                <FormattedMessage id="admin.tag.tagName" />
              </th>
              <th className="px-2 py-1">
                <FormattedMessage id="admin.tag.classification" />
              </th>
              <th className="px-2 py-1">
                <FormattedMessage id="admin.problemList.option" />
              </th>
            </tr>
          </thead>
          <tbody>
            {tags.map((t) => (
              <tr key={t.id} className="border-t border-slate-100" data-testid="admin-tag-row">
                <td className="px-2 py-1">
                  <span className="rounded px-2 py-0.5 text-xs text-white" style={{ backgroundColor: t.color ?? '#409eff' }}>
                    {t.name}
                  </span>
                </td>
                <td className="px-2 py-1 text-slate-600">{className(t.tcid)}</td>
                <td className="flex gap-1 px-2 py-1">
                  <button type="button" className={btn} data-testid="admin-tag-edit" onClick={() => setTag({ id: t.id, name: t.name, color: t.color ?? '#409eff', tcid: t.tcid })}>
                    <FormattedMessage id="admin.tag.edit" />
                  </button>
                  <button type="button" className={btn} data-testid="admin-tag-delete" onClick={() => confirmDelete(t.name) && void run(() => deleteTag(t.id), 'admin.tag.deleted')}>
                    <FormattedMessage id="admin.tag.delete" />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
