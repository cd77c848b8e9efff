// The 400 px application dialog: the invitation code (exactly 6) for a private group, a reason (5–100) for any group
// that is not public; checked with proto's `groupApplyProblem` before the call, as the server checks it.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GROUP_AUTH, GROUP_LIMITS, groupApplyProblem, type GroupDetail } from '@oj/proto';
import { Modal } from '../../components/Modal';
import { Field } from '../../components/FormField';
import { showToast } from '../../stores/ui';
import { addGroupMember } from './group-api';
import { useGroupAction } from './useGroupAction';

const input = 'w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:border-blue-500 focus:outline-none';

export function ApplyDialog({ group, onClose, onApplied }: { group: GroupDetail; onClose: () => void; onApplied: () => void }) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const { busy, run } = useGroupAction();
  const submit = async () => {
    const problem = groupApplyProblem(group.auth, code, reason);
    if (problem) {
      showToast('warning', intl.formatMessage({ id: `error.${problem.code}` }, problem.params));
      return;
    }
    if (await run(() => addGroupMember(group.id, code.trim(), reason.trim()), 'group.apply.done')) {
      onClose();
      onApplied();
    }
  };
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={<FormattedMessage id="group.shell.apply" />}
      titleClassName="text-base font-semibold text-slate-800"
      description={<FormattedMessage id="group.apply.hint" />}
      className="fixed left-1/2 top-24 z-50 w-[400px] max-w-[95vw] -translate-x-1/2 rounded-lg bg-white p-5 shadow-xl"
      testId="group-apply-dialog"
    >
      <div className="mt-4 space-y-3">
        {group.auth === GROUP_AUTH.PRIVATE && (
          <Field label="group.apply.code" required>
            <input className={`${input} font-mono`} maxLength={GROUP_LIMITS.codeLength} value={code} onChange={(e) => setCode(e.target.value)} data-testid="group-apply-code" />
          </Field>
        )}
        <Field label="group.apply.reason" required hint={`${[...reason].length}/${GROUP_LIMITS.reasonMax}`}>
          <textarea className={input} rows={5} maxLength={GROUP_LIMITS.reasonMax} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="group-apply-reason" />
        </Field>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="rounded bg-red-500 px-3 py-1.5 text-sm text-white hover:bg-red-600" onClick={onClose}>
          <FormattedMessage id="group.form.cancel" />
        </button>
        <button type="button" disabled={busy} className="rounded bg-blue-600 px-3 py-1.5 text-sm text-white hover:bg-blue-700 disabled:opacity-50" onClick={() => void submit()} data-testid="group-apply-submit">
          <FormattedMessage id="group.apply.ok" />
        </button>
      </div>
    </Modal>
  );
}
