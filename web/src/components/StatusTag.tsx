// A judge status shown by its translated name (`judge.status.<code>`) and colour.
import { useIntl } from 'react-intl';
import { isJudgeStatus, JudgeStatus } from '@oj/proto';

export function statusColor(status: number): string {
  switch (status) {
    case JudgeStatus.ACCEPTED:
      return 'bg-green-100 text-green-800 border-green-300';
    case JudgeStatus.PARTIAL_ACCEPTED:
      return 'bg-lime-100 text-lime-800 border-lime-300';
    case JudgeStatus.WRONG_ANSWER:
    case JudgeStatus.PRESENTATION_ERROR:
      return 'bg-red-100 text-red-800 border-red-300';
    case JudgeStatus.COMPILE_ERROR:
      return 'bg-amber-100 text-amber-800 border-amber-300';
    case JudgeStatus.TIME_LIMIT_EXCEEDED:
    case JudgeStatus.MEMORY_LIMIT_EXCEEDED:
    case JudgeStatus.RUNTIME_ERROR:
      return 'bg-orange-100 text-orange-800 border-orange-300';
    case JudgeStatus.SYSTEM_ERROR:
    case JudgeStatus.SUBMITTED_FAILED:
      return 'bg-slate-200 text-slate-800 border-slate-400';
    case JudgeStatus.PENDING:
    case JudgeStatus.COMPILING:
    case JudgeStatus.JUDGING:
    case JudgeStatus.SUBMITTING:
      return 'bg-blue-100 text-blue-800 border-blue-300';
    default:
      return 'bg-slate-100 text-slate-700 border-slate-300';
  }
}

export function useStatusName(): (status: number, isCase?: boolean) => string {
  const intl = useIntl();
  return (status, isCase = false) => {
    // A cancelled test case means it was skipped.
    if (isCase && status === JudgeStatus.CANCELLED) return intl.formatMessage({ id: 'submission.case.skipped' });
    return isJudgeStatus(status) ? intl.formatMessage({ id: `judge.status.${status}` }) : String(status);
  };
}

interface Props {
  status: number;
  isCase?: boolean;
  testId?: string;
  className?: string;
}

export function StatusTag({ status, isCase, testId, className = '' }: Props) {
  const name = useStatusName();
  return (
    <span
      data-testid={testId}
      data-status={status}
      className={`inline-flex items-center rounded border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${statusColor(status)} ${className}`}
    >
      {name(status, isCase)}
    </span>
  );
}
