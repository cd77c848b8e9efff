// The header row of the app's data tables: one translated label per column. A column may carry extra classes
// (e.g. hidden on narrow screens); `false` entries are left out, for columns shown only to some users.
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/zh-CN';

export type TableColumn = MessageId | { id: MessageId; className: string };

export function TableHead({ columns, nowrap = false }: { columns: Array<TableColumn | false>; nowrap?: boolean }) {
  const base = `px-3 py-2 text-left font-medium${nowrap ? ' whitespace-nowrap' : ''}`;
  return (
    <thead className="bg-slate-50 text-slate-500">
      <tr>
        {columns.map((c) => {
          if (c === false) return null;
          const { id, className } = typeof c === 'string' ? { id: c, className: '' } : c;
          return (
            <th key={id} className={className ? `${base} ${className}` : base}>
              <FormattedMessage id={id} />
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
