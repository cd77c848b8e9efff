// The 370 px login/register/reset dialog (spec §2). Login works; Register and ResetPwd show their forms
// with validation and say they are coming soon.
import { useState, type FormEvent, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { MessageId } from '../../i18n/zh-CN';
import { closeLoginDialog, loginDialogState, openLoginDialog, showToast, siteState, type LoginMode } from '../../stores/ui';
import { login } from './auth-api';
import { validateLogin, validateRegister, validateReset, type FieldErrors, type RegisterField } from './validation';

const input = 'w-full rounded border border-slate-300 px-3 py-2 text-sm outline-none focus:border-blue-500 focus:ring-1 focus:ring-blue-500';

function Field({ error, children }: { error?: MessageId; children: ReactNode }) {
  return (
    <div className="mb-3">
      {children}
      {error && (
        <p className="mt-1 text-xs text-red-600" role="alert">
          <FormattedMessage id={error} />
        </p>
      )}
    </div>
  );
}

function LoginForm() {
  const intl = useIntl();
  const [form, setForm] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<'username' | 'password'>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = validateLogin(form);
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    setBusy(true);
    try {
      await login(form.username.trim(), form.password);
      showToast('success', intl.formatMessage({ id: 'auth.message.welcomeBack' }));
      closeLoginDialog();
    } catch {
      // The API client already showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Field error={errors.username}>
        <input
          data-testid="login-username"
          className={input}
          autoComplete="username"
          placeholder={intl.formatMessage({ id: 'auth.field.username' })}
          value={form.username}
          onChange={(e) => setForm({ ...form, username: e.target.value })}
        />
      </Field>
      <Field error={errors.password}>
        <input
          data-testid="login-password"
          className={input}
          type="password"
          autoComplete="current-password"
          placeholder={intl.formatMessage({ id: 'auth.field.password' })}
          value={form.password}
          onChange={(e) => setForm({ ...form, password: e.target.value })}
        />
      </Field>
      <button
        data-testid="login-submit"
        type="submit"
        disabled={busy}
        className="w-full rounded bg-blue-600 py-2 text-sm font-medium text-white hover:bg-blue-700 disabled:opacity-60"
      >
        <FormattedMessage id="auth.action.login" />
      </button>
    </form>
  );
}

function RegisterForm() {
  const intl = useIntl();
  const [form, setForm] = useState<Record<RegisterField, string>>({ username: '', email: '', password: '', passwordAgain: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const fields: { key: RegisterField; label: MessageId; type: string }[] = [
    { key: 'username', label: 'auth.field.username', type: 'text' },
    { key: 'email', label: 'auth.field.email', type: 'email' },
    { key: 'password', label: 'auth.field.password', type: 'password' },
    { key: 'passwordAgain', label: 'auth.field.passwordAgain', type: 'password' },
    { key: 'code', label: 'auth.field.code', type: 'text' },
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs = validateRegister(form);
    setErrors(errs);
    if (Object.keys(errs).length === 0) showToast('info', intl.formatMessage({ id: 'auth.message.comingSoon' }));
  };
  return (
    <form onSubmit={submit} noValidate>
      {fields.map((f) => (
        <Field key={f.key} error={errors[f.key]}>
          <input
            className={input}
            type={f.type}
            placeholder={intl.formatMessage({ id: f.label })}
            value={form[f.key]}
            onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
          />
        </Field>
      ))}
      <button type="submit" className="w-full rounded bg-blue-600 py-2 text-sm font-medium text-white hover:bg-blue-700">
        <FormattedMessage id="auth.action.register" />
      </button>
    </form>
  );
}

function ResetForm() {
  const intl = useIntl();
  const [form, setForm] = useState({ email: '', captcha: '' });
  const [errors, setErrors] = useState<FieldErrors<'email' | 'captcha'>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs = validateReset(form);
    setErrors(errs);
    if (Object.keys(errs).length === 0) showToast('info', intl.formatMessage({ id: 'auth.message.comingSoon' }));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field error={errors.email}>
        <input
          className={input}
          type="email"
          placeholder={intl.formatMessage({ id: 'auth.field.email' })}
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
        />
      </Field>
      <Field error={errors.captcha}>
        <input
          className={input}
          placeholder={intl.formatMessage({ id: 'auth.field.captcha' })}
          value={form.captcha}
          onChange={(e) => setForm({ ...form, captcha: e.target.value })}
        />
      </Field>
      <button type="submit" className="w-full rounded bg-blue-600 py-2 text-sm font-medium text-white hover:bg-blue-700">
        <FormattedMessage id="auth.action.reset" />
      </button>
    </form>
  );
}

const TITLES: Record<LoginMode, MessageId> = {
  login: 'auth.dialog.login',
  register: 'auth.dialog.register',
  resetPwd: 'auth.dialog.resetPwd',
};

function ModeLink({ mode, label }: { mode: LoginMode; label: MessageId }) {
  return (
    <button type="button" className="text-blue-600 hover:underline" onClick={() => openLoginDialog(mode)}>
      <FormattedMessage id={label} />
    </button>
  );
}

export function LoginDialog() {
  const state = useSnapshot(loginDialogState);
  const site = useSnapshot(siteState);
  const canRegister = site.config?.register ?? true;
  return (
    <Dialog.Root open={state.open} onOpenChange={(open) => (open ? openLoginDialog(state.mode) : closeLoginDialog())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          data-testid="login-dialog"
          className="fixed top-1/2 left-1/2 z-50 w-[370px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none"
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold text-slate-800">
              <FormattedMessage id={TITLES[state.mode]} />
            </Dialog.Title>
            <Dialog.Close className="text-xl leading-none text-slate-400 hover:text-slate-700">
              <span aria-hidden>×</span>
              <span className="sr-only">
                <FormattedMessage id="common.action.close" />
              </span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            <FormattedMessage id={TITLES[state.mode]} />
          </Dialog.Description>
          {state.mode === 'login' && <LoginForm />}
          {state.mode === 'register' && <RegisterForm />}
          {state.mode === 'resetPwd' && <ResetForm />}
          {state.mode !== 'login' && (
            <p className="mt-3 rounded bg-amber-50 px-3 py-2 text-xs text-amber-800">
              <FormattedMessage id="auth.message.comingSoon" />
            </p>
          )}
          <div className="mt-4 flex justify-between text-sm">
            {state.mode === 'login' ? (
              <>
                {canRegister ? <ModeLink mode="register" label="auth.dialog.toRegister" /> : <span />}
                <ModeLink mode="resetPwd" label="auth.dialog.toReset" />
              </>
            ) : (
              <ModeLink mode="login" label="auth.dialog.toLogin" />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
