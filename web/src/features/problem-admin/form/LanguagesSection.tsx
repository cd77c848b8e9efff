// Languages of the problem form (at least one) and a code template per language: an enabled template is what the
// editor starts from for that language and cannot be empty.
import { FormattedMessage, useIntl } from 'react-intl';
import type { Language } from '@oj/proto';
import type { ProblemFormState } from './problem-form-model';

export function LanguagesSection({ form, patch, languages }: { form: ProblemFormState; patch: (p: Partial<ProblemFormState>) => void; languages: readonly Language[] }) {
  const intl = useIntl();
  const toggle = (id: number, on: boolean) => patch({ languages: on ? [...form.languages, id] : form.languages.filter((l) => l !== id) });
  const template = (lid: number) => form.templates.find((t) => t.lid === lid);
  const setTemplate = (lid: number, p: { code?: string; enabled?: boolean }) => {
    const old = template(lid) ?? { lid, code: '', enabled: false };
    patch({ templates: [...form.templates.filter((t) => t.lid !== lid), { ...old, ...p }] });
  };
  return (
    <section className="space-y-3" data-testid="problem-form-languages">
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <button type="button" className="text-xs text-blue-600 hover:underline" onClick={() => patch({ languages: languages.map((l) => l.id) })}>
          <FormattedMessage id="problemAdmin.form.allLanguages" />
        </button>
        {languages.map((l) => (
          <label key={l.id} className="flex items-center gap-1">
            <input type="checkbox" checked={form.languages.includes(l.id)} onChange={(e) => toggle(l.id, e.target.checked)} data-testid={`problem-form-language-${l.name}`} />
            {l.name}
          </label>
        ))}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-600">
          <FormattedMessage id="problemAdmin.form.templates" />
        </summary>
        <div className="mt-2 space-y-3">
          {languages
            .filter((l) => form.languages.includes(l.id))
            .map((l) => {
              const t = template(l.id);
              return (
                <div key={l.id} className="rounded border border-slate-200 p-2" data-testid="problem-form-template">
                  <label className="mb-1 flex items-center gap-2 text-xs text-slate-600">
                    <input type="checkbox" checked={t?.enabled ?? false} onChange={(e) => setTemplate(l.id, { enabled: e.target.checked })} />
                    <FormattedMessage id="problemAdmin.form.templateEnabled" values={{ language: l.name }} />
                  </label>
                  {t?.enabled && (
                    <textarea
                      className="w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs"
                      rows={6}
                      value={t.code}
                      aria-label={intl.formatMessage({ id: 'problemAdmin.form.templateCode' }, { language: l.name })}
                      onChange={(e) => setTemplate(l.id, { code: e.target.value })}
                    />
                  )}
                </div>
              );
            })}
        </div>
      </details>
    </section>
  );
}
