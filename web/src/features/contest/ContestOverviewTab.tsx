// The Overview tab: the description (markdown) and, for a password contest the user has not registered for, the
// password card (an empty password warns "Enter the contest password").
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Markdown } from '../../components/Markdown';
import { ApiError } from '../../lib/api';
import { showToast } from '../../stores/ui';
import { registerContest } from './contest-api';
import { useContestShell } from './contest-context';
import { needsPassword } from './contest-tabs';

function PasswordCard({ cid, onRegistered }: { cid: number; onRegistered: () => void }) {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password.trim()) {
      showToast('warning', intl.formatMessage({ id: 'contest.password.empty' }));
      return;
    }
    setBusy(true);
    try {
      await registerContest(cid, password);
      showToast('success', intl.formatMessage({ id: 'contest.password.registered' }));
      setPassword('');
      onRegistered();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="mx-auto mt-6 max-w-md rounded-lg border border-slate-200 bg-slate-50 p-5" data-testid="contest-password-card">
      <h2 className="text-base font-semibold text-slate-800">
        <FormattedMessage id="contest.password.title" />
      </h2>
      <p className="mt-1 text-sm text-slate-500">
        <FormattedMessage id="contest.password.hint" />
      </p>
      <div className="mt-3 flex gap-2">
        <input
          type="password"
          data-testid="contest-password-input"
          autoComplete="off"
          className="flex-1 rounded border border-slate-300 px-2 py-1.5 text-sm"
          placeholder={intl.formatMessage({ id: 'contest.password.placeholder' })}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" data-testid="contest-register" disabled={busy} className="rounded bg-blue-600 px-4 py-1.5 text-sm text-white hover:bg-blue-700 disabled:opacity-60">
          <FormattedMessage id="contest.password.submit" />
        </button>
      </div>
    </form>
  );
}

export function ContestOverviewTab() {
  const { contest, isAdmin, registered, reload } = useContestShell();
  return (
    <div className="px-5 py-4" data-testid="contest-overview">
      <div data-testid="contest-description">
        <Markdown text={contest.description} />
      </div>
      {needsPassword(contest, isAdmin, registered) && <PasswordCard cid={contest.id} onRegistered={reload} />}
    </div>
  );
}
