// The group root's setting tab: the avatar (chosen, cropped to 200×200 in the browser, uploaded) and the group form
// (the same rules as creating one; the invitation code kept when left as it is).
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { GROUP_LIMITS } from '@oj/proto';
import { AvatarCropper } from '../../components/AvatarCropper';
import { GroupAvatar } from './GroupBadges';
import { useGroupShell } from './group-context';
import { updateGroup, uploadGroupAvatar } from './group-api';
import { GroupForm, groupBodyOf, useGroupFormCheck, type GroupFormValue } from './GroupForm';
import { useGroupAction } from './useGroupAction';

export function GroupSettingTab() {
  const { group, reload } = useGroupShell();
  const check = useGroupFormCheck();
  const fromGroup = (): GroupFormValue => ({
    name: group.name,
    shortName: group.shortName,
    brief: group.brief,
    auth: group.auth,
    code: group.code ?? '',
    visible: group.visible,
    description: group.description ?? '',
  });
  const [value, setValue] = useState(fromGroup);
  const { busy, run: act } = useGroupAction();
  useEffect(() => setValue(fromGroup()), [group]);

  const run = async (call: () => Promise<unknown>, done: 'group.setting.updated' | 'group.setting.avatarUploaded') => {
    if (await act(call, done)) reload();
  };
  const save = () => check(value) && void run(() => updateGroup({ id: group.id, ...groupBodyOf(value) }), 'group.setting.updated');

  return (
    <div className="space-y-6 p-5" data-testid="group-setting">
      <section>
        <h2 className="mb-3 font-semibold text-slate-800">
          <FormattedMessage id="group.setting.avatar" />
        </h2>
        <div className="flex flex-wrap items-start gap-6">
          <GroupAvatar avatar={group.avatar} name={group.name} size={100} />
          <div>
            <AvatarCropper maxBytes={GROUP_LIMITS.avatarMaxBytes} size={GROUP_LIMITS.avatarSize} busy={busy} onCropped={(png) => void run(() => uploadGroupAvatar(group.id, png), 'group.setting.avatarUploaded')} />
            <p className="mt-2 text-xs text-slate-400">
              <FormattedMessage id="setting.avatar.hint" />
            </p>
          </div>
        </div>
      </section>
      <section className="border-t border-slate-100 pt-5">
        <h2 className="mb-3 font-semibold text-slate-800">
          <FormattedMessage id="group.setting.form" />
        </h2>
        <GroupForm value={value} onChange={setValue} />
        <div className="mt-4 flex justify-end">
          <button type="button" disabled={busy} className="rounded bg-blue-600 px-4 py-1.5 text-sm text-white hover:bg-blue-700 disabled:opacity-50" onClick={save} data-testid="group-setting-save">
            <FormattedMessage id="group.setting.save" />
          </button>
        </div>
      </section>
    </div>
  );
}
