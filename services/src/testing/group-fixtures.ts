// Group rows for tests: a valid group form (unique names per call) and a member row of any relation.
import { GROUP_AUTH, type GroupBody } from '@oj/proto';
import type { Db } from '../db/client';
import { groupMember } from '../db/schema';

let serial = 0;

/** A group form every rule accepts (public unless `over` says otherwise); names unique per call. */
export function groupForm(over: Partial<GroupBody> = {}): GroupBody {
  serial++;
  const n = `${Date.now().toString(36).slice(-3)}${serial}`;
  return { name: `Class ${n} of 2026`, shortName: `c${n}`.padEnd(5, '0').slice(0, 10), brief: 'A class of students', description: 'Weekly problems and contests.', auth: GROUP_AUTH.PUBLIC, ...over };
}

/** Puts `uid` in group `gid` with member auth `auth` (1 applying … 5 root). */
export async function addMember(db: Db, gid: number, uid: string, auth: number): Promise<void> {
  await db.insert(groupMember).values({ gid, uid, auth });
}
