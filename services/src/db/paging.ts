// Paging and keyword helpers shared by every list: page offsets, the `PageOf` answer, LIKE escaping.
import type { PageOf } from '@oj/proto';

/** Rows to skip for a 1-based page, or null when the page lies beyond anything the database can hold. */
export function pageOffset(current: number, size: number): number | null {
  const offset = (current - 1) * size;
  return Number.isSafeInteger(offset) && offset >= 0 ? offset : null;
}

/** The `{records, total, size, current, pages}` answer of a list. */
export function pageOf<T>(records: T[], total: number, current: number, size: number): PageOf<T> {
  return { records, total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 };
}

/** Escapes `%`, `_` and `\\` so a keyword matches itself in LIKE / ILIKE. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
