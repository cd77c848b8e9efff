// Test-case results, one row per case in judging order, filled in as `submission.case` events arrive.
import { TableHead } from '../../components/TableHead';
import { FormattedMessage } from 'react-intl';
import { StatusTag } from '../../components/StatusTag';
import type { CaseRow } from './useLiveSubmission';

interface Props {
  cases: readonly CaseRow[];
  showScore: boolean;
}

export function CaseTable({ cases, showScore }: Props) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="case-table">
        <TableHead columns={['submission.case.index', 'submission.case.status', 'submission.case.time', 'submission.case.memory', showScore && 'submission.case.score']} />
        <tbody>
          {cases.map((c) => (
            <tr key={c.caseId} data-testid="case-row" data-status={c.status} data-case-id={c.caseId} className="border-t border-slate-100">
              <td className="px-3 py-2 text-slate-500">{c.index}</td>
              <td className="px-3 py-2">
                <StatusTag status={c.status} isCase />
              </td>
              <td className="px-3 py-2">{c.time ?? '--'}</td>
              <td className="px-3 py-2">{c.memory ?? '--'}</td>
              {showScore && <td className="px-3 py-2">{c.score ?? '--'}</td>}
            </tr>
          ))}
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
