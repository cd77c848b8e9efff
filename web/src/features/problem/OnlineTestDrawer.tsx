// The editor's Online Test drawer on the problem page: custom input (≤ 1000 characters) and an optional
// expected output, run once on the lowest judge lane. The result comes over the socket on
// `test-judge:<key>` (useLiveTestJudge.ts); while the socket is down it is polled every second.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { JudgeStatus, LIMITS, TEST_INPUT_MAX, type TaskRef } from '@oj/proto';
import { Modal } from '../../components/Modal';
import { StatusTag } from '../../components/StatusTag';
import { ApiError } from '../../lib/api';
import { formatMemoryKb, formatTimeMs } from '../../lib/format';
import { useLiveTestJudge } from './useLiveTestJudge';
import { isLoggedIn, sessionState } from '../../stores/session';
import { testJudgeState } from '../../stores/test-judge';
import { openLoginDialog, showToast } from '../../stores/ui';
import { submitTestJudge } from '../submission/judge-admin-api';

interface Props {
  problemId: string;
  /** `group`: a group's problem (the server checks the caller's membership). */
  type?: 'public' | 'group';
  /** Opened inside a homework or an exam: the run names it (its private problems are read through it). */
  task?: TaskRef;
  language: string;
  code: string;
  /** First sample input, offered as the default test input. */
  sampleInput?: string;
}

export function OnlineTestDrawer({ problemId, type = 'public', task, language, code, sampleInput }: Props) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState(sampleInput ?? '');
  const [expected, setExpected] = useState('');
  const [key, setKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const results = useSnapshot(testJudgeState);
  const result = key ? results.byKey[key] : undefined;
  const running = key !== null && (result === undefined || result.status === JudgeStatus.PENDING);

  useLiveTestJudge(key);

  const openDrawer = () => {
    if (!isLoggedIn(sessionState)) {
      showToast('warning', intl.formatMessage({ id: 'error.AUTH_NOT_LOGGED_IN' }));
      openLoginDialog('login');
      return;
    }
    setOpen(true);
  };

  const run = async () => {
    if (code.trim() === '') return showToast('error', intl.formatMessage({ id: 'error.CODE_EMPTY' }));
    if (code.length > LIMITS.codeMax) return showToast('error', intl.formatMessage({ id: 'error.CODE_TOO_LONG' }));
    setBusy(true);
    try {
      setKey(await submitTestJudge({ pid: problemId, type, ...task, language, code, userInput: input, expectedOutput: expected === '' ? null : expected }));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };

  const area = 'h-28 w-full resize-y rounded border border-slate-300 p-2 font-mono text-xs';
  return (
    <>
      <button
        type="button"
        data-testid="online-test-open"
        onClick={openDrawer}
        className="rounded border border-slate-300 px-3 py-1.5 text-sm text-slate-600 hover:border-blue-400 hover:text-blue-600"
      >
        <FormattedMessage id="problem.test.open" />
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        overlayClassName="fixed inset-0 z-40 bg-black/20"
        className="fixed bottom-0 right-0 top-0 z-50 flex w-[28rem] max-w-full flex-col gap-3 overflow-y-auto bg-white p-5 shadow-xl"
        testId="online-test-drawer"
        titleClassName="text-base font-semibold text-slate-800"
        title={<FormattedMessage id="problem.test.title" />}
        descriptionClassName="text-xs text-slate-400"
        description={<FormattedMessage id="problem.test.hint" values={{ max: TEST_INPUT_MAX }} />}
      >
        <label className="text-sm text-slate-600">
          <FormattedMessage id="problem.test.input" />
          <textarea data-testid="online-test-input" className={area} maxLength={TEST_INPUT_MAX} value={input} onChange={(e) => setInput(e.target.value)} />
          <span className="block text-right text-xs text-slate-400">
            {input.length} / {TEST_INPUT_MAX}
          </span>
        </label>
        <label className="text-sm text-slate-600">
          <FormattedMessage id="problem.test.expected" />
          <textarea data-testid="online-test-expected" className={area} value={expected} onChange={(e) => setExpected(e.target.value)} />
        </label>
        <button
          type="button"
          data-testid="online-test-run"
          disabled={busy || running || !language}
          onClick={() => void run()}
          className="self-end rounded bg-blue-600 px-5 py-1.5 text-sm font-medium text-white hover:bg-blue-700 disabled:opacity-60"
        >
          <FormattedMessage id={running ? 'problem.test.running' : 'problem.test.run'} />
        </button>
        {key && (
          <section data-testid="online-test-result" data-status={result?.status ?? JudgeStatus.PENDING} className="space-y-2 border-t border-slate-100 pt-3 text-sm">
            <div className="flex items-center gap-3">
              <StatusTag status={result?.status ?? JudgeStatus.PENDING} testId="online-test-status" />
              {!running && (
                <span className="text-slate-500">
                  {formatTimeMs(result?.time ?? null)} · {formatMemoryKb(result?.memory ?? null)}
                </span>
              )}
            </div>
            {!running && (
              <>
                <div className="text-xs text-slate-500">
                  <FormattedMessage id="problem.test.output" />
                </div>
                <pre data-testid="online-test-output" className="max-h-48 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap">
                  {result?.userOutput ?? ''}
                </pre>
                {result?.stderr ? (
                  <>
                    <div className="text-xs text-slate-500">
                      <FormattedMessage id="problem.test.stderr" />
                    </div>
                    <pre data-testid="online-test-stderr" className="max-h-48 overflow-auto rounded bg-slate-900 p-2 text-xs text-slate-100 whitespace-pre-wrap">
                      {result.stderr}
                    </pre>
                  </>
                ) : null}
              </>
            )}
          </section>
        )}
        <button type="button" className="mt-auto self-start text-sm text-slate-500 hover:text-slate-700" onClick={() => setOpen(false)}>
          <FormattedMessage id="submission.admin.close" />
        </button>
      </Modal>
    </>
  );
}
