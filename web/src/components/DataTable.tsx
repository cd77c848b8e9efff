// The app's paged lists: the loading and empty placeholders, the list itself, and the pager under it.
// `PagedList` takes any list markup; `DataTable` is the usual scrollable table with a translated header.
import type { ReactNode } from 'react';
import { Pager } from './Pager';
import { Empty, Loading } from './Spinner';
import { TableHead, type TableColumn } from './TableHead';

interface PageData<T> {
  records: readonly T[];
  total: number;
}

export interface PagerProps {
  page: number;
  size: number;
  onChange: (page: number, size: number) => void;
  /** Page sizes offered, when not the usual ones. */
  sizes?: readonly number[];
}

interface PagedListProps<T> {
  /** null: nothing loaded (yet, or the load failed). */
  data: PageData<T> | null;
  /** A load is under way; the placeholder shows only while there is no data to keep showing. */
  loading: boolean;
  /** Shown under the list, with the data's total (0 while there is none). */
  pager?: PagerProps;
  children: (records: readonly T[]) => ReactNode;
}

export function PagedList<T>({ data, loading, pager, children }: PagedListProps<T>) {
  return (
    <>
      {loading && !data ? <Loading /> : !data || data.records.length === 0 ? <Empty /> : children(data.records)}
      {pager && (
        <div className="px-4">
          <Pager page={pager.page} size={pager.size} total={data?.total ?? 0} onChange={pager.onChange} {...(pager.sizes && { sizes: pager.sizes })} />
        </div>
      )}
    </>
  );
}

interface DataTableProps<T> extends Omit<PagedListProps<T>, 'children'> {
  columns: Array<TableColumn | false>;
  nowrap?: boolean;
  testId?: string;
  /** One `<tr>` a record (its index on this page), with its key. */
  row: (record: T, index: number) => ReactNode;
}

export function DataTable<T>({ columns, nowrap, testId, row, ...list }: DataTableProps<T>) {
  return (
    <PagedList {...list}>
      {(records) => (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid={testId}>
            <TableHead nowrap={nowrap} columns={columns} />
            <tbody>{records.map((r, i) => row(r, i))}</tbody>
          </table>
        </div>
      )}
    </PagedList>
  );
}
