// /setting: collapsible Account (password, email, mobile) and UserInfo (avatar, profile fields).
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { LIMITS, type ChangeUserInfoBody } from '@oj/proto';
import type { MessageId } from '../../i18n/zh-CN';
import { takeFile } from '../../lib/file-input';
import { usePageTitle } from '../../lib/usePageTitle';
import { isLoggedIn, sessionState } from '../../stores/session';
import { showToast } from '../../stores/ui';
import { changeEmail, changeMobile, changePassword, changeUserInfo, getChangeEmailCode, uploadAvatar } from '../auth/auth-api';
import { countdownState, secondsLeft, startCountdown } from '../auth/countdown';
import { LoginPrompt } from '../auth/LoginPrompt';
import { checkEmail, checkPassword } from '../auth/validation';
import { validateChangeMobile, type MobileField } from './mobile';

const input = 'w-full rounded border border-slate-300 px-3 py-2 text-sm outline-none focus:border-blue-500';
const button = 'rounded bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 disabled:opacity-60';
const AVATAR_TYPES = /\.(gif|jpe?g|png|bmp|webp)$/i;

function Section({ title, children }: { title: MessageId; children: ReactNode }) {
  return (
    <details open className="mb-6 rounded-lg bg-white p-5 shadow">
      <summary className="cursor-pointer text-lg font-semibold text-slate-800">
        <FormattedMessage id={title} />
      </summary>
      <div className="mt-4">{children}</div>
    </details>
  );
}

function Err({ id }: { id?: MessageId | null }) {
  return id ? (
    <p className="mt-1 text-xs text-red-600" role="alert">
      <FormattedMessage id={id} />
    </p>
  ) : null;
}

function PasswordForm() {
  const intl = useIntl();
  const [f, setF] = useState({ oldPassword: '', newPassword: '', again: '' });
  const [err, setErr] = useState<Partial<Record<keyof typeof f, MessageId>>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Partial<Record<keyof typeof f, MessageId>> = {};
    if (f.oldPassword === '') errs.oldPassword = 'setting.check.currentPasswordRequired';
    const p = checkPassword(f.newPassword);
    if (p) errs.newPassword = p;
    else if (f.newPassword === f.oldPassword) errs.newPassword = 'setting.check.samePassword';
    if (f.again !== f.newPassword) errs.again = 'auth.check.passwordMismatch';
    setErr(errs);
    if (Object.keys(errs).length > 0) return;
    setBusy(true);
    try {
      await changePassword(f.oldPassword, f.newPassword);
      showToast('success', intl.formatMessage({ id: 'setting.message.updated' }));
      setF({ oldPassword: '', newPassword: '', again: '' });
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  const field = (k: keyof typeof f, label: MessageId) => (
    <div className="mb-3">
      <input data-testid={`setting-${k}`} type="password" className={input} placeholder={intl.formatMessage({ id: label })} value={f[k]} onChange={(e) => setF({ ...f, [k]: e.target.value })} />
      <Err id={err[k]} />
    </div>
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex-1">
      <h3 className="mb-3 font-medium text-slate-700">
        <FormattedMessage id="setting.account.changePassword" />
      </h3>
      {field('oldPassword', 'setting.field.currentPassword')}
      {field('newPassword', 'auth.field.newPassword')}
      {field('again', 'auth.field.passwordAgain')}
      <button type="submit" data-testid="setting-password-submit" disabled={busy} className={button}>
        <FormattedMessage id="setting.action.save" />
      </button>
    </form>
  );
}

function EmailForm() {
  const intl = useIntl();
  const session = useSnapshot(sessionState);
  const cd = useSnapshot(countdownState);
  const left = secondsLeft(cd, 'changeEmail');
  const [f, setF] = useState({ password: '', newEmail: '', code: '' });
  const [err, setErr] = useState<Partial<Record<keyof typeof f, MessageId>>>({});
  const [busy, setBusy] = useState(false);
  const emailErr = (): MessageId | null => checkEmail(f.newEmail) ?? (f.newEmail.trim().toLowerCase() === session.user?.email?.toLowerCase() ? 'setting.check.sameEmail' : null);
  const send = async () => {
    const bad = emailErr();
    setErr({ ...err, newEmail: bad ?? undefined });
    if (bad || left > 0) return;
    try {
      await getChangeEmailCode(f.newEmail.trim());
      startCountdown('changeEmail');
      showToast('success', intl.formatMessage({ id: 'auth.message.registerCodeSent' }));
    } catch {
      // shown by the client
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Partial<Record<keyof typeof f, MessageId>> = {};
    if (f.password === '') errs.password = 'setting.check.currentPasswordRequired';
    const em = emailErr();
    if (em) errs.newEmail = em;
    if (!/^\d{6}$/.test(f.code)) errs.code = 'setting.check.codeSixDigits';
    setErr(errs);
    if (Object.keys(errs).length > 0) return;
    setBusy(true);
    try {
      await changeEmail(f.password, f.newEmail.trim(), f.code);
      showToast('success', intl.formatMessage({ id: 'setting.message.updated' }));
      setF({ password: '', newEmail: '', code: '' });
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex-1">
      <h3 className="mb-3 font-medium text-slate-700">
        <FormattedMessage id="setting.account.changeEmail" />
      </h3>
      <p className="mb-2 text-xs text-slate-500">
        <FormattedMessage id="setting.account.currentEmail" values={{ email: session.user?.email ?? '--' }} />
      </p>
      <div className="mb-3">
        <input type="password" className={input} placeholder={intl.formatMessage({ id: 'setting.field.currentPassword' })} value={f.password} onChange={(e) => setF({ ...f, password: e.target.value })} />
        <Err id={err.password} />
      </div>
      <div className="mb-3">
        <input type="email" className={input} placeholder={intl.formatMessage({ id: 'setting.field.newEmail' })} value={f.newEmail} onChange={(e) => setF({ ...f, newEmail: e.target.value })} />
        <Err id={err.newEmail} />
      </div>
      <div className="mb-3 flex gap-2">
        <input className={input} placeholder={intl.formatMessage({ id: 'auth.field.code' })} value={f.code} onChange={(e) => setF({ ...f, code: e.target.value })} />
        <button type="button" disabled={left > 0} onClick={() => void send()} className="shrink-0 rounded border border-blue-600 px-2 text-xs text-blue-700 disabled:opacity-50">
          {left > 0 ? <FormattedMessage id="auth.action.resendIn" values={{ seconds: left }} /> : <FormattedMessage id="auth.action.sendCode" />}
        </button>
      </div>
      <Err id={err.code} />
      <button type="submit" disabled={busy} className={button}>
        <FormattedMessage id="setting.action.save" />
      </button>
    </form>
  );
}

function MobileForm() {
  const intl = useIntl();
  const session = useSnapshot(sessionState);
  const [f, setF] = useState<Record<MobileField, string>>({ password: '', newMobile: '' });
  const [err, setErr] = useState<Partial<Record<MobileField, MessageId>>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = validateChangeMobile(f, session.user?.mobile);
    setErr(errs);
    if (Object.keys(errs).length > 0) return;
    setBusy(true);
    try {
      await changeMobile(f.password, f.newMobile.trim());
      showToast('success', intl.formatMessage({ id: 'setting.message.updated' }));
      setF({ password: '', newMobile: '' });
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex-1" data-testid="setting-mobile-form">
      <h3 className="mb-3 font-medium text-slate-700">
        <FormattedMessage id="setting.account.changeMobile" />
      </h3>
      <p className="mb-2 text-xs text-slate-500">
        <FormattedMessage id="setting.account.currentMobile" values={{ mobile: session.user?.mobile ?? '--' }} />
      </p>
      <div className="mb-3">
        <input data-testid="setting-mobile-password" type="password" className={input} placeholder={intl.formatMessage({ id: 'setting.field.currentPassword' })} value={f.password} onChange={(e) => setF({ ...f, password: e.target.value })} />
        <Err id={err.password} />
      </div>
      <div className="mb-3">
        <input data-testid="setting-mobile-new" type="tel" className={input} placeholder={intl.formatMessage({ id: 'setting.field.newMobile' })} value={f.newMobile} onChange={(e) => setF({ ...f, newMobile: e.target.value })} />
        <Err id={err.newMobile} />
      </div>
      <button type="submit" data-testid="setting-mobile-submit" disabled={busy} className={button}>
        <FormattedMessage id="setting.action.save" />
      </button>
    </form>
  );
}

const INFO_FIELDS: { key: keyof ChangeUserInfoBody; label: MessageId; max: number }[] = [
  { key: 'nickname', label: 'setting.field.nickname', max: 20 },
  { key: 'realname', label: 'setting.field.realname', max: 50 },
  { key: 'school', label: 'setting.field.school', max: 100 },
  { key: 'course', label: 'setting.field.course', max: 100 },
  { key: 'number', label: 'setting.field.number', max: 50 },
  { key: 'github', label: 'setting.field.github', max: 300 },
  { key: 'blog', label: 'setting.field.blog', max: 300 },
  { key: 'cfUsername', label: 'setting.field.cfUsername', max: 100 },
];

function UserInfoForm() {
  const intl = useIntl();
  const session = useSnapshot(sessionState);
  const user = session.user;
  const [f, setF] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!user) return;
    const next: Record<string, string> = { gender: user.gender ?? '', signature: user.signature ?? '' };
    for (const { key } of INFO_FIELDS) next[key] = (user[key as keyof typeof user] as string | null) ?? '';
    setF(next);
  }, [user]);

  const onAvatar = async (file: File | undefined) => {
    if (!file) return;
    if (!AVATAR_TYPES.test(file.name)) return showToast('error', intl.formatMessage({ id: 'setting.avatar.badType' }));
    if (file.size > LIMITS.avatarMaxBytes) return showToast('error', intl.formatMessage({ id: 'setting.avatar.tooLarge' }));
    try {
      await uploadAvatar(file);
      showToast('success', intl.formatMessage({ id: 'setting.message.updated' }));
    } catch {
      // shown already
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await changeUserInfo(f as ChangeUserInfoBody);
      showToast('success', intl.formatMessage({ id: 'setting.message.updated' }));
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <div className="mb-5 flex items-center gap-4">
        {user?.avatar ? (
          <img data-testid="setting-avatar" src={user.avatar} alt="" className="h-20 w-20 rounded-full object-cover" />
        ) : (
          <div className="flex h-20 w-20 items-center justify-center rounded-full bg-slate-200 text-2xl text-slate-500">{user?.username.slice(0, 1).toUpperCase()}</div>
        )}
        <label className="cursor-pointer rounded border border-slate-300 px-3 py-2 text-sm hover:bg-slate-50">
          <FormattedMessage id="setting.avatar.upload" />
          <input data-testid="setting-avatar-input" type="file" accept=".gif,.jpg,.jpeg,.png,.bmp,.webp" className="hidden" onChange={(e) => void onAvatar(takeFile(e))} />
        </label>
        <span className="text-xs text-slate-500">
          <FormattedMessage id="setting.avatar.hint" />
        </span>
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {INFO_FIELDS.map((d) => (
          <label key={d.key} className="text-sm text-slate-600">
            <FormattedMessage id={d.label} />
            <input data-testid={`setting-info-${d.key}`} className={input} maxLength={d.max} value={f[d.key] ?? ''} onChange={(e) => setF({ ...f, [d.key]: e.target.value })} />
          </label>
        ))}
        <label className="text-sm text-slate-600">
          <FormattedMessage id="setting.field.gender" />
          <select className={input} value={f.gender ?? ''} onChange={(e) => setF({ ...f, gender: e.target.value })}>
            <option value="">--</option>
            <option value="male">{intl.formatMessage({ id: 'setting.gender.male' })}</option>
            <option value="female">{intl.formatMessage({ id: 'setting.gender.female' })}</option>
            <option value="secrecy">{intl.formatMessage({ id: 'setting.gender.secrecy' })}</option>
          </select>
        </label>
        <label className="text-sm text-slate-600 md:col-span-2">
          <FormattedMessage id="setting.field.signature" />
          <textarea className={input} rows={4} value={f.signature ?? ''} onChange={(e) => setF({ ...f, signature: e.target.value })} />
        </label>
        <div className="md:col-span-2">
          <button type="submit" data-testid="setting-info-submit" disabled={busy} className={button}>
            <FormattedMessage id="setting.action.save" />
          </button>
        </div>
      </form>
    </div>
  );
}

export function SettingPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'layout.header.setting' }));
  const session = useSnapshot(sessionState);
  if (!isLoggedIn(session)) return <LoginPrompt />;
  return (
    <div className="mx-auto max-w-screen-lg px-4 py-6" data-testid="setting-page">
      <Section title="setting.section.account">
        <div className="flex flex-col gap-8 md:flex-row">
          <PasswordForm />
          <EmailForm />
          <MobileForm />
        </div>
      </Section>
      <Section title="setting.section.userInfo">
        <UserInfoForm />
      </Section>
    </div>
  );
}
