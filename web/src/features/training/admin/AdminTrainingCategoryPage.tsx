// /admin/training/category: the training categories with their name and colour — add, edit in place, delete (the
// server refuses a category still used by a training).
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TrainingCategory } from '@oj/proto';
import { DataTable } from '../../../components/DataTable';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/usePageTitle';
import { showToast } from '../../../stores/ui';
import { CategoryTag } from '../TrainingBadges';
import { getTrainingCategories } from '../training-api';
import { adminAddTrainingCategory, adminDeleteTrainingCategory, adminUpdateTrainingCategory } from './training-admin-api';

const DEFAULT_COLOR = '#409eff';

function useRequiredName() {
  const intl = useIntl();
  return (name: string): boolean => {
    if (name.trim()) return true;
    showToast('warning', intl.formatMessage({ id: 'trainingAdmin.form.required' }, { field: intl.formatMessage({ id: 'trainingAdmin.category.name' }) }));
    return false;
  };
}

function CategoryRow({ c, onChanged }: { c: TrainingCategory; onChanged: () => void }) {
  const intl = useIntl();
  const named = useRequiredName();
  const [name, setName] = useState(c.name);
  const [color, setColor] = useState(c.color);
  const dirty = name !== c.name || color !== c.color;
  const run = async (call: () => Promise<void>, done: 'trainingAdmin.common.updated' | 'trainingAdmin.common.deleted') => {
    try {
      await call();
      showToast('success', intl.formatMessage({ id: done }));
      onChanged();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };
  const save = () => {
    if (named(name)) void run(() => adminUpdateTrainingCategory({ id: c.id, name: name.trim(), color }), 'trainingAdmin.common.updated');
  };
  const remove = () => {
    if (window.confirm(intl.formatMessage({ id: 'trainingAdmin.category.deleteConfirm' }, { name: c.name }))) void run(() => adminDeleteTrainingCategory(c.id), 'trainingAdmin.common.deleted');
  };
  return (
    <tr data-testid="admin-training-category-row" data-category-id={c.id} className="border-t border-slate-100">
      <td className="px-3 py-2">{c.id}</td>
      <td className="px-3 py-2">
        <input data-testid="admin-training-category-name" maxLength={50} className="w-48 rounded border border-slate-300 px-2 py-1 text-sm" value={name} onChange={(e) => setName(e.target.value)} />
      </td>
      <td className="px-3 py-2">
        <input type="color" data-testid="admin-training-category-color" aria-label={intl.formatMessage({ id: 'trainingAdmin.category.color' })} value={color} onChange={(e) => setColor(e.target.value)} />
      </td>
      <td className="px-3 py-2">
        <CategoryTag name={name || c.name} color={color} />
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <button type="button" data-testid="admin-training-category-save" disabled={!dirty} onClick={save} className="mr-1 rounded border border-blue-300 px-2 py-0.5 text-xs text-blue-600 hover:bg-blue-50 disabled:opacity-40">
          <FormattedMessage id="trainingAdmin.form.save" />
        </button>
        <button type="button" data-testid="admin-training-category-delete" onClick={remove} className="rounded border border-red-300 px-2 py-0.5 text-xs text-red-600 hover:bg-red-50">
          <FormattedMessage id="trainingAdmin.list.delete" />
        </button>
      </td>
    </tr>
  );
}

export function AdminTrainingCategoryPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'trainingAdmin.category.title' }));
  const named = useRequiredName();
  const [list, setList] = useState<TrainingCategory[] | null>(null);
  const [reloads, setReloads] = useState(0);
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_COLOR);

  useEffect(() => {
    let live = true;
    getTrainingCategories().then((l) => live && setList(l), () => live && setList([]));
    return () => {
      live = false;
    };
  }, [reloads]);
  const reload = () => setReloads((n) => n + 1);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!named(name)) return;
    try {
      await adminAddTrainingCategory({ name: name.trim(), color });
      showToast('success', intl.formatMessage({ id: 'trainingAdmin.common.created' }));
      setName('');
      reload();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  };

  return (
    <div className="rounded-lg border border-slate-200 bg-white" data-testid="admin-training-category">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
        <Link to="/admin/training" className="text-sm text-blue-600 hover:underline">
          ← <FormattedMessage id="trainingAdmin.form.back" />
        </Link>
        <h1 className="mr-auto text-lg font-semibold text-slate-800">
          <FormattedMessage id="trainingAdmin.category.title" />
        </h1>
        <form onSubmit={(e) => void add(e)} className="flex items-center gap-2">
          <input
            data-testid="admin-training-category-new-name"
            maxLength={50}
            className="w-48 rounded border border-slate-300 px-2 py-1 text-sm"
            placeholder={intl.formatMessage({ id: 'trainingAdmin.category.name' })}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <input type="color" data-testid="admin-training-category-new-color" aria-label={intl.formatMessage({ id: 'trainingAdmin.category.color' })} value={color} onChange={(e) => setColor(e.target.value)} />
          <button type="submit" data-testid="admin-training-category-add" className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700">
            <FormattedMessage id="trainingAdmin.category.add" />
          </button>
        </form>
      </div>
      <DataTable
        data={list && { records: list, total: list.length }}
        loading={list === null}
        testId="admin-training-category-table"
        columns={['trainingAdmin.category.id', 'trainingAdmin.category.name', 'trainingAdmin.category.color', 'trainingAdmin.category.preview', 'trainingAdmin.list.option']}
        row={(c) => <CategoryRow key={`${c.id}:${c.name}:${c.color}`} c={c} onChanged={reload} />}
      />
    </div>
  );
}
