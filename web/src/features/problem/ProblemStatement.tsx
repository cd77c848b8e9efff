// The statement: title, limits (C/C++ value and doubled for other languages), markdown sections, examples.
import { StatisticPie } from './StatisticPie';
import { FormattedMessage, useIntl } from 'react-intl';
import { ProblemType, type ProblemInfo } from '@oj/proto';
import { CopyButton } from '../../components/CopyButton';
import { Markdown } from '../../components/Markdown';
import type { MessageId } from '../../i18n/zh-CN';

/** CF and GYM problems keep their limits for every language. */
export function otherLanguageFactor(problemId: string): number {
  return /^(CF|GYM)-/i.test(problemId) ? 1 : 2;
}

function Section({ title, text }: { title: MessageId; text: string | null }) {
  if (!text) return null;
  return (
    <section className="mt-6">
      <h2 className="mb-2 border-l-4 border-blue-500 pl-2 text-base font-semibold text-slate-800">
        <FormattedMessage id={title} />
      </h2>
      <Markdown text={text} />
    </section>
  );
}

function Sample({ label, n, text }: { label: MessageId; n: number; text: string }) {
  return (
    <div className="min-w-0 flex-1">
      <div className="mb-1 flex items-center justify-between text-xs text-slate-500">
        <FormattedMessage id={label} values={{ n }} />
        <CopyButton text={text} />
      </div>
      <pre className="overflow-x-auto rounded border border-slate-200 bg-slate-50 p-2 font-mono text-sm">{text}</pre>
    </div>
  );
}

/** `heading` replaces "problemId. title" (a contest shows its display id and display title). */
export function ProblemStatement({ info, heading }: { info: ProblemInfo; heading?: string }) {
  const intl = useIntl();
  const p = info.problem;
  const factor = otherLanguageFactor(p.problemId);
  const ms = (v: number) => intl.formatMessage({ id: 'common.unit.ms' }, { value: v });
  const mb = (v: number) => intl.formatMessage({ id: 'common.unit.mb' }, { value: v });
  return (
    <article>
      <h1 className="text-xl font-bold text-slate-800" data-testid="problem-title">
        {heading ?? `${p.problemId}. ${p.title}`}
      </h1>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
        <span>
          <FormattedMessage id="problem.detail.timeLimit" />:{' '}
          <FormattedMessage id="problem.detail.limitValue" values={{ c: ms(p.timeLimit), other: ms(p.timeLimit * factor) }} />
        </span>
        <span>
          <FormattedMessage id="problem.detail.memoryLimit" />:{' '}
          <FormattedMessage id="problem.detail.limitValue" values={{ c: mb(p.memoryLimit), other: mb(p.memoryLimit * factor) }} />
        </span>
        <span>
          <FormattedMessage id="problem.detail.type" />:{' '}
          <FormattedMessage id={p.type === ProblemType.OI ? 'problem.detail.typeOi' : 'problem.detail.typeAcm'} />
        </span>
        {p.author && (
          <span>
            <FormattedMessage id="problem.detail.author" />: {p.author}
          </span>
        )}
        <span>
          <FormattedMessage id="problem.detail.stats" values={{ ac: info.problemCount.ac, total: info.problemCount.total }} />
        </span>
        <StatisticPie counts={info.problemCount} />
      </div>
      {info.tags.length > 0 && (
        <div className="mt-2 flex flex-wrap gap-1">
          {info.tags.map((t) => (
            <span key={t.id} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
              {t.name}
            </span>
          ))}
        </div>
      )}
      <Section title="problem.detail.description" text={p.description} />
      <Section title="problem.detail.input" text={p.input} />
      <Section title="problem.detail.output" text={p.output} />
      {p.examples.length > 0 && (
        <section className="mt-6">
          <h2 className="mb-2 border-l-4 border-blue-500 pl-2 text-base font-semibold text-slate-800">
            <FormattedMessage id="problem.detail.examples" />
          </h2>
          <div className="space-y-3">
            {p.examples.map((ex, i) => (
              <div key={i} className="flex flex-col gap-3 sm:flex-row">
                <Sample label="problem.detail.sampleInput" n={i + 1} text={ex.input} />
                <Sample label="problem.detail.sampleOutput" n={i + 1} text={ex.output} />
              </div>
            ))}
          </div>
        </section>
      )}
      <Section title="problem.detail.hint" text={p.hint} />
      <Section title="problem.detail.source" text={p.source} />
    </article>
  );
}
