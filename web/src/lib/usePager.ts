// A list's page and page size kept in component state, with the `pager` props of DataTable / PagedList.
import { useState } from 'react';

export function usePager(initialSize: number) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(initialSize);
  const onChange = (p: number, s: number) => {
    setPage(p);
    setSize(s);
  };
  return { page, size, setPage, pager: { page, size, onChange } };
}
