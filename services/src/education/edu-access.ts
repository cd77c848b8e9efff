// Who may do what on the education side, from the caller's current roles and permissions (the gateway reads them from
// the database on every request) and the rows' creators: a teacher manages only what they created, a super admin all.
import { OjError, type Permission } from '@oj/proto';
import type { Viewer } from '../account/viewer';

export const LESSON_PERMISSIONS: readonly Permission[] = ['lesson_add', 'lesson_allocate', 'lesson_update', 'lesson_delete'];

export const isSuperAdmin = (v: Viewer | null): boolean => v !== null && v.roles.includes('root');

/** A teacher holds at least one lesson_* permission. */
export const isTeacher = (v: Viewer | null): boolean => v !== null && v.permissions.some((p) => LESSON_PERMISSIONS.includes(p));

/** The caller holds every one of these permissions (and). */
export function requirePermissions(v: Viewer, ...ps: Permission[]): void {
  if (!ps.every((p) => v.permissions.includes(p))) throw new OjError('AUTH_FORBIDDEN');
}

export function requireTeacher(v: Viewer): void {
  if (!isTeacher(v)) throw new OjError('AUTH_FORBIDDEN');
}

/** The creator a list is filtered by: null (everyone's) for a super admin, else the caller. */
export const creatorFilter = (v: Viewer): string | null => (isSuperAdmin(v) ? null : v.uid);

export const owns = (v: Viewer | null, row: { creator: string }): boolean => v !== null && (isSuperAdmin(v) || (isTeacher(v) && row.creator === v.uid));

/** `row` if the caller manages it; `missing` when there is no row, AUTH_FORBIDDEN when it is another teacher's. */
export function managed<T extends { creator: string }>(v: Viewer, row: T | undefined, missing: 'EDU_GRADE_NOT_FOUND' | 'EDU_CLASS_NOT_FOUND' | 'EDU_COURSE_NOT_FOUND'): T {
  if (!row) throw new OjError(missing);
  if (!owns(v, row)) throw new OjError('AUTH_FORBIDDEN');
  return row;
}

/** Page number and size of a list query, the size capped at `max`. */
export function paging(q: { pageNum?: number; pageSize?: number }, size: number): { current: number; size: number; offset: number } {
  const current = q.pageNum ?? 1;
  const s = q.pageSize ?? size;
  const offset = (current - 1) * s;
  if (!Number.isSafeInteger(offset)) throw new OjError('VALIDATION_FAILED', { detail: 'pageNum' });
  return { current, size: s, offset };
}
