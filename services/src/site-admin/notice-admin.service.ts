// System notices sent by super admins: to every user (SysMsg tab), to chosen users (their Mine tab, as the original
// product's single notice) or to every admin (SysMsg tab); listed, edited and deleted in the admin area.
// A notice to every user is written with ONE `insert … select` (10,000 copies take tens of milliseconds, see
// docs/site-admin.md) and announced with ONE `notice.sys` push on the public `site` topic, on which signed-in browsers
// reload their unread counts; the other audiences get each recipient's `unread.counts` on `user:<uid>`.
import { OjError, topics, type AdminNoticeSendBody, type AdminNoticeVO, type NoticeListQuery, type NoticeType, type PageOf, type PushMessage, type UserPick } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { Tx } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { appendUnreadPush } from '../discuss/message.service';
import { insertAdminNotice, insertUserNotices, recipientUids } from '../discuss/message.repo';
import { appendPush, publishAll } from '../push/push.service';
import { adminUids, deleteNotice, findNotice, insertNoticeForAll, noticeAdminPage, recipientNames, searchUsers, uidsByUsername, updateNotice } from './notice-admin.repo';

export interface NoticeAdminService {
  send(body: AdminNoticeSendBody, viewer: Viewer): Promise<{ id: number; recipients: number }>;
  list(q: NoticeListQuery): Promise<PageOf<AdminNoticeVO>>;
  update(body: AdminNoticeSendBody): Promise<void>;
  remove(id: number): Promise<void>;
  /** Users for the recipient picker. */
  searchUsers(keyword: string): Promise<UserPick[]>;
}

/** The audience of a send body (`Sys` of the old client is `All`). */
export const noticeType = (t: AdminNoticeSendBody['type']): NoticeType => (t === undefined || t === 'Sys' ? 'All' : t);

export function createNoticeAdminService(ctx: ServiceContext): NoticeAdminService {
  const { db } = ctx;
  const publish = (msgs: PushMessage[]) => publishAll(ctx.transport, msgs, ctx.logger);

  /** The chosen recipients' uids (usernames and/or one uid); an unknown username is refused. */
  async function chosen(tx: Tx, body: AdminNoticeSendBody): Promise<string[]> {
    const names = [...new Set((body.recipients ?? []).map((n) => n.trim()).filter(Boolean))];
    const found = await uidsByUsername(tx, names);
    const missing = names.find((n) => !found.has(n));
    if (missing !== undefined) throw new OjError('NOTICE_RECIPIENT_UNKNOWN', { username: missing });
    const uids = new Set(found.values());
    if (body.recipientId) {
      const [uid] = await recipientUids(tx, body.recipientId);
      if (!uid) throw new OjError('NOTICE_RECIPIENT_UNKNOWN', { username: body.recipientId });
      uids.add(uid);
    }
    if (uids.size === 0) throw new OjError('VALIDATION_FAILED', { detail: 'recipients' });
    return [...uids];
  }

  /** Copies for a list of users, each with their new unread counts pushed. */
  async function copyTo(tx: Tx, noticeId: number, uids: string[], tab: 'Sys' | 'Mine'): Promise<PushMessage[]> {
    if (!uids.length) return [];
    await insertUserNotices(tx, noticeId, uids, tab);
    const out: PushMessage[] = [];
    for (const uid of uids) out.push(await appendUnreadPush(tx, uid));
    return out;
  }

  return {
    async send(body, viewer) {
      const type = noticeType(body.type);
      const title = body.title.trim();
      const content = body.content.trim();
      if (!title || !content) throw new OjError('VALIDATION_FAILED', { detail: !title ? 'title' : 'content' });
      const { id, count, pushed } = await db.transaction(async (tx) => {
        const single = type === 'Single' ? await chosen(tx, body) : null;
        const id = await insertAdminNotice(tx, { title, content, type, adminId: viewer.uid, recipientId: single?.length === 1 ? single[0]! : null });
        if (type === 'All') {
          const count = await insertNoticeForAll(tx, id, 'Sys');
          return { id, count, pushed: [await appendPush(tx, topics.site(), 'notice.sys', { noticeId: id })] };
        }
        const uids = single ?? (await adminUids(tx));
        return { id, count: uids.length, pushed: await copyTo(tx, id, uids, type === 'Single' ? 'Mine' : 'Sys') };
      });
      await publish(pushed);
      return { id, recipients: count };
    },

    async list(q) {
      const current = q.currentPage ?? 1;
      const size = q.limit ?? 10;
      const offset = pageOffset(current, size);
      if (offset === null) throw new OjError('VALIDATION_FAILED', { detail: 'currentPage' });
      const { total, rows } = await noticeAdminPage(db, q.type, size, offset);
      const names = await recipientNames(db, rows.filter((r) => r.a.type === 'Single').map((r) => r.a.id));
      const records = rows.map(({ a, adminName, recipientCount }) => ({
        id: a.id,
        title: a.title,
        content: a.content,
        type: a.type,
        adminId: a.adminId,
        adminName,
        recipientCount,
        recipients: names.get(a.id) ?? [],
        gmtCreate: a.gmtCreate.toISOString(),
      }));
      return pageOf(records, total, current, size);
    },

    async update(body) {
      if (body.id === undefined) throw new OjError('VALIDATION_FAILED', { detail: 'id' });
      if (!(await findNotice(db, body.id))) throw new OjError('NOT_FOUND');
      await updateNotice(db, body.id, { title: body.title.trim(), content: body.content.trim() });
    },

    async remove(id) {
      const pushed = await db.transaction(async (tx) => {
        const n = await findNotice(tx, id);
        if (!n) throw new OjError('NOT_FOUND');
        const unread = await deleteNotice(tx, id);
        if (n.type === 'All') return unread.length ? [await appendPush(tx, topics.site(), 'notice.sys', { noticeId: id })] : [];
        const out: PushMessage[] = [];
        for (const uid of unread) out.push(await appendUnreadPush(tx, uid));
        return out;
      });
      await publish(pushed);
    },

    searchUsers: (keyword) => searchUsers(db, keyword.trim()),
  };
}
