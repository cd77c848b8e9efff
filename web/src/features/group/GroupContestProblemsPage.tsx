// /group/:groupID/contest/:contestId/problems: a group contest's problems with their display ids (remove one), and
// adding one from the group's own problems (optionally made contest-only, auth 3) or from the bank's public ones, or
// Create Problem: the group problem form making a contest-only problem in the contest.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminContestProblemList } from '@oj/proto';
import { showToast } from '../../stores/ui';
import { nextDisplayId } from '../contest/admin/contest-form';
import { GroupContestAdminLinks } from './GroupContestAdminLinks';
import { useGroupShell } from './group-context';
import { useGroupAction } from './useGroupAction';
import { addGroupContestProblemFromGroup, addGroupContestProblemFromPublic, deleteGroupContestProblem, getGroupContestProblems } from './group-contest-api';

const td = 'px-3 py-1.5';
const PAGE = { currentPage: 1, limit: 50 };

export function GroupContestProblemsPage() {
  const intl = useIntl();
  const { group } = useGroupShell();
  const cid = Number(useParams().contestId);
  const [mine, setMine] = useState<AdminContestProblemList | null>(null);
  const [from, setFrom] = useState<'group' | 'public'>('group');
  const [keyword, setKeyword] = useState('');
  const [candidates, setCandidates] = useState<AdminContestProblemList | null>(null);
  const [displayId, setDisplayId] = useState('');
  const [contestOnly, setContestOnly] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    getGroupContestProblems(cid, PAGE).then(
      (d) => {
        if (!live) return;
        setMine(d);
        // The next free letter, as the site's contest admin suggests it (an id typed already stays).
        setDisplayId((cur) => cur || nextDisplayId(Object.values(d.contestProblemMap).map((p) => p.displayId)));
      },
      () => undefined,
    );
    getGroupContestProblems(cid, { ...PAGE, ...(keyword.trim() && { keyword: keyword.trim() }) }, from).then((d) => live && setCandidates(d), () => undefined);
    return () => {
      live = false;
    };
  }, [cid, from, keyword, version]);

  const { run: act } = useGroupAction(() => setVersion((v) => v + 1));
  const run = async (work: () => Promise<unknown>) => {
    if (await act(work, 'gcontest.admin.updated')) setDisplayId('');
  };
  const add = (p: { id: number; problemId: string }) => {
    if (!/^[A-Za-z0-9_-]{1,20}$/.test(displayId.trim())) {
      showToast('warning', intl.formatMessage({ id: 'gcontest.problems.displayIdRequired' }));
      return;
    }
    const id = displayId.trim();
    void run(() => (from === 'group' ? addGroupContestProblemFromGroup({ cid, problemId: p.problemId, displayId: id, contestOnly }) : addGroupContestProblemFromPublic(cid, p.id, id)));
  };
  const remove = (pid: number) => window.confirm(intl.formatMessage({ id: 'gcontest.problems.removeConfirm' })) && void run(() => deleteGroupContestProblem(cid, pid));

  return (
    <div className="space-y-4 p-4" data-testid="group-contest-problem-admin">
      <div className="flex items-center gap-3">
        <h2 className="mr-auto font-semibold text-slate-800">
          <FormattedMessage id="gcontest.problems.title" />
        </h2>
        <Link to={`/group/${group.id}/contest/${cid}/problem/create`} className="rounded bg-green-600 px-3 py-1 text-sm text-white hover:bg-green-700" data-testid="group-contest-problem-create">
          <FormattedMessage id="gcontest.problems.create" />
        </Link>
        <GroupContestAdminLinks gid={group.id} cid={cid} />
      </div>
      <table className="w-full text-sm" data-testid="group-contest-problem-table">
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th className={td}><FormattedMessage id="gcontest.problems.displayId" /></th>
            <th className={td}><FormattedMessage id="gcontest.problems.problemId" /></th>
            <th className={td}><FormattedMessage id="gcontest.admin.title" /></th>
            <th className={td}><FormattedMessage id="gcontest.admin.options" /></th>
          </tr>
        </thead>
        <tbody>
          {mine?.problemList.records.map((p) => (
            <tr key={p.id} className="border-t border-slate-100" data-testid="group-contest-problem-row">
              <td className={td}>{mine.contestProblemMap[String(p.id)]?.displayId}</td>
              <td className={td}>{p.problemId}</td>
              <td className={td}>{mine.contestProblemMap[String(p.id)]?.displayTitle ?? p.title}</td>
              <td className={td}>
                <button type="button" className="text-red-600 hover:underline" onClick={() => remove(p.id)} data-testid="group-contest-problem-remove">
                  <FormattedMessage id="gcontest.problems.remove" />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <section className="space-y-2 rounded border border-slate-200 p-3">
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <select value={from} onChange={(e) => setFrom(e.currentTarget.value as 'group' | 'public')} className="rounded border border-slate-300 px-2 py-1" data-testid="group-contest-problem-source" aria-label={intl.formatMessage({ id: 'gcontest.problems.source' })}>
            <option value="group">{intl.formatMessage({ id: 'gcontest.problems.fromGroup' })}</option>
            <option value="public">{intl.formatMessage({ id: 'gcontest.problems.fromPublic' })}</option>
          </select>
          <input value={keyword} onInput={(e) => setKeyword(e.currentTarget.value)} placeholder={intl.formatMessage({ id: 'gcontest.problems.keyword' })} className="rounded border border-slate-300 px-2 py-1" />
          <input value={displayId} onInput={(e) => setDisplayId(e.currentTarget.value)} placeholder={intl.formatMessage({ id: 'gcontest.problems.displayId' })} className="w-28 rounded border border-slate-300 px-2 py-1" data-testid="group-contest-problem-display-id" />
          {from === 'group' && (
            <label className="flex items-center gap-1">
              <input type="checkbox" checked={contestOnly} onChange={() => setContestOnly((v) => !v)} data-testid="group-contest-problem-contest-only" />
              <FormattedMessage id="gcontest.problems.contestOnly" />
            </label>
          )}
        </div>
        <ul className="divide-y divide-slate-100 text-sm">
          {candidates?.problemList.records.map((p) => (
            <li key={p.id} className="flex items-center gap-3 py-1.5" data-testid="group-contest-candidate">
              <span className="w-32 truncate text-slate-500">{p.problemId}</span>
              <span className="mr-auto truncate">{p.title}</span>
              <button type="button" className="rounded bg-blue-600 px-2 py-0.5 text-white hover:bg-blue-700" onClick={() => add(p)} data-testid="group-contest-candidate-add">
                <FormattedMessage id="gcontest.problems.add" />
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
