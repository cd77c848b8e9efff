// Accounts in bulk: the CSV preview (every row with its reasons, nothing written), insert-batch-user (all rows
// checked again, then written in one transaction or not at all) and generate-user with its one-time download.
import { randomBytes, randomInt } from 'node:crypto';
import {
  OjError,
  ROLE_CODE,
  USER_GENERATE_LIMITS,
  USER_IMPORT_LIMITS,
  LIMITS,
  type GenerateUserBody,
  type GenerateUserVO,
  type UserImportPreview,
  type UserImportRow,
} from '@oj/proto';
import { BULK_COST, hashPassword } from '../account/password';
import type { ServiceContext } from '../context';
import { newUid } from '../db/seed';
import { parseCsv, type CsvRow } from '../export/csv-parse';
import { toCsv, toXlsx } from '../export/sheet';
import { checkImportRows, decodeCsvBytes, importUserOf, isHeaderRow, namesAndEmails, type ImportUser } from './user-import';
import { insertSheet, insertUsersBulk, takeSheet, takenValues } from './user-admin.repo';

export interface UserImportService {
  /** Reads an uploaded CSV and reports every row; writes nothing. */
  preview(data: Uint8Array): Promise<UserImportPreview>;
  /** Creates every row's user (role default_user) in one transaction, or none when any row is bad. */
  insertBatch(rows: string[][]): Promise<number>;
  generate(ownerUid: string, body: GenerateUserBody): Promise<GenerateUserVO>;
  /** The generated accounts of `key` as a file, once, for the admin who generated them. */
  takeSheet(ownerUid: string, key: string, format: 'xlsx' | 'csv'): Promise<{ fileName: string; data: Buffer; mime: string }>;
}

/** How long generated accounts wait for their download. */
export const SHEET_TTL_MS = 30 * 60_000;
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

export function randomPassword(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return s;
}

export function createUserImportService(ctx: ServiceContext): UserImportService {
  const { db } = ctx;

  async function check(rows: readonly CsvRow[]): Promise<UserImportRow[]> {
    if (rows.length === 0) throw new OjError('USER_IMPORT_EMPTY');
    if (rows.length > USER_IMPORT_LIMITS.maxRows) throw new OjError('USER_IMPORT_TOO_MANY', { max: USER_IMPORT_LIMITS.maxRows });
    const { usernames, emails } = namesAndEmails(rows);
    const taken = { usernames: await takenValues(db, 'username', usernames), emails: await takenValues(db, 'email', emails) };
    return checkImportRows(rows, taken);
  }

  /** Hashes (at the bulk cost) and inserts the users in one transaction; a name taken meanwhile undoes it all. */
  async function insertAll(users: ImportUser[]): Promise<void> {
    const hashes = await Promise.all(users.map((u) => hashPassword(u.password, BULK_COST)));
    const values = users.map((u, i) => ({
      uuid: newUid(),
      username: u.username,
      password: hashes[i]!,
      email: u.email,
      realname: u.realname,
      gender: u.gender,
      nickname: u.nickname,
      school: u.school,
    }));
    try {
      await db.transaction((tx) => insertUsersBulk(tx, values, ROLE_CODE.default_user));
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new OjError('ACCOUNT_USERNAME_EXISTS');
      throw err;
    }
  }

  return {
    async preview(data) {
      if (data.byteLength > USER_IMPORT_LIMITS.maxBytes) throw new OjError('FILE_TOO_LARGE', { detail: `${USER_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB` });
      const parsed = parseCsv(decodeCsvBytes(data));
      const header = parsed.length > 0 && isHeaderRow(parsed[0]!.cells);
      const rows = await check(header ? parsed.slice(1) : parsed);
      return { rows, total: rows.length, bad: rows.filter((r) => r.reasons.length > 0).length, header };
    },

    async insertBatch(raw) {
      const rows = await check(raw.map((cells, i) => ({ line: i + 1, cells })));
      const bad = rows.filter((r) => r.reasons.length > 0);
      if (bad.length > 0) throw new OjError('USER_IMPORT_INVALID', { count: bad.length, line: bad[0]!.line });
      await insertAll(rows.map((r) => importUserOf(r.cells)));
      return rows.length;
    },

    async generate(ownerUid, body) {
      const from = body.number_from;
      const to = body.number_to;
      if (to < from) throw new OjError('USER_GENERATE_RANGE');
      if (to - from + 1 > USER_GENERATE_LIMITS.maxCount) throw new OjError('USER_GENERATE_TOO_MANY', { max: USER_GENERATE_LIMITS.maxCount });
      const usernames = Array.from({ length: to - from + 1 }, (_, i) => `${body.prefix ?? ''}${from + i}${body.suffix ?? ''}`);
      const long = usernames.find((u) => u.length > LIMITS.usernameMax);
      if (long) throw new OjError('USER_GENERATE_TOO_LONG', { username: long, max: LIMITS.usernameMax });
      const taken = [...(await takenValues(db, 'username', usernames))];
      if (taken.length > 0) throw new OjError('USER_GENERATE_EXISTS', { count: taken.length, username: taken[0]! });
      const accounts = usernames.map((username) => [username, randomPassword(body.password_length)] as [string, string]);
      await insertAll(accounts.map(([username, password]) => ({ username, password, email: null, realname: null, gender: 'secrecy', nickname: null, school: null })));
      const key = randomBytes(18).toString('base64url');
      await insertSheet(db, { key, ownerUid, rows: accounts, expiresAt: new Date(Date.now() + SHEET_TTL_MS) });
      return { key, count: accounts.length };
    },

    async takeSheet(ownerUid, key, format) {
      const rows = await takeSheet(db, key, ownerUid);
      if (!rows) throw new OjError('USER_SHEET_GONE');
      const table = [['username', 'password'], ...rows];
      if (format === 'csv') return { fileName: 'generated-users.csv', data: toCsv(table), mime: 'text/csv; charset=utf-8' };
      return {
        fileName: 'generated-users.xlsx',
        data: toXlsx([{ name: 'users', rows: table }]),
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      };
    },
  };
}
