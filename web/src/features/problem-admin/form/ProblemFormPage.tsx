// /admin/problem/create and /admin/problem/edit/:problemId: every field of the problem form with the
// specification's defaults and rules (checked here and again on the server). Mounted under
// /admin/contest/:contestId/problem/… (or a group contest's …/contest/:contestId/problem/create) it is the form of a
// contest's problem: it adds the problem's place in the contest (display id, display title, colour), a new one is a
// contest problem (auth 3), and it saves through the contest's routes (the target's `contest` calls). Given another `target` (a group's problems, features/group/), it loads, saves and uploads
// there, shows the owner's prefix before the display id and offers the owner's auth options.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { AdminTag } from '@oj/proto';
import { IntInput } from '../../../components/IntInput';
import { Loading } from '../../../components/Spinner';
import type { MessageId } from '../../../i18n/zh-CN';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/usePageTitle';
import { languagesState, loadLanguages } from '../../../stores/languages';
import { showToast } from '../../../stores/ui';
import { Field, input, Toggle } from '../../contest/admin/contest-form-fields';
import { ContestPlaceSection } from '../../contest/admin/ContestPlaceSection';
import { placeProblem, useContestPlace } from '../../contest/admin/useContestPlace';
import { CasesSection } from './CasesSection';
import { CheckerSection } from './CheckerSection';
import { LanguagesSection } from './LanguagesSection';
import { ExamplesField, ExtraFilesField, TagsField } from './ListFields';
import { MarkdownField } from './MarkdownField';
import { formFromDetail, formToDTO, newProblemForm, validateProblemForm, withType, type ProblemFormState } from './problem-form-model';
import { BANK_TARGET, ProblemFormTargetContext, type ProblemFormTarget } from './problem-form-target';

function Section({ title, children }: { title: MessageId; children: ReactNode }) {
  return (
    <section className="space-y-3 border-t border-slate-100 px-4 py-4 first:border-t-0">
      <h3 className="text-sm font-semibold text-slate-800">
        <FormattedMessage id={title} />
      </h3>
      {children}
    </section>
  );
}

/** A problem made inside a contest is the contest's (not in the public bank). */
const CONTEST_PROBLEM_AUTH = 3;

/** The stored display id as the form shows it: without the owner's prefix (the server puts it back). */
const withoutPrefix = (f: ProblemFormState, prefix: string): ProblemFormState => (prefix && f.problemId.startsWith(prefix) ? { ...f, problemId: f.problemId.slice(prefix.length) } : f);

export function ProblemFormPage({ target = BANK_TARGET }: { target?: ProblemFormTarget }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { problemId, contestId } = useParams();
  const editing = problemId !== undefined;
  const pid = Number(problemId);
  const cid = contestId === undefined ? null : Number(contestId);
  const contest = useContestPlace(cid, editing ? pid : null, target.contest);
  const back = cid === null ? target.back : target.contest.back(cid);
  usePageTitle(intl.formatMessage({ id: editing ? 'problemAdmin.form.editTitle' : 'problemAdmin.form.createTitle' }));
  const { list: languages, loaded } = useSnapshot(languagesState);
  const own = useMemo(() => languages.filter((l) => l.oj === 'ME'), [languages]);
  const [form, setForm] = useState<ProblemFormState | null>(null);
  const [known, setKnown] = useState<AdminTag[]>([]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    void loadLanguages();
    target.tags().then(setKnown, () => undefined);
  }, [target]);

  useEffect(() => {
    let live = true;
    if (!editing) {
      if (loaded) setForm((f) => f ?? { ...newProblemForm(own.map((l) => l.id)), ...(cid !== null && { auth: CONTEST_PROBLEM_AUTH }) });
      return;
    }
    target.load(pid).then(
      ([d, cases]) => live && setForm(withoutPrefix(formFromDetail(d, cases), target.prefix)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [editing, pid, loaded, own, cid, target]);

  if (failed || contest.failed) {
    return (
      <div className="py-16 text-center text-slate-500">
        <FormattedMessage id="problemAdmin.form.loadFailed" />
      </div>
    );
  }
  if (!form || (cid !== null && !contest.place)) return <Loading />;

  const patch = (p: Partial<ProblemFormState>) => setForm((f) => (f ? { ...f, ...p } : f));
  const languageName = (lid: number) => own.find((l) => l.id === lid)?.name ?? String(lid);

  const save = async () => {
    const problem = validateProblemForm(form, languageName);
    if (problem) {
      const values = Object.fromEntries(Object.entries(problem.values ?? {}).map(([k, v]) => [k, typeof v === 'string' && /^(problemAdmin|checkers)\./.test(v) ? intl.formatMessage({ id: v as MessageId }) : v]));
      showToast('warning', intl.formatMessage({ id: problem.id }, values));
      return;
    }
    const place = contest.place;
    const placeError = place && placeProblem(place);
    if (placeError) {
      showToast('warning', intl.formatMessage({ id: placeError.id }, placeError.values));
      return;
    }
    setBusy(true);
    try {
      const dto = formToDTO(form, languageName);
      const inContest = cid !== null && place ? { ...dto, cid, displayId: place.displayId.trim(), displayTitle: place.displayTitle.trim(), color: place.color } : null;
      if (editing) {
        await (inContest && target.contest.update ? target.contest.update(inContest) : target.update(dto));
        showToast('success', intl.formatMessage({ id: 'problemAdmin.form.updated' }));
      } else {
        await (inContest ? target.contest.create(inContest) : target.create(dto));
        showToast('success', intl.formatMessage({ id: 'problemAdmin.form.created' }));
      }
      navigate(back);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };

  const text = (key: 'problemId' | 'title' | 'author' | 'source' | 'ioReadFileName' | 'ioWriteFileName', testId: string) => (
    <input className={input} value={form[key]} onChange={(e) => patch({ [key]: e.target.value })} data-testid={testId} />
  );

  return (
    <ProblemFormTargetContext.Provider value={target}>
      <div className="rounded-lg border border-slate-200 bg-white" data-testid="problem-form">
        <div className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-800">
          <FormattedMessage id={editing ? 'problemAdmin.form.editTitle' : 'problemAdmin.form.createTitle'} />
        </div>
        {contest.place && <ContestPlaceSection place={contest.place} onChange={contest.setPlace} />}
        <Section title="problemAdmin.form.basics">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Field label="problemAdmin.form.problemId" required>
              {target.prefix ? (
                <div className="flex items-center">
                  <span className="rounded-l border border-r-0 border-slate-300 bg-slate-50 px-2 py-1 font-mono text-sm text-slate-600" data-testid="problem-form-prefix">
                    {target.prefix}
                  </span>
                  {text('problemId', 'problem-form-problem-id')}
                </div>
              ) : (
                text('problemId', 'problem-form-problem-id')
              )}
            </Field>
            <div className="sm:col-span-2 lg:col-span-3">
              <Field label="problemAdmin.form.title" required>
                {text('title', 'problem-form-title')}
              </Field>
            </div>
            <Field label="problemAdmin.form.timeLimit">
              <IntInput className={input} value={form.timeLimit} min={1} onValue={(timeLimit) => patch({ timeLimit })} data-testid="problem-form-time" />
            </Field>
            <Field label="problemAdmin.form.memoryLimit">
              <IntInput className={input} value={form.memoryLimit} min={1} onValue={(memoryLimit) => patch({ memoryLimit })} data-testid="problem-form-memory" />
            </Field>
            <Field label="problemAdmin.form.stackLimit">
              <IntInput className={input} value={form.stackLimit} min={1} onValue={(stackLimit) => patch({ stackLimit })} data-testid="problem-form-stack" />
            </Field>
            <Field label="problemAdmin.form.difficulty">
              <select className={input} value={form.difficulty} onChange={(e) => patch({ difficulty: Number(e.target.value) })}>
                {(['problemAdmin.form.difficulty0', 'problemAdmin.form.difficulty1', 'problemAdmin.form.difficulty2'] as const).map((id, i) => (
                  <option key={id} value={i}>
                    {intl.formatMessage({ id })}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="problemAdmin.form.type">
              <select className={input} value={form.type} onChange={(e) => setForm(withType(form, e.target.value === '1' ? 1 : 0))} data-testid="problem-form-type">
                <option value={0}>ACM</option>
                <option value={1}>OI</option>
              </select>
            </Field>
            <Field label="problemAdmin.form.auth">
              <select className={input} value={form.auth} onChange={(e) => patch({ auth: Number(e.target.value) })} data-testid="problem-form-auth">
                {(['problemAdmin.form.auth1', 'problemAdmin.form.auth2', 'problemAdmin.form.auth3'] as const).map((id, i) => (
                  <option key={id} value={i + 1} disabled={!target.auths.includes(i + 1)}>
                    {intl.formatMessage({ id })}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="problemAdmin.form.author">{text('author', 'problem-form-author')}</Field>
            <Field label="problemAdmin.form.source">{text('source', 'problem-form-source')}</Field>
          </div>
          <div className="flex flex-wrap gap-6">
            <Toggle label="problemAdmin.form.codeShare" checked={form.codeShare} onChange={(v) => patch({ codeShare: v })} testId="problem-form-code-share" />
            <Toggle label="problemAdmin.form.removeEndBlank" checked={form.isRemoveEndBlank} onChange={(v) => patch({ isRemoveEndBlank: v })} testId="problem-form-remove-end-blank" />
            <Toggle label="problemAdmin.form.openCaseResult" checked={form.openCaseResult} onChange={(v) => patch({ openCaseResult: v })} testId="problem-form-open-case-result" />
          </div>
        </Section>
        <Section title="problemAdmin.form.statement">
          <MarkdownField label="problemAdmin.form.description" value={form.description} onChange={(v) => patch({ description: v })} testId="problem-form-description" rows={10} />
          <MarkdownField label="problemAdmin.form.inputDescription" value={form.input} onChange={(v) => patch({ input: v })} required testId="problem-form-input" rows={4} />
          <MarkdownField label="problemAdmin.form.outputDescription" value={form.output} onChange={(v) => patch({ output: v })} required testId="problem-form-output" rows={4} />
          <Field label="problemAdmin.form.examples">
            <ExamplesField examples={form.examples} onChange={(examples) => patch({ examples })} />
          </Field>
          <MarkdownField label="problemAdmin.form.hint" value={form.hint} onChange={(v) => patch({ hint: v })} testId="problem-form-hint" rows={4} />
        </Section>
        <Section title="problemAdmin.form.tagsAndLanguages">
          <TagsField tags={form.tags} onChange={(tags) => patch({ tags })} known={known} />
          <LanguagesSection form={form} patch={patch} languages={own} />
        </Section>
        <Section title="problemAdmin.form.judge">
          <CheckerSection form={form} patch={patch} />
          <div className="space-y-2">
            <Toggle label="problemAdmin.form.fileIo" checked={form.isFileIO} onChange={(v) => patch({ isFileIO: v })} testId="problem-form-file-io" />
            {form.isFileIO && (
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label="problemAdmin.form.ioRead" required>
                  {text('ioReadFileName', 'problem-form-io-read')}
                </Field>
                <Field label="problemAdmin.form.ioWrite" required>
                  {text('ioWriteFileName', 'problem-form-io-write')}
                </Field>
              </div>
            )}
          </div>
          <ExtraFilesField label="problemAdmin.form.userExtraFiles" files={form.userExtraFile} onChange={(userExtraFile) => patch({ userExtraFile })} testId="problem-form-user-files" />
          <ExtraFilesField label="problemAdmin.form.judgeExtraFiles" files={form.judgeExtraFile} onChange={(judgeExtraFile) => patch({ judgeExtraFile })} testId="problem-form-judge-files" />
        </Section>
        <Section title="problemAdmin.form.testCases">
          <CasesSection form={form} patch={patch} />
        </Section>
        <div className="flex justify-end gap-2 border-t border-slate-200 px-4 py-3">
          <button type="button" className="rounded border border-slate-300 px-4 py-1.5 text-sm" onClick={() => navigate(back)}>
            <FormattedMessage id="problemAdmin.form.cancel" />
          </button>
          <button type="button" className="rounded bg-blue-600 px-4 py-1.5 text-sm text-white hover:bg-blue-700 disabled:opacity-50" disabled={busy} onClick={() => void save()} data-testid="problem-form-save">
            <FormattedMessage id="problemAdmin.form.save" />
          </button>
        </div>
      </div>
    </ProblemFormTargetContext.Provider>
  );
}
