// /admin/switch (super admin): the site's switches and limits. Saved in the database and applied at once by every
// gateway (and pushed to open browsers, which hide or show the discussion entry). Also the remote judges' accounts.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SwitchConfig } from '@oj/proto';
import { Loading } from '../../components/Spinner';
import { RemoteAccountsSection } from '../admin/remote-judge/RemoteAccountsSection';
import { useLatestRead } from '../../lib/useLatestRead';
import { usePageTitle } from '../../lib/usePageTitle';
import { getSwitches, setSwitches } from './site-admin-api';
import { card, input, primary } from './styles';
import { useAdminAction } from './useAdminAction';

type Flag = 'openPublicDiscussion' | 'openGroupDiscussion' | 'openContestComment' | 'register' | 'openCodeShare';
type Limit = 'defaultCreateDiscussionACInitValue' | 'defaultCreateCommentACInitValue' | 'defaultCreateDiscussionDailyLimit' | 'defaultCreateGroupACInitValue' | 'defaultCreateGroupDailyLimit' | 'defaultCreateGroupLimit' | 'defaultSubmitInterval';

const FLAGS: [Flag, Parameters<ReturnType<typeof useIntl>['formatMessage']>[0]['id']][] = [
  ['openPublicDiscussion', 'site.switch.openPublicDiscussion'],
  ['openGroupDiscussion', 'site.switch.openGroupDiscussion'],
  ['openContestComment', 'site.switch.openContestComment'],
  ['register', 'site.switch.register'],
  ['openCodeShare', 'site.switch.openCodeShare'],
];
const LIMITS: [Limit, Parameters<ReturnType<typeof useIntl>['formatMessage']>[0]['id'], number][] = [
  ['defaultCreateDiscussionACInitValue', 'site.switch.discussionAc', 100_000],
  ['defaultCreateCommentACInitValue', 'site.switch.commentAc', 100_000],
  ['defaultCreateDiscussionDailyLimit', 'security.switch.discussionDaily', 10_000],
  ['defaultCreateGroupACInitValue', 'site.switch.groupAc', 100_000],
  ['defaultCreateGroupDailyLimit', 'groupAdmin.switch.dailyLimit', 10_000],
  ['defaultCreateGroupLimit', 'groupAdmin.switch.totalLimit', 10_000],
  ['defaultSubmitInterval', 'site.switch.submitInterval', 86_400],
];

export function SwitchPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'site.switch.title' }));
  const [cfg, setCfg] = useState<SwitchConfig | null>(null);
  // Each load remounts the remote accounts' section: the names saved now keep their password when left empty.
  const [loads, setLoads] = useState(0);
  const latest = useLatestRead();
  const load = useCallback(
    () =>
      latest(getSwitches(), (c) => {
        setCfg(c);
        setLoads((n) => n + 1);
      }),
    [latest],
  );
  useEffect(() => void load(), [load]);
  const run = useAdminAction(load);
  if (!cfg) return <Loading />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => setSwitches(cfg));
  };
  return (
    <form className={`${card} max-w-2xl space-y-4`} onSubmit={submit} data-testid="switch-form" data-loads={loads}>
      <h1 className="text-lg font-semibold text-slate-800">
        <FormattedMessage id="site.switch.title" />
      </h1>
      <fieldset className="space-y-4" disabled={run.busy}>
        <div className="space-y-2">
          {FLAGS.map(([key, label]) => (
            <label key={key} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" data-testid={`switch-${key}`} checked={cfg[key]} onChange={(e) => setCfg({ ...cfg, [key]: e.target.checked })} />
              <FormattedMessage id={label} />
            </label>
          ))}
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          {LIMITS.map(([key, label, max]) => (
            <label key={key} className="flex flex-col gap-1 text-sm text-slate-700">
              <FormattedMessage id={label} />
              <input className={`${input} w-32`} type="number" min={0} max={max} data-testid={`switch-${key}`} value={cfg[key] ?? 0} onChange={(e) => setCfg({ ...cfg, [key]: Math.min(max, Math.max(0, Math.floor(Number(e.target.value) || 0))) })} />
            </label>
          ))}
        </div>
        <p className="text-xs text-slate-500">
          <FormattedMessage id="site.switch.groupNote" />
        </p>
        <RemoteAccountsSection key={loads} value={cfg} onChange={(v) => setCfg({ ...cfg, ...v })} />
        <button type="submit" className={primary} data-testid="switch-save">
          <FormattedMessage id="site.common.save" />
        </button>
      </fieldset>
    </form>
  );
}
