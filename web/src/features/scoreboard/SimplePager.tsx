// Previous/next paging with the total, for the fixed-size lists of the contest tools (AC helper 20, prints 15).
import { FormattedMessage } from 'react-intl';

export function SimplePager({ page, size, total, onChange }: { page: number; size: number; total: number; onChange: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / size));
  const btn = 'h-8 min-w-8 rounded border border-slate-300 bg-white px-2 text-sm disabled:opacity-40';
  return (
    <nav className="flex items-center gap-2 py-3 text-sm text-slate-600" aria-label="pagination">
      <span>
        <FormattedMessage id="board.pager.total" values={{ total }} />
      </span>
      <button type="button" className={btn} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <FormattedMessage id="board.pager.prev" />
      </button>
      <span>
        {page} / {pages}
      </span>
      <button type="button" className={btn} disabled={page >= pages} onClick={() => onChange(page + 1)}>
        <FormattedMessage id="board.pager.next" />
      </button>
    </nav>
  );
}
