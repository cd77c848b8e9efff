// The password card of a private contest or training: an empty password warns (the spec's 'Enter the … password'),
// else `register` is called and, once it succeeds, the success toast shows and `onRegistered` runs.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../i18n/zh-CN';
import { ApiError } from '../lib/api';
import { showToast } from '../stores/ui';

interface Props {
  register: (password: string) => Promise<void>;
  onRegistered: () => void;
  messages: { title: MessageId; hint?: MessageId; placeholder: MessageId; empty: MessageId; submit: MessageId; registered: MessageId };
  /** The test ids of the card, the password input and the submit button. */
  testIds: { card: string; input: string; submit: string };
  className?: string;
}

export function PasswordCard({ register, onRegistered, messages, testIds, className = '' }: Props) {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password.trim()) {
      showToast('warning', intl.formatMessage({ id: messages.empty }));
      return;
    }
    setBusy(true);
    try {
      await register(password);
      showToast('success', intl.formatMessage({ id: messages.registered }));
      setPassword('');
      onRegistered();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className={`rounded-lg border border-slate-200 bg-slate-50 p-5 ${className}`} data-testid={testIds.card}>
      <h2 className="text-base font-semibold text-slate-800">
        <FormattedMessage id={messages.title} />
      </h2>
      {messages.hint && (
        <p className="mt-1 text-sm text-slate-500">
          <FormattedMessage id={messages.hint} />
        </p>
      )}
      <div className="mt-3 flex gap-2">
        <input
          type="password"
          data-testid={testIds.input}
          autoComplete="off"
          className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1.5 text-sm"
          placeholder={intl.formatMessage({ id: messages.placeholder })}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" data-testid={testIds.submit} disabled={busy} className="rounded bg-blue-600 px-4 py-1.5 text-sm text-white hover:bg-blue-700 disabled:opacity-60">
          <FormattedMessage id={messages.submit} />
        </button>
      </div>
    </form>
  );
}
