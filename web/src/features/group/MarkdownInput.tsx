// A required markdown text of the group forms (the description, an announcement's content): write or preview
// (rendered and sanitised as it will show), with an optional character count.
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Markdown } from '../../components/Markdown';
import type { MessageId } from '../../i18n/zh-CN';

interface Props {
  label: MessageId;
  value: string;
  onChange: (v: string) => void;
  rows: number;
  maxLength?: number;
  /** Shown at the right of the label (a character count). */
  aside?: ReactNode;
  testId: string;
}

export function MarkdownInput({ label, value, onChange, rows, maxLength, aside, testId }: Props) {
  const [preview, setPreview] = useState(false);
  return (
    <div className="text-sm">
      <div className="mb-1 flex items-center gap-3">
        <span className="font-medium text-slate-700">
          <span className="mr-0.5 text-red-500">*</span>
          <FormattedMessage id={label} />
        </span>
        <button type="button" className="text-xs text-blue-600 hover:underline" onClick={() => setPreview(!preview)} data-testid={`${testId}-preview`}>
          <FormattedMessage id={preview ? 'group.form.write' : 'group.form.preview'} />
        </button>
        {aside && <span className="ml-auto text-xs text-slate-400">{aside}</span>}
      </div>
      {preview ? (
        <div className="markdown-body rounded border border-slate-200 p-3" style={{ minHeight: `${rows * 1.5}rem` }}>
          <Markdown text={value} />
        </div>
      ) : (
        <textarea className="w-full rounded border border-slate-300 px-2 py-1.5 font-mono text-sm focus:border-blue-500 focus:outline-none" rows={rows} maxLength={maxLength} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
      )}
    </div>
  );
}
