// /reset-password?username=&code=: the link of the reset mail; the user enters the new password twice.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { MessageId } from '../../i18n/zh-CN';
import { usePageTitle } from '../../lib/usePageTitle';
import { openLoginDialog, showToast } from '../../stores/ui';
import { resetPassword } from './auth-api';
import { checkPassword, checkUsername } from './validation';

const input = 'w-full rounded border border-slate-300 px-3 py-2 text-sm outline-none focus:border-blue-500';

export function ResetPasswordPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'auth.dialog.resetPwd' }));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code') ?? '';
  const [form, setForm] = useState({ username: params.get('username') ?? '', password: '', passwordAgain: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, MessageId>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Partial<Record<keyof typeof form, MessageId>> = {};
    const u = checkUsername(form.username);
    const p = checkPassword(form.password);
    if (u) errs.username = u;
    if (p) errs.password = p;
    if (form.passwordAgain === '') errs.passwordAgain = 'auth.check.passwordAgainRequired';
    else if (form.passwordAgain !== form.password) errs.passwordAgain = 'auth.check.passwordMismatch';
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    setBusy(true);
    try {
      await resetPassword({ username: form.username.trim(), password: form.password, code });
      showToast('success', intl.formatMessage({ id: 'auth.message.resetDone' }));
      navigate('/home', { replace: true });
      openLoginDialog('login');
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  const fields: { key: keyof typeof form; label: MessageId; type: string }[] = [
    { key: 'username', label: 'auth.field.username', type: 'text' },
    { key: 'password', label: 'auth.field.newPassword', type: 'password' },
    { key: 'passwordAgain', label: 'auth.field.passwordAgain', type: 'password' },
  ];
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="mb-6 text-xl font-semibold text-slate-800">
        <FormattedMessage id="auth.dialog.resetPwd" />
      </h1>
      <form onSubmit={(e) => void submit(e)} noValidate className="rounded-lg bg-white p-6 shadow">
        {fields.map((f) => (
          <div className="mb-3" key={f.key}>
            <input
              data-testid={`reset-page-${f.key}`}
              className={input}
              type={f.type}
              placeholder={intl.formatMessage({ id: f.label })}
              value={form[f.key]}
              onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
            />
            {errors[f.key] && (
              <p className="mt-1 text-xs text-red-600" role="alert">
                <FormattedMessage id={errors[f.key]!} />
              </p>
            )}
          </div>
        ))}
        <button data-testid="reset-page-submit" type="submit" disabled={busy} className="w-full rounded bg-blue-600 py-2 text-sm font-medium text-white disabled:opacity-60">
          <FormattedMessage id="auth.action.resetPassword" />
        </button>
      </form>
    </div>
  );
}
