// The group's Trainings tab: the members' list (rank, title, auth, category, my progress, problems, author; a row
// opens the training's pages inside the group, /group/:gid/training/:tid) and, for group admins, Training Admin (/group/:gid/training/admin: the site's training
// admin pages acting on the group's trainings). Progress follows the training's live topic on its own pages.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { TRAINING_LIMITS, type PageOf, type TrainingVO } from '@oj/proto';
import { DataTable } from '../../components/DataTable';
import { loadAdminMessages } from '../../i18n/locale';
import { readPromise } from '../../lib/read-promise';
import { TrainingAdminContext } from '../training/admin/training-admin-target';
import { CategoryTag, TrainingAuthTag, TrainingProgress } from '../training/TrainingBadges';
import { useGroupShell } from './group-context';
import { getGroupTrainingList, groupTrainingAdmin } from './group-training-api';

const td = 'px-3 py-2';

export function GroupTrainingsTab() {
  const { group, standing } = useGroupShell();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(TRAINING_LIMITS.listPageSize);
  const [data, setData] = useState<PageOf<TrainingVO> | null>(null);
  useEffect(() => {
    let live = true;
    getGroupTrainingList(group.id, page, size).then(
      (d) => live && setData(d),
      () => live && setData({ records: [], total: 0, size, current: page, pages: 0 }),
    );
    return () => {
      live = false;
    };
  }, [group.id, page, size]);

  return (
    <div data-testid="group-trainings">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2">
        <h2 className="mr-auto font-semibold text-slate-800">
          <FormattedMessage id="group.tab.training" />
        </h2>
        {standing.admin && (
          <Link to={`/group/${group.id}/training/admin`} className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50" data-testid="group-training-admin">
            <FormattedMessage id="groupTraining.list.admin" />
          </Link>
        )}
      </div>
      <DataTable
        data={data}
        loading={data === null}
        nowrap
        testId="group-training-table"
        columns={['training.list.number', 'training.list.trainingTitle', 'training.list.auth', 'training.list.category', 'training.list.progress', 'training.list.problemCount', { id: 'training.list.author', className: 'hidden md:table-cell' }]}
        row={(t) => (
          <tr key={t.id} data-testid="group-training-row" data-tid={t.id} className="border-t border-slate-100 hover:bg-slate-50">
            <td className={`${td} text-slate-500`}>{t.rank}</td>
            <td className={td}>
              <Link to={`/group/${group.id}/training/${t.id}`} data-testid="group-training-open" className="font-medium text-blue-600 hover:underline">
                {t.title}
              </Link>
            </td>
            <td className={td}>
              <TrainingAuthTag auth={t.auth} />
            </td>
            <td className={td}>
              <CategoryTag name={t.categoryName} color={t.categoryColor} />
            </td>
            <td className={td} data-testid="group-training-progress" data-ac={t.acCount ?? 0}>
              <TrainingProgress ac={t.acCount ?? 0} total={t.problemCount} />
            </td>
            <td className={td}>{t.problemCount}</td>
            <td className={`${td} hidden text-slate-600 md:table-cell`}>{t.author}</td>
          </tr>
        )}
        pager={{ page, size, onChange: (p, s) => (setPage(p), setSize(s)) }}
      />
    </div>
  );
}

/**
 * The training admin pages inside the group (its admins; the server checks every call again). Their messages are the
 * admin part of the catalogue, which a group's teacher, never in the admin shell, has not loaded yet.
 */
export function GroupTrainingAdmin({ children }: { children: ReactNode }) {
  readPromise(loadAdminMessages());
  const { group, standing } = useGroupShell();
  const target = useMemo(() => groupTrainingAdmin(group.id), [group.id]);
  if (!standing.admin) return null;
  return (
    <div className="p-2" data-testid="group-training-admin-page">
      <TrainingAdminContext.Provider value={target}>{children}</TrainingAdminContext.Provider>
    </div>
  );
}
