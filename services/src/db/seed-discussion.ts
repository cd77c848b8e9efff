// First-start data of the discussions: three categories, both languages in each name (the super admin renames or
// removes them on /discussion). Inserted only while no category was ever created, so removing them all sticks.
import { sql } from 'drizzle-orm';
import type { Tx } from './client';
import { discussionCategory } from './schema';

export const SEED_DISCUSSION_CATEGORIES = ['题解 Solutions', '求助 Help', '闲聊 Chat'];

export async function seedDiscussionCategories(tx: Tx): Promise<void> {
  // `is_called` stays false until the sequence hands out its first id: nothing was ever inserted.
  const [seqRow] = await tx.execute<{ is_called: boolean }>(sql`select is_called from discussion_category_id_seq`);
  if (seqRow?.is_called) return;
  await tx.insert(discussionCategory).values(SEED_DISCUSSION_CATEGORIES.map((name) => ({ name })));
}
