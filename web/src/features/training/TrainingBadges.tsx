// Small pieces the training pages share: the auth tag, the category tag in its colour, and the progress bar whose
// colour steps every 20 % (proto's trainingProgressColor).
import { FormattedMessage, useIntl } from 'react-intl';
import { TRAINING_AUTH, trainingProgressColor, type TrainingAuth } from '@oj/proto';

export function TrainingAuthTag({ auth }: { auth: TrainingAuth }) {
  const priv = auth === TRAINING_AUTH.PRIVATE;
  return (
    <span
      data-testid="training-auth"
      data-auth={auth}
      className={`inline-flex items-center rounded border px-2 py-0.5 text-xs whitespace-nowrap ${priv ? 'border-red-200 bg-red-50 text-red-700' : 'border-green-200 bg-green-50 text-green-700'}`}
    >
      <FormattedMessage id={priv ? 'training.auth.private' : 'training.auth.public'} />
    </span>
  );
}

export function CategoryTag({ name, color }: { name: string | null; color: string | null }) {
  if (!name) return null;
  return (
    <span data-testid="training-category" className="inline-flex items-center rounded px-2 py-0.5 text-xs whitespace-nowrap text-white" style={{ backgroundColor: color ?? '#909399' }}>
      {name}
    </span>
  );
}

/** Solved / total as a bar; `wide` for the details header. */
export function TrainingProgress({ ac, total, wide = false }: { ac: number; total: number; wide?: boolean }) {
  const intl = useIntl();
  const pct = total > 0 ? Math.round((ac / total) * 10_000) / 100 : 0;
  const color = trainingProgressColor(ac, total);
  return (
    <div className={`flex items-center gap-2 ${wide ? 'w-full' : 'w-40'}`}>
      <div
        role="progressbar"
        aria-label={intl.formatMessage({ id: 'training.progress.label' })}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={ac}
        data-testid="training-progress"
        data-ac={ac}
        data-total={total}
        data-color={color}
        className={`flex-1 overflow-hidden rounded-full bg-slate-200 ${wide ? 'h-3' : 'h-2'}`}
      >
        <div className="h-full transition-[width] duration-500" style={{ width: `${pct}%`, backgroundColor: color }} />
      </div>
      <span className="shrink-0 text-xs text-slate-600" data-testid="training-progress-text">
        {ac}/{total}
      </span>
    </div>
  );
}
