// Checking users to import (CSV rows or insert-batch-user rows) before anything is written: the columns username,
// password (required), email, realname, gender, nickname, school; every row gets its reasons (none = importable).
import { LIMITS, OjError, USER_IMPORT_LIMITS, type UserImportReason, type UserImportRow } from '@oj/proto';
import { EMAIL_RE, normEmail } from '../account/email-code';
import type { CsvRow } from '../export/csv-parse';

export const IMPORT_COLUMNS = ['username', 'password', 'email', 'realname', 'gender', 'nickname', 'school'] as const;

/** A row that passed every check, ready to insert. */
export interface ImportUser {
  username: string;
  password: string;
  email: string | null;
  realname: string | null;
  gender: 'male' | 'female' | 'secrecy';
  nickname: string | null;
  school: string | null;
}

/** The text of an uploaded CSV: UTF-8 (a BOM is dropped); any other encoding is refused. */
export function decodeCsvBytes(data: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    throw new OjError('USER_IMPORT_ENCODING');
  }
}

/** Whether the first row is a header (`username,password,…`) rather than a user. */
export const isHeaderRow = (cells: readonly string[]): boolean => cells[0]?.trim().toLowerCase() === 'username';

/** male / 0 → male, female / 1 → female, anything else → secrecy (the spec's rule). */
export function genderOf(raw: string | undefined): ImportUser['gender'] {
  const g = (raw ?? '').trim().toLowerCase();
  if (g === 'male' || g === '0') return 'male';
  if (g === 'female' || g === '1') return 'female';
  return 'secrecy';
}

/** What the database already holds (usernames; emails lower-cased). */
export interface Taken {
  usernames: ReadonlySet<string>;
  emails: ReadonlySet<string>;
}

const blankToNull = (s: string | undefined): string | null => {
  const t = (s ?? '').trim();
  return t === '' ? null : t;
};

function reasonsOf(cells: readonly string[], seenNames: Set<string>, seenEmails: Set<string>, taken: Taken): UserImportReason[] {
  const reasons: UserImportReason[] = [];
  const username = (cells[0] ?? '').trim();
  const password = cells[1] ?? '';
  const email = blankToNull(cells[2]);
  if (username === '' || password === '') reasons.push('missing_column');
  if (cells.length > IMPORT_COLUMNS.length && cells.slice(IMPORT_COLUMNS.length).some((c) => c.trim() !== '')) reasons.push('too_many_columns');
  if (username.length > LIMITS.usernameMax) reasons.push('username_too_long');
  // eslint-disable-next-line no-control-regex
  else if (/[\s\u0000-\u001f]/.test(username)) reasons.push('username_invalid');
  if (password !== '' && (password.length < LIMITS.passwordMin || password.length > LIMITS.passwordMax)) reasons.push('password_length');
  if (cells.slice(2, IMPORT_COLUMNS.length).some((c) => c.length > USER_IMPORT_LIMITS.fieldMax)) reasons.push('field_too_long');
  if (username !== '') {
    if (seenNames.has(username)) reasons.push('duplicate_in_file');
    else if (taken.usernames.has(username)) reasons.push('username_exists');
    seenNames.add(username);
  }
  if (email !== null) {
    const e = normEmail(email);
    if (!EMAIL_RE.test(email)) reasons.push('email_invalid');
    else if (seenEmails.has(e)) reasons.push('email_duplicate_in_file');
    else if (taken.emails.has(e)) reasons.push('email_exists');
    seenEmails.add(e);
  }
  return reasons;
}

/** Every row with its reasons, in file order (a duplicate is reported on its second and later occurrences). */
export function checkImportRows(rows: readonly CsvRow[], taken: Taken): UserImportRow[] {
  const seenNames = new Set<string>();
  const seenEmails = new Set<string>();
  return rows.map((r) => ({ line: r.line, cells: r.cells, reasons: reasonsOf(r.cells, seenNames, seenEmails, taken) }));
}

/** The usernames and (normalised) emails the rows name, for the database look-up. */
export function namesAndEmails(rows: readonly CsvRow[]): { usernames: string[]; emails: string[] } {
  const usernames = new Set<string>();
  const emails = new Set<string>();
  for (const r of rows) {
    const u = (r.cells[0] ?? '').trim();
    if (u) usernames.add(u);
    const e = blankToNull(r.cells[2]);
    if (e) emails.add(normEmail(e));
  }
  return { usernames: [...usernames], emails: [...emails] };
}

/** The user of a row that passed the checks. */
export function importUserOf(cells: readonly string[]): ImportUser {
  const email = blankToNull(cells[2]);
  return {
    username: (cells[0] ?? '').trim(),
    password: cells[1] ?? '',
    email: email === null ? null : normEmail(email),
    realname: blankToNull(cells[3]),
    gender: genderOf(cells[4]),
    nickname: blankToNull(cells[5]),
    school: blankToNull(cells[6]),
  };
}
