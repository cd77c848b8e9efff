// /submission-detail/:submitID: status banner, the one-row table, case results and the code; live while judged.
// Also mounted inside a contest (/contest/:contestID/problem/:problemID/submission-detail/:submitID), where the
// problem links back to the contest's problem page.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { TableHead } from '../../components/TableHead';
import { FormattedMessage, useIntl } from 'react-intl';
import { isInProgress, JudgeStatus, type SubmissionInfo } from '@oj/proto';
import { CopyButton } from '../../components/CopyButton';
import { Loading } from '../../components/Spinner';
import { StatusTag, statusColor, useStatusName } from '../../components/StatusTag';
import { formatDateTime, formatMemoryKb, formatTimeMs } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { applyCaseResult, applyRow, markFinalSnapshot } from './useLiveSubmission';
import { CaseTable } from './CaseTable';
import { getAllCaseResult, getSubmissionDetail, shareSubmission } from './submission-api';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../lib/api';
import { sessionState } from '../../stores/session';
import { showToast } from '../../stores/ui';
import { useLiveSubmission } from './useLiveSubmission';

const MESSAGE_STATUSES: number[] = [JudgeStatus.COMPILE_ERROR, JudgeStatus.SYSTEM_ERROR, JudgeStatus.SUBMITTED_FAILED];

/** Share / Unshare of the owner's practice submission: shared code is readable by anyone when the problem allows it. */
function ShareButton({ submitId, shared, onChange }: { submitId: number; shared: boolean; onChange: (share: boolean) => void }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await shareSubmission(submitId, !shared);
      onChange(!shared);
      showToast('success', intl.formatMessage({ id: shared ? 'submission.detail.unshared' : 'submission.detail.shared' }));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" disabled={busy} data-testid="submission-share" data-shared={shared} onClick={() => void toggle()} className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-600 hover:border-blue-400 hover:text-blue-600">
      <FormattedMessage id={shared ? 'submission.detail.unshare' : 'submission.detail.share'} />
    </button>
  );
}

export function SubmissionDetailPage() {
  const session = useSnapshot(sessionState);
  const { submitID = '', contestID, problemID } = useParams();
  const submitId = Number(submitID);
  const valid = Number.isInteger(submitId) && submitId > 0;
  const intl = useIntl();
  const statusName = useStatusName();
  usePageTitle(intl.formatMessage({ id: 'submission.detail.title' }));
  const [info, setInfo] = useState<SubmissionInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [watch, setWatch] = useState(false);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    setInfo(null);
    setFailed(false);
    Promise.all([getSubmissionDetail(submitId), getAllCaseResult(submitId).catch(() => null)])
      .then(([i, cases]) => {
        if (!live) return;
        applyRow(i.submission);
        if (cases) applyCaseResult(submitId, cases);
        const running = isInProgress(i.submission.status);
        if (!running) markFinalSnapshot(submitId);
        setWatch(running);
        setInfo(i);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [submitId, valid]);

  const s = useLiveSubmission(valid ? submitId : null, watch);

  if (!valid || failed) {
    return (
      <div className="py-16 text-center text-slate-500">
        <FormattedMessage id="error.SUBMISSION_NOT_FOUND" />
      </div>
    );
  }
  if (!info || !s) return <Loading />;

  const sub = s.detail ?? info.submission;
  const status = s.status;
  const showScore = s.score !== null;
  const td = 'px-3 py-2 whitespace-nowrap';
  const code = sub.code ?? info.submission.code;
  const mine = session.user?.uid === info.submission.uid;
  return (
    <div className="mx-auto max-w-screen-xl space-y-4 px-4 py-6">
      <section className={`rounded-lg border px-5 py-4 ${statusColor(status)}`} data-testid="submission-banner">
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-xl font-semibold" data-testid="verdict-status" data-status={status}>
            {statusName(status)}
          </span>
          {isInProgress(status) && s.casesTotal > 0 && (
            <span className="text-sm" data-testid="verdict-progress">
              <FormattedMessage id="submission.verdict.progress" values={{ done: s.cases.length, total: Math.max(s.casesTotal, s.cases.length) }} />
            </span>
          )}
        </div>
        {MESSAGE_STATUSES.includes(status) && s.errorMessage ? (
          <pre data-testid="verdict-error" className="mt-3 max-h-72 overflow-auto rounded bg-white/70 p-3 text-xs whitespace-pre-wrap text-slate-800">
            {s.errorMessage}
          </pre>
        ) : (
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <span>
              <FormattedMessage id="submission.verdict.time" />: {formatTimeMs(s.time)}
            </span>
            <span>
              <FormattedMessage id="submission.verdict.memory" />: {formatMemoryKb(s.memory)}
            </span>
            <span>
              <FormattedMessage id="submission.detail.length" />: <FormattedMessage id="common.unit.bytes" values={{ value: sub.length }} />
            </span>
            <span>
              <FormattedMessage id="submission.detail.language" />: {sub.language}
            </span>
            <span>
              <FormattedMessage id="submission.detail.author" />: {sub.username}
            </span>
          </div>
        )}
      </section>

      <section className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-sm">
          <TableHead nowrap columns={[
            'submission.list.runId',
            'submission.list.submitTime',
            'submission.list.problem',
            'submission.list.status',
            'submission.list.time',
            'submission.list.memory',
            showScore && 'submission.list.score',
            'submission.list.length',
          ]} />
          <tbody>
            <tr data-testid="status-row" data-submit-id={submitId} data-status={status}>
              <td className={td}>{submitId}</td>
              <td className={td}>{formatDateTime(sub.submitTime)}</td>
              <td className={td}>
                {contestID && problemID ? (
                  <Link to={`/contest/${contestID}/problem/${encodeURIComponent(problemID)}`} className="text-blue-600 hover:underline">
                    {problemID}
                  </Link>
                ) : (
                  // A contest submission's displayPid is the contest's letter: its problem is the contest's, not /problem/A.
                  <Link to={`${sub.cid > 0 ? `/contest/${sub.cid}` : ''}/problem/${encodeURIComponent(sub.displayPid)}`} className="text-blue-600 hover:underline" data-testid="submission-problem-link">
                    {sub.displayPid}
                  </Link>
                )}
              </td>
              <td className={td}>
                <StatusTag status={status} />
              </td>
              <td className={td}>{formatTimeMs(s.time)}</td>
              <td className={td}>{formatMemoryKb(s.memory)}</td>
              {showScore && <td className={td}>{s.score ?? '--'}</td>}
              <td className={td}>
                <FormattedMessage id="common.unit.bytes" values={{ value: sub.length }} />
              </td>
            </tr>
          </tbody>
        </table>
      </section>

      {(s.cases.length > 0 || isInProgress(status)) && (
        <section className="rounded-lg border border-slate-200 bg-white">
          <h2 className="border-b border-slate-100 px-4 py-2 text-sm font-medium text-slate-700">
            <FormattedMessage id="submission.case.title" />
          </h2>
          <CaseTable submitId={submitId} cases={s.cases} showScore={showScore} caseMode={s.caseMode} />
        </section>
      )}

      {code !== null && (
        <section className="rounded-lg border border-slate-200 bg-white">
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2">
            <h2 className="text-sm font-medium text-slate-700">
              <FormattedMessage id="submission.detail.code" />
            </h2>
            <div className="flex items-center gap-2">
              {mine && sub.cid === 0 && <ShareButton submitId={submitId} shared={info.submission.share} onChange={(share) => setInfo({ ...info, submission: { ...info.submission, share } })} />}
              <CopyButton text={code} />
            </div>
          </div>
          <pre data-testid="submission-code" className="overflow-x-auto p-4 font-mono text-sm leading-6 text-slate-800">
            {code}
          </pre>
        </section>
      )}
    </div>
  );
}
