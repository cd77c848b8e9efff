// /admin/training/:trainingId/problems: the training's problems in rank order (id, display id, title, author, a rank
// number to save, remove), adding a problem by its display id, and adding from the public problems (keyword search,
// 10/30/50/100 a page, the display id shown).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { PAGE_SIZES, TRAINING_LIMITS, type AdminTrainingDTO, type AdminTrainingProblemList, type AdminTrainingProblemRow } from '@oj/proto';
import { DataTable } from '../../../components/DataTable';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { Modal } from '../../../components/Modal';
import { Pager } from '../../../components/Pager';
import { Empty, Loading } from '../../../components/Spinner';
import { TableHead } from '../../../components/TableHead';
import { ApiError } from '../../../lib/api';
import { usePager } from '../../../lib/usePager';
import { useLatestRead } from '../../../lib/useLatestRead';
import { usePageTitle } from '../../../lib/usePageTitle';
import { showToast } from '../../../stores/ui';
import { RemoteImportButton } from '../../admin/remote-judge/RemoteImportButton';
import { useTrainingAdmin } from './training-admin-target';

/** Runs an admin call: a refusal was shown by the client already; a success toasts `done`. */
function useAdminCall() {
  const intl = useIntl();
  return async (run: () => Promise<void>, done: 'trainingAdmin.common.updated' | 'trainingAdmin.common.deleted' | 'trainingAdmin.problems.added'): Promise<boolean> => {
    try {
      await run();
      showToast('success', intl.formatMessage({ id: done }));
      return true;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return false;
    }
  };
}

function ProblemRow({ tid, row, rank, onChanged }: { tid: number; row: AdminTrainingProblemRow; rank: number; onChanged: () => Promise<void> }) {
  const target = useTrainingAdmin();
  const intl = useIntl();
  const call = useAdminCall();
  const [value, setValue] = useState(String(rank));
  useEffect(() => setValue(String(rank)), [rank]);
  const n = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(n) && n >= TRAINING_LIMITS.rankMin && n <= TRAINING_LIMITS.rankMax;
  const save = async () => {
    if (!valid) {
      showToast('warning', intl.formatMessage({ id: 'trainingAdmin.form.rankRange' }));
      return;
    }
    if (await call(() => target.setRank(tid, row.id, n), 'trainingAdmin.common.updated')) await onChanged();
  };
  const remove = async () => {
    if (!window.confirm(intl.formatMessage({ id: 'trainingAdmin.problems.removeConfirm' }, { id: row.problemId }))) return;
    if (await call(() => target.removeProblem(tid, row.id), 'trainingAdmin.common.deleted')) await onChanged();
  };
  const td = 'px-3 py-2';
  return (
    <tr data-testid="admin-training-problem-row" data-problem-id={row.problemId} data-pid={row.id} className="border-t border-slate-100">
      <td className={td}>{row.id}</td>
      <td className={`${td} font-mono`}>{row.problemId}</td>
      <td className={td}>{row.title}</td>
      <td className={td}>{row.author}</td>
      <td className={td}>
        <input type="number" min={0} step={1} data-testid="admin-training-problem-rank" className="w-28 rounded border border-slate-300 px-2 py-1 text-sm" value={value} onChange={(e) => setValue(e.target.value)} />
      </td>
      <td className={`${td} whitespace-nowrap`}>
        <button type="button" data-testid="admin-training-problem-save" disabled={value === String(rank)} onClick={() => void save()} className="mr-1 rounded border border-blue-300 px-2 py-0.5 text-xs text-blue-600 hover:bg-blue-50 disabled:opacity-40">
          <FormattedMessage id="trainingAdmin.form.save" />
        </button>
        <button type="button" data-testid="admin-training-problem-remove" onClick={() => void remove()} className="rounded border border-red-300 px-2 py-0.5 text-xs text-red-600 hover:bg-red-50">
          <FormattedMessage id="trainingAdmin.problems.remove" />
        </button>
      </td>
    </tr>
  );
}

function AddFromPublic({ tid, onAdded }: { tid: number; onAdded: () => Promise<void> }) {
  const target = useTrainingAdmin();
  const intl = useIntl();
  const call = useAdminCall();
  const [open, setOpen] = useState(false);
  const { page, size, setPage, pager } = usePager(TRAINING_LIMITS.publicProblemPageSizes[0]);
  const [keyword, setKeyword] = useState('');
  const [draft, setDraft] = useState('');
  const [data, setData] = useState<AdminTrainingProblemList['problemList'] | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    target.problems(tid, { currentPage: page, limit: size, keyword: keyword || undefined, queryExisted: false }).then(
      (d) => live && setData(d.problemList),
      () => live && setData({ records: [], total: 0, size, current: page, pages: 0 }),
    );
    return () => {
      live = false;
    };
  }, [open, tid, page, size, keyword]);

  const add = async (p: AdminTrainingProblemRow) => {
    if (!(await call(() => target.addProblem(tid, { pid: p.id }), 'trainingAdmin.problems.added'))) return;
    setData((d) => (d ? { ...d, records: d.records.filter((r) => r.id !== p.id), total: Math.max(0, d.total - 1) } : d));
    await onAdded();
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setKeyword(draft.trim());
  };

  return (
    <>
      <button type="button" data-testid="admin-training-add-public" onClick={() => setOpen(true)} className="rounded bg-green-600 px-3 py-1 text-sm text-white hover:bg-green-700">
        <FormattedMessage id="trainingAdmin.problems.addFromPublic" />
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        testId="admin-training-add-dialog"
        className="fixed top-1/2 left-1/2 z-50 max-h-[85vh] w-[min(48rem,95vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl"
        titleClassName="text-base font-semibold text-slate-800"
        title={<FormattedMessage id="trainingAdmin.problems.addFromPublic" />}
        descriptionClassName="mt-1 text-xs text-slate-500"
        description={<FormattedMessage id="trainingAdmin.problems.publicHint" />}
      >
        <div className="mt-3">
          <KeywordSearch testId="admin-training-add-keyword" placeholder="trainingAdmin.list.keyword" value={draft} onChange={setDraft} onSubmit={search} />
        </div>
        {!data ? (
          <Loading />
        ) : data.records.length === 0 ? (
          <Empty />
        ) : (
          <table className="mt-3 w-full text-sm">
            <TableHead columns={['trainingAdmin.problems.displayId', 'trainingAdmin.problems.problemTitle', 'trainingAdmin.list.option']} />
            <tbody>
              {data.records.map((p) => (
                <tr key={p.id} data-testid="admin-training-add-row" data-problem-id={p.problemId} className="border-t border-slate-100">
                  <td className="px-3 py-2 font-mono">{p.problemId}</td>
                  <td className="px-3 py-2">{p.title}</td>
                  <td className="px-3 py-2">
                    <button type="button" data-testid="admin-training-add-problem" onClick={() => void add(p)} className="rounded bg-blue-600 px-3 py-0.5 text-xs text-white hover:bg-blue-700">
                      <FormattedMessage id="trainingAdmin.problems.add" />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {data && <Pager {...pager} total={data.total} sizes={TRAINING_LIMITS.publicProblemPageSizes} />}
        <button type="button" className="mt-2 text-sm text-slate-500 hover:text-slate-700" data-testid="admin-training-add-close" onClick={() => setOpen(false)}>
          {intl.formatMessage({ id: 'common.action.close' })}
        </button>
      </Modal>
    </>
  );
}

/** Adds a public problem by display id; `fromGroup`: one of the group's own problems (a group's training). */
function AddById({ tid, onAdded, fromGroup = false }: { tid: number; onAdded: () => Promise<void>; fromGroup?: boolean }) {
  const target = useTrainingAdmin();
  const intl = useIntl();
  const call = useAdminCall();
  const [displayId, setDisplayId] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const id = displayId.trim();
    if (!id) {
      showToast('warning', intl.formatMessage({ id: 'trainingAdmin.form.required' }, { field: intl.formatMessage({ id: 'trainingAdmin.problems.displayId' }) }));
      return;
    }
    const add = fromGroup && target.addFromGroup ? () => target.addFromGroup!(tid, id) : () => target.addProblem(tid, { displayId: id });
    if (!(await call(add, 'trainingAdmin.problems.added'))) return;
    setDisplayId('');
    await onAdded();
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="flex gap-2">
      <input
        data-testid={fromGroup ? 'admin-training-add-group-id' : 'admin-training-add-id'}
        className="w-40 rounded border border-slate-300 px-2 py-1 text-sm"
        placeholder={intl.formatMessage({ id: 'trainingAdmin.problems.displayId' })}
        value={displayId}
        onChange={(e) => setDisplayId(e.target.value)}
      />
      <button type="submit" data-testid={fromGroup ? 'admin-training-add-group-submit' : 'admin-training-add-id-submit'} className="rounded border border-blue-300 px-3 py-1 text-sm text-blue-600 hover:bg-blue-50">
        <FormattedMessage id={fromGroup ? 'groupTraining.admin.addFromGroup' : 'trainingAdmin.problems.addById'} />
      </button>
    </form>
  );
}

export function AdminTrainingProblemsPage() {
  const target = useTrainingAdmin();
  const intl = useIntl();
  const tid = Number(useParams().trainingId);
  usePageTitle(intl.formatMessage({ id: 'trainingAdmin.problems.title' }));
  const [training, setTraining] = useState<AdminTrainingDTO | null>(null);
  const { page, size, pager } = usePager(PAGE_SIZES.adminList);
  const [data, setData] = useState<AdminTrainingProblemList | null>(null);

  useEffect(() => {
    target.get(tid).then(setTraining, () => setTraining(null));
  }, [tid, target]);
  const latest = useLatestRead();
  // A failed re-read keeps the rows shown (the client showed why); a failed first read ends the loading state.
  const load = useCallback(
    () =>
      latest(target.problems(tid, { currentPage: page, limit: size, queryExisted: true }), setData, () =>
        setData((d) => d ?? { problemList: { records: [], total: 0, size, current: page, pages: 0 }, trainingProblemMap: {} }),
      ),
    [tid, page, size, target, latest],
  );
  useEffect(() => void load(), [load]);

  return (
    <div className="rounded-lg border border-slate-200 bg-white" data-testid="admin-training-problems-page">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
        <Link to={target.base} className="text-sm text-blue-600 hover:underline">
          ← <FormattedMessage id="trainingAdmin.form.back" />
        </Link>
        <h1 className="mr-auto text-lg font-semibold text-slate-800">
          <FormattedMessage id="trainingAdmin.problems.title" />
          {training && <span className="ml-2 text-sm font-normal text-slate-500">{training.training.title}</span>}
        </h1>
        <AddById tid={tid} onAdded={load} />
        {target.addFromGroup && <AddById tid={tid} onAdded={load} fromGroup />}
        <AddFromPublic tid={tid} onAdded={load} />
        {!target.addFromGroup && <RemoteImportButton target={{ kind: 'training', tid }} onImported={load} />}
      </div>
      <DataTable
        data={data?.problemList ?? null}
        loading={!data}
        nowrap
        testId="admin-training-problem-table"
        columns={['trainingAdmin.problems.id', 'trainingAdmin.problems.displayId', 'trainingAdmin.problems.problemTitle', 'trainingAdmin.problems.author', 'trainingAdmin.problems.rank', 'trainingAdmin.list.option']}
        row={(r) => <ProblemRow key={r.id} tid={tid} row={r} rank={data?.trainingProblemMap[String(r.id)]?.rank ?? 0} onChanged={load} />}
        pager={pager}
      />
    </div>
  );
}
