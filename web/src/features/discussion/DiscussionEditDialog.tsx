// The full-screen dialog that posts a discussion or edits one (the author's): title and description (at most 255
// characters each), the category (locked when editing), the content in the markdown editor with image upload (at most
// 65,535). The spec's messages are checked before sending; the server checks the same. A problem's discussion is
// titled `[pid] …` by the server: the dialog edits the title without the prefix.
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DISCUSSION_LIMITS, type Discussion, type DiscussionCategory } from '@oj/proto';
import { MarkdownEditor } from '../../components/MarkdownEditor';
import { Modal } from '../../components/Modal';
import type { MessageId } from '../../i18n/zh-CN';
import { ignoreRefusal } from '../../lib/api';
import { showToast } from '../../stores/ui';
import { addDiscussion, addGroupDiscussion, updateDiscussion } from './discussion-api';

/** `gid`: a new discussion of that group (its category is optional). */
export type EditTarget = { kind: 'create'; pid?: string; gid?: number } | { kind: 'edit'; discussion: Discussion };

interface Props {
  target: EditTarget | null;
  categories: readonly DiscussionCategory[];
  onClose: () => void;
  /** Saved: the discussion's id. */
  onDone: (did: number) => void;
}

const stripPrefix = (title: string, pid: string | null | undefined) => (pid && title.startsWith(`[${pid}]`) ? title.slice(pid.length + 2).trimStart() : title);
const input = 'w-full rounded border border-slate-300 px-2 py-1.5 text-sm disabled:bg-slate-100 disabled:text-slate-500';

export function DiscussionEditDialog({ target, categories, onClose, onDone }: Props) {
  const intl = useIntl();
  const editing = target?.kind === 'edit' ? target.discussion : null;
  const pid = editing ? editing.pid : target?.kind === 'create' ? target.pid : undefined;
  const gid = target?.kind === 'create' ? target.gid : undefined;
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setTitle(editing ? stripPrefix(editing.title, editing.pid) : '');
    setDescription(editing?.description ?? '');
    setCategoryId(editing ? (editing.categoryId ?? null) : null);
    setContent(editing?.content ?? '');
  }, [target, editing]);

  /** The first broken rule's message, in the form's order, or null. */
  function problem(): string | null {
    const name = (id: MessageId) => intl.formatMessage({ id });
    const rules: [string, MessageId, number][] = [
      [title, 'discussion.form.title', DISCUSSION_LIMITS.title],
      [description, 'discussion.form.description', DISCUSSION_LIMITS.description],
    ];
    for (const [v, field, max] of rules) {
      if (!v.trim()) return intl.formatMessage({ id: 'discussion.form.required' }, { field: name(field) });
      if (v.trim().length > max) return intl.formatMessage({ id: 'discussion.form.tooLong' }, { field: name(field), max });
    }
    if (!editing && !gid && categoryId === null) return intl.formatMessage({ id: 'discussion.form.required' }, { field: name('discussion.form.category') });
    if (!content.trim()) return intl.formatMessage({ id: 'discussion.form.required' }, { field: name('discussion.form.content') });
    if (content.trim().length > DISCUSSION_LIMITS.content) return intl.formatMessage({ id: 'discussion.form.tooLong' }, { field: name('discussion.form.content'), max: DISCUSSION_LIMITS.content });
    return null;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const bad = problem();
    if (bad) return showToast('warning', bad);
    setBusy(true);
    try {
      const fields = { title, description, content, categoryId };
      if (editing) {
        await updateDiscussion({ id: editing.id, ...fields, categoryId: editing.categoryId ?? null });
        showToast('success', intl.formatMessage({ id: 'discussion.form.saved' }));
        onDone(editing.id);
      } else {
        const d = gid ? await addGroupDiscussion({ ...fields, gid, ...(pid && { pid }) }) : await addDiscussion({ ...fields, ...(pid && { pid }) });
        showToast('success', intl.formatMessage({ id: 'discussion.form.posted' }));
        onDone(d.id);
      }
    } catch (err) {
      ignoreRefusal(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={target !== null}
      onOpenChange={(o) => !o && onClose()}
      title={<FormattedMessage id={editing ? 'discussion.form.editTitle' : 'discussion.form.createTitle'} />}
      titleClassName="text-lg font-semibold text-slate-800"
      description={<FormattedMessage id="discussion.form.describe" />}
      className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white p-4 sm:p-6"
      testId="discussion-dialog"
    >
      <form className="mx-auto mt-4 flex w-full max-w-screen-lg flex-1 flex-col gap-3" onSubmit={(e) => void submit(e)}>
        {pid && (
          <p className="text-sm text-slate-500" data-testid="discussion-form-problem">
            <FormattedMessage id="discussion.form.problem" values={{ pid }} />
          </p>
        )}
        <label className="text-sm font-medium text-slate-700">
          <span className="mr-0.5 text-red-500">*</span>
          <FormattedMessage id="discussion.form.title" />
          <input className={input} data-testid="discussion-form-title" value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          <span className="mr-0.5 text-red-500">*</span>
          <FormattedMessage id="discussion.form.description" />
          <input className={input} data-testid="discussion-form-description" value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          {!gid && <span className="mr-0.5 text-red-500">*</span>}
          <FormattedMessage id="discussion.form.category" />
          <select
            className={input}
            data-testid="discussion-form-category"
            disabled={editing !== null}
            title={editing ? intl.formatMessage({ id: 'discussion.form.categoryLocked' }) : undefined}
            value={categoryId ?? ''}
            onChange={(e) => setCategoryId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{editing && editing.categoryId == null ? intl.formatMessage({ id: 'discussion.card.noCategory' }) : intl.formatMessage({ id: 'discussion.form.pickCategory' })}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <MarkdownEditor label="discussion.form.content" required value={content} onChange={setContent} rows={14} testId="discussion-form-content" files={false} />
        <div className="flex justify-end gap-2 pb-2">
          <button type="button" className="rounded border border-slate-300 px-4 py-1.5 text-sm text-slate-600" onClick={onClose}>
            <FormattedMessage id="site.common.cancel" />
          </button>
          <button type="submit" disabled={busy} className="rounded bg-blue-600 px-4 py-1.5 text-sm text-white hover:bg-blue-700 disabled:opacity-50" data-testid="discussion-form-submit">
            <FormattedMessage id={editing ? 'discussion.form.save' : 'discussion.form.submit'} />
          </button>
        </div>
      </form>
    </Modal>
  );
}
