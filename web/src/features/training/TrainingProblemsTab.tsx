// The Problem List tab: my status (✔ accepted, − attempted, nothing before the first submission), problem id, title,
// difficulty, tags (Show/Hide), AC rate; a row opens the problem inside the training. The caller's statuses follow
// their verdicts live (the shell's `training.progress`); the list is read again when the training changes.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { useSnapshot } from 'valtio';
import { JudgeStatus, type TrainingProblemVO } from '@oj/proto';
import { DataTable } from '../../components/DataTable';
import { readJson, writeJson } from '../../lib/storage';
import { sessionState } from '../../stores/session';
import { DifficultyTag } from '../problem/list/DifficultyTag';
import { PassRate } from '../problem/list/PassRate';
import { ProblemTags } from '../problem/list/ProblemTags';
import { getTrainingProblems } from './training-api';
import { useTrainingShell } from './training-context';

const SHOW_TAGS_KEY = 'oj.trainingProblems.showTags';

/** ✔ accepted, − attempted, nothing when never submitted (−10). */
export function TrainingMyStatus({ status }: { status: number }) {
  if (status === JudgeStatus.NOT_SUBMITTED) return null;
  return status === JudgeStatus.ACCEPTED ? (
    <span className="text-green-600" data-testid="training-my-status" data-status="ac">
      ✔
    </span>
  ) : (
    <span className="font-bold text-amber-600" data-testid="training-my-status" data-status="tried">
      −
    </span>
  );
}

/** The training's problems, kept current: read on open and on `version`, the caller's statuses patched live. */
export function useTrainingProblems(tid: number, version: number, progress: ReturnType<typeof useTrainingShell>['progress'] | null) {
  const myUid = useSnapshot(sessionState).user?.uid ?? null;
  const [list, setList] = useState<TrainingProblemVO[] | null>(null);
  useEffect(() => {
    let live = true;
    getTrainingProblems(tid, version > 1).then(
      (l) => live && setList(l),
      () => live && setList((cur) => cur ?? []),
    );
    return () => {
      live = false;
    };
  }, [tid, version]);
  useEffect(() => {
    const cell = progress?.cell;
    if (!cell || progress.uid !== myUid) return;
    setList((cur) => cur && cur.map((p) => (p.pid === cell.pid ? { ...p, myStatus: cell.status } : p)));
  }, [progress, myUid]);
  return list;
}

export function TrainingProblemsTab() {
  const { training, version, progress, base } = useTrainingShell();
  const navigate = useNavigate();
  const list = useTrainingProblems(training.id, version, progress);
  const [showTags, setShowTags] = useState(() => readJson(SHOW_TAGS_KEY, (x): x is boolean => typeof x === 'boolean') ?? false);
  const toggleTags = () => {
    setShowTags(!showTags);
    writeJson(SHOW_TAGS_KEY, !showTags);
  };
  const openProblem = (p: TrainingProblemVO) => navigate(`${base}/problem/${encodeURIComponent(p.problemId)}`);

  return (
    <div data-testid="training-problems">
      <div className="flex justify-end px-4 py-2">
        <button type="button" data-testid="training-toggle-tags" onClick={toggleTags} className="rounded border border-slate-300 px-3 py-1 text-xs text-slate-600 hover:bg-slate-50">
          <FormattedMessage id={showTags ? 'training.problems.hideTags' : 'training.problems.showTags'} />
        </button>
      </div>
      <DataTable
        data={list && { records: list, total: list.length }}
        loading={list === null}
        testId="training-problem-table"
        columns={[
          { id: 'training.problems.mine', className: 'w-8' },
          'training.problems.problemId',
          'training.problems.problemTitle',
          'training.problems.difficulty',
          showTags && 'training.problems.tags',
          'training.problems.acRate',
        ]}
        row={(p) => (
          <tr key={p.pid} data-testid="training-problem-row" data-problem-id={p.problemId} onClick={() => openProblem(p)} className="cursor-pointer border-t border-slate-100 hover:bg-slate-50">
            <td className="px-3 py-2 text-center">
              <TrainingMyStatus status={p.myStatus} />
            </td>
            <td className="px-3 py-2 font-mono text-slate-600">{p.problemId}</td>
            <td className="px-3 py-2 text-blue-600">{p.title}</td>
            <td className="px-3 py-2">
              <DifficultyTag level={p.difficulty} />
            </td>
            {showTags && (
              <td className="px-3 py-2">
                <ProblemTags tags={p.tags} testId="training-problem-tags" />
              </td>
            )}
            <td className="px-3 py-2" onClick={(e) => e.stopPropagation()}>
              <PassRate p={p} />
            </td>
          </tr>
        )}
      />
    </div>
  );
}
