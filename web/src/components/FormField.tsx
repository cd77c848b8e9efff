// A labelled form field: the label (a red star when required), the control, and an optional hint under it.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/zh-CN';

export function Field({ label, required, children, hint }: { label: MessageId; required?: boolean; children: ReactNode; hint?: ReactNode }) {
  return (
    <label className="block text-sm">
      <span className="mb-1 block font-medium text-slate-700">
        {required && <span className="mr-0.5 text-red-500">*</span>}
        <FormattedMessage id={label} />
      </span>
      {children}
      {hint && <span className="mt-1 block text-xs text-slate-500">{hint}</span>}
    </label>
  );
}
