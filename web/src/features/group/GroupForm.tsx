// The group create / setting form: name, short name, brief, type (public, protected, private), the invitation code
// for a group that is not public, the visible switch and the description (markdown, with a preview). The rules are
// proto's `groupFormProblem`, the server's own: the first broken one is shown before anything is sent.
import { FormattedMessage, useIntl } from 'react-intl';
import { GROUP_AUTH, GROUP_LIMITS, groupFormProblem, type GroupBody } from '@oj/proto';
import { Field } from '../../components/FormField';
import { showToast } from '../../stores/ui';
import { GROUP_AUTH_NAMES } from './GroupBadges';
import { MarkdownInput } from './MarkdownInput';

export interface GroupFormValue {
  name: string;
  shortName: string;
  brief: string;
  auth: number;
  code: string;
  visible: boolean;
  description: string;
}

export const emptyGroupForm = (): GroupFormValue => ({ name: '', shortName: '', brief: '', auth: GROUP_AUTH.PUBLIC, code: '', visible: true, description: '' });

export const groupBodyOf = (f: GroupFormValue): GroupBody => ({
  name: f.name.trim(),
  shortName: f.shortName.trim(),
  brief: f.brief.trim(),
  auth: f.auth,
  ...(f.auth !== GROUP_AUTH.PUBLIC && { code: f.code.trim() }),
  visible: f.visible,
  description: f.description.trim(),
});

const input = 'w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:border-blue-500 focus:outline-none';

/** Checks the form; shows the first broken rule and answers false, or answers true. */
export function useGroupFormCheck(): (f: GroupFormValue) => boolean {
  const intl = useIntl();
  return (f) => {
    const problem = groupFormProblem(groupBodyOf(f), { partial: false });
    if (!problem) return true;
    showToast('warning', intl.formatMessage({ id: `error.${problem.code}` }, problem.params));
    return false;
  };
}

export function GroupForm({ value, onChange }: { value: GroupFormValue; onChange: (v: GroupFormValue) => void }) {
  const intl = useIntl();
  const set = <K extends keyof GroupFormValue>(k: K, v: GroupFormValue[K]) => onChange({ ...value, [k]: v });
  const L = GROUP_LIMITS;
  const count = (s: string, max: number) => `${[...s].length}/${max}`;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="group-form">
      <Field label="group.form.name" required hint={count(value.name, L.nameMax)}>
        <input className={input} value={value.name} maxLength={L.nameMax} onChange={(e) => set('name', e.target.value)} data-testid="group-form-name" />
      </Field>
      <Field label="group.form.shortName" required hint={<FormattedMessage id="group.form.shortNameHint" values={{ count: count(value.shortName, L.shortNameMax) }} />}>
        <input className={input} value={value.shortName} maxLength={L.shortNameMax} onChange={(e) => set('shortName', e.target.value)} data-testid="group-form-short-name" />
      </Field>
      <div className="md:col-span-2">
        <Field label="group.form.brief" required hint={count(value.brief, L.briefMax)}>
          <input className={input} value={value.brief} maxLength={L.briefMax} onChange={(e) => set('brief', e.target.value)} data-testid="group-form-brief" />
        </Field>
      </div>
      <Field label="group.form.auth" required>
        <select className={input} value={value.auth} onChange={(e) => set('auth', Number(e.target.value))} data-testid="group-form-auth">
          {GROUP_AUTH_NAMES.map(([auth, name]) => (
            <option key={auth} value={auth}>
              {intl.formatMessage({ id: name })}
            </option>
          ))}
        </select>
      </Field>
      {value.auth !== GROUP_AUTH.PUBLIC ? (
        <Field label="group.form.code" required hint={<FormattedMessage id="group.form.codeHint" values={{ length: L.codeLength }} />}>
          <input className={`${input} font-mono`} value={value.code} maxLength={L.codeLength} onChange={(e) => set('code', e.target.value)} data-testid="group-form-code" />
        </Field>
      ) : (
        <div />
      )}
      <label className="flex items-center gap-2 text-sm text-slate-700 md:col-span-2">
        <input type="checkbox" checked={value.visible} onChange={(e) => set('visible', e.target.checked)} data-testid="group-form-visible" />
        <FormattedMessage id="group.form.visible" />
        <span className="text-xs text-slate-400">
          <FormattedMessage id="group.form.visibleHint" />
        </span>
      </label>
      <div className="md:col-span-2">
        <MarkdownInput label="group.form.description" value={value.description} onChange={(v) => set('description', v)} rows={8} maxLength={L.descriptionMax} aside={count(value.description, L.descriptionMax)} testId="group-form-description" />
      </div>
    </div>
  );
}
