// /help: compile command and A+B template of each local language, the result statuses
// explained, four compile tips, and how discussions work.
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { JudgeStatus, OWN_OJ, type JudgeStatusCode } from '@oj/proto';
import { CopyButton } from '../../components/CopyButton';
import { StatusTag } from '../../components/StatusTag';
import type { MessageId } from '../../i18n/zh-CN';
import { usePageTitle } from '../../lib/usePageTitle';
import { languagesState, loadLanguages } from '../../stores/languages';
import { TrainingHelp } from '../training/TrainingHelp';
import { DiscussionHelp } from '../discussion/DiscussionHelp';

/** The statuses the help page explains, in the original product's order, with their explanation ids. */
const STATUSES: [JudgeStatusCode, MessageId][] = [
  [JudgeStatus.PENDING, 'help.status.pending'],
  [JudgeStatus.SUBMITTED_FAILED, 'help.status.submittedFailed'],
  [JudgeStatus.COMPILING, 'help.status.compiling'],
  [JudgeStatus.JUDGING, 'help.status.judging'],
  [JudgeStatus.COMPILE_ERROR, 'help.status.compileError'],
  [JudgeStatus.PRESENTATION_ERROR, 'help.status.presentationError'],
  [JudgeStatus.PARTIAL_ACCEPTED, 'help.status.partialAccepted'],
  [JudgeStatus.ACCEPTED, 'help.status.accepted'],
  [JudgeStatus.WRONG_ANSWER, 'help.status.wrongAnswer'],
  [JudgeStatus.RUNTIME_ERROR, 'help.status.runtimeError'],
  [JudgeStatus.TIME_LIMIT_EXCEEDED, 'help.status.timeLimitExceeded'],
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED, 'help.status.memoryLimitExceeded'],
  [JudgeStatus.SYSTEM_ERROR, 'help.status.systemError'],
  [JudgeStatus.CANCELLED, 'help.status.cancelled'],
];

const TIPS: MessageId[] = ['help.tips.one', 'help.tips.two', 'help.tips.three', 'help.tips.four'];

export function HelpPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'help.page.title' }));
  const { list } = useSnapshot(languagesState);
  useEffect(() => void loadLanguages(), []);
  const local = list.filter((l) => l.oj === OWN_OJ);
  return (
    <div className="mx-auto max-w-screen-lg space-y-6 px-4 py-6" data-testid="help-page">
      <h1 className="text-2xl font-bold text-slate-800">
        <FormattedMessage id="help.page.title" />
      </h1>

      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-3 font-semibold text-slate-800">
          <FormattedMessage id="help.compiler.title" />
        </h2>
        <div className="space-y-4">
          {local.map((l) => (
            <div key={l.id} data-testid="help-language">
              <h3 className="font-medium text-slate-800">
                {l.name} <span className="text-sm font-normal text-slate-500">({l.description})</span>
              </h3>
              <div className="mt-1 text-sm text-slate-600">
                <FormattedMessage id="help.compiler.command" />
              </div>
              <pre className="mt-1 overflow-x-auto rounded bg-slate-100 p-2 text-xs">{l.compileCommand ?? '—'}</pre>
              {l.template && (
                <>
                  <div className="mt-2 flex items-center justify-between text-sm text-slate-600">
                    <FormattedMessage id="help.compiler.template" />
                    <CopyButton text={l.template} />
                  </div>
                  <pre className="mt-1 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">{l.template}</pre>
                </>
              )}
            </div>
          ))}
        </div>
      </section>

      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-3 font-semibold text-slate-800">
          <FormattedMessage id="help.status.title" />
        </h2>
        <dl className="space-y-2 text-sm">
          {STATUSES.map(([code, text]) => (
            <div key={code} className="flex flex-col gap-1 sm:flex-row sm:items-start">
              <dt className="w-48 shrink-0">
                <StatusTag status={code} />
              </dt>
              <dd className="text-slate-600">
                <FormattedMessage id={text} />
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-3 font-semibold text-slate-800">
          <FormattedMessage id="help.tips.title" />
        </h2>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600">
          {TIPS.map((t) => (
            <li key={t}>
              <FormattedMessage id={t} />
            </li>
          ))}
        </ol>
      </section>

      <TrainingHelp />
      <DiscussionHelp />
    </div>
  );
}
