// For unit tests of repositories and services: a fresh database per test file, cloned from the migrated template
// that the vitest global setup prepares (tests/support/global-setup.ts), on the run's real PostgreSQL.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDb, type Db } from '../db/client';
import { databaseUrl, dropDb, onAdminDb } from './template-db';

export interface TestDb {
  db: Db;
  url: string;
  /** Closes the pool and drops the database. */
  stop(): Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplateDb: string;
  }
}

/** Creates `oj_unit_<random>` from the template and opens a small pool on it. */
export async function startTestDb(): Promise<TestDb> {
  const adminUrl = inject('pgAdminUrl');
  const name = `oj_unit_${randomBytes(6).toString('hex')}`;
  await onAdminDb(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDb')}`);
  const url = databaseUrl(adminUrl, name);
  const handle = openDb(url, { max: 4 });
  return {
    db: handle.db,
    url,
    stop: async () => {
      await handle.close();
      await dropDb(adminUrl, name);
    },
  };
}
