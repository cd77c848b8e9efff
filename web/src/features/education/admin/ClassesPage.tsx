// /admin/classes and /admin/grades/:id (one grade's classes): the teacher's classes with their grade and student
// count — add (name and grade), rename, delete; each opens its students at /admin/classes/:id.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ClassVO, GradeVO } from '@oj/proto';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useLatestRead } from '../../../lib/useLatestRead';
import { showToast } from '../../../stores/ui';
import { deleteClass, listClasses, listGrades, saveClass } from '../education-api';

export function ClassesPage() {
  const intl = useIntl();
  const params = useParams();
  const gradeId = params.gradeId ? Number(params.gradeId) : undefined;
  usePageTitle(intl.formatMessage({ id: 'eduAdmin.classes.title' }));
  const [grades, setGrades] = useState<GradeVO[]>([]);
  const [list, setList] = useState<ClassVO[] | null>(null);
  const [name, setName] = useState('');
  const [grade, setGrade] = useState<number | ''>(gradeId ?? '');
  const latest = useLatestRead();
  const load = () =>
    latest(
      Promise.all([listGrades(), listClasses(gradeId ? { gradeId } : {})]),
      ([g, c]) => {
        setGrades(g.records);
        setList(c.records);
        setGrade((cur) => (cur === '' && g.records[0] ? g.records[0].id : cur));
      },
      () => showToast('error', intl.formatMessage({ id: 'eduAdmin.common.baseFailed' })),
    );
  useEffect(() => void load(), [gradeId]);
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
  const gradeName = grades.find((g) => g.id === gradeId)?.name;
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4" data-testid="edu-classes">
      <h1 className="mb-3 text-lg font-semibold">
        {gradeId ? <Link to="/admin/grades" className="mr-2 text-sm text-blue-600">← <FormattedMessage id="eduAdmin.grades.title" /></Link> : null}
        <FormattedMessage id="eduAdmin.classes.title" /> {gradeName && `· ${gradeName}`}
      </h1>
      <form
        className="mb-3 flex flex-wrap gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim() && grade !== '') void run(() => saveClass({ name: name.trim(), gradeId: grade }), 'eduAdmin.common.saved').then(() => setName(''));
        }}
      >
        <input data-testid="edu-class-name" maxLength={50} className="rounded border border-slate-300 px-2 py-1 text-sm" placeholder={intl.formatMessage({ id: 'eduAdmin.classes.name' })} value={name} onChange={(e) => setName(e.target.value)} />
        <select data-testid="edu-class-grade" className="rounded border border-slate-300 px-2 py-1 text-sm" value={grade} onChange={(e) => setGrade(Number(e.target.value))}>
          {grades.map((g) => (
            <option key={g.id} value={g.id}>{g.name}</option>
          ))}
        </select>
        <button type="submit" data-testid="edu-class-add" className="rounded bg-blue-600 px-3 py-1 text-sm text-white"><FormattedMessage id="eduAdmin.common.add" /></button>
      </form>
      <table className="w-full text-sm">
        <thead className="bg-slate-50 text-left text-slate-500">
          <tr>
            <th className="px-2 py-1">ID</th>
            <th className="px-2 py-1"><FormattedMessage id="eduAdmin.classes.name" /></th>
            <th className="px-2 py-1"><FormattedMessage id="eduAdmin.grades.name" /></th>
            <th className="px-2 py-1"><FormattedMessage id="eduAdmin.classes.studentCount" /></th>
            <th className="px-2 py-1" />
          </tr>
        </thead>
        <tbody>
          {list?.map((c) => (
            <tr key={c.id} data-testid="edu-class-row" className="border-t border-slate-100">
              <td className="px-2 py-1">{c.id}</td>
              <td className="px-2 py-1"><Link to={`/admin/classes/${c.id}`} className="text-blue-600 hover:underline">{c.name}</Link></td>
              <td className="px-2 py-1">{c.gradeName}</td>
              <td className="px-2 py-1">{c.studentCount}</td>
              <td className="space-x-2 px-2 py-1 text-right">
                <button
                  type="button"
                  className="text-xs text-blue-600"
                  onClick={() => {
                    const n = window.prompt(intl.formatMessage({ id: 'eduAdmin.classes.name' }), c.name)?.trim();
                    if (n) void run(() => saveClass({ id: c.id, name: n, gradeId: c.gradeId }), 'eduAdmin.common.saved');
                  }}
                >
                  <FormattedMessage id="eduAdmin.common.edit" />
                </button>
                <button
                  type="button"
                  className="text-xs text-red-600"
                  onClick={() => window.confirm(intl.formatMessage({ id: 'eduAdmin.common.deleteConfirm' }, { title: c.name })) && void run(() => deleteClass(c.id), 'eduAdmin.common.deleted')}
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
