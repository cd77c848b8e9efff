// Contest announcements already shown to this user, kept per user and contest in localStorage so a reload does not raise the same notification twice.
import { readJson, writeJson } from '../../lib/storage';

/** At most this many ids are kept per contest (oldest dropped). */
export const MAX_READ_IDS = 500;

export const readKey = (uid: string, cid: number) => `contest-announcement-read:${uid}:${cid}`;

const isIdList = (x: unknown): x is number[] => Array.isArray(x) && x.every((n) => Number.isInteger(n));

export function loadReadIds(uid: string, cid: number): number[] {
  return readJson(readKey(uid, cid), isIdList) ?? [];
}

/** Adds ids to the read set; returns the ids that were not read before (in the given order, deduplicated). */
export function markRead(uid: string, cid: number, ids: readonly number[]): number[] {
  const read = loadReadIds(uid, cid);
  const known = new Set(read);
  const fresh: number[] = [];
  for (const id of ids) {
    if (known.has(id)) continue;
    known.add(id);
    fresh.push(id);
  }
  if (fresh.length > 0) writeJson(readKey(uid, cid), [...read, ...fresh].slice(-MAX_READ_IDS));
  return fresh;
}
