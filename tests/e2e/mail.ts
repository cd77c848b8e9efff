// The body of a mail the e2e stack stored (no SMTP in tests). Admins see only recipient and subject over the API,
// so the tests read the embedded PostgreSQL of `.tmp/e2e-data` directly: its port from `postmaster.pid`, its
// password from `secrets.json` (both written by `pnpm start`'s embedded default).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.tmp/e2e-data');

export function databaseUrl(): string {
  const port = readFileSync(path.join(DATA_DIR, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]!.trim();
  const { pgPassword } = JSON.parse(readFileSync(path.join(DATA_DIR, 'secrets.json'), 'utf8')) as { pgPassword: string };
  return `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${port}/oj`;
}

/** The newest mail's body to `to`, or null when none is stored yet. */
export async function lastMailText(to: string): Promise<string | null> {
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ body: string }[]>`select body from mail_outbox where to_address = ${to.trim().toLowerCase()} order by id desc limit 1`;
    return rows[0]?.body ?? null;
  } finally {
    await sql.end();
  }
}

/** The stored answer of captcha `key` (the pictures are pixels, so the test reads what a person would see). */
export async function captchaAnswer(key: string): Promise<string | null> {
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ answer: string }[]>`select answer from captcha where key = ${key}`;
    return rows[0]?.answer ?? null;
  } finally {
    await sql.end();
  }
}
