// Databases for tests, made on the run's PostgreSQL from its maintenance URL: a migrated template (made once per run
// by the vitest global setup) and its clones (one per test file, see test-db.ts).
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { seedRoles } from '../db/seed';

export async function onAdminDb(adminUrl: string, statement: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates a database with every migration applied and the roles; returns its name. No connection stays open on it. */
export async function createTemplateDb(adminUrl: string): Promise<string> {
  const name = `oj_template_${randomBytes(6).toString('hex')}`;
  await onAdminDb(adminUrl, `CREATE DATABASE ${name}`);
  await migrate(databaseUrl(adminUrl, name));
  // Reference data every real database has: the roles.
  const h = openDb(databaseUrl(adminUrl, name), { max: 1 });
  try {
    await seedRoles(h.db);
  } finally {
    await h.close();
  }
  return name;
}

export async function dropDb(adminUrl: string, name: string): Promise<void> {
  await onAdminDb(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
