// Contest announcements: admin CRUD, the contestants' list, the unread ones for the
// 60 s fallback poll and the read marks kept per user and contest. A visible announcement, new or edited, is
// pushed as `contest.announcement` on `contest:<cid>` from the writer's transaction.
import {
  OjError,
  type ContestAnnouncementBody,
  type ContestAnnouncementVO,
  type PageOf,
  type PushMessage,
  type ReadAnnouncementBody,
  topics,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4, type DbOrTx, type Tx } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { appendPush, publishAll } from '../push/push.service';
import { assertSee, loadContest, managedContest, type ContestGuard, type ContestRow } from './access';
import {
  announcementContest,
  announcementVOs,
  countAnnouncements,
  deleteAnnouncement,
  insertAnnouncement,
  markAnnouncementsRead,
  updateAnnouncement,
  type AnnouncementFilter,
} from './announcement.repo';

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

async function pageOfAnnouncements(db: DbOrTx, f: AnnouncementFilter, q: { currentPage?: number; limit?: number }): Promise<PageOf<ContestAnnouncementVO>> {
  const current = q.currentPage ?? 1;
  const size = q.limit ?? DEFAULT_LIMIT;
  const offset = pageOffset(current, size);
  const total = await countAnnouncements(db, f);
  return pageOf(offset === null ? [] : await announcementVOs(db, f, size, offset), total, current, size);
}

/** Stores the `contest.announcement` push of announcement `id` when it is visible. */
async function pushIfVisible(tx: Tx, id: number): Promise<PushMessage[]> {
  const [vo] = await announcementVOs(tx, { id });
  if (!vo || vo.status !== VISIBLE) return [];
  return [await appendPush(tx, topics.contest(vo.cid), 'contest.announcement', vo)];
}

/** An announcement needs a title and a content that are not blank. */
function checkText(title: string, content: string): void {
  if (!title.trim()) throw new OjError('VALIDATION_FAILED', { detail: 'title' });
  if (!content.trim()) throw new OjError('VALIDATION_FAILED', { detail: 'content' });
}

/** `guard` reads a contest the caller may manage: the admin pages' rule, or a group's (group-contest.service.ts). */
export function createContestAnnouncementService(ctx: ServiceContext, guard: ContestGuard = managedContest): ContestAnnouncementService {
  const { db } = ctx;
  const managedContest = guard;

  async function seeable(cid: number, viewer: Viewer): Promise<ContestRow> {
    if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
    const c = await loadContest(db, cid);
    await assertSee(db, c, viewer);
    return c;
  }

  const page = (f: AnnouncementFilter, q: { currentPage?: number; limit?: number }) => pageOfAnnouncements(db, f, q);
  const publish = (msgs: PushMessage[]) => publishAll(ctx.transport, msgs, ctx.logger);

  return {
    async adminList(q, viewer) {
      const c = await managedContest(db, q.cid, viewer);
      return page({ cid: c.id }, q);
    },

    async create(body, viewer) {
      const { title, content, status } = body.announcement;
      checkText(title, content);
      const msgs = await db.transaction(async (tx) => {
        const c = await managedContest(tx, body.cid, viewer);
        const id = await insertAnnouncement(tx, { cid: c.id, uid: viewer.uid, title: title.trim(), content, status: status ?? VISIBLE });
        return pushIfVisible(tx, id);
      });
      await publish(msgs);
    },

    async update(body, viewer) {
      const { id, title, content, status } = body.announcement;
      if (id === undefined) throw new OjError('VALIDATION_FAILED', { detail: 'announcement.id' });
      checkText(title, content);
      const msgs = await db.transaction(async (tx) => {
        const c = await managedContest(tx, body.cid, viewer);
        // An edited announcement is news again: its read marks go.
        if (!(await updateAnnouncement(tx, c.id, id, { title: title.trim(), content, ...(status !== undefined && { status }) }))) throw new OjError('NOT_FOUND');
        return pushIfVisible(tx, id);
      });
      await publish(msgs);
    },

    async remove(aid, viewer) {
      if (!isInt4(aid)) throw new OjError('NOT_FOUND');
      const cid = await announcementContest(db, aid);
      if (cid === undefined) throw new OjError('NOT_FOUND');
      await managedContest(db, cid, viewer);
      await deleteAnnouncement(db, aid);
    },

    async list(q, viewer) {
      const c = await seeable(q.cid, viewer);
      return page({ cid: c.id, visibleOnly: VISIBLE }, q);
    },

    async notRead(cid, readIds, viewer) {
      const c = await seeable(cid, viewer);
      return announcementVOs(db, { cid: c.id, visibleOnly: VISIBLE, unreadBy: { uid: viewer.uid, readIds: [...new Set(readIds.filter(isInt4))] } });
    },

    async markRead(body, viewer) {
      const c = await seeable(body.cid, viewer);
      await markAnnouncementsRead(db, c.id, viewer.uid, [...new Set(body.aids.filter(isInt4))]);
    },
  };
}
