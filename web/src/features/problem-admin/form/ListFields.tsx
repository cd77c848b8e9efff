// List-shaped fields of the problem form: tags (existing ones suggested, new ones created on save, duplicates
// refused with "Add Tag Error"), examples, and extra files (name → content) for the program or the judge.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminTag } from '@oj/proto';
import type { MessageId } from '../../../i18n/zh-CN';
import { showToast } from '../../../stores/ui';

const box = 'rounded border border-slate-300 px-2 py-1 text-sm';

export function TagsField({ tags, onChange, known }: { tags: { id?: number; name: string }[]; onChange: (t: { id?: number; name: string }[]) => void; known: readonly AdminTag[] }) {
  const intl = useIntl();
  const [draft, setDraft] = useState('');
  const add = () => {
    const name = draft.trim();
    if (!name) return;
    if (tags.some((t) => t.name.toLowerCase() === name.toLowerCase())) {
      showToast('warning', intl.formatMessage({ id: 'problemAdmin.form.addTagError' }));
      return;
    }
    const existing = known.find((t) => t.name.toLowerCase() === name.toLowerCase());
    onChange([...tags, existing ? { id: existing.id, name: existing.name } : { name }]);
    setDraft('');
  };
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="problem-form-tags">
      {tags.map((t) => (
        <span key={t.name} className="flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-xs">
          {t.name}
          {t.id === undefined && <span className="text-[10px] text-green-700">+</span>}
          <button type="button" aria-label={intl.formatMessage({ id: 'problemAdmin.form.remove' })} className="text-slate-400 hover:text-red-600" onClick={() => onChange(tags.filter((x) => x !== t))}>
            ×
          </button>
        </span>
      ))}
      <input
        className={`${box} w-40`}
        list="problem-form-known-tags"
        value={draft}
        placeholder={intl.formatMessage({ id: 'problemAdmin.form.tagPlaceholder' })}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
        data-testid="problem-form-tag-input"
      />
      <datalist id="problem-form-known-tags">
        {known.map((t) => (
          <option key={t.id} value={t.name} />
        ))}
      </datalist>
      <button type="button" className="text-xs text-blue-600 hover:underline" onClick={add} data-testid="problem-form-tag-add">
        <FormattedMessage id="problemAdmin.form.addTag" />
      </button>
    </div>
  );
}

export function ExamplesField({ examples, onChange }: { examples: { input: string; output: string }[]; onChange: (e: { input: string; output: string }[]) => void }) {
  const intl = useIntl();
  const set = (i: number, p: Partial<{ input: string; output: string }>) => onChange(examples.map((e, j) => (j === i ? { ...e, ...p } : e)));
  return (
    <div className="space-y-2" data-testid="problem-form-examples">
      {examples.map((e, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
          <textarea className={`${box} font-mono`} rows={3} value={e.input} placeholder={intl.formatMessage({ id: 'problemAdmin.form.exampleInput' }, { n: i + 1 })} onChange={(ev) => set(i, { input: ev.target.value })} />
          <textarea className={`${box} font-mono`} rows={3} value={e.output} placeholder={intl.formatMessage({ id: 'problemAdmin.form.exampleOutput' }, { n: i + 1 })} onChange={(ev) => set(i, { output: ev.target.value })} />
          <button type="button" className="self-start text-xs text-red-600 hover:underline" onClick={() => onChange(examples.filter((_, j) => j !== i))}>
            <FormattedMessage id="problemAdmin.form.remove" />
          </button>
        </div>
      ))}
      <button type="button" className="text-sm text-blue-600 hover:underline" onClick={() => onChange([...examples, { input: '', output: '' }])}>
        <FormattedMessage id="problemAdmin.form.addExample" />
      </button>
      {examples.length > 2 && (
        <p className="text-xs text-amber-700">
          <FormattedMessage id="problemAdmin.form.examplesAdvice" />
        </p>
      )}
    </div>
  );
}

export function ExtraFilesField({ label, files, onChange, testId }: { label: MessageId; files: { name: string; content: string }[]; onChange: (f: { name: string; content: string }[]) => void; testId: string }) {
  const intl = useIntl();
  const set = (i: number, p: Partial<{ name: string; content: string }>) => onChange(files.map((f, j) => (j === i ? { ...f, ...p } : f)));
  return (
    <div className="space-y-2 text-sm" data-testid={testId}>
      <div className="font-medium text-slate-700">
        <FormattedMessage id={label} />
      </div>
      {files.map((f, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-[12rem_1fr_auto]">
          <input className={box} value={f.name} placeholder={intl.formatMessage({ id: 'problemAdmin.form.fileName' })} onChange={(e) => set(i, { name: e.target.value })} />
          <textarea className={`${box} font-mono text-xs`} rows={3} value={f.content} placeholder={intl.formatMessage({ id: 'problemAdmin.form.fileContent' })} onChange={(e) => set(i, { content: e.target.value })} />
          <button type="button" className="self-start text-xs text-red-600 hover:underline" onClick={() => onChange(files.filter((_, j) => j !== i))}>
            <FormattedMessage id="problemAdmin.form.remove" />
          </button>
        </div>
      ))}
      <button type="button" className="text-xs text-blue-600 hover:underline" onClick={() => onChange([...files, { name: '', content: '' }])}>
        <FormattedMessage id="problemAdmin.form.addFile" />
      </button>
    </div>
  );
}
