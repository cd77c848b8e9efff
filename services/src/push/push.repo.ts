// The SQL of the push log: each topic's seq (push_topic) and the kept events (push_event) for replay.
import { and, asc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { pushEvent, pushTopic } from '../db/schema';

/**
 * Appends an event to `topic`'s log under the topic's next seq, in one statement (one round trip): the upsert of
 * push_topic takes the topic's row lock, which orders concurrent writers of one topic by commit.
 */
export async function appendEvent(tx: Tx, e: { topic: string; event: string; data: unknown }): Promise<number> {
  const [row] = await tx.execute<{ seq: string | number }>(sql`
    with s as (
      insert into ${pushTopic} (topic, seq) values (${e.topic}, 1)
      on conflict (topic) do update set seq = ${pushTopic}.seq + 1
      returning seq
    )
    insert into ${pushEvent} (topic, seq, event, data) select ${e.topic}, s.seq, ${e.event}, ${JSON.stringify(e.data)}::jsonb from s
    returning seq`);
  return Number(row!.seq);
}

/** The topic's latest seq (0 when nothing was published on it). */
export async function latestSeqOf(db: DbOrTx, topic: string): Promise<number> {
  const [row] = await db.select({ seq: pushTopic.seq }).from(pushTopic).where(eq(pushTopic.topic, topic));
  return row?.seq ?? 0;
}

/** The latest seq of each of `topics` that has one (a topic nothing was published on is absent). */
export async function latestSeqsOf(db: DbOrTx, topics: readonly string[]): Promise<Map<string, number>> {
  if (topics.length === 0) return new Map();
  const rows = await db.select({ topic: pushTopic.topic, seq: pushTopic.seq }).from(pushTopic).where(inArray(pushTopic.topic, [...topics]));
  return new Map(rows.map((r) => [r.topic, r.seq]));
}

/** The kept events of `topic` with `since < seq ≤ upTo`, in seq order, at most `limit`. */
export async function eventsBetween(db: DbOrTx, topic: string, since: number, upTo: number, limit: number) {
  return db
    .select()
    .from(pushEvent)
    .where(and(eq(pushEvent.topic, topic), gt(pushEvent.seq, since), lte(pushEvent.seq, upTo)))
    .orderBy(asc(pushEvent.seq))
    .limit(limit);
}

/** Forgets events stored before `cutoff`; how many. */
export async function deleteEventsBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const gone = await db.delete(pushEvent).where(lt(pushEvent.createdAt, cutoff)).returning({ seq: pushEvent.seq });
  return gone.length;
}
