// The SQL of the stored site configuration: one jsonb row per part (`site`: website and switches, `email`: SMTP).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { siteSetting } from '../db/schema';

export type SettingKey = 'site' | 'email';

/** Every stored part, by key. */
export async function readSettings(db: DbOrTx): Promise<Partial<Record<SettingKey, Record<string, unknown>>>> {
  const rows = await db.select({ key: siteSetting.key, value: siteSetting.value }).from(siteSetting);
  const out: Partial<Record<SettingKey, Record<string, unknown>>> = {};
  for (const r of rows) if ((r.key === 'site' || r.key === 'email') && typeof r.value === 'object' && r.value) out[r.key] = r.value as Record<string, unknown>;
  return out;
}

/** Merges `patch` into the stored part (jsonb `||`, atomic): fields not in `patch` keep their stored value. */
export async function mergeSetting(db: DbOrTx, key: SettingKey, patch: Record<string, unknown>): Promise<void> {
  const json = JSON.stringify(patch);
  await db
    .insert(siteSetting)
    .values({ key, value: sql`${json}::jsonb` })
    .onConflictDoUpdate({ target: siteSetting.key, set: { value: sql`${siteSetting.value} || ${json}::jsonb`, gmtModified: new Date() } });
}
