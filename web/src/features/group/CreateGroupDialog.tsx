// The full-screen Create Group dialog: the group form, checked before the create call; on success the new group opens.
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Modal } from '../../components/Modal';
import { addGroup } from './group-api';
import { emptyGroupForm, GroupForm, groupBodyOf, useGroupFormCheck } from './GroupForm';
import { useGroupAction } from './useGroupAction';

export function CreateGroupDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (gid: number) => void }) {
  const [value, setValue] = useState(emptyGroupForm);
  const { busy, run } = useGroupAction();
  const check = useGroupFormCheck();
  const submit = async () => {
    if (!check(value)) return;
    let id = 0;
    if (await run(async () => ({ id } = await addGroup(groupBodyOf(value))), 'group.list.created')) {
      onClose();
      onCreated(id);
    }
  };
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={<FormattedMessage id="group.list.create" />}
      titleClassName="text-lg font-semibold text-slate-800"
      description={<FormattedMessage id="group.list.createHint" />}
      className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white p-6"
      testId="group-create-dialog"
    >
      <div className="mx-auto mt-4 w-full max-w-4xl flex-1">
        <GroupForm value={value} onChange={setValue} />
      </div>
      <div className="mx-auto mt-6 flex w-full max-w-4xl justify-end gap-2">
        <button type="button" className="rounded border border-slate-300 px-4 py-1.5 text-sm" onClick={onClose}>
          <FormattedMessage id="group.form.cancel" />
        </button>
        <button type="button" disabled={busy} className="rounded bg-blue-600 px-4 py-1.5 text-sm text-white hover:bg-blue-700 disabled:opacity-50" onClick={() => void submit()} data-testid="group-form-submit">
          <FormattedMessage id="group.form.create" />
        </button>
      </div>
    </Modal>
  );
}
