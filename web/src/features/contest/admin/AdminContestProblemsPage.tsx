// /admin/contest/:contestId/problems: the contest's problems with display id, display title and balloon colour
// editing, removal, the problem form inside the contest (create one of its own, edit any), and adding from the
// public problems (the display id — the next free letter suggested, a taken one refused — and the colour asked for).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminContestVO } from '@oj/proto';
import { DataTable } from '../../../components/DataTable';
import { Pager } from '../../../components/Pager';
import { Empty, Loading } from '../../../components/Spinner';
import { TableHead } from '../../../components/TableHead';
import { ApiError } from '../../../lib/api';
import { useLatestRead } from '../../../lib/useLatestRead';
import { usePageTitle } from '../../../lib/usePageTitle';
import { showToast } from '../../../stores/ui';
import {
  adminAddProblemFromPublic,
  adminGetAddableProblems,
  adminGetContest,
  adminGetContestProblems,
  adminRemoveContestProblem,
  adminSetContestProblem,
  type AdminContestProblemRow,
} from '../contest-api';
import { RemoteImportButton } from '../../admin/remote-judge/RemoteImportButton';
import { contestDisplayIds } from './contest-admin-api';
import { DISPLAY_ID_PATTERN, displayIdTaken, nextDisplayId } from './contest-form';

const PAGE_SIZE = 10;

function ProblemRow({ cid, row, onChanged }: { cid: number; row: AdminContestProblemRow; onChanged: () => Promise<void> }) {
  const intl = useIntl();
  const [displayId, setDisplayId] = useState(row.displayId);
  const [displayTitle, setDisplayTitle] = useState(row.displayTitle);
  const [color, setColor] = useState<string | null>(row.color);
  useEffect(() => {
    setDisplayId(row.displayId);
    setDisplayTitle(row.displayTitle);
    setColor(row.color);
  }, [row]);
  const dirty = displayId !== row.displayId || displayTitle !== row.displayTitle || color !== row.color;

  const save = async () => {
    if (!DISPLAY_ID_PATTERN.test(displayId.trim())) {
      showToast('warning', intl.formatMessage({ id: 'contest.adminProblems.displayIdInvalid' }));
      return;
    }
    if (!displayTitle.trim()) {
      showToast('warning', intl.formatMessage({ id: 'contest.adminProblems.displayTitleRequired' }));
      return;
    }
    try {
      await adminSetContestProblem({ cid, pid: row.pid, displayId: displayId.trim(), displayTitle: displayTitle.trim(), color });
      showToast('success', intl.formatMessage({ id: 'contest.admin.updated' }));
      await onChanged();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };

  const remove = async () => {
    if (!window.confirm(intl.formatMessage({ id: 'contest.adminProblems.removeConfirm' }, { id: row.displayId }))) return;
    try {
      await adminRemoveContestProblem(cid, row.pid);
      showToast('success', intl.formatMessage({ id: 'contest.admin.deleted' }));
      await onChanged();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };

  const td = 'px-3 py-2';
  return (
    <tr data-testid="admin-contest-problem-row" data-display-id={row.displayId} data-pid={row.pid} className="border-t border-slate-100">
      <td className={td}>{row.pid}</td>
      <td className={`${td} font-mono`}>{row.problemId}</td>
      <td className={td}>
        <input
          data-testid="admin-problem-display-id"
          className="w-20 rounded border border-slate-300 px-2 py-1 font-mono text-sm"
          value={displayId}
          maxLength={20}
          onChange={(e) => setDisplayId(e.target.value)}
        />
      </td>
      <td className={td}>
        <input
          data-testid="admin-problem-display-title"
          className="w-full min-w-40 rounded border border-slate-300 px-2 py-1 text-sm"
          value={displayTitle}
          maxLength={255}
          onChange={(e) => setDisplayTitle(e.target.value)}
        />
      </td>
      <td className={td}>
        <div className="flex items-center gap-2">
          <input
            type="color"
            data-testid="admin-problem-color"
            aria-label={intl.formatMessage({ id: 'contest.adminProblems.color' })}
            value={color ?? '#ffffff'}
            onChange={(e) => setColor(e.target.value)}
          />
          {color && (
            <button type="button" className="text-xs text-slate-500 hover:underline" onClick={() => setColor(null)}>
              <FormattedMessage id="contest.adminProblems.noColor" />
            </button>
          )}
        </div>
      </td>
      <td className={`${td} whitespace-nowrap`}>
        <button
          type="button"
          data-testid="admin-problem-save"
          disabled={!dirty}
          onClick={() => void save()}
          className="mr-1 rounded border border-blue-300 px-2 py-0.5 text-xs text-blue-600 hover:bg-blue-50 disabled:opacity-40"
        >
          <FormattedMessage id="contest.form.save" />
        </button>
        <Link to={`/admin/contest/${cid}/problem/edit/${row.pid}`} data-testid="admin-problem-edit" className="mr-1 rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-600 hover:border-blue-400">
          <FormattedMessage id="contestAdmin.problems.edit" />
        </Link>
        <button type="button" data-testid="admin-problem-remove" onClick={() => void remove()} className="rounded border border-red-300 px-2 py-0.5 text-xs text-red-600 hover:bg-red-50">
          <FormattedMessage id="contest.adminProblems.remove" />
        </button>
      </td>
    </tr>
  );
}

function AddFromPublic({ contest, used, onAdded }: { contest: AdminContestVO; used: string[]; onAdded: () => Promise<void> }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const [keyword, setKeyword] = useState('');
  const [draft, setDraft] = useState('');
  const [data, setData] = useState<{ records: { pid: number; problemId: string; title: string }[]; total: number } | null>(null);
  const [ids, setIds] = useState<Record<number, string>>({});
  const [color, setColor] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    adminGetAddableProblems(contest.id, contest.type, page, size, keyword || undefined).then(
      (d) => live && setData(d),
      () => live && setData({ records: [], total: 0 }),
    );
    return () => {
      live = false;
    };
  }, [open, contest.id, contest.type, page, size, keyword]);

  const suggestion = nextDisplayId(used);
  const add = async (pid: number) => {
    const displayId = (ids[pid] ?? suggestion).trim();
    if (!DISPLAY_ID_PATTERN.test(displayId)) {
      showToast('warning', intl.formatMessage({ id: 'contest.adminProblems.displayIdInvalid' }));
      return;
    }
    if (displayIdTaken(used, displayId)) {
      showToast('warning', intl.formatMessage({ id: 'error.CONTEST_DISPLAY_ID_EXISTS' }, { displayId }));
      return;
    }
    try {
      await adminAddProblemFromPublic(contest.id, pid, displayId, color);
      showToast('success', intl.formatMessage({ id: 'contest.adminProblems.added' }));
      setData((d) => (d ? { ...d, records: d.records.filter((r) => r.pid !== pid), total: Math.max(0, d.total - 1) } : d));
      await onAdded();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };

  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setKeyword(draft.trim());
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger data-testid="admin-add-from-public" className="rounded bg-green-600 px-3 py-1 text-sm text-white hover:bg-green-700">
        <FormattedMessage id="contest.adminProblems.addFromPublic" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content
          data-testid="admin-add-dialog"
          className="fixed top-1/2 left-1/2 z-50 max-h-[85vh] w-[min(56rem,95vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-base font-semibold text-slate-800">
            <FormattedMessage id="contest.adminProblems.addFromPublic" />
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-xs text-slate-500">
            <FormattedMessage id="contest.adminProblems.addHint" />
          </Dialog.Description>
          <div className="mt-3 flex items-center gap-2 text-sm text-slate-600">
            <FormattedMessage id="contestAdmin.add.color" />
            <input type="color" data-testid="admin-add-color" value={color ?? '#ffffff'} onChange={(e) => setColor(e.target.value)} />
            {color && (
              <button type="button" className="text-xs text-slate-500 hover:underline" onClick={() => setColor(null)}>
                <FormattedMessage id="contest.adminProblems.noColor" />
              </button>
            )}
          </div>
          <form onSubmit={search} className="mt-3 flex gap-2">
            <input
              data-testid="admin-add-keyword"
              className="w-60 rounded border border-slate-300 px-2 py-1 text-sm"
              placeholder={intl.formatMessage({ id: 'contest.list.keyword' })}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
            <button type="submit" className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700">
              <FormattedMessage id="common.action.search" />
            </button>
          </form>
          {!data ? (
            <Loading />
          ) : data.records.length === 0 ? (
            <Empty />
          ) : (
            <table className="mt-3 w-full text-sm">
              <TableHead columns={['contest.adminProblems.problemId', 'contest.adminProblems.problemTitle', 'contest.adminProblems.displayId', 'contest.admin.option']} />
              <tbody>
                {data.records.map((p) => (
                  <tr key={p.pid} data-testid="admin-add-row" data-problem-id={p.problemId} className="border-t border-slate-100">
                    <td className="px-3 py-2 font-mono">{p.problemId}</td>
                    <td className="px-3 py-2">{p.title}</td>
                    <td className="px-3 py-2">
                      <input
                        data-testid="admin-add-display-id"
                        className="w-20 rounded border border-slate-300 px-2 py-1 font-mono text-sm"
                        value={ids[p.pid] ?? suggestion}
                        maxLength={20}
                        onChange={(e) => setIds({ ...ids, [p.pid]: e.target.value })}
                      />
                    </td>
                    <td className="px-3 py-2">
                      <button type="button" data-testid="admin-add-problem" onClick={() => void add(p.pid)} className="rounded bg-blue-600 px-3 py-0.5 text-xs text-white hover:bg-blue-700">
                        <FormattedMessage id="contest.form.add" />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {data && (
            <Pager
              page={page}
              size={size}
              total={data.total}
              onChange={(p, s) => {
                setPage(p);
                setSize(s);
              }}
            />
          )}
          <Dialog.Close className="mt-2 text-sm text-slate-500 hover:text-slate-700" data-testid="admin-add-close">
            <FormattedMessage id="common.action.close" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function AdminContestProblemsPage() {
  const intl = useIntl();
  const cid = Number(useParams().contestId);
  usePageTitle(intl.formatMessage({ id: 'contest.adminProblems.title' }));
  const [contest, setContest] = useState<AdminContestVO | null>(null);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const [data, setData] = useState<{ records: AdminContestProblemRow[]; total: number } | null>(null);

  useEffect(() => {
    adminGetContest(cid).then(setContest, () => setContest(null));
  }, [cid]);
  // Every display id in use (not just this page's), for the suggestion and the duplicate check.
  const [used, setUsed] = useState<string[]>([]);
  const latest = useLatestRead();
  // A failed re-read keeps the rows shown (the client showed why); a failed first read ends the loading state.
  const load = useCallback(
    () =>
      latest(
        Promise.all([adminGetContestProblems(cid, page, size), contestDisplayIds(cid)]),
        ([d, ids]) => {
          setData(d);
          setUsed(ids);
        },
        () => setData((d) => d ?? { records: [], total: 0 }),
      ),
    [cid, page, size, latest],
  );
  useEffect(() => void load(), [load]);

  return (
    <div className="rounded-lg border border-slate-200 bg-white" data-testid="admin-contest-problems">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
        <Link to="/admin/contest" className="text-sm text-blue-600 hover:underline">
          ← <FormattedMessage id="contest.form.back" />
        </Link>
        <h1 className="mr-auto text-lg font-semibold text-slate-800">
          <FormattedMessage id="contest.adminProblems.title" />
          {contest && <span className="ml-2 text-sm font-normal text-slate-500">{contest.title}</span>}
        </h1>
        <Link to={`/admin/contest/${cid}/problem/create`} data-testid="admin-contest-problem-create" className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700">
          <FormattedMessage id="contestAdmin.problems.create" />
        </Link>
        {contest && <AddFromPublic contest={contest} used={used} onAdded={load} />}
        <RemoteImportButton target={{ kind: 'contest', cid }} suggestedDisplayId={nextDisplayId(used)} onImported={load} />
      </div>
      <DataTable
        data={data}
        loading={!data}
        nowrap
        columns={[
          'contest.adminProblems.pid',
          'contest.adminProblems.problemId',
          'contest.adminProblems.displayId',
          'contest.adminProblems.displayTitle',
          'contest.adminProblems.color',
          'contest.admin.option',
        ]}
        row={(r) => <ProblemRow key={r.pid} cid={cid} row={r} onChanged={load} />}
        pager={{
          page,
          size,
          onChange: (p, s) => {
            setPage(p);
            setSize(s);
          },
        }}
      />
    </div>
  );
}
