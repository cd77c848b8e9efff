// A list page's keyword box with its Search button (and any further buttons after it).
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../i18n/zh-CN';

interface Props {
  testId: string;
  placeholder: MessageId;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (e: FormEvent) => void;
  children?: ReactNode;
}

export function KeywordSearch({ testId, placeholder, value, onChange, onSubmit, children }: Props) {
  const intl = useIntl();
  // Wraps (and the input narrows) rather than overflow a phone screen when the labels are long.
  return (
    <form onSubmit={onSubmit} className="flex max-w-full flex-wrap gap-2">
      <input
        data-testid={testId}
        className="w-52 min-w-0 max-w-full rounded border border-slate-300 px-2 py-1 text-sm"
        placeholder={intl.formatMessage({ id: placeholder })}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <button type="submit" className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700">
        <FormattedMessage id="common.action.search" />
      </button>
      {children}
    </form>
  );
}
