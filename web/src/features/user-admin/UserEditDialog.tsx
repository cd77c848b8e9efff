// The edit dialog of /admin/user: profile, role, ban and an optional new password. The server checks every field
// again; a new password, another role or a ban signs the user out everywhere (the answer says so).
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LIMITS, ROLE_CODE, type AdminEditUserBody, type AdminUserRow } from '@oj/proto';
import { ApiError } from '../../lib/api';
import { showToast } from '../../stores/ui';
import { editUser } from './user-admin-api';
import { btn, input, primary } from './styles';

type Gender = NonNullable<AdminEditUserBody['gender']>;
const GENDERS: Gender[] = ['male', 'female', 'secrecy'];

export function UserEditDialog({ user, onClose, onSaved }: { user: AdminUserRow; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const [form, setForm] = useState<AdminEditUserBody>({
    uid: user.uid,
    username: user.username,
    email: user.email ?? '',
    mobile: user.mobile ?? '',
    nickname: user.nickname ?? '',
    realname: user.realname ?? '',
    gender: GENDERS.includes(user.gender as Gender) ? (user.gender as Gender) : 'secrecy',
    school: user.school ?? '',
    number: user.number ?? '',
    titleName: user.titleName ?? '',
    titleColor: user.titleColor ?? '',
    type: user.roles[0]?.id ?? ROLE_CODE.default_user,
    status: user.status,
    setNewPwd: false,
    password: '',
  });
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<AdminEditUserBody>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = form.username.trim();
    if (!name || name.length > LIMITS.usernameMax) return showToast('warning', intl.formatMessage({ id: 'useradmin.edit.usernameRequired' }));
    const pw = form.password ?? '';
    if (form.setNewPwd && (pw.length < LIMITS.passwordMin || pw.length > LIMITS.passwordMax)) return showToast('warning', intl.formatMessage({ id: 'useradmin.edit.passwordLength' }));
    setBusy(true);
    try {
      const { revoked } = await editUser({ ...form, username: name, titleColor: form.titleColor || null });
      showToast('success', intl.formatMessage({ id: revoked ? 'useradmin.edit.revoked' : 'useradmin.edit.saved' }));
      onSaved();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  };

  const text = (key: 'username' | 'email' | 'mobile' | 'nickname' | 'realname' | 'school' | 'number' | 'titleName', label: Parameters<typeof intl.formatMessage>[0]['id']) => (
    <label className="flex flex-col gap-1 text-sm text-slate-600">
      <FormattedMessage id={label} />
      <input className={input} data-testid={`user-edit-${key}`} value={form[key] ?? ''} onChange={(e) => set({ [key]: e.target.value })} />
    </label>
  );

  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/30 p-4" role="dialog" aria-modal="true" aria-labelledby="user-edit-title">
      <form className="w-full max-w-2xl space-y-3 rounded-lg bg-white p-5 shadow-xl" onSubmit={(e) => void submit(e)} data-testid="user-edit-dialog">
        <h2 id="user-edit-title" className="text-lg font-semibold text-slate-800">
          <FormattedMessage id="useradmin.edit.title" />
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          {text('username', 'useradmin.list.username')}
          {text('realname', 'useradmin.list.realname')}
          {text('email', 'useradmin.list.email')}
          {text('mobile', 'useradmin.edit.mobile')}
          {text('nickname', 'useradmin.edit.nickname')}
          {text('school', 'useradmin.edit.school')}
          {text('number', 'useradmin.edit.number')}
          {text('titleName', 'useradmin.edit.titleName')}
          <label className="flex flex-col gap-1 text-sm text-slate-600">
            <FormattedMessage id="useradmin.edit.titleColor" />
            <input className={input} type="color" value={form.titleColor || '#409eff'} onChange={(e) => set({ titleColor: e.target.value })} />
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-600">
            <FormattedMessage id="useradmin.edit.gender" />
            <select className={input} value={form.gender ?? 'secrecy'} onChange={(e) => set({ gender: e.target.value as Gender })}>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {intl.formatMessage({ id: `useradmin.edit.${g}` })}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-600">
            <FormattedMessage id="useradmin.list.role" />
            <select className={input} data-testid="user-edit-role" value={form.type} onChange={(e) => set({ type: Number(e.target.value) })}>
              {Object.entries(ROLE_CODE).map(([role, code]) => (
                <option key={code} value={code}>
                  {code} {role}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-600">
            <FormattedMessage id="useradmin.list.status" />
            <select className={input} data-testid="user-edit-status" value={form.status} onChange={(e) => set({ status: Number(e.target.value) })}>
              <option value={0}>{intl.formatMessage({ id: 'useradmin.list.normal' })}</option>
              <option value={1}>{intl.formatMessage({ id: 'useradmin.list.banned' })}</option>
            </select>
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <label className="flex items-center gap-1">
            <input type="checkbox" data-testid="user-edit-setpwd" checked={form.setNewPwd ?? false} onChange={(e) => set({ setNewPwd: e.target.checked })} />
            <FormattedMessage id="useradmin.edit.setNewPwd" />
          </label>
          {form.setNewPwd && (
            <input className={input} data-testid="user-edit-password" placeholder={intl.formatMessage({ id: 'useradmin.edit.password' })} value={form.password ?? ''} onChange={(e) => set({ password: e.target.value })} />
          )}
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className={btn} onClick={onClose}>
            <FormattedMessage id="useradmin.edit.cancel" />
          </button>
          <button type="submit" className={primary} disabled={busy} data-testid="user-edit-save">
            <FormattedMessage id="useradmin.edit.save" />
          </button>
        </div>
      </form>
    </div>
  );
}
