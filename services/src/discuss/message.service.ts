// The message center: Discuss / Reply / Like messages (someone acted on your content), admin notices (Sys to
// everyone, Single to one user's Mine tab), unread counts, and their live push on `user:<uid>`.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { OjError, type AdminNoticeBody, type MsgType, type PageOf, type PushMessage, type SysMsgVO, type UnreadCounts, type UserMsgVO, topics } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { pageOffset } from '../db/paging';
import type { ServiceContext } from '../context';
import { type DbOrTx, type Tx } from '../db/client';
import { adminNotice, discussion, userMsg, userNotice, users } from '../db/schema';
import { appendPush, publishAll } from '../push/push.service';

export type UserMsgAction = 'Discuss' | 'Reply' | 'Like';

export interface NewUserMsg {
  action: UserMsgAction;
  recipientId: string;
  senderId: string;
  sourceId: number;
  sourceType: 'Discussion' | 'Contest';
  sourceContent: string;
  quoteId?: number | null;
  quoteType?: string | null;
  quoteContent?: string | null;
}

export async function unreadCounts(db: DbOrTx, uid: string): Promise<UnreadCounts> {
  const counts: UnreadCounts = { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };
  const msgs = await db
    .select({ action: userMsg.action, n: count() })
    .from(userMsg)
    .where(and(eq(userMsg.recipientId, uid), eq(userMsg.state, false)))
    .groupBy(userMsg.action);
  for (const r of msgs) {
    if (r.action === 'Discuss') counts.comment = r.n;
    else if (r.action === 'Reply') counts.reply = r.n;
    else if (r.action === 'Like') counts.like = r.n;
  }
  const notices = await db
    .select({ type: userNotice.type, n: count() })
    .from(userNotice)
    .where(and(eq(userNotice.recipientId, uid), eq(userNotice.state, false)))
    .groupBy(userNotice.type);
  for (const r of notices) {
    if (r.type === 'Sys') counts.sys = r.n;
    else if (r.type === 'Mine') counts.mine = r.n;
  }
  return counts;
}

/** Stores the user's new counts as an `unread.counts` push inside `tx`; publish the result after commit. */
export async function appendUnreadPush(tx: Tx, uid: string): Promise<PushMessage> {
  return appendPush(tx, topics.user(uid), 'unread.counts', await unreadCounts(tx, uid));
}

/** Inserts a message for someone else (never for yourself) and its unread push; returns the push to publish. */
export async function createUserMsg(tx: Tx, m: NewUserMsg): Promise<PushMessage | null> {
  if (m.recipientId === m.senderId) return null;
  await tx.insert(userMsg).values({ ...m, sourceContent: m.sourceContent.slice(0, 500), quoteContent: m.quoteContent?.slice(0, 500) ?? null });
  return appendUnreadPush(tx, m.recipientId);
}

const ACTION_OF: Record<'comment' | 'reply' | 'like', UserMsgAction> = { comment: 'Discuss', reply: 'Reply', like: 'Like' };

export interface MessageService {
  unread(viewer: Viewer): Promise<UnreadCounts>;
  userMessages(kind: 'comment' | 'reply' | 'like', q: { currentPage?: number; limit?: number }, viewer: Viewer): Promise<PageOf<UserMsgVO>>;
  sysMessages(kind: 'sys' | 'mine', q: { currentPage?: number; limit?: number }, viewer: Viewer): Promise<PageOf<SysMsgVO>>;
  /** Deletes one message (`id`) or all of `type`; pushes the new counts. */
  clean(type: MsgType, id: number | undefined, viewer: Viewer): Promise<void>;
  /** Admin notice (markdown): `Sys` to every user, `Single` to `recipientId`. */
  createNotice(body: AdminNoticeBody, viewer: Viewer): Promise<void>;
}

export function createMessageService(ctx: ServiceContext): MessageService {
  const { db } = ctx;
  const publish = (msgs: PushMessage[]) => publishAll(ctx.transport, msgs, ctx.logger);

  function page(q: { currentPage?: number; limit?: number }, dflt: number) {
    const size = q.limit ?? dflt;
    const current = q.currentPage ?? 1;
    const offset = pageOffset(current, size);
    if (offset === null) throw new OjError('VALIDATION_FAILED', { detail: 'currentPage' });
    return { size, current, offset };
  }

  /** Reading a tab marks its messages read, then pushes the new counts (the original product marks on list). */
  async function markRead(uid: string, read: (tx: Tx) => Promise<number>): Promise<void> {
    const pushed = await db.transaction(async (tx) => ((await read(tx)) > 0 ? [await appendUnreadPush(tx, uid)] : []));
    await publish(pushed);
  }

  return {
    unread: (viewer) => unreadCounts(db, viewer.uid),

    async userMessages(kind, q, viewer) {
      const { size, current, offset } = page(q, 6);
      const where = and(eq(userMsg.recipientId, viewer.uid), eq(userMsg.action, ACTION_OF[kind]));
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(userMsg).where(where);
      const rows = await db
        .select({ m: userMsg, senderUsername: users.username, senderAvatar: users.avatar })
        .from(userMsg)
        .innerJoin(users, eq(users.uuid, userMsg.senderId))
        .where(where)
        .orderBy(desc(userMsg.id))
        .limit(size)
        .offset(offset);
      const dids = [...new Set(rows.filter((r) => r.m.sourceType === 'Discussion').map((r) => r.m.sourceId))];
      const titles = new Map<number, string>();
      if (dids.length) for (const d of await db.select({ id: discussion.id, title: discussion.title }).from(discussion).where(inArray(discussion.id, dids))) titles.set(d.id, d.title);
      const unreadIds = rows.filter((r) => !r.m.state).map((r) => r.m.id);
      if (unreadIds.length) await markRead(viewer.uid, async (tx) => (await tx.update(userMsg).set({ state: true }).where(inArray(userMsg.id, unreadIds)).returning({ id: userMsg.id })).length);
      return {
        records: rows.map(({ m, senderUsername, senderAvatar }) => ({
          id: m.id,
          action: m.action,
          sourceId: m.sourceId,
          sourceType: m.sourceType,
          sourceTitle: titles.get(m.sourceId) ?? '',
          sourceContent: m.sourceContent,
          quoteId: m.quoteId,
          quoteType: m.quoteType,
          quoteContent: m.quoteContent,
          url: m.sourceType === 'Discussion' ? `/discussion/${m.sourceId}` : `/contest/${m.sourceId}/comment`,
          // The state as the user found it: unread messages keep their dot on this page.
          state: m.state,
          senderId: m.senderId,
          senderUsername,
          senderAvatar,
          gmtCreate: m.gmtCreate.toISOString(),
        })),
        total: n,
        size,
        current,
        pages: Math.ceil(n / size),
      };
    },

    async sysMessages(kind, q, viewer) {
      const { size, current, offset } = page(q, 8);
      const type = kind === 'sys' ? 'Sys' : 'Mine';
      const where = and(eq(userNotice.recipientId, viewer.uid), eq(userNotice.type, type));
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(userNotice).where(where);
      const rows = await db
        .select({ u: userNotice, a: adminNotice })
        .from(userNotice)
        .innerJoin(adminNotice, eq(adminNotice.id, userNotice.noticeId))
        .where(where)
        .orderBy(desc(userNotice.id))
        .limit(size)
        .offset(offset);
      const unreadIds = rows.filter((r) => !r.u.state).map((r) => r.u.id);
      if (unreadIds.length) await markRead(viewer.uid, async (tx) => (await tx.update(userNotice).set({ state: true }).where(inArray(userNotice.id, unreadIds)).returning({ id: userNotice.id })).length);
      return {
        records: rows.map(({ u, a }) => ({ id: u.id, title: a.title, content: a.content, adminId: a.adminId, type: u.type, state: u.state, gmtCreate: u.gmtCreate.toISOString() })),
        total: n,
        size,
        current,
        pages: Math.ceil(n / size),
      };
    },

    async clean(type, id, viewer) {
      const pushed = await db.transaction(async (tx) => {
        let gone: number;
        if (type === 'Sys' || type === 'Mine') {
          const where = and(eq(userNotice.recipientId, viewer.uid), eq(userNotice.type, type), id === undefined ? undefined : eq(userNotice.id, id));
          gone = (await tx.delete(userNotice).where(where).returning({ id: userNotice.id })).length;
        } else {
          const where = and(eq(userMsg.recipientId, viewer.uid), eq(userMsg.action, type), id === undefined ? undefined : eq(userMsg.id, id));
          gone = (await tx.delete(userMsg).where(where).returning({ id: userMsg.id })).length;
        }
        if (id !== undefined && gone === 0) throw new OjError('MSG_NOT_FOUND');
        return gone > 0 ? [await appendUnreadPush(tx, viewer.uid)] : [];
      });
      await publish(pushed);
    },

    async createNotice(body, viewer) {
      const type = body.type ?? 'Sys';
      if (type === 'Single' && !body.recipientId) throw new OjError('VALIDATION_FAILED', { detail: 'recipientId' });
      const pushed = await db.transaction(async (tx) => {
        const [n] = await tx
          .insert(adminNotice)
          .values({ title: body.title, content: body.content, type, adminId: viewer.uid, recipientId: type === 'Single' ? body.recipientId : null })
          .returning({ id: adminNotice.id });
        const recipients =
          type === 'Sys'
            ? (await tx.select({ uid: users.uuid }).from(users)).map((u) => u.uid)
            : (await tx.select({ uid: users.uuid }).from(users).where(eq(users.uuid, body.recipientId!))).map((u) => u.uid);
        if (recipients.length === 0) throw new OjError('NOT_FOUND');
        const userType = type === 'Sys' ? 'Sys' : 'Mine';
        await tx.insert(userNotice).values(recipients.map((uid) => ({ noticeId: n!.id, recipientId: uid, type: userType })));
        const out: PushMessage[] = [];
        for (const uid of recipients) out.push(await appendUnreadPush(tx, uid));
        return out;
      });
      await publish(pushed);
    },
  };
}

