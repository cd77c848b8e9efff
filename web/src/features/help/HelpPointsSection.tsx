// One section of the help page: a title and a list of points, each a catalogue message.
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../i18n/zh-CN';

export function HelpPointsSection({ testId, title, points }: { testId: string; title: MessageId; points: MessageId[] }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid={testId}>
      <h2 className="mb-3 font-semibold text-slate-800">
        <FormattedMessage id={title} />
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
        {points.map((p) => (
          <li key={p}>
            <FormattedMessage id={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
