// Test-case results, one row per case in judging order, filled in as `submission.case` events arrive. In the subtask
// modes the cases are grouped under one summary row per subtask (the original product's rules, `subtaskSummaries`),
// the same live and after a reload. A case whose test data the caller may see opens to show it.
import { Fragment, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { subtaskSummaries, type JudgeCaseMode } from '@oj/proto';
import { StatusTag } from '../../components/StatusTag';
import { TableHead } from '../../components/TableHead';
import { CaseDataView } from './CaseData';
import type { CaseRow } from './useLiveSubmission';

interface Props {
  submitId: number;
  cases: readonly CaseRow[];
  showScore: boolean;
  /** The problem's judge case mode, once known. */
  caseMode?: string | null;
}

const isSubtaskMode = (m: string | null | undefined): m is Extract<JudgeCaseMode, 'subtask_lowest' | 'subtask_average'> => m === 'subtask_lowest' || m === 'subtask_average';
const td = 'px-3 py-2';

function CaseLine({ submitId, c, showScore, nested }: { submitId: number; c: CaseRow; showScore: boolean; nested: boolean }) {
  const [open, setOpen] = useState(false);
  const columns = showScore ? 5 : 4;
  return (
    <>
      <tr data-testid="case-row" data-status={c.status} data-case-id={c.caseId} className="border-t border-slate-100">
        <td className={`${td} text-slate-500 ${nested ? 'pl-8' : ''}`}>
          {c.data ? (
            <button type="button" onClick={() => setOpen(!open)} aria-expanded={open} className="text-blue-600 hover:underline" data-testid="case-toggle">
              {open ? '▾' : '▸'} {c.index}
            </button>
          ) : (
            c.index
          )}
        </td>
        <td className={td}>
          <StatusTag status={c.status} isCase />
        </td>
        <td className={td}>{c.time ?? '--'}</td>
        <td className={td}>{c.memory ?? '--'}</td>
        {showScore && <td className={td}>{c.score ?? '--'}</td>}
      </tr>
      {open && c.data && (
        <tr className="bg-white">
          <td colSpan={columns} className="px-3 pb-3">
            <CaseDataView submitId={submitId} caseId={c.caseId} data={c.data} />
          </td>
        </tr>
      )}
    </>
  );
}

function SubtaskRows({ submitId, cases, showScore, mode }: { submitId: number; cases: readonly CaseRow[]; showScore: boolean; mode: 'subtask_lowest' | 'subtask_average' }) {
  const summaries = subtaskSummaries(mode, cases.map((c) => ({ ...c, score: c.score ?? 0 })));
  return (
    <>
      {summaries.map((g) => (
        <Fragment key={g.groupNum}>
          <tr data-testid="subtask-row" data-group={g.groupNum} data-status={g.status} className="border-t border-slate-200 bg-slate-50 font-medium">
            <td className={td}>
              <FormattedMessage id="submission.case.subtask" values={{ group: g.groupNum, ac: g.ac, total: g.total }} />
            </td>
            <td className={td}>
              <StatusTag status={g.status} isCase />
            </td>
            <td className={td}>{g.time ?? '--'}</td>
            <td className={td}>{g.memory ?? '--'}</td>
            {showScore && <td className={td} data-testid="subtask-score">{g.score}</td>}
          </tr>
          {cases
            .filter((c) => (c.groupNum ?? 0) === g.groupNum)
            .map((c) => (
              <CaseLine key={c.caseId} submitId={submitId} c={c} showScore={showScore} nested />
            ))}
        </Fragment>
      ))}
    </>
  );
}

export function CaseTable({ submitId, cases, showScore, caseMode }: Props) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="case-table">
        <TableHead columns={['submission.case.index', 'submission.case.status', 'submission.case.time', 'submission.case.memory', showScore && 'submission.case.score']} />
        <tbody>
          {isSubtaskMode(caseMode) ? (
            <SubtaskRows submitId={submitId} cases={cases} showScore={showScore} mode={caseMode} />
          ) : (
            cases.map((c) => <CaseLine key={c.caseId} submitId={submitId} c={c} showScore={showScore} nested={false} />)
          )}
        </tbody>
      </table>
      {cases.length === 0 && (
        <p className="py-4 text-center text-xs text-slate-400">
          <FormattedMessage id="submission.case.empty" />
        </p>
      )}
    </div>
  );
}
