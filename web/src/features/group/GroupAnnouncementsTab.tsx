// The group admins' announcement table (page size 10): id, title, created, modified, author, a visible switch, edit
// and delete; a full-screen create / edit dialog with title, content (markdown) and the visible switch. An admin
// changes their own, the group's root any (the server's rule; the buttons follow it).
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { GROUP_PAGE_SIZES, type GroupAnnouncementVO, type PageOf } from '@oj/proto';
import { DataTable } from '../../components/DataTable';
import { Modal } from '../../components/Modal';
import { formatDateTime } from '../../lib/format';
import { sessionState } from '../../stores/session';
import { useGroupShell } from './group-context';
import { addGroupAnnouncement, deleteGroupAnnouncement, getGroupAdminAnnouncementList, updateGroupAnnouncement } from './group-api';
import { MarkdownInput } from './MarkdownInput';
import { useGroupAction } from './useGroupAction';
import { Field } from '../../components/FormField';

/** The create / edit dialog's values (the group contest announcements page uses the same dialog). */
export interface Draft {
  id?: number;
  title: string;
  content: string;
  visible: boolean;
}

const td = 'px-3 py-2';

export function GroupAnnouncementsTab() {
  const intl = useIntl();
  const session = useSnapshot(sessionState);
  const { group, standing, announcementsVersion } = useGroupShell();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<PageOf<GroupAnnouncementVO> | null>(null);
  const [loading, setLoading] = useState(true);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    getGroupAdminAnnouncementList(group.id, { currentPage: page, limit: GROUP_PAGE_SIZES.adminAnnouncements })
      .then((d) => live && setData(d))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [group.id, page, announcementsVersion, tick]);

  const mine = (a: GroupAnnouncementVO) => standing.root || a.uid === session.user?.uid;
  const { run } = useGroupAction(() => setTick((t) => t + 1));
  const save = async (d: Draft) => {
    const body = { gid: group.id, title: d.title, content: d.content, status: d.visible ? 0 : 1 } as const;
    const ok = await run(() => (d.id === undefined ? addGroupAnnouncement(body) : updateGroupAnnouncement({ ...body, id: d.id })), d.id === undefined ? 'group.announcement.added' : 'group.announcement.updated');
    if (ok) setDraft(null);
  };
  const toggle = (a: GroupAnnouncementVO) => void run(() => updateGroupAnnouncement({ id: a.id, gid: group.id, title: a.title, content: a.content, status: a.status === 0 ? 1 : 0 }), 'group.announcement.updated');
  const remove = (a: GroupAnnouncementVO) => window.confirm(intl.formatMessage({ id: 'group.announcement.deleteConfirm' })) && void run(() => deleteGroupAnnouncement(a.id), 'group.announcement.deleted');

  return (
    <div data-testid="group-announcements">
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2">
        <h2 className="font-semibold text-slate-800">
          <FormattedMessage id="group.tab.announcement" />
        </h2>
        <button type="button" className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700" onClick={() => setDraft({ title: '', content: '', visible: true })} data-testid="group-announcement-create">
          <FormattedMessage id="group.announcement.create" />
        </button>
      </div>
      <DataTable
        data={data}
        loading={loading}
        pager={{ page, size: GROUP_PAGE_SIZES.adminAnnouncements, onChange: (p) => setPage(p) }}
        testId="group-announcement-table"
        columns={['group.announcement.id', 'group.announcement.title', 'group.announcement.created', 'group.announcement.modified', 'group.announcement.author', 'group.announcement.visible', 'group.announcement.options']}
        row={(a) => (
          <AnnouncementRow
            key={a.id}
            a={a}
            testId="group-announcement"
            manage={mine(a)}
            onToggle={() => toggle(a)}
            onEdit={() => setDraft({ id: a.id, title: a.title, content: a.content, visible: a.status === 0 })}
            onRemove={() => remove(a)}
          />
        )}
      />
      {draft && <AnnouncementDialog draft={draft} onClose={() => setDraft(null)} onSave={(d) => void save(d)} />}
    </div>
  );
}

/** What a row of an announcement table shows (a group's or a group contest's). */
interface AnnouncementRowVO {
  id: number;
  title: string;
  gmtCreate: string;
  gmtModified: string;
  username: string;
  status: number;
}

/**
 * One row of the announcement tables: id, title, created, modified, author, the visible switch, edit and delete;
 * without `manage` the switch is disabled and the buttons are not shown. Test ids start with `testId`.
 */
export function AnnouncementRow({ a, testId, manage, onToggle, onEdit, onRemove }: { a: AnnouncementRowVO; testId: string; manage: boolean; onToggle: () => void; onEdit: () => void; onRemove: () => void }) {
  const intl = useIntl();
  return (
    <tr className="border-t border-slate-100" data-testid={`${testId}-row`}>
      <td className={td}>{a.id}</td>
      <td className={`${td} max-w-xs truncate`}>{a.title}</td>
      <td className={`${td} text-slate-500`}>{formatDateTime(a.gmtCreate)}</td>
      <td className={`${td} text-slate-500`}>{formatDateTime(a.gmtModified)}</td>
      <td className={td}>{a.username}</td>
      <td className={td}>
        <input type="checkbox" checked={a.status === 0} disabled={!manage} onChange={onToggle} aria-label={intl.formatMessage({ id: 'group.announcement.visible' })} data-testid={`${testId}-visible`} />
      </td>
      <td className={`${td} space-x-3`}>
        {manage && (
          <>
            <button type="button" className="text-blue-600 hover:underline" onClick={onEdit} data-testid={`${testId}-edit`}>
              <FormattedMessage id="group.announcement.edit" />
            </button>
            <button type="button" className="text-red-600 hover:underline" onClick={onRemove} data-testid={`${testId}-delete`}>
              <FormattedMessage id="group.announcement.delete" />
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

export function AnnouncementDialog({ draft, onClose, onSave }: { draft: Draft; onClose: () => void; onSave: (d: Draft) => void }) {
  const [d, setD] = useState(draft);
  const input = 'w-full rounded border border-slate-300 px-2 py-1.5 text-sm';
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={<FormattedMessage id={d.id === undefined ? 'group.announcement.create' : 'group.announcement.edit'} />}
      titleClassName="text-lg font-semibold text-slate-800"
      description={<FormattedMessage id="group.announcement.dialogHint" />}
      className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white p-6"
      testId="group-announcement-dialog"
    >
      <div className="mx-auto mt-4 w-full max-w-4xl flex-1 space-y-4">
        <Field label="group.announcement.title" required>
          <input className={input} value={d.title} onChange={(e) => setD({ ...d, title: e.target.value })} data-testid="group-announcement-title" />
        </Field>
        <MarkdownInput label="group.announcement.content" value={d.content} onChange={(content) => setD({ ...d, content })} rows={14} testId="group-announcement-content" />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={d.visible} onChange={(e) => setD({ ...d, visible: e.target.checked })} data-testid="group-announcement-visible-switch" />
          <FormattedMessage id="group.announcement.visible" />
        </label>
      </div>
      <div className="mx-auto mt-6 flex w-full max-w-4xl justify-end gap-2">
        <button type="button" className="rounded border border-slate-300 px-4 py-1.5 text-sm" onClick={onClose}>
          <FormattedMessage id="group.form.cancel" />
        </button>
        <button type="button" className="rounded bg-blue-600 px-4 py-1.5 text-sm text-white hover:bg-blue-700" onClick={() => onSave(d)} data-testid="group-announcement-save">
          <FormattedMessage id="group.announcement.save" />
        </button>
      </div>
    </Modal>
  );
}
