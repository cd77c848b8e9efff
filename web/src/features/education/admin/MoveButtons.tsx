// Up and down buttons that move a chapter or a resource one place in its list; disabled at the ends and while saving.
import { useIntl } from 'react-intl';

interface Props {
  index: number;
  count: number;
  busy: boolean;
  /** `edu-chapter` or `edu-resource`: the buttons are `<prefix>-up` and `<prefix>-down`. */
  testIdPrefix: string;
  onMove: (dir: -1 | 1) => void;
}

export function MoveButtons({ index, count, busy, testIdPrefix, onMove }: Props) {
  const intl = useIntl();
  const button = (dir: -1 | 1, arrow: string, disabled: boolean) => {
    const label = intl.formatMessage({ id: dir < 0 ? 'eduAdmin.content.moveUp' : 'eduAdmin.content.moveDown' });
    return (
      <button
        type="button"
        className="rounded border border-slate-300 px-1 text-xs disabled:opacity-40"
        data-testid={`${testIdPrefix}-${dir < 0 ? 'up' : 'down'}`}
        title={label}
        aria-label={label}
        disabled={busy || disabled}
        onClick={() => onMove(dir)}
      >
        {arrow}
      </button>
    );
  };
  return (
    <span className="flex gap-1">
      {button(-1, '↑', index === 0)}
      {button(1, '↓', index === count - 1)}
    </span>
  );
}
