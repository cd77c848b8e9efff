import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestDb, type TestDb } from './test-db';

describe('startTestDb', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await startTestDb();
  });
  afterAll(() => t.stop());

  it('gives a migrated database of its own', async () => {
    const rows = await t.db.execute<{ n: string }>(sql`select count(*)::text as n from information_schema.tables where table_name = 'judge'`);
    expect(rows[0]?.n).toBe('1');
    const other = await startTestDb();
    try {
      expect(other.url).not.toBe(t.url);
    } finally {
      await other.stop();
    }
  });
});
