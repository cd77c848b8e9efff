// A fresh, empty database per test file on the run's shared PostgreSQL (see global-setup.ts).
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import './provided-context';

export interface TestDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function startTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `oj_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    stop: async () => {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}


/** The body of the newest stored mail to `to` ('' when none): tests read codes and links here, as admins see no bodies. */
export async function lastMailBody(url: string, to: string): Promise<string> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ body: string }[]>`select body from mail_outbox where to_address = ${to.trim().toLowerCase()} order by id desc limit 1`;
    return rows[0]?.body ?? '';
  } finally {
    await sql.end();
  }
}

/** The stored answer of captcha `key` ('' when none): the pictures are pixels, the tests read the answer here. */
export async function captchaAnswer(url: string, key: string): Promise<string> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ answer: string }[]>`select answer from captcha where key = ${key}`;
    return rows[0]?.answer ?? '';
  } finally {
    await sql.end();
  }
}

/** Drops a test database now, ending its connections (what a process sees when its PostgreSQL is gone). */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^oj_test_[0-9a-f]+$/.test(name)) throw new Error(`not a test database: ${name}`);
  const a = postgres(inject('pgAdminUrl'), { max: 1, onnotice: () => {} });
  try {
    await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await a.end();
  }
}
