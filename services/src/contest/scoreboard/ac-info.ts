// The AC helper's table: one row per user and problem once the cell is Accepted on the
// live board (balloons), with first blood from the live engine and the admin's `checked` mark. Kept in step with
// the live board by the projector: per verdict for the touched cell and the problem's first-blood holders, and in
// full after a rejudge or a rule change (rows keep `checked`; a row whose submission is being rejudged waits).
import { recordKind, type AcInfoVO, type AcmRow, type PushMessage, type ScoreboardEngine, topics } from '@oj/proto';
import type { Tx } from '../../db/client';
import type { contestAcInfo } from '../../db/schema';
import { appendPush } from '../../push/push.service';
import type { ContestRow } from '../access';
import type { BoardRecord, RankUser } from './board-data';
import { loadUsers } from './board.repo';
import { acInfoOf, deleteAcInfo, insertAcInfo, pendingSubmissions, updateAcInfo, type AcInfoRow } from './contest-tools.repo';


/** What the sync reads from a contest's board state. */
export interface AcInfoSource {
  contest: ContestRow;
  colors: Record<string, string | null>;
  users: Map<string, RankUser>;
  /** Counted records per cell (`uid \0 displayId`), in (time, id) order. */
  byCell: Map<string, BoardRecord[]>;
  /** The live board (no seal, no after-contest records). */
  live: ScoreboardEngine;
}

export const cellKey = (uid: string, displayId: string) => `${uid}\u0000${displayId}`;

export function toAcInfoVO(r: AcInfoRow, u: RankUser | undefined, color: string | null): AcInfoVO {
  return {
    id: r.id,
    cid: r.cid,
    submitId: r.submitId,
    uid: r.uid,
    username: u?.username ?? '',
    realname: u?.realname ?? null,
    displayId: r.displayId,
    color,
    firstBlood: r.firstBlood,
    checked: r.checked,
    time: r.time,
    submitTime: r.submitTime.toISOString(),
  };
}

/** The record that made a cell Accepted on the live board: its first AC within the contest. */
function firstAc(src: AcInfoSource, key: string): BoardRecord | null {
  const recs = src.byCell.get(key);
  if (!recs) return null;
  for (const r of recs) if (r.time >= 0 && r.time < src.contest.duration && recordKind(r.status) === 1 && r.submitId !== null) return r;
  return null;
}

function isFirstBlood(src: AcInfoSource, uid: string, displayId: string): boolean {
  const row = src.live.row(uid) as AcmRow | undefined;
  return row?.submissionInfo[displayId]?.isFirstAC === true;
}

/**
 * Brings the AC-info rows of some cells (or of the whole contest) in line with the live board; pushes
 * `acinfo.new` on `contest-admin:<cid>` for each new row and each row whose submission or first blood changed.
 * `cells`: the touched cell and the problem whose first-blood holders may have changed.
 */
export async function syncAcInfo(tx: Tx, src: AcInfoSource, cells: 'all' | { uid: string; displayId: string }): Promise<PushMessage[]> {
  const c = src.contest;
  if (c.type !== 0 || c.imported) return [];
  const existing = new Map<string, AcInfoRow>();
  for (const r of await acInfoOf(tx, c.id, cells === 'all' ? undefined : cells)) existing.set(cellKey(r.uid, r.displayId), r);

  const keys = new Set(existing.keys());
  if (cells === 'all') {
    for (const k of src.byCell.keys()) keys.add(k);
  } else {
    keys.add(cellKey(cells.uid, cells.displayId));
  }

  // Rows whose submission is pending again (rejudge) stay as they are until its verdict arrives.
  const pending = await pendingSubmissions(
    tx,
    c.id,
    [...existing.values()].map((r) => r.submitId),
  );

  const inserts: (typeof contestAcInfo.$inferInsert)[] = [];
  const deletes: number[] = [];
  /** Rows to push: new ones, and changed ones (after a full sync only those whose first blood changed). */
  const changed: AcInfoRow[] = [];
  for (const key of keys) {
    const ex = existing.get(key);
    const [uid, displayId] = key.split('\u0000') as [string, string];
    const want = firstAc(src, key);
    if (!want) {
      if (ex && !pending.has(ex.submitId)) deletes.push(ex.id);
      continue;
    }
    const firstBlood = isFirstBlood(src, uid, displayId);
    if (!ex) {
      inserts.push({ cid: c.id, uid, displayId, submitId: want.submitId!, time: want.time, submitTime: want.submitTime, firstBlood });
    } else if (ex.submitId !== want.submitId || ex.time !== want.time || ex.firstBlood !== firstBlood) {
      const row = await updateAcInfo(tx, ex.id, { submitId: want.submitId!, time: want.time, submitTime: want.submitTime, firstBlood });
      if (cells !== 'all' || ex.firstBlood !== firstBlood) changed.push(row);
    }
  }
  await deleteAcInfo(tx, deletes);
  // A concurrent full sync cannot race us (the contest row is locked), but keep the unique key harmless.
  changed.push(...(await insertAcInfo(tx, inserts)));
  if (changed.length === 0) return [];
  const missing = changed.map((r) => r.uid).filter((uid) => !src.users.has(uid));
  const extra = missing.length > 0 ? await loadUsers(tx, missing) : new Map<string, RankUser>();
  changed.sort((a, b) => a.time - b.time || a.id - b.id);
  const out: PushMessage[] = [];
  for (const r of changed) {
    const vo = toAcInfoVO(r, src.users.get(r.uid) ?? extra.get(r.uid), src.colors[r.displayId] ?? null);
    out.push(await appendPush(tx, topics.contestAdmin(c.id), 'acinfo.new', vo));
  }
  return out;
}
