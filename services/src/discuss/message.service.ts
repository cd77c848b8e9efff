// The message center: Discuss / Reply / Like messages (someone acted on your content), admin notices (Sys tab: to
// everyone or to admins; Mine tab: to chosen users; sent by site-admin/notice-admin.service), unread counts, and
// their live push on `user:<uid>`.
import { OjError, type MsgType, type PageOf, type PushMessage, type SysMsgVO, type UnreadCounts, type UserMsgVO, topics } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { pageOffset } from '../db/paging';
import type { ServiceContext } from '../context';
import type { Tx } from '../db/client';
import {
  deleteNotices,
  deleteUserMsgs,
  discussionTitles,
  insertUserMsg,
  markNoticesRead,
  markUserMsgsRead,
  noticePage,
  unreadCounts,
  userMsgExists,
  userMsgPage,
} from './message.repo';
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

/** Stores the user's new counts as an `unread.counts` push inside `tx`; publish the result after commit. */
export async function appendUnreadPush(tx: Tx, uid: string): Promise<PushMessage> {
  return appendPush(tx, topics.user(uid), 'unread.counts', await unreadCounts(tx, uid));
}

/** Inserts a message for someone else (never for yourself) and its unread push; returns the push to publish (null: none). */
export async function createUserMsg(tx: Tx, m: NewUserMsg, opts: { once?: boolean } = {}): Promise<PushMessage | null> {
  if (m.recipientId === m.senderId) return null;
  const row = { ...m, sourceContent: m.sourceContent.slice(0, 500), quoteContent: m.quoteContent?.slice(0, 500) ?? null };
  // `once`: a like taken back and given again is not news (nor a way to flood someone's messages).
  if (opts.once && (await userMsgExists(tx, row))) return null;
  await insertUserMsg(tx, row);
  return appendUnreadPush(tx, m.recipientId);
}

const ACTION_OF: Record<'comment' | 'reply' | 'like', UserMsgAction> = { comment: 'Discuss', reply: 'Reply', like: 'Like' };

export interface MessageService {
  unread(viewer: Viewer): Promise<UnreadCounts>;
  userMessages(kind: 'comment' | 'reply' | 'like', q: { currentPage?: number; limit?: number }, viewer: Viewer): Promise<PageOf<UserMsgVO>>;
  sysMessages(kind: 'sys' | 'mine', q: { currentPage?: number; limit?: number }, viewer: Viewer): Promise<PageOf<SysMsgVO>>;
  /** Deletes one message (`id`) or all of `type`; pushes the new counts. */
  clean(type: MsgType, id: number | undefined, viewer: Viewer): Promise<void>;
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
      const { total: n, rows } = await userMsgPage(db, viewer.uid, ACTION_OF[kind], size, offset);
      const dids = [...new Set(rows.filter((r) => r.m.sourceType === 'Discussion').map((r) => r.m.sourceId))];
      const titles = await discussionTitles(db, dids);
      const unreadIds = rows.filter((r) => !r.m.state).map((r) => r.m.id);
      if (unreadIds.length) await markRead(viewer.uid, (tx) => markUserMsgsRead(tx, unreadIds));
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
          url: m.sourceType === 'Discussion' ? `/discussion-detail/${m.sourceId}` : `/contest/${m.sourceId}/comment`,
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
      const { total: n, rows } = await noticePage(db, viewer.uid, type, size, offset);
      const unreadIds = rows.filter((r) => !r.u.state).map((r) => r.u.id);
      if (unreadIds.length) await markRead(viewer.uid, (tx) => markNoticesRead(tx, unreadIds));
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
        const gone = type === 'Sys' || type === 'Mine' ? await deleteNotices(tx, viewer.uid, type, id) : await deleteUserMsgs(tx, viewer.uid, type, id);
        if (id !== undefined && gone === 0) throw new OjError('MSG_NOT_FOUND');
        return gone > 0 ? [await appendUnreadPush(tx, viewer.uid)] : [];
      });
      await publish(pushed);
    },
  };
}
