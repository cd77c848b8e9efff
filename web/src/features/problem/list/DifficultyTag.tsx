// A problem's difficulty (0 Easy, 1 Mid, 2 Hard) as a coloured tag; nothing for another value.
import { FormattedMessage } from 'react-intl';

const DIFFICULTY_STYLE = ['bg-green-100 text-green-800', 'bg-amber-100 text-amber-800', 'bg-red-100 text-red-800'];

export function DifficultyTag({ level }: { level: number }) {
  if (level < 0 || level > 2) return null;
  return (
    <span className={`rounded px-2 py-0.5 text-xs ${DIFFICULTY_STYLE[level]}`}>
      <FormattedMessage id={`problem.difficulty.${level as 0 | 1 | 2}`} />
    </span>
  );
}
