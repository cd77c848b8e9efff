// /admin/classes/:id: one class and its students (the student panel, live).
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ClassVO } from '@oj/proto';
import { usePageTitle } from '../../../lib/usePageTitle';
import { getClass } from '../education-api';
import { StudentPanel } from './StudentPanel';

export function ClassPage() {
  const intl = useIntl();
  const id = Number(useParams().classId);
  const [c, setC] = useState<ClassVO | null>(null);
  usePageTitle(c?.name ?? intl.formatMessage({ id: 'eduAdmin.classes.title' }));
  useEffect(() => void getClass(id).then(setC, () => undefined), [id]);
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4" data-testid="edu-class-page">
      <Link to="/admin/classes" className="text-sm text-blue-600">← <FormattedMessage id="eduAdmin.classes.title" /></Link>
      <h1 className="my-2 text-lg font-semibold" data-testid="edu-class-title">{c ? `${c.gradeName} · ${c.name}` : ''}</h1>
      {Number.isInteger(id) && id > 0 && <StudentPanel classId={id} />}
    </div>
  );
}
