// The SQL of problems that several areas read: the tags of a set of problems.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tag } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { problemTag, tags } from '../db/schema';

/** Problem id → its tags, in tag id order. */
export async function tagsOf(db: DbOrTx, pids: number[]): Promise<Map<number, Tag[]>> {
  const out = new Map<number, Tag[]>();
  if (pids.length === 0) return out;
  const rows = await db
    .select({ pid: problemTag.pid, id: tags.id, name: tags.name, color: tags.color, oj: tags.oj })
    .from(problemTag)
    .innerJoin(tags, eq(tags.id, problemTag.tid))
    .where(inArray(problemTag.pid, pids))
    .orderBy(asc(tags.id));
  for (const { pid, ...t } of rows) {
    const list = out.get(pid) ?? [];
    list.push(t);
    out.set(pid, list);
  }
  return out;
}
