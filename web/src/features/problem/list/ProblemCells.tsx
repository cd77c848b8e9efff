// Cells of the problem lists (the bank's and a group's): the difficulty tag and the caller's status mark.
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

/** ✔ ever accepted, ✘ tried, nothing when never submitted (or logged out). */
export function MyStatus({ status }: { status: number | undefined }) {
  if (status === undefined || status === -10) return null;
  return status === 0 ? (
    <span className="text-green-600" data-testid="my-status" data-status="ac">
      ✔
    </span>
  ) : (
    <span className="text-red-500" data-testid="my-status" data-status="tried">
      ✘
    </span>
  );
}

