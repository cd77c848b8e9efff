// Group announcements: the home tab's list of visible ones (members), the admins' table with every one, and their
// create, edit (visible switch) and delete by group admins: the group's root any, another admin their own. Every
// change is pushed on `group:<gid>` (`group.announcement`), so open home tabs and admin tables reload.
import { GROUP_PAGE_SIZES, OjError, type GroupAnnouncementBody, type GroupAnnouncementVO, type GroupPageQuery, type PageOf } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { pageOf, pageOffset } from '../db/paging';
import { publishAll } from '../push/push.service';
import { mayManageItem } from './group-access';
import { announcementPage, deleteAnnouncement, findAnnouncement, insertAnnouncement, toAnnouncementVO, updateAnnouncement, type GroupAnnouncementRow } from './group-announcement.repo';
import { announcementPush } from './group-live';
import { adminView, memberView } from './group-standing';

export interface GroupAnnouncementService {
  list(q: GroupPageQuery, viewer: Viewer): Promise<PageOf<GroupAnnouncementVO>>;
  adminList(q: GroupPageQuery, viewer: Viewer): Promise<PageOf<GroupAnnouncementVO>>;
  /** Answers the new announcement's id (the original answered null). */
  add(body: GroupAnnouncementBody, viewer: Viewer): Promise<{ id: number }>;
  update(body: GroupAnnouncementBody, viewer: Viewer): Promise<void>;
  remove(aid: number, viewer: Viewer): Promise<void>;
}

function textOf(body: GroupAnnouncementBody): { title: string; content: string } {
  const title = body.title.trim();
  if (!title || !body.content.trim()) throw new OjError('GROUP_ANNOUNCEMENT_EMPTY');
  return { title, content: body.content };
}

export function createGroupAnnouncementService(ctx: ServiceContext): GroupAnnouncementService {
  const { db } = ctx;

  async function page(gid: number, q: GroupPageQuery, visibleOnly: boolean, defaultSize: number): Promise<PageOf<GroupAnnouncementVO>> {
    const current = q.currentPage ?? 1;
    const size = q.limit ?? defaultSize;
    const { total, rows } = await announcementPage(db, gid, visibleOnly, size, pageOffset(current, size));
    return pageOf(rows.map(toAnnouncementVO), total, current, size);
  }

  /** The announcement, if the caller may change it: an admin of its group, its root or its author. */
  async function manageable(aid: number, viewer: Viewer): Promise<GroupAnnouncementRow> {
    const a = await findAnnouncement(db, aid);
    if (!a) throw new OjError('GROUP_ANNOUNCEMENT_NOT_FOUND');
    const { standing } = await adminView(db, a.gid, viewer);
    if (!mayManageItem(standing, a.uid === viewer.uid)) throw new OjError('GROUP_FORBIDDEN');
    return a;
  }

  return {
    async list(q, viewer) {
      await memberView(db, q.gid, viewer);
      return page(q.gid, q, true, GROUP_PAGE_SIZES.homeAnnouncements);
    },

    async adminList(q, viewer) {
      await adminView(db, q.gid, viewer);
      return page(q.gid, q, false, GROUP_PAGE_SIZES.adminAnnouncements);
    },

    async add(body, viewer) {
      const { group } = await adminView(db, body.gid, viewer);
      const text = textOf(body);
      const { id, msg } = await db.transaction(async (tx) => {
        const id = await insertAnnouncement(tx, { gid: group.id, ...text, status: body.status ?? 0, uid: viewer.uid, username: viewer.username });
        return { id, msg: await announcementPush(tx, group.id, id) };
      });
      await publishAll(ctx.transport, [msg], ctx.logger);
      return { id };
    },

    async update(body, viewer) {
      if (body.id === undefined) throw new OjError('VALIDATION_FAILED', { detail: 'id is required' });
      const a = await manageable(body.id, viewer);
      const text = textOf(body);
      const msg = await db.transaction(async (tx) => {
        await updateAnnouncement(tx, a.id, { ...text, ...(body.status !== undefined && { status: body.status }) });
        return announcementPush(tx, a.gid, a.id);
      });
      await publishAll(ctx.transport, [msg], ctx.logger);
    },

    async remove(aid, viewer) {
      const a = await manageable(aid, viewer);
      const msg = await db.transaction(async (tx) => {
        await deleteAnnouncement(tx, a.id);
        return announcementPush(tx, a.gid, a.id);
      });
      await publishAll(ctx.transport, [msg], ctx.logger);
    },
  };
}
