// Applies the committed drizzle migrations (services/drizzle/) under an advisory lock, so processes that
// start together do not race.
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as drizzleMigrate } from 'drizzle-orm/postgres-js/migrator';
import { openDb } from './client';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Arbitrary constant key of the migration advisory lock. */
const MIGRATE_LOCK = 770_001;

export async function migrate(databaseUrl: string): Promise<void> {
  // One connection: the advisory lock belongs to the session that takes it.
  const h = openDb(databaseUrl, { max: 1 });
  try {
    await h.db.execute(sql`select pg_advisory_lock(${MIGRATE_LOCK})`);
    try {
      await drizzleMigrate(h.db, { migrationsFolder: MIGRATIONS_FOLDER });
      // What drizzle cannot declare: the shared rate-limit counters skip the WAL (schema/rate-limit.ts). Once.
      await h.db.execute(sql`do $$ begin
        if exists (select 1 from pg_class where relname = 'rate_counter' and relkind = 'r' and relpersistence = 'p') then
          alter table rate_counter set unlogged;
        end if;
      end $$`);
    } finally {
      await h.db.execute(sql`select pg_advisory_unlock(${MIGRATE_LOCK})`);
    }
  } finally {
    await h.close();
  }
}
