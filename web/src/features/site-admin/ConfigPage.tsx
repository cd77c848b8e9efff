// /admin/conf (super admin): the website (name, short name, URL, footer and record fields, registration), the SMTP
// server with a test mail (the password is never shown: only whether one is set; the SMTP error shows on failure),
// the judge setting we have (submit interval, on the switch page) and the home carousel images.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EmailConfigVO, WebConfigDTO } from '@oj/proto';
import { IntInput } from '../../components/IntInput';
import { Loading } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { useLatestRead } from '../../lib/useLatestRead';
import { usePageTitle } from '../../lib/usePageTitle';
import { CarouselAdmin } from './CarouselAdmin';
import { getEmailConfig, getWebConfig, setEmailConfig, setWebConfig, testEmail } from './site-admin-api';
import { card, input, primary } from './styles';
import { useAdminAction } from './useAdminAction';

const WEB_TEXT: [keyof WebConfigDTO, Parameters<ReturnType<typeof useIntl>['formatMessage']>[0]['id']][] = [
  ['name', 'site.conf.name'],
  ['shortName', 'site.conf.shortName'],
  ['baseUrl', 'site.conf.baseUrl'],
  ['description', 'site.conf.description'],
  ['email', 'site.conf.email'],
  ['recordName', 'site.conf.recordName'],
  ['recordUrl', 'site.conf.recordUrl'],
  ['projectName', 'site.conf.projectName'],
  ['projectUrl', 'site.conf.projectUrl'],
];

function WebsiteForm() {
  const [web, setWeb] = useState<WebConfigDTO | null>(null);
  const latest = useLatestRead();
  const load = useCallback(() => latest(getWebConfig(), setWeb), [latest]);
  useEffect(() => void load(), [load]);
  const run = useAdminAction(load);
  if (!web) return <Loading />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => setWebConfig(web));
  };
  return (
    <form className={`${card} space-y-2`} onSubmit={submit} data-testid="conf-web-form">
      <h2 className="font-medium text-slate-700">
        <FormattedMessage id="site.conf.website" />
      </h2>
      <fieldset className="space-y-2" disabled={run.busy}>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEB_TEXT.map(([key, label]) => (
            <label key={key} className="flex flex-col gap-1 text-sm text-slate-600">
              <FormattedMessage id={label} />
              <input className={input} data-testid={`conf-${key}`} value={String(web[key])} onChange={(e) => setWeb({ ...web, [key]: e.target.value })} />
            </label>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          <input type="checkbox" data-testid="conf-register" checked={web.register} onChange={(e) => setWeb({ ...web, register: e.target.checked })} />
          <FormattedMessage id="site.switch.register" />
        </label>
        <button type="submit" className={primary} data-testid="conf-web-save">
          <FormattedMessage id="site.common.save" />
        </button>
      </fieldset>
    </form>
  );
}

function SmtpForm() {
  const intl = useIntl();
  const [smtp, setSmtp] = useState<EmailConfigVO | null>(null);
  const [password, setPassword] = useState('');
  const [to, setTo] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const latest = useLatestRead();
  const load = useCallback(() => latest(getEmailConfig(), setSmtp), [latest]);
  useEffect(() => void load(), [load]);
  const run = useAdminAction(load);
  if (!smtp) return <Loading />;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { emailPasswordSet: _set, ...rest } = smtp;
    if (await run(() => setEmailConfig({ ...rest, ...(password !== '' && { emailPassword: password }) }))) setPassword('');
  };
  const sendTest = async () => {
    setResult(null);
    try {
      await testEmail(to.trim());
      setResult({ ok: true, text: intl.formatMessage({ id: 'site.conf.testSent' }, { email: to.trim() }) });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setResult({ ok: false, text: e.message });
    }
  };
  return (
    <form className={`${card} space-y-2`} onSubmit={(e) => void submit(e)} data-testid="conf-smtp-form">
      <h2 className="font-medium text-slate-700">
        <FormattedMessage id="site.conf.smtp" />
      </h2>
      <fieldset className="space-y-2" disabled={run.busy}>
        <div className="grid gap-2 sm:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm text-slate-600">
            <FormattedMessage id="site.conf.smtpHost" />
            <input className={input} data-testid="conf-smtp-host" value={smtp.emailHost} onChange={(e) => setSmtp({ ...smtp, emailHost: e.target.value })} />
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-600">
            <FormattedMessage id="site.conf.smtpPort" />
            <IntInput className={input} min={1} max={65535} data-testid="conf-smtp-port" value={smtp.emailPort} onValue={(emailPort) => setSmtp({ ...smtp, emailPort })} />
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-600">
            <FormattedMessage id="site.conf.smtpUsername" />
            <input className={input} data-testid="conf-smtp-username" autoComplete="off" value={smtp.emailUsername} onChange={(e) => setSmtp({ ...smtp, emailUsername: e.target.value })} />
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-600">
            <span>
              <FormattedMessage id="site.conf.smtpPassword" />{' '}
              <span className="text-xs text-slate-400" data-testid="conf-smtp-password-state">
                <FormattedMessage id={smtp.emailPasswordSet ? 'site.conf.passwordSet' : 'site.conf.passwordNotSet'} />
              </span>
            </span>
            <input className={input} type="password" autoComplete="new-password" data-testid="conf-smtp-password" placeholder={intl.formatMessage({ id: 'site.conf.passwordKeep' })} value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-600">
            <FormattedMessage id="site.conf.smtpFrom" />
            <input className={input} data-testid="conf-smtp-from" value={smtp.emailFrom} onChange={(e) => setSmtp({ ...smtp, emailFrom: e.target.value })} />
          </label>
          <label className="flex items-center gap-2 self-end text-sm text-slate-600">
            <input type="checkbox" data-testid="conf-smtp-ssl" checked={smtp.emailSsl} onChange={(e) => setSmtp({ ...smtp, emailSsl: e.target.checked })} />
            SSL
          </label>
        </div>
        <button type="submit" className={primary} data-testid="conf-smtp-save">
          <FormattedMessage id="site.common.save" />
        </button>
      </fieldset>
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-2">
        <input className={`${input} w-64`} type="email" data-testid="conf-test-to" placeholder={intl.formatMessage({ id: 'site.conf.testTo' })} value={to} onChange={(e) => setTo(e.target.value)} />
        <button type="button" className={primary} data-testid="conf-test-send" disabled={!to.includes('@')} onClick={() => void sendTest()}>
          <FormattedMessage id="site.conf.testSend" />
        </button>
      </div>
      {result && (
        <p role="status" data-testid="conf-test-result" className={`rounded px-2 py-1 text-sm ${result.ok ? 'bg-green-50 text-green-700' : 'bg-red-50 text-red-700'}`}>
          {result.text}
        </p>
      )}
    </form>
  );
}

export function ConfigPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'site.conf.title' }));
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-semibold text-slate-800">
        <FormattedMessage id="site.conf.title" />
      </h1>
      <WebsiteForm />
      <SmtpForm />
      <CarouselAdmin />
      <p className="text-xs text-slate-500">
        <FormattedMessage id="site.conf.judgeNote" />
      </p>
    </div>
  );
}
