// The group's problem tab: the list members see (the public ones: my status, problem id, title, difficulty, tags,
// AC rate; a row opens the problem inside the group) and, for group admins, Create and Problem Admin.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { GROUP_PAGE_SIZES, type PageOf, type ProblemVO, type UserProblemStatus } from '@oj/proto';
import { DataTable } from '../../components/DataTable';
import { DifficultyTag } from '../problem/list/DifficultyTag';
import { MyStatus } from '../problem/list/MyStatus';
import { PassRate } from '../problem/list/PassRate';
import { getUserProblemStatus } from '../problem/problem-api';
import { useGroupShell } from './group-context';
import { getGroupProblemList } from './group-api';
import { GroupProblemAdmin } from './GroupProblemAdmin';

const td = 'px-3 py-2';

export function GroupProblemsTab() {
  const { group, standing } = useGroupShell();
  const [params, setParams] = useSearchParams();
  const admin = standing.admin && params.get('view') === 'admin';
  return (
    <div data-testid="group-problems">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2">
        <h2 className="mr-auto font-semibold text-slate-800">
          <FormattedMessage id={admin ? 'group.problem.adminTitle' : 'group.tab.problem'} />
        </h2>
        {standing.admin && (
          <>
            <Link to={`/group/${group.id}/problem/create`} className="rounded bg-green-600 px-3 py-1 text-sm text-white hover:bg-green-700" data-testid="group-problem-create">
              <FormattedMessage id="group.problem.create" />
            </Link>
            <button type="button" className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50" onClick={() => setParams(admin ? {} : { view: 'admin' })} data-testid="group-problem-admin-toggle">
              <FormattedMessage id={admin ? 'group.problem.backToList' : 'group.problem.admin'} />
            </button>
          </>
        )}
      </div>
      {admin ? <GroupProblemAdmin /> : <ProblemList />}
    </div>
  );
}

function ProblemList() {
  const { group } = useGroupShell();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(GROUP_PAGE_SIZES.problems);
  const [data, setData] = useState<PageOf<ProblemVO> | null>(null);
  const [loading, setLoading] = useState(true);
  const [mine, setMine] = useState<Record<string, UserProblemStatus>>({});
  const [showTags, setShowTags] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    getGroupProblemList(group.id, { currentPage: page, limit: size })
      .then((d) => {
        if (!live) return;
        setData(d);
        if (d.records.length > 0) void getUserProblemStatus(d.records.map((p) => p.pid)).then((m) => live && setMine(m), () => undefined);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [group.id, page, size]);
  const open = (p: ProblemVO) => navigate(`/group/${group.id}/problem/${encodeURIComponent(p.problemId)}`);
  return (
    <>
      <div className="flex justify-end px-4 pt-2">
        <button type="button" className="text-xs text-blue-600 hover:underline" onClick={() => setShowTags(!showTags)} data-testid="group-problem-tags-toggle">
          <FormattedMessage id={showTags ? 'group.problem.hideTags' : 'group.problem.showTags'} />
        </button>
      </div>
      <DataTable
        data={data}
        loading={loading}
        pager={{ page, size, onChange: (p, s) => (setPage(p), setSize(s)) }}
        testId="group-problem-list"
        columns={['group.problem.status', 'group.problem.problemId', 'group.problem.title', 'group.problem.difficulty', 'group.problem.tags', 'group.problem.acRate']}
        row={(p) => (
          <tr key={p.pid} className="cursor-pointer border-t border-slate-100 hover:bg-slate-50" onClick={() => open(p)} data-testid="group-problem-row" data-problem-id={p.problemId}>
            <td className={td}>
              <MyStatus status={mine[String(p.pid)]?.status} />
            </td>
            <td className={`${td} font-mono`}>{p.problemId}</td>
            <td className={`${td} text-blue-700`}>{p.title}</td>
            <td className={td}>
              <DifficultyTag level={p.difficulty} />
            </td>
            <td className={td}>
              {showTags && (
                <span className="flex flex-wrap gap-1">
                  {p.tags.map((t) => (
                    <span key={t.id} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                      {t.name}
                    </span>
                  ))}
                </span>
              )}
            </td>
            <td className={td} onClick={(e) => e.stopPropagation()}>
              <PassRate p={p} />
            </td>
          </tr>
        )}
      />
    </>
  );
}
