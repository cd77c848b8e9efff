// /admin/grades: the teacher's grades (a super admin's: everyone's), 100 at a time — add, rename, delete (refused while
// the grade has classes); each opens its classes at /admin/grades/:id.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GradeVO } from '@oj/proto';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useLatestRead } from '../../../lib/useLatestRead';
import { showToast } from '../../../stores/ui';
import { deleteGrade, listGrades, saveGrade } from '../education-api';

export function GradesPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'eduAdmin.grades.title' }));
  const [grades, setGrades] = useState<GradeVO[] | null>(null);
  const [name, setName] = useState('');
  const latest = useLatestRead();
  const load = () => latest(listGrades(), (p) => setGrades(p.records), () => showToast('error', intl.formatMessage({ id: 'eduAdmin.common.baseFailed' })));
  useEffect(() => void load(), []);
  const run = async (call: () => Promise<unknown>, ok: 'eduAdmin.common.saved' | 'eduAdmin.common.deleted') => {
    try {
      await call();
      showToast('success', intl.formatMessage({ id: ok }));
      await load();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (ok === 'eduAdmin.common.deleted') showToast('error', intl.formatMessage({ id: 'eduAdmin.common.deleteFailed' }, { msg: e.message }));
    }
  };
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4" data-testid="edu-grades">
      <h1 className="mb-3 text-lg font-semibold"><FormattedMessage id="eduAdmin.grades.title" /></h1>
      <form
        className="mb-3 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) void run(() => saveGrade({ name: name.trim() }), 'eduAdmin.common.saved').then(() => setName(''));
        }}
      >
        <input data-testid="edu-grade-name" maxLength={50} className="rounded border border-slate-300 px-2 py-1 text-sm" placeholder={intl.formatMessage({ id: 'eduAdmin.grades.name' })} value={name} onChange={(e) => setName(e.target.value)} />
        <button type="submit" data-testid="edu-grade-add" className="rounded bg-blue-600 px-3 py-1 text-sm text-white"><FormattedMessage id="eduAdmin.common.add" /></button>
      </form>
      <table className="w-full text-sm">
        <thead className="bg-slate-50 text-left text-slate-500">
          <tr>
            <th className="px-2 py-1">ID</th>
            <th className="px-2 py-1"><FormattedMessage id="eduAdmin.grades.name" /></th>
            <th className="px-2 py-1"><FormattedMessage id="eduAdmin.grades.classCount" /></th>
            <th className="px-2 py-1"><FormattedMessage id="eduAdmin.common.creator" /></th>
            <th className="px-2 py-1" />
          </tr>
        </thead>
        <tbody>
          {grades?.map((g) => (
            <tr key={g.id} data-testid="edu-grade-row" className="border-t border-slate-100">
              <td className="px-2 py-1">{g.id}</td>
              <td className="px-2 py-1">
                <Link to={`/admin/grades/${g.id}`} className="text-blue-600 hover:underline">{g.name}</Link>
              </td>
              <td className="px-2 py-1">{g.classCount}</td>
              <td className="px-2 py-1">{g.creator}</td>
              <td className="space-x-2 px-2 py-1 text-right">
                <button
                  type="button"
                  className="text-xs text-blue-600"
                  onClick={() => {
                    const n = window.prompt(intl.formatMessage({ id: 'eduAdmin.grades.name' }), g.name)?.trim();
                    if (n) void run(() => saveGrade({ id: g.id, name: n }), 'eduAdmin.common.saved');
                  }}
                >
                  <FormattedMessage id="eduAdmin.common.edit" />
                </button>
                <button
                  type="button"
                  className="text-xs text-red-600"
                  onClick={() => window.confirm(intl.formatMessage({ id: 'eduAdmin.common.deleteConfirm' }, { title: g.name })) && void run(() => deleteGrade(g.id), 'eduAdmin.common.deleted')}
                >
                  <FormattedMessage id="eduAdmin.common.delete" />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
