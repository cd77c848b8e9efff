// The SQL of contest records (one per contest submission, the scoreboard's input) written at submit time.
import type { Tx } from '../db/client';
import { contestRecord } from '../db/schema';

export interface PendingRecord {
  cid: number;
  uid: string;
  pid: number;
  displayId: string;
  submitId: number;
  /** Whole seconds from the contest start. */
  time: number;
  submitTime: Date;
  language: string;
}

/** A contest submission's record, not judged yet (status null); the ingester fills in the verdict. */
export async function insertPendingRecord(tx: Tx, r: PendingRecord): Promise<void> {
  await tx.insert(contestRecord).values({ ...r, status: null });
}
