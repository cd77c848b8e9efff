// What a gateway does about push messages that never reached it.
// - After a bus outage (its NATS connection back; core NATS kept nothing meanwhile) it relays from the push log every
//   event past the last one it relayed on each topic its sockets follow (`catchUp`).
// - A message lost while this gateway's own connection stayed up (a publish that failed while the ingester's NATS
//   node was away, a cluster route restarting) would show to a client only as a gap at its topic's next message, and
//   a submission's final verdict has none. So every `sweepMs` the gateway compares the last seq it relayed on each
//   followed topic with the push log's; a topic still behind at the next pass, past what it was behind at this one
//   (so not a message merely in flight), is caught up the same way. A socket's own user topic, joined at connect,
//   starts at the log's seq read at its handshake (realtime.ts); a topic first seen by a pass (that read failed)
//   starts at the log's seq of that pass.
// - "Relayed up to" is contiguous: a message relayed past a hole (a later one of the topic came, the one before it was
//   lost) is kept aside, so the hole stays visible to the sweep; a catch-up skips what was already relayed.

import type { PushMessage } from '@oj/proto';

/** What the recovery needs of the gateway's Socket.IO server and board rooms. */
export interface PushRecoveryDeps {
  /** Whether a room of this name has sockets here. */
  hasRoom(name: string): boolean;
  /** Every room name here (sockets' own id rooms included). */
  roomNames(): Iterable<string>;
  /** Whether `name` is a socket's own id room (not a subscription). */
  isSocketRoom(name: string): boolean;
  /** Whether a board room here follows source topic `topic` (a board room's name is not a topic of the log). */
  boardFollows(topic: string): boolean;
  push: {
    replay(topic: string, since: number): Promise<PushMessage[] | null>;
    latestSeqs(topics: readonly string[]): Promise<Map<string, number>>;
  };
  /** Relays a message from the log as if it came from the bus. */
  relay(msg: PushMessage): void;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The sweep's period; 0: no sweep. */
  sweepMs: number;
}

export interface PushRecovery {
  /** A socket joined `topic` (a board room: its source topic) at `seq`: recovery covers it from there. Answers `seq`. */
  joined(topic: string, seq: number): number;
  /** Whether recovery covers `topic` already (a socket here joined it, or a pass saw it). */
  follows(topic: string): boolean;
  /** A message of `topic` was relayed (call for each one). */
  relayed(topic: string, seq: number): void;
  /** After a bus outage: relays from the log what every followed topic missed; how many. */
  catchUp(): Promise<number>;
  /** One pass of the sweep (also run every `sweepMs`); how many it relayed. */
  sweep(): Promise<number>;
  close(): void;
}

export function createPushRecovery(d: PushRecoveryDeps): PushRecovery {
  /** Each topic followed here: every seq up to this one was relayed; where a catch-up or a sweep starts. */
  const relayed = new Map<string, number>();
  /** Seqs relayed past a hole of their topic, until the hole is filled. */
  const ahead = new Map<string, Set<number>>();
  /** A topic with more held past a hole than this gives up on it (taken as relayed up to its highest). */
  const AHEAD_MAX = 1000;

  function advance(topic: string, seq: number): void {
    const upTo = relayed.get(topic);
    if (upTo === undefined) {
      relayed.set(topic, seq);
      return;
    }
    if (seq <= upTo) return;
    let held = ahead.get(topic);
    if (seq > upTo + 1) {
      if (!held) ahead.set(topic, (held = new Set<number>()));
      held.add(seq);
      if (held.size > AHEAD_MAX) {
        relayed.set(topic, Math.max(...held));
        ahead.delete(topic);
      }
      return;
    }
    // The common case, no hole: nothing held, nothing allocated.
    let next = seq;
    if (held) {
      while (held.delete(next + 1)) next++;
      if (held.size === 0) ahead.delete(topic);
    }
    relayed.set(topic, next);
  }

  function joined(topic: string, seq: number): number {
    if (!relayed.has(topic)) relayed.set(topic, seq);
    return seq;
  }

  /** The topics this gateway's sockets follow, with the last seq relayed on each (null: a room not seen yet). */
  function followed(): Map<string, number | null> {
    const out = new Map<string, number | null>();
    for (const [topic, seq] of relayed) {
      if (d.hasRoom(topic) || d.boardFollows(topic)) out.set(topic, seq);
      else {
        relayed.delete(topic);
        ahead.delete(topic);
      }
    }
    for (const name of d.roomNames()) {
      // Each socket's own id room, and the board rooms (they follow their source topic, which is in `relayed`).
      if (out.has(name) || d.isSocketRoom(name) || name.startsWith('board:')) continue;
      out.set(name, null);
    }
    return out;
  }

  /** Relays the logged messages of `topic` past the last one relayed here; how many. */
  async function catchUpTopic(topic: string): Promise<number> {
    const seq = relayed.get(topic);
    if (seq === undefined) return 0;
    // null: too far behind to replay; those sockets resync at their next frame's gap.
    const held = ahead.get(topic);
    const missed = ((await d.push.replay(topic, seq)) ?? []).filter((m) => !held?.has(m.seq));
    for (const m of missed) d.relay(m);
    return missed.length;
  }

  /** Topics found behind at the last pass of the sweep, with the log's seq then. */
  let behind = new Map<string, number>();
  async function sweepOnce(): Promise<number> {
    const follows = followed();
    const latest = follows.size === 0 ? new Map<string, number>() : await d.push.latestSeqs([...follows.keys()]);
    const next = new Map<string, number>();
    let sent = 0;
    for (const [topic, mine] of follows) {
      const theirs = latest.get(topic) ?? 0;
      if (mine === null) joined(topic, theirs);
      else if (theirs > mine) {
        const then = behind.get(topic);
        if (then === undefined || mine >= then) next.set(topic, theirs);
        else {
          const n = await catchUpTopic(topic);
          if (n > 0) d.log.warn({ topic, sent: n }, 'push messages that never reached this gateway relayed from the log');
          sent += n;
        }
      }
    }
    behind = next;
    return sent;
  }
  let sweeping: Promise<number> | null = null;
  const sweep = (): Promise<number> =>
    (sweeping ??= sweepOnce().finally(() => {
      sweeping = null;
    }));
  const timer = d.sweepMs > 0 ? setInterval(() => sweep().catch((err: unknown) => d.log.warn({ err }, 'push sweep failed')), d.sweepMs) : null;
  timer?.unref();

  return {
    joined,
    follows: (topic) => relayed.has(topic),
    relayed(topic, seq) {
      // A board's source topic has no room of its own: its entry is made when a board room joins.
      if (d.hasRoom(topic) || relayed.has(topic)) advance(topic, seq);
    },
    async catchUp() {
      let sent = 0;
      for (const [topic, seq] of followed()) {
        if (seq === null) continue;
        try {
          sent += await catchUpTopic(topic);
        } catch (err) {
          d.log.warn({ err, topic }, 'push catch-up failed');
        }
      }
      if (sent > 0) d.log.info({ sent }, 'push events sent while the bus was away relayed from the log');
      return sent;
    },
    sweep,
    close: () => {
      if (timer) clearInterval(timer);
    },
  };
}
