// /problem/:problemID: statement on the left, editor and the live verdict of the last submit on the right.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { ProblemType, type ProblemInfo } from '@oj/proto';
import { Loading } from '../../components/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';
import { VerdictPanel } from '../submission/VerdictPanel';
import { CodeEditorPanel } from './CodeEditorPanel';
import { ProblemStatement } from './ProblemStatement';
import { getProblemDetail } from './problem-api';

export function ProblemDetailPage() {
  const { problemID = '' } = useParams();
  const intl = useIntl();
  const [info, setInfo] = useState<ProblemInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [submitId, setSubmitId] = useState<number | null>(null);
  usePageTitle(info ? info.problem.title : intl.formatMessage({ id: 'layout.header.problem' }));

  useEffect(() => {
    let live = true;
    setInfo(null);
    setFailed(false);
    setSubmitId(null);
    getProblemDetail(problemID)
      .then((i) => live && setInfo(i))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [problemID]);

  if (failed) {
    return (
      <div className="py-16 text-center text-slate-500" data-testid="problem-load-failed">
        <FormattedMessage id="problem.detail.loadFailed" />
      </div>
    );
  }
  if (!info) return <Loading />;

  return (
    <div className="mx-auto grid max-w-screen-2xl gap-4 px-4 py-4 lg:grid-cols-[minmax(420px,1fr)_minmax(580px,1fr)]">
      <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-5 lg:max-h-[calc(100vh-5.5rem)] lg:overflow-y-auto">
        <ProblemStatement info={info} />
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <CodeEditorPanel info={info} onSubmitted={(s) => setSubmitId(s.submitId)} onSubmitFailed={() => setSubmitId(null)} />
        {submitId !== null && <VerdictPanel key={submitId} submitId={submitId} showScore={info.problem.type === ProblemType.OI} />}
      </div>
    </div>
  );
}
