// The home page's administration: site announcements (list all, create, edit, show/hide, delete; each change pushed
// as `home.announcements` on the public `site` topic so open home pages reload their list) and the carousel images
// (upload, order, delete; the home page shows the built-in pictures while none is uploaded).
import { OjError, topics, type AnnouncementBody, type AnnouncementVO, type HomeCarousel, type PageOf } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { Tx } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { announcementPage } from '../home/home.repo';
import { toAnnouncementVO } from '../home/home.service';
import { deleteMdFile } from '../md-file/md-file.repo';
import { storeImage } from '../md-file/md-file.service';
import { appendPush, publishAll } from '../push/push.service';
import { carouselRows, deleteAnnouncement, deleteCarousel, insertAnnouncement, insertCarousel, setCarouselRank, updateAnnouncement } from './home-admin.repo';

export interface HomeAdminService {
  announcements(q: { currentPage?: number; limit?: number }): Promise<PageOf<AnnouncementVO>>;
  saveAnnouncement(body: AnnouncementBody, viewer: Viewer): Promise<void>;
  deleteAnnouncement(aid: number): Promise<void>;
  /** The uploaded images only, in order (the admin list). */
  carouselAdmin(): Promise<HomeCarousel[]>;
  uploadCarousel(image: Buffer, viewer: Viewer): Promise<HomeCarousel>;
  deleteCarousel(id: number): Promise<void>;
  orderCarousel(ids: number[]): Promise<void>;
}

export function createHomeAdminService(ctx: ServiceContext): HomeAdminService {
  const { db } = ctx;

  /** Runs `change` and announces the home page's announcements changed, in one transaction. */
  async function changed(change: (tx: Tx) => Promise<number>): Promise<void> {
    const pushed = await db.transaction(async (tx) => {
      const aid = await change(tx);
      return [await appendPush(tx, topics.site(), 'home.announcements', { aid })];
    });
    await publishAll(ctx.transport, pushed, ctx.logger);
  }

  const carouselAdmin = async () => (await carouselRows(db)).map((r) => ({ id: r.id, url: r.url }));

  return {
    async announcements(q) {
      const current = q.currentPage ?? 1;
      const size = q.limit ?? 10;
      const offset = pageOffset(current, size);
      if (offset === null) throw new OjError('VALIDATION_FAILED', { detail: 'currentPage' });
      const { total, rows } = await announcementPage(db, size, offset, false);
      return pageOf(rows.map(toAnnouncementVO), total, current, size);
    },

    async saveAnnouncement(body, viewer) {
      const title = body.title.trim();
      const content = body.content.trim();
      if (!title || !content) throw new OjError('VALIDATION_FAILED', { detail: !title ? 'title' : 'content' });
      await changed(async (tx) => {
        if (body.id === undefined) return insertAnnouncement(tx, { title, content, status: body.status ?? 0, uid: viewer.uid });
        if (!(await updateAnnouncement(tx, body.id, { title, content, ...(body.status !== undefined && { status: body.status }) }))) throw new OjError('NOT_FOUND');
        return body.id;
      });
    },

    async deleteAnnouncement(aid) {
      await changed(async (tx) => {
        if (!(await deleteAnnouncement(tx, aid))) throw new OjError('NOT_FOUND');
        return aid;
      });
    },

    carouselAdmin,

    async uploadCarousel(image, viewer) {
      return db.transaction(async (tx) => {
        const stored = await storeImage(tx, image, viewer, null);
        const id = await insertCarousel(tx, { url: stored.link, fileId: stored.fileId });
        return { id, url: stored.link };
      });
    },

    async deleteCarousel(id) {
      await db.transaction(async (tx) => {
        const row = await deleteCarousel(tx, id);
        if (!row) throw new OjError('NOT_FOUND');
        if (row.fileId !== null) await deleteMdFile(tx, row.fileId);
      });
    },

    async orderCarousel(ids) {
      const existing = new Set((await carouselRows(db)).map((r) => r.id));
      if (ids.length !== existing.size || new Set(ids).size !== ids.length || ids.some((id) => !existing.has(id))) {
        throw new OjError('VALIDATION_FAILED', { detail: 'ids must list every carousel image once' });
      }
      await db.transaction(async (tx) => {
        for (const [i, id] of ids.entries()) await setCarouselRank(tx, id, i + 1);
      });
    },
  };
}
