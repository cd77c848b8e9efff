// Push events: each topic has a monotonic seq assigned inside the writer's transaction and a short history
// (push_event) so a reconnecting client can replay what it missed.
import type { Logger } from 'pino';
import type { PushEventData, PushEventName, PushMessage, ServicesTransport, TopicKindsOf, TopicName } from '@oj/proto';
import type { ServiceContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { appendEvent, deleteEventsBefore, eventsBetween, latestSeqOf, latestSeqsOf } from './push.repo';

export interface PushService {
  /** The latest seq of a topic (0 when nothing was published on it yet). */
  latestSeq(topic: string): Promise<number>;
  /** The latest seq of each of `topics`, looked up a thousand at a time; topics nothing was published on are absent. */
  latestSeqs(topics: readonly string[]): Promise<Map<string, number>>;
  /**
   * The events of `topic` after `since`, in seq order; null when some of them are no longer kept
   * (the client must resync from REST).
   */
  replay(topic: string, since: number): Promise<PushMessage[] | null>;
}

/** Replays longer than this are answered with a resync instead. */
export const MAX_REPLAY = 1000;

/**
 * Assigns the next seq of `topic` and stores the event; publish the result after the transaction commits. The topic is
 * one of the event's kinds, built by `topics`.
 */
export async function appendPush<E extends PushEventName>(tx: Tx, topic: TopicName<TopicKindsOf<E>>, event: E, data: PushEventData<E>): Promise<PushMessage> {
  const seq = await appendEvent(tx, { topic, event, data });
  return { topic, seq, event, data, at: Date.now() };
}

/** Publishes stored push messages in order; a failure is logged only, clients catch up through replay. */
export async function publishAll(transport: ServicesTransport, msgs: PushMessage[], logger: Logger): Promise<void> {
  for (const m of msgs) {
    try {
      await transport.publishPush(m);
    } catch (err) {
      logger.warn({ err, topic: m.topic, seq: m.seq }, 'push publish failed');
    }
  }
}

export async function prunePushEvents(db: DbOrTx, retentionS: number): Promise<number> {
  return deleteEventsBefore(db, new Date(Date.now() - retentionS * 1000));
}

export function createPushService(ctx: ServiceContext): PushService {
  const { db } = ctx;
  const latestSeq = (topic: string) => latestSeqOf(db, topic);
  return {
    latestSeq,
    async latestSeqs(topics) {
      const out = new Map<string, number>();
      for (let i = 0; i < topics.length; i += 1000) for (const [t, seq] of await latestSeqsOf(db, topics.slice(i, i + 1000))) out.set(t, seq);
      return out;
    },
    async replay(topic, since) {
      const latest = await latestSeq(topic);
      if (since === latest) return [];
      // A client ahead of us (e.g. after a database reset) or too far behind must resync.
      if (since > latest || latest - since > MAX_REPLAY) return null;
      // Bounded by `latest`: an event committed between the two reads is not a sign of pruning.
      const rows = await eventsBetween(db, topic, since, latest, MAX_REPLAY);
      // Events are only ever pruned oldest first, so a short answer means some were pruned.
      if (rows.length !== latest - since || rows[0]?.seq !== since + 1) return null;
      return rows.map((r) => ({ topic: r.topic, seq: r.seq, event: r.event as PushEventName, data: r.data }));
    },
  };
}
