// The help page's section on trainings: joining a private one, what the progress and the rank count, and where
// administrators build them (docs/trainings.md says more).
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../i18n/zh-CN';

const POINTS: MessageId[] = ['training.help.join', 'training.help.progress', 'training.help.rank', 'training.help.admin'];

export function TrainingHelp() {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid="help-training">
      <h2 className="mb-3 font-semibold text-slate-800">
        <FormattedMessage id="training.help.title" />
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
        {POINTS.map((p) => (
          <li key={p}>
            <FormattedMessage id={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
