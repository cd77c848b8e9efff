// The SQL of groups: the list with its filters and member counts, one group, its creation (with the owner as its
// root member), edits, disbanding, and the counts the creation limits read.
import { and, count, desc, eq, gte, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { GROUP_MEMBER_AUTH } from '@oj/proto';
import type { DbOrTx, Tx } from '../db/client';
import { escapeLike } from '../db/paging';
import { groupMember, groups, problems } from '../db/schema';
import { deleteProblemRows } from '../problem-admin/problem-admin.repo';

export type GroupRow = typeof groups.$inferSelect;
export type GroupWithCount = GroupRow & { memberCount: number };

/** The outer row's group id, qualified (a bare column inside the subqueries below would name the member row's). */
const outerId = sql.raw('"groups"."id"');
/** Members proper (auth 3–5) of each group, for the cards' count. */
const memberCount = sql<number>`(select count(*)::int from ${groupMember} gm where gm.gid = ${outerId} and gm.auth >= ${GROUP_MEMBER_AUTH.MEMBER})`;
/** `uid` is a member proper of the group. */
const memberOf = (uid: string) => sql`exists (select 1 from ${groupMember} gm where gm.gid = ${outerId} and gm.uid = ${uid} and gm.auth >= ${GROUP_MEMBER_AUTH.MEMBER})`;

export interface GroupListFilter {
  keyword?: string;
  auth?: number;
  /** The caller (null: anonymous). */
  uid: string | null;
  /** Only the caller's groups. */
  onlyMine: boolean;
  /** Super admins see every group, hidden and banned ones too. */
  superAdmin: boolean;
}

export async function listGroups(db: DbOrTx, f: GroupListFilter, size: number, offset: number | null): Promise<{ total: number; rows: GroupWithCount[] }> {
  const conds: (SQL | undefined)[] = [];
  if (!f.superAdmin) conds.push(eq(groups.status, 0), f.uid === null ? eq(groups.visible, true) : or(eq(groups.visible, true), memberOf(f.uid)));
  if (f.onlyMine) conds.push(f.uid === null ? sql`false` : memberOf(f.uid));
  if (f.auth) conds.push(eq(groups.auth, f.auth));
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(groups.name, like), ilike(groups.shortName, like), ilike(groups.owner, like)));
  }
  const where = and(...conds);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(groups).where(where);
  if (offset === null) return { total, rows: [] };
  const rows = await db
    .select({ g: groups, memberCount })
    .from(groups)
    .where(where)
    .orderBy(desc(groups.id))
    .limit(size)
    .offset(offset);
  return { total, rows: rows.map(({ g, memberCount: n }) => ({ ...g, memberCount: n })) };
}

export async function findGroup(db: DbOrTx, gid: number): Promise<GroupWithCount | undefined> {
  const [row] = await db.select({ g: groups, memberCount }).from(groups).where(eq(groups.id, gid));
  return row ? { ...row.g, memberCount: row.memberCount } : undefined;
}

/** The caller's member auth in group `gid` (0: none). */
export async function memberAuthOf(db: DbOrTx, gid: number, uid: string): Promise<number> {
  const [row] = await db
    .select({ auth: groupMember.auth })
    .from(groupMember)
    .where(and(eq(groupMember.gid, gid), eq(groupMember.uid, uid)));
  return row?.auth ?? 0;
}

export type NewGroup = Pick<GroupRow, 'name' | 'shortName' | 'brief' | 'description' | 'auth' | 'code' | 'visible' | 'uid' | 'owner'>;

/** Inserts the group and its owner as its root member; answers the id. */
export async function insertGroup(tx: Tx, v: NewGroup): Promise<number> {
  const [row] = await tx.insert(groups).values(v).returning({ id: groups.id });
  await tx.insert(groupMember).values({ gid: row!.id, uid: v.uid, auth: GROUP_MEMBER_AUTH.ROOT });
  return row!.id;
}

export type GroupChanges = Partial<Pick<GroupRow, 'name' | 'shortName' | 'brief' | 'description' | 'auth' | 'code' | 'visible' | 'avatar'>>;

export async function updateGroup(db: DbOrTx, gid: number, set: GroupChanges): Promise<void> {
  await db
    .update(groups)
    .set({ ...set, gmtModified: new Date() })
    .where(eq(groups.id, gid));
}

/** Whether another group (not `exceptId`) already has this name (`column` name or short name). */
export async function groupNameTaken(db: DbOrTx, column: 'name' | 'shortName', value: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups[column], value), exceptId === undefined ? undefined : ne(groups.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Groups `uid` owns: in all and since `since`. */
export async function ownedGroupCounts(db: DbOrTx, uid: string, since: Date): Promise<{ total: number; recent: number }> {
  const [row] = await db
    .select({ total: count(), recent: sql<number>`count(*) filter (where ${gte(groups.gmtCreate, since)})::int` })
    .from(groups)
    .where(eq(groups.uid, uid));
  return { total: row?.total ?? 0, recent: row?.recent ?? 0 };
}

/**
 * Disbands group `gid`: its own problems go with their submissions (as a problem deleted from the bank), the ones it
 * made public stay public without it, members and announcements go by cascade. Answers the uids that were members.
 */
export async function deleteGroupRows(tx: Tx, gid: number): Promise<string[]> {
  const members = await tx
    .select({ uid: groupMember.uid })
    .from(groupMember)
    .where(and(eq(groupMember.gid, gid), gte(groupMember.auth, GROUP_MEMBER_AUTH.MEMBER)));
  const own = await tx
    .select({ id: problems.id })
    .from(problems)
    .where(and(eq(problems.gid, gid), eq(problems.isGroup, true)));
  for (const p of own) await deleteProblemRows(tx, p.id);
  await tx.update(problems).set({ gid: null }).where(eq(problems.gid, gid));
  await tx.delete(groups).where(eq(groups.id, gid));
  return members.map((m) => m.uid);
}

/** The groups among `gids` that exist, with their names (the admin examination's group column). */
export async function groupNames(db: DbOrTx, gids: number[]): Promise<Map<number, string>> {
  if (gids.length === 0) return new Map();
  const rows = await db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, gids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

