// Pagination: previous/next, five page buttons, page-size select (10/15/30/50/100 unless told, optional) and the total.
import { FormattedMessage, useIntl } from 'react-intl';
import { PAGE_SIZES } from '@oj/proto';

interface Props {
  page: number;
  size: number;
  total: number;
  onChange: (page: number, size: number) => void;
  /** Offer the page-size select (lists with a fixed size, like the contest tools, turn it off). */
  sizeSelect?: boolean;
  /** The sizes the select offers (the usual ones unless given, e.g. the public-problem dialog's 10/30/50/100). */
  sizes?: readonly number[];
}

export function Pager({ page, size, total, onChange, sizeSelect = true, sizes = PAGE_SIZES.options }: Props) {
  const intl = useIntl();
  const pages = Math.max(1, Math.ceil(total / size));
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  const buttons = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  const btn = 'min-w-8 h-8 px-2 rounded border text-sm disabled:opacity-40';
  return (
    <nav className="flex flex-wrap items-center gap-2 py-3 text-sm text-slate-600" aria-label={intl.formatMessage({ id: 'common.pager.label' })}>
      <span>
        <FormattedMessage id="common.pager.total" values={{ total }} />
      </span>
      <button type="button" className={`${btn} border-slate-300 bg-white`} disabled={page <= 1} onClick={() => onChange(page - 1, size)}>
        <FormattedMessage id="common.pager.prev" />
      </button>
      {buttons.map((p) => (
        <button
          key={p}
          type="button"
          aria-current={p === page ? 'page' : undefined}
          aria-label={intl.formatMessage({ id: 'common.pager.page' }, { page: p })}
          className={`${btn} ${p === page ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300 bg-white hover:border-blue-400'}`}
          onClick={() => onChange(p, size)}
        >
          {p}
        </button>
      ))}
      <button type="button" className={`${btn} border-slate-300 bg-white`} disabled={page >= pages} onClick={() => onChange(page + 1, size)}>
        <FormattedMessage id="common.pager.next" />
      </button>
      {sizeSelect && (
        <select
          className="h-8 rounded border border-slate-300 bg-white px-2"
          value={size}
          onChange={(e) => onChange(1, Number(e.target.value))}
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {intl.formatMessage({ id: 'common.pager.pageSize' }, { size: s })}
            </option>
          ))}
        </select>
      )}
    </nav>
  );
}
