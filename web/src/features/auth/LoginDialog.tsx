// The 370 px login/register/reset dialog: login with the slide verification from the 5th
// failure, registration with a mailed code (60 s resend wait), reset with an image captcha (90 s resend wait).
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { MessageId } from '../../i18n/zh-CN';
import { closeLoginDialog, loginDialogState, openLoginDialog, showToast, siteState, type LoginMode } from '../../stores/ui';
import { LIMITS, type SlideAnswer } from '@oj/proto';
import { ApiError } from '../../lib/api';
import { applyResetPassword, checkUsernameOrEmail, getCaptcha, login, register, sendRegisterCode } from './auth-api';
import { countdownState, loginFailState, secondsLeft, setLoginFailures, startCountdown } from './countdown';
import { SlideVerify } from './SlideVerify';
import { checkEmail, validateLogin, validateRegister, validateReset, type FieldErrors, type RegisterField } from './validation';

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

function SubmitButton({ busy, label, testId }: { busy: boolean; label: MessageId; testId: string }) {
  return (
    <button
      data-testid={testId}
      type="submit"
      disabled={busy}
      className="w-full rounded bg-blue-600 py-2 text-sm font-medium text-white hover:bg-blue-700 disabled:opacity-60"
    >
      <FormattedMessage id={label} />
    </button>
  );
}

const errorCode = (e: unknown) => (e instanceof ApiError ? e.code : undefined);

/** The login form; `admin`: the admin login (/admin/login), which only admins pass, then `onDone`. */
export function LoginForm({ admin = false, onDone, username = '' }: { admin?: boolean; onDone?: () => void; username?: string }) {
  const intl = useIntl();
  const fails = useSnapshot(loginFailState);
  const [form, setForm] = useState({ username, password: '' });
  const [errors, setErrors] = useState<FieldErrors<'username' | 'password'>>({});
  const [busy, setBusy] = useState(false);
  const [slide, setSlide] = useState<SlideAnswer | null>(null);
  const [slideKey, setSlideKey] = useState(0);
  const needSlide = fails.count >= LIMITS.slideVerifyAfterFailedLogins;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = validateLogin(form);
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    if (needSlide && !slide) {
      showToast('warning', intl.formatMessage({ id: 'error.ACCOUNT_SLIDE_REQUIRED' }));
      return;
    }
    setBusy(true);
    try {
      await login(form.username.trim(), form.password, needSlide && slide ? slide : undefined, admin ? '/admin/login' : '/login');
      setLoginFailures(0);
      showToast('success', intl.formatMessage({ id: 'auth.message.welcomeBack' }));
      if (admin) onDone?.();
      else closeLoginDialog();
    } catch (err) {
      // The API client already showed the server's message. Count the failure; a used challenge needs a new one.
      const c = errorCode(err);
      if (c === 'ACCOUNT_SLIDE_REQUIRED') setLoginFailures(Math.max(fails.count, LIMITS.slideVerifyAfterFailedLogins));
      else if (c === 'AUTH_BAD_CREDENTIALS') setLoginFailures(fails.count + 1);
      setSlideKey((k) => k + 1);
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
      {needSlide && <SlideVerify refreshKey={slideKey} onChange={setSlide} />}
      <SubmitButton busy={busy} label="auth.action.login" testId="login-submit" />
    </form>
  );
}

function RegisterForm() {
  const intl = useIntl();
  const cd = useSnapshot(countdownState);
  const [form, setForm] = useState<Record<RegisterField, string>>({ username: '', email: '', password: '', passwordAgain: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [busy, setBusy] = useState(false);
  const left = secondsLeft(cd, 'register');
  const fields: { key: RegisterField; label: MessageId; type: string }[] = [
    { key: 'username', label: 'auth.field.username', type: 'text' },
    { key: 'email', label: 'auth.field.email', type: 'email' },
    { key: 'password', label: 'auth.field.password', type: 'password' },
    { key: 'passwordAgain', label: 'auth.field.passwordAgain', type: 'password' },
  ];

  const sendCode = async () => {
    const bad = checkEmail(form.email);
    setErrors({ ...errors, email: bad ?? undefined });
    if (bad || left > 0) return;
    setBusy(true);
    try {
      await sendRegisterCode(form.email.trim());
      startCountdown('register');
      showToast('success', intl.formatMessage({ id: 'auth.message.registerCodeSent' }));
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = validateRegister(form);
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    setBusy(true);
    try {
      const taken = await checkUsernameOrEmail(form.username.trim(), form.email.trim());
      if (taken.username || taken.email) {
        setErrors({ ...(taken.username && { username: 'auth.check.usernameExists' }), ...(taken.email && { email: 'auth.check.emailExists' }) });
        return;
      }
      await register({ username: form.username.trim(), email: form.email.trim(), password: form.password, code: form.code.trim() });
      showToast('success', intl.formatMessage({ id: 'auth.message.thanksRegister' }));
      openLoginDialog('login', form.username.trim());
    } catch {
      // A failed registration clears the code.
      setForm((f) => ({ ...f, code: '' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      {fields.map((f) => (
        <Field key={f.key} error={errors[f.key]}>
          <input
            data-testid={`register-${f.key}`}
            className={input}
            type={f.type}
            placeholder={intl.formatMessage({ id: f.label })}
            value={form[f.key]}
            onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
          />
        </Field>
      ))}
      <Field error={errors.code}>
        <div className="flex gap-2">
          <input
            data-testid="register-code"
            className={input}
            placeholder={intl.formatMessage({ id: 'auth.field.code' })}
            value={form.code}
            onChange={(e) => setForm({ ...form, code: e.target.value })}
          />
          <button
            data-testid="register-send-code"
            type="button"
            disabled={busy || left > 0}
            onClick={() => void sendCode()}
            className="shrink-0 rounded border border-blue-600 px-2 text-xs text-blue-700 disabled:opacity-50"
          >
            {left > 0 ? <FormattedMessage id="auth.action.resendIn" values={{ seconds: left }} /> : <FormattedMessage id="auth.action.sendCode" />}
          </button>
        </div>
      </Field>
      <SubmitButton busy={busy} label="auth.action.register" testId="register-submit" />
    </form>
  );
}

function ResetForm() {
  const intl = useIntl();
  const cd = useSnapshot(countdownState);
  const [form, setForm] = useState({ email: '', captcha: '' });
  const [errors, setErrors] = useState<FieldErrors<'email' | 'captcha'>>({});
  const [captcha, setCaptcha] = useState<{ img: string; captchaKey: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const left = secondsLeft(cd, 'reset');
  const refresh = () => {
    getCaptcha()
      .then(setCaptcha)
      .catch(() => undefined);
  };
  useEffect(refresh, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = validateReset(form);
    setErrors(errs);
    if (Object.keys(errs).length > 0 || !captcha || left > 0) return;
    setBusy(true);
    try {
      await applyResetPassword({ email: form.email.trim(), captcha: form.captcha.trim(), captchaKey: captcha.captchaKey });
      startCountdown('reset');
      showToast('success', intl.formatMessage({ id: 'auth.message.resetMailSent' }));
    } catch {
      // A failed reset clears the captcha and refreshes it.
      setForm((f) => ({ ...f, captcha: '' }));
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Field error={errors.email}>
        <input
          data-testid="reset-email"
          className={input}
          type="email"
          placeholder={intl.formatMessage({ id: 'auth.field.email' })}
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
        />
      </Field>
      <Field error={errors.captcha}>
        <div className="flex gap-2">
          <input
            data-testid="reset-captcha"
            className={input}
            placeholder={intl.formatMessage({ id: 'auth.field.captcha' })}
            value={form.captcha}
            onChange={(e) => setForm({ ...form, captcha: e.target.value })}
          />
          {captcha && (
            <button type="button" onClick={refresh} title={intl.formatMessage({ id: 'auth.action.refreshCaptcha' })} className="shrink-0">
              <img data-testid="reset-captcha-img" src={captcha.img} width={120} height={40} alt={intl.formatMessage({ id: 'auth.field.captcha' })} />
            </button>
          )}
        </div>
      </Field>
      <button
        data-testid="reset-submit"
        type="submit"
        disabled={busy || left > 0}
        className="w-full rounded bg-blue-600 py-2 text-sm font-medium text-white hover:bg-blue-700 disabled:opacity-60"
      >
        {left > 0 ? <FormattedMessage id="auth.action.resendIn" values={{ seconds: left }} /> : <FormattedMessage id="auth.action.reset" />}
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
    <button type="button" data-testid={`login-mode-${mode}`} className="text-blue-600 hover:underline" onClick={() => openLoginDialog(mode)}>
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
          {state.mode === 'login' && <LoginForm username={state.username} />}
          {state.mode === 'register' && <RegisterForm />}
          {state.mode === 'resetPwd' && <ResetForm />}
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
