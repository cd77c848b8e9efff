// The Report button of a discussion and its dialog: the report tags (checkboxes) and a reason (at most 200
// characters); at least one of them ('The report label and reason cannot be empty'). Logged out: the login dialog.
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { REPORT_REASON_MAX, REPORT_TAGS } from '@oj/proto';
import { ApiError } from '../../lib/api';
import { showToast } from '../../stores/ui';
import { reportDiscussion } from './discussion-api';
import { useLoginFirst } from './discussion-hooks';

type Tag = (typeof REPORT_TAGS)[number];
const TAG_IDS = {
  spam: 'discussion.report.tag_spam',
  illegal: 'discussion.report.tag_illegal',
  vulgar: 'discussion.report.tag_vulgar',
  fraud: 'discussion.report.tag_fraud',
  abuse: 'discussion.report.tag_abuse',
  plagiarism: 'discussion.report.tag_plagiarism',
} as const satisfies Record<Tag, string>;

/** A report tag in the reader's language (an unknown tag as stored). */
export const reportTagLabel = (intl: IntlShape, tag: string): string => (tag in TAG_IDS ? intl.formatMessage({ id: TAG_IDS[tag as Tag] }) : tag);

export function ReportButton({ did }: { did: number }) {
  const intl = useIntl();
  const loginFirst = useLoginFirst();
  const [open, setOpen] = useState(false);
  const [tags, setTags] = useState<Tag[]>([]);
  const [reason, setReason] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (tags.length === 0 && !reason.trim()) return showToast('warning', intl.formatMessage({ id: 'error.REPORT_EMPTY' }));
    try {
      await reportDiscussion({ did, tags, content: reason.trim() });
    } catch (err) {
      if (err instanceof ApiError) return;
      throw err;
    }
    showToast('success', intl.formatMessage({ id: 'discussion.report.sent' }));
    setOpen(false);
    setTags([]);
    setReason('');
  };
  const start = () => loginFirst() && setOpen(true);
  return (
    <>
      <button type="button" className="rounded border border-slate-300 px-3 py-1 text-sm text-slate-600 hover:border-red-300 hover:text-red-600" data-testid="discussion-report" onClick={start}>
        <FormattedMessage id="discussion.report.button" />
      </button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content data-testid="report-dialog" className="fixed top-1/2 left-1/2 z-50 w-[420px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
            <Dialog.Title className="mb-3 text-lg font-semibold text-slate-800">
              <FormattedMessage id="discussion.report.title" />
            </Dialog.Title>
            <Dialog.Description className="sr-only">
              <FormattedMessage id="discussion.report.title" />
            </Dialog.Description>
            <form className="space-y-3" onSubmit={(e) => void submit(e)}>
              <div className="flex flex-wrap gap-3">
                {REPORT_TAGS.map((t) => (
                  <label key={t} className="flex items-center gap-1 text-sm text-slate-700">
                    <input type="checkbox" data-testid={`report-tag-${t}`} checked={tags.includes(t)} onChange={(e) => setTags(e.target.checked ? [...tags, t] : tags.filter((x) => x !== t))} />
                    {reportTagLabel(intl, t)}
                  </label>
                ))}
              </div>
              <textarea
                className="h-24 w-full rounded border border-slate-300 px-2 py-1 text-sm"
                data-testid="report-reason"
                maxLength={REPORT_REASON_MAX}
                placeholder={intl.formatMessage({ id: 'discussion.report.reason' })}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <div className="flex justify-end gap-2">
                <Dialog.Close className="rounded border border-slate-300 px-3 py-1 text-sm text-slate-600">
                  <FormattedMessage id="site.common.cancel" />
                </Dialog.Close>
                <button type="submit" className="rounded bg-red-600 px-3 py-1 text-sm text-white hover:bg-red-700" data-testid="report-submit">
                  <FormattedMessage id="discussion.report.submit" />
                </button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
