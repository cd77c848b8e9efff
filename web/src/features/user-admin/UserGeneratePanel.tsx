// Generate accounts (prefix + number + suffix, a random password each); their usernames and passwords are
// downloaded once, as CSV or Excel, by the admin who generated them (the server deletes them on the download).
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { USER_GENERATE_LIMITS, type GenerateUserBody, type GenerateUserVO } from '@oj/proto';
import { ApiError } from '../../lib/api';
import { showToast } from '../../stores/ui';
import { downloadGenerated, generateUsers } from './user-admin-api';
import { btn, card, input, primary } from './styles';

export function UserGeneratePanel({ onGenerated }: { onGenerated: () => void }) {
  const intl = useIntl();
  const [form, setForm] = useState<GenerateUserBody>({ prefix: '', suffix: '', number_from: 1, number_to: 10, password_length: 6 });
  const [result, setResult] = useState<GenerateUserVO | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.number_to < form.number_from) return showToast('warning', intl.formatMessage({ id: 'useradmin.generate.rangeError' }));
    if (form.password_length < USER_GENERATE_LIMITS.passwordMin || form.password_length > USER_GENERATE_LIMITS.passwordMax) {
      return showToast('warning', intl.formatMessage({ id: 'useradmin.generate.lengthError' }));
    }
    setBusy(true);
    try {
      setResult(await generateUsers(form));
      onGenerated();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  };
  const download = (format: 'csv' | 'xlsx') => {
    if (!result) return;
    const key = result.key;
    setResult(null);
    void downloadGenerated(key, format).catch((err: unknown) => {
      if (!(err instanceof ApiError)) throw err;
    });
  };
  const field = (key: keyof GenerateUserBody, label: Parameters<typeof intl.formatMessage>[0]['id'], numeric: boolean) => (
    <label className="flex flex-col gap-1 text-sm text-slate-600">
      <FormattedMessage id={label} />
      <input
        className={`${input} w-32`}
        data-testid={`user-generate-${key}`}
        type={numeric ? 'number' : 'text'}
        value={form[key] ?? ''}
        onChange={(e) => setForm({ ...form, [key]: numeric ? Number(e.target.value) : e.target.value })}
      />
    </label>
  );

  return (
    <section className={card} data-testid="user-generate">
      <h2 className="mb-2 font-medium text-slate-700">
        <FormattedMessage id="useradmin.generate.title" />
      </h2>
      <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => void submit(e)}>
        {field('prefix', 'useradmin.generate.prefix', false)}
        {field('suffix', 'useradmin.generate.suffix', false)}
        {field('number_from', 'useradmin.generate.from', true)}
        {field('number_to', 'useradmin.generate.to', true)}
        {field('password_length', 'useradmin.generate.passwordLength', true)}
        <button type="submit" className={primary} disabled={busy} data-testid="user-generate-submit">
          <FormattedMessage id="useradmin.generate.submit" />
        </button>
      </form>
      {result && (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-testid="user-generate-result">
          <FormattedMessage id="useradmin.generate.done" values={{ count: result.count }} />
          <button type="button" className={btn} data-testid="user-generate-csv" onClick={() => download('csv')}>
            <FormattedMessage id="useradmin.generate.csv" />
          </button>
          <button type="button" className={btn} data-testid="user-generate-xlsx" onClick={() => download('xlsx')}>
            <FormattedMessage id="useradmin.generate.xlsx" />
          </button>
        </div>
      )}
    </section>
  );
}
