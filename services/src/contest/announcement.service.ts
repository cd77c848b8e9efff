// Contest announcements: admin CRUD, the contestants' list, the unread ones for the
// 60 s fallback poll and the read marks kept per user and contest. A visible announcement, new or edited, is
// pushed as `contest.announcement` on `contest:<cid>` from the writer's transaction.
import { and, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  isAdminRole,
  OjError,
  type ContestAnnouncementBody,
  type ContestAnnouncementVO,
  type PageOf,
  type PushMessage,
  type ReadAnnouncementBody,
  topics,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { pageOf, pageOffset } from '../db/paging';
import type { ServiceContext } from '../context';
import { isInt4, type DbOrTx, type Tx } from '../db/client';
import { contestAnnouncement, contestAnnouncementRead, users } from '../db/schema';
import { appendPush, publishAll } from '../push/push.service';
import { isRoot, loadContest, type ContestRow } from './access';
import { assertSee } from './access';

export interface ContestAnnouncementService {
  adminList(q: { cid: number; currentPage?: number; limit?: number }, viewer: Viewer): Promise<PageOf<ContestAnnouncementVO>>;
  create(body: ContestAnnouncementBody, viewer: Viewer): Promise<void>;
  update(body: ContestAnnouncementBody, viewer: Viewer): Promise<void>;
  remove(aid: number, viewer: Viewer): Promise<void>;
  /** Visible announcements, newest first, for whoever may see the contest. */
  list(q: { cid: number; currentPage?: number; limit?: number }, viewer: Viewer): Promise<PageOf<ContestAnnouncementVO>>;
  /** Visible announcements neither in `readIds` nor marked read by this user on the server. */
  notRead(cid: number, readIds: number[], viewer: Viewer): Promise<ContestAnnouncementVO[]>;
  /** Marks announcements of `cid` read for the caller. */
  markRead(body: ReadAnnouncementBody, viewer: Viewer): Promise<void>;
}

const DEFAULT_LIMIT = 10;
const VISIBLE = 0;

export function createContestAnnouncementService(ctx: ServiceContext): ContestAnnouncementService {
  const { db } = ctx;

  async function managed(dbx: DbOrTx, cid: number, viewer: Viewer): Promise<ContestRow> {
    if (!isAdminRole(viewer.roles)) throw new OjError('AUTH_FORBIDDEN');
    if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
    const c = await loadContest(dbx, cid);
    if (!isRoot(viewer) && c.uid !== viewer.uid) throw new OjError('CONTEST_ADMIN_ONLY');
    return c;
  }

  async function seeable(cid: number, viewer: Viewer): Promise<ContestRow> {
    if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
    const c = await loadContest(db, cid);
    await assertSee(db, c, viewer);
    return c;
  }

  async function vos(dbx: DbOrTx, where: SQL | undefined, limit?: number, offset?: number): Promise<ContestAnnouncementVO[]> {
    let q = dbx
      .select({ a: contestAnnouncement, username: users.username })
      .from(contestAnnouncement)
      .innerJoin(users, eq(users.uuid, contestAnnouncement.uid))
      .where(where)
      .orderBy(desc(contestAnnouncement.id))
      .$dynamic();
    if (limit !== undefined) q = q.limit(limit).offset(offset ?? 0);
    return (await q).map(({ a, username }) => ({
      id: a.id,
      cid: a.cid,
      title: a.title,
      content: a.content,
      uid: a.uid,
      username,
      status: a.status,
      gmtCreate: a.gmtCreate.toISOString(),
      gmtModified: a.gmtModified.toISOString(),
    }));
  }

  async function page(where: SQL | undefined, q: { currentPage?: number; limit?: number }): Promise<PageOf<ContestAnnouncementVO>> {
    const current = q.currentPage ?? 1;
    const size = q.limit ?? DEFAULT_LIMIT;
    const offset = pageOffset(current, size);
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(contestAnnouncement).where(where);
    return pageOf(offset === null ? [] : await vos(db, where, size, offset), total, current, size);
  }

  /** Stores the `contest.announcement` push of announcement `id` when it is visible. */
  async function pushIfVisible(tx: Tx, id: number): Promise<PushMessage[]> {
    const [vo] = await vos(tx, eq(contestAnnouncement.id, id));
    if (!vo || vo.status !== VISIBLE) return [];
    return [await appendPush(tx, topics.contest(vo.cid), 'contest.announcement', vo)];
  }

  const publish = (msgs: PushMessage[]) => publishAll(ctx.transport, msgs, ctx.logger);

  return {
    async adminList(q, viewer) {
      const c = await managed(db, q.cid, viewer);
      return page(eq(contestAnnouncement.cid, c.id), q);
    },

    async create(body, viewer) {
      const { title, content, status } = body.announcement;
      if (!title.trim()) throw new OjError('VALIDATION_FAILED', { detail: 'title' });
      if (!content.trim()) throw new OjError('VALIDATION_FAILED', { detail: 'content' });
      const msgs = await db.transaction(async (tx) => {
        const c = await managed(tx, body.cid, viewer);
        const [row] = await tx
          .insert(contestAnnouncement)
          .values({ cid: c.id, uid: viewer.uid, title: title.trim(), content, status: status ?? VISIBLE })
          .returning({ id: contestAnnouncement.id });
        return pushIfVisible(tx, row!.id);
      });
      await publish(msgs);
    },

    async update(body, viewer) {
      const { id, title, content, status } = body.announcement;
      if (id === undefined) throw new OjError('VALIDATION_FAILED', { detail: 'announcement.id' });
      if (!title.trim()) throw new OjError('VALIDATION_FAILED', { detail: 'title' });
      if (!content.trim()) throw new OjError('VALIDATION_FAILED', { detail: 'content' });
      const msgs = await db.transaction(async (tx) => {
        const c = await managed(tx, body.cid, viewer);
        const updated = await tx
          .update(contestAnnouncement)
          .set({ title: title.trim(), content, ...(status !== undefined && { status }), gmtModified: new Date() })
          .where(and(eq(contestAnnouncement.id, id), eq(contestAnnouncement.cid, c.id)))
          .returning({ id: contestAnnouncement.id });
        if (updated.length === 0) throw new OjError('NOT_FOUND');
        // An edited announcement is news again: nobody has read this version.
        await tx.delete(contestAnnouncementRead).where(eq(contestAnnouncementRead.aid, id));
        return pushIfVisible(tx, id);
      });
      await publish(msgs);
    },

    async remove(aid, viewer) {
      if (!isInt4(aid)) throw new OjError('NOT_FOUND');
      const [a] = await db.select({ cid: contestAnnouncement.cid }).from(contestAnnouncement).where(eq(contestAnnouncement.id, aid));
      if (!a) throw new OjError('NOT_FOUND');
      await managed(db, a.cid, viewer);
      await db.delete(contestAnnouncement).where(eq(contestAnnouncement.id, aid));
    },

    async list(q, viewer) {
      const c = await seeable(q.cid, viewer);
      return page(and(eq(contestAnnouncement.cid, c.id), eq(contestAnnouncement.status, VISIBLE)), q);
    },

    async notRead(cid, readIds, viewer) {
      const c = await seeable(cid, viewer);
      const conds: (SQL | undefined)[] = [eq(contestAnnouncement.cid, c.id), eq(contestAnnouncement.status, VISIBLE)];
      const ids = [...new Set(readIds.filter(isInt4))];
      if (ids.length > 0) conds.push(notInArray(contestAnnouncement.id, ids));
      conds.push(
        sql`not exists (select 1 from ${contestAnnouncementRead} where ${contestAnnouncementRead.aid} = ${contestAnnouncement.id} and ${contestAnnouncementRead.uid} = ${viewer.uid})`,
      );
      return vos(db, and(...conds));
    },

    async markRead(body, viewer) {
      const c = await seeable(body.cid, viewer);
      const aids = [...new Set(body.aids.filter(isInt4))];
      const mine = await db
        .select({ id: contestAnnouncement.id })
        .from(contestAnnouncement)
        .where(and(eq(contestAnnouncement.cid, c.id), inArray(contestAnnouncement.id, aids)));
      if (mine.length === 0) return;
      await db
        .insert(contestAnnouncementRead)
        .values(mine.map((a) => ({ cid: c.id, uid: viewer.uid, aid: a.id })))
        .onConflictDoNothing();
    },
  };
}
