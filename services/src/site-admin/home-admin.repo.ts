// The SQL of the home page's administration: announcements (insert, update, delete) and carousel images.
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { announcement, homeCarousel } from '../db/schema';

export async function insertAnnouncement(db: DbOrTx, a: { title: string; content: string; status: number; uid: string }): Promise<number> {
  const [row] = await db.insert(announcement).values(a).returning({ id: announcement.id });
  return row!.id;
}

/** Updates an announcement; false when there is none with that id. */
export async function updateAnnouncement(db: DbOrTx, id: number, set: { title: string; content: string; status?: number }): Promise<boolean> {
  const rows = await db.update(announcement).set({ ...set, gmtModified: new Date() }).where(eq(announcement.id, id)).returning({ id: announcement.id });
  return rows.length > 0;
}

export async function deleteAnnouncement(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(announcement).where(eq(announcement.id, id)).returning({ id: announcement.id })).length > 0;
}

export async function carouselRows(db: DbOrTx) {
  return db.select().from(homeCarousel).orderBy(asc(homeCarousel.rank), asc(homeCarousel.id));
}

/** Appends an image at the end of the carousel. */
export async function insertCarousel(db: DbOrTx, c: { url: string; fileId: number | null }): Promise<number> {
  const [row] = await db
    .insert(homeCarousel)
    .values({ ...c, rank: sql`coalesce((select max(${homeCarousel.rank}) from ${homeCarousel}), 0) + 1` })
    .returning({ id: homeCarousel.id });
  return row!.id;
}

export async function deleteCarousel(db: DbOrTx, id: number) {
  const [row] = await db.delete(homeCarousel).where(eq(homeCarousel.id, id)).returning();
  return row ?? null;
}

export async function setCarouselRank(db: DbOrTx, id: number, rank: number): Promise<void> {
  await db.update(homeCarousel).set({ rank, gmtModified: new Date() }).where(eq(homeCarousel.id, id));
}
