// The table of the contest tools (AC helper, prints, rejudge): the header, then a loading or empty row, or one
// row a record.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { TableHead, type TableColumn } from '../../components/TableHead';

interface Props<T> {
  columns: TableColumn[];
  /** null while loading. */
  rows: readonly T[] | null;
  /** One `<tr>` a record, with its key. */
  row: (record: T) => ReactNode;
}

export function ToolTable<T>({ columns, rows, row }: Props<T>) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-sm">
        <TableHead nowrap columns={columns} />
        <tbody>
          {rows === null ? (
            <tr>
              <td colSpan={columns.length} className="py-8 text-center text-slate-500">
                <FormattedMessage id="board.page.loading" />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="py-8 text-center text-slate-400">
                <FormattedMessage id="board.page.empty" />
              </td>
            </tr>
          ) : (
            rows.map((r) => row(r))
          )}
        </tbody>
      </table>
    </div>
  );
}
