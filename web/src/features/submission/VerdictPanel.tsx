// The live verdict of one submission: status (data-status = code), progress, time/memory/score,
// the compiler or system message, and the case table.
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { useSnapshot } from 'valtio';
import { isInProgress, JudgeStatus } from '@oj/proto';
import { StatusTag } from '../../components/StatusTag';
import { formatMemoryKb, formatTimeMs } from '../../lib/format';
import { connectionState } from '../../stores/ui';
import { CaseTable } from './CaseTable';
import { useLiveSubmission } from './useLiveSubmission';
import { useQueuePosition } from './useQueuePosition';

const MESSAGE_STATUSES: number[] = [JudgeStatus.COMPILE_ERROR, JudgeStatus.SYSTEM_ERROR, JudgeStatus.SUBMITTED_FAILED];

/** `detailHref` replaces the practice detail link (a contest has its own submission-detail route). */
export function VerdictPanel({ submitId, showScore, detailHref, cid = 0 }: { submitId: number; showScore: boolean; detailHref?: string; cid?: number }) {
  const s = useLiveSubmission(submitId, true, cid);
  const conn = useSnapshot(connectionState);
  const position = useQueuePosition(submitId, s?.status);
  if (!s) return null;
  const running = isInProgress(s.status);
  const total = Math.max(s.casesTotal, s.cases.length);
  return (
    <section className="rounded-lg border border-slate-200 bg-white" data-testid="verdict-panel" data-submit-id={submitId}>
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
        <span className="text-sm font-medium text-slate-700">
          <FormattedMessage id="submission.verdict.title" />
        </span>
        <StatusTag status={s.status} testId="verdict-status" className="text-sm" />
        {running && (
          <span className="h-2 w-2 animate-pulse rounded-full bg-blue-500" aria-hidden />
        )}
        {total > 0 && (
          <span className="text-sm text-slate-500" data-testid="verdict-progress">
            <FormattedMessage id="submission.verdict.progress" values={{ done: s.cases.length, total }} />
          </span>
        )}
        {position !== null && (
          <span className="text-sm text-slate-500" data-testid="verdict-queue-position">
            <FormattedMessage id="submission.verdict.queuePosition" values={{ position }} />
          </span>
        )}
        {running && (
          <span className="text-xs text-slate-400">
            <FormattedMessage id={conn.connected ? 'submission.verdict.live' : 'submission.verdict.polling'} />
          </span>
        )}
        <Link to={detailHref ?? `/submission-detail/${submitId}`} className="ml-auto text-sm text-blue-600 hover:underline">
          <FormattedMessage id="submission.verdict.viewDetail" />
        </Link>
      </div>
      {!running && (
        <dl className="flex flex-wrap gap-6 px-4 py-3 text-sm" data-testid="verdict-summary">
          <div>
            <dt className="text-slate-400">
              <FormattedMessage id="submission.verdict.time" />
            </dt>
            <dd data-testid="verdict-time">{formatTimeMs(s.time)}</dd>
          </div>
          <div>
            <dt className="text-slate-400">
              <FormattedMessage id="submission.verdict.memory" />
            </dt>
            <dd data-testid="verdict-memory">{formatMemoryKb(s.memory)}</dd>
          </div>
          {showScore && (
            <div>
              <dt className="text-slate-400">
                <FormattedMessage id="submission.verdict.score" />
              </dt>
              <dd>{s.score ?? '--'}</dd>
            </div>
          )}
        </dl>
      )}
      {MESSAGE_STATUSES.includes(s.status) && s.errorMessage && (
        <div className="px-4 pb-3">
          <div className="mb-1 text-xs text-slate-500">
            <FormattedMessage id={s.status === JudgeStatus.COMPILE_ERROR ? 'submission.verdict.compileInfo' : 'submission.verdict.errorInfo'} />
          </div>
          <pre data-testid="verdict-error" className="max-h-64 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100 whitespace-pre-wrap">
            {s.errorMessage}
          </pre>
        </div>
      )}
      {(s.status !== JudgeStatus.COMPILE_ERROR || s.cases.length > 0) && (
        <div className="border-t border-slate-100">
          <CaseTable submitId={submitId} cases={s.cases} showScore={showScore} caseMode={s.caseMode} />
        </div>
      )}
    </section>
  );
}
