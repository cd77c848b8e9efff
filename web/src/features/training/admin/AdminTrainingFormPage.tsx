// /admin/training/create and /admin/training/:trainingId/edit: rank (0–2147483647), title, description (markdown
// with image and file uploads), category, auth, password when not public (blank on an edit keeps the stored one),
// visible. Checked before saving with '<field> is required'; without any category an alert leads to category admin.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { TRAINING_AUTH, type TrainingCategory } from '@oj/proto';
import { Loading } from '../../../components/Spinner';
import type { MessageId } from '../../../i18n/zh-CN';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/usePageTitle';
import { showToast } from '../../../stores/ui';
import { Switch } from '../../contest/admin/AdminContestListPage';
import { MarkdownField } from '../../problem-admin/form/MarkdownField';
import { getTrainingCategories } from '../training-api';
import { useTrainingAdmin } from './training-admin-target';
import { checkTrainingForm, emptyTrainingForm, formOf, toTrainingBody, type TrainingField, type TrainingForm } from './training-form';

const FIELD_LABEL: Record<TrainingField, MessageId> = {
  rank: 'trainingAdmin.form.rank',
  title: 'trainingAdmin.form.title',
  description: 'trainingAdmin.form.description',
  category: 'trainingAdmin.form.category',
  password: 'trainingAdmin.form.password',
};

function Label({ id, required }: { id: MessageId; required?: boolean }) {
  return (
    <span className="mb-1 block text-sm font-medium text-slate-700">
      {required && <span className="mr-0.5 text-red-500">*</span>}
      <FormattedMessage id={id} />
    </span>
  );
}

/** No category yet: the form cannot be saved, the alert leads to the category admin. */
function NoCategoryAlert() {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-800" data-testid="training-no-category-alert">
      <FormattedMessage id="trainingAdmin.form.noCategory" />
      <Link to="/admin/training/category" className="rounded bg-amber-600 px-3 py-1 text-white hover:bg-amber-700" data-testid="training-go-category">
        <FormattedMessage id="trainingAdmin.form.goCategory" />
      </Link>
    </div>
  );
}

export function AdminTrainingFormPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { trainingId } = useParams();
  const target = useTrainingAdmin();
  const tid = trainingId === undefined ? undefined : Number(trainingId);
  usePageTitle(intl.formatMessage({ id: tid === undefined ? 'trainingAdmin.form.createTitle' : 'trainingAdmin.form.editTitle' }));
  const [form, setForm] = useState<TrainingForm | null>(tid === undefined ? emptyTrainingForm() : null);
  const [pwdSet, setPwdSet] = useState(false);
  const [categories, setCategories] = useState<TrainingCategory[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getTrainingCategories().then(setCategories, () => setCategories([]));
    if (tid === undefined) return;
    target.get(tid).then(
      (dto) => {
        setForm(formOf(dto));
        setPwdSet(dto.training.pwdSet);
      },
      () => navigate(target.base, { replace: true }),
    );
  }, [tid, navigate]);

  if (!form || !categories) return <Loading />;
  const set = (patch: Partial<TrainingForm>) => setForm({ ...form, ...patch });

  const save = async () => {
    const problem = checkTrainingForm(form, pwdSet);
    if (problem) {
      const text =
        problem.kind === 'rankRange'
          ? intl.formatMessage({ id: 'trainingAdmin.form.rankRange' })
          : intl.formatMessage({ id: 'trainingAdmin.form.required' }, { field: intl.formatMessage({ id: FIELD_LABEL[problem.field] }) });
      showToast('warning', text);
      return;
    }
    setBusy(true);
    try {
      if (tid === undefined) {
        const { tid: created } = await target.create(toTrainingBody(form));
        showToast('success', intl.formatMessage({ id: 'trainingAdmin.common.created' }));
        navigate(`${target.base}/${created}/problems`);
      } else {
        await target.update(toTrainingBody(form, tid));
        showToast('success', intl.formatMessage({ id: 'trainingAdmin.common.updated' }));
        setPwdSet(form.auth !== TRAINING_AUTH.PUBLIC && (pwdSet || form.password.trim() !== ''));
        set({ password: '' });
      }
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };

  const input = 'w-full rounded border border-slate-300 px-2 py-1.5 text-sm';
  return (
    <div className="rounded-lg border border-slate-200 bg-white" data-testid="admin-training-form">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
        <Link to={target.base} className="text-sm text-blue-600 hover:underline">
          ← <FormattedMessage id="trainingAdmin.form.back" />
        </Link>
        <h1 className="mr-auto text-lg font-semibold text-slate-800">
          <FormattedMessage id={tid === undefined ? 'trainingAdmin.form.createTitle' : 'trainingAdmin.form.editTitle'} />
        </h1>
      </div>
      <div className="flex flex-col gap-4 p-4">
        {categories.length === 0 && <NoCategoryAlert />}
        <div className="grid gap-4 md:grid-cols-3">
          <label>
            <Label id="trainingAdmin.form.rank" required />
            <input type="number" min={0} step={1} data-testid="training-form-rank" className={input} value={form.rank} onChange={(e) => set({ rank: e.target.value })} />
          </label>
          <label className="md:col-span-2">
            <Label id="trainingAdmin.form.title" required />
            <input data-testid="training-form-title" maxLength={255} className={input} value={form.title} onChange={(e) => set({ title: e.target.value })} />
          </label>
        </div>
        <MarkdownField label="trainingAdmin.form.description" required value={form.description} onChange={(description) => set({ description })} testId="training-form-description" />
        <div className="grid gap-4 md:grid-cols-3">
          <label>
            <Label id="trainingAdmin.form.category" required />
            <select data-testid="training-form-category" className={input} value={form.categoryId ?? ''} onChange={(e) => set({ categoryId: e.target.value ? Number(e.target.value) : null })}>
              <option value="">{intl.formatMessage({ id: 'trainingAdmin.form.pickCategory' })}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <Label id="trainingAdmin.form.auth" required />
            <div className="flex gap-4 py-1.5 text-sm">
              {([TRAINING_AUTH.PUBLIC, TRAINING_AUTH.PRIVATE] as const).map((a) => (
                <label key={a} className="flex items-center gap-1">
                  <input type="radio" name="auth" data-testid={`training-form-auth-${a}`} checked={form.auth === a} onChange={() => set({ auth: a })} />
                  <FormattedMessage id={a === TRAINING_AUTH.PUBLIC ? 'training.auth.public' : 'training.auth.private'} />
                </label>
              ))}
            </div>
          </fieldset>
          {form.auth !== TRAINING_AUTH.PUBLIC && (
            <label>
              <Label id="trainingAdmin.form.password" required={!pwdSet} />
              <input
                type="password"
                autoComplete="new-password"
                data-testid="training-form-password"
                className={input}
                placeholder={pwdSet ? intl.formatMessage({ id: 'trainingAdmin.form.passwordKeep' }) : ''}
                value={form.password}
                onChange={(e) => set({ password: e.target.value })}
              />
            </label>
          )}
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <Switch checked={form.status} testId="training-form-visible" onChange={(status) => set({ status })} />
          <FormattedMessage id="trainingAdmin.form.visible" />
        </label>
        <div>
          <button type="button" data-testid="training-form-save" disabled={busy} onClick={() => void save()} className="rounded bg-blue-600 px-5 py-1.5 text-sm text-white hover:bg-blue-700 disabled:opacity-60">
            <FormattedMessage id="trainingAdmin.form.save" />
          </button>
        </div>
      </div>
    </div>
  );
}
