// What a gateway does about push messages that never reached it. Core NATS keeps nothing for a subscriber that is
// away, so after a bus outage (its NATS connection back) the gateway relays from the push log every event past the
// last one it relayed on each topic its sockets follow (`catchUp`). And a message lost between the services and this gateway (a publish that failed while
// the ingester's NATS node was away, a cluster route restarting; this gateway's own connection never dropped, so no
// catch-up ran) shows to a client only as a gap at its topic's next message, and a submission's final verdict has no
// next message. Every `periodMs` the gateway compares the last seq it relayed on each topic its sockets follow with
// the push log's; a topic still behind at the next pass, past what it was behind at this one (so not a message merely
// in flight), is caught up from the log as after a bus outage. A topic first seen in a pass (a socket's own user
// topic, joined at connect) starts at the log's seq of that pass.

import type { PushMessage } from '@oj/proto';

export interface PushSweepDeps {
  periodMs: number;
  /** The topics this gateway's sockets follow, with the last seq relayed on each (null: not known yet). */
  followed(): Map<string, number | null>;
  /** The push log's latest seq of each topic (absent: nothing published on it). */
  latestSeqs(topics: string[]): Promise<Map<string, number>>;
  /** A topic first seen now: what was relayed on it so far is taken to be up to `seq`. */
  adopt(topic: string, seq: number): void;
  /** Relays the logged messages of `topic` past the last seq relayed on it; how many. */
  catchUpTopic(topic: string): Promise<number>;
  onError(err: unknown): void;
}

export interface PushSweep {
  /** One pass (also run by the timer); how many messages it relayed. */
  pass(): Promise<number>;
  close(): void;
}

export function createPushSweep(d: PushSweepDeps): PushSweep {
  /** Topics found behind at the last pass: the log's seq then. */
  let behind = new Map<string, number>();
  let running: Promise<number> | null = null;

  async function sweep(): Promise<number> {
    const followed = d.followed();
    if (followed.size === 0) {
      behind = new Map();
      return 0;
    }
    const latest = await d.latestSeqs([...followed.keys()]);
    const next = new Map<string, number>();
    let sent = 0;
    for (const [topic, mine] of followed) {
      const theirs = latest.get(topic) ?? 0;
      if (mine === null) {
        d.adopt(topic, theirs);
        continue;
      }
      if (theirs <= mine) continue;
      const then = behind.get(topic);
      if (then !== undefined && mine < then) sent += await d.catchUpTopic(topic);
      else next.set(topic, theirs);
    }
    behind = next;
    return sent;
  }

  function pass(): Promise<number> {
    running ??= sweep().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = d.periodMs > 0 ? setInterval(() => pass().catch(d.onError), d.periodMs) : null;
  timer?.unref();
  return {
    pass,
    close: () => {
      if (timer) clearInterval(timer);
    },
  };
}

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
  /** A message of `topic` was relayed (call for each one). */
  relayed(topic: string, seq: number): void;
  /** After a bus outage: relays from the log what every followed topic missed; how many. */
  catchUp(): Promise<number>;
  /** One pass of the sweep (also run every `sweepMs`); how many it relayed. */
  sweep(): Promise<number>;
  close(): void;
}

export function createPushRecovery(d: PushRecoveryDeps): PushRecovery {
  /** The last seq relayed on each topic followed here: where a catch-up or a sweep starts. */
  const relayed = new Map<string, number>();

  function joined(topic: string, seq: number): number {
    if (!relayed.has(topic)) relayed.set(topic, seq);
    return seq;
  }

  /** The topics this gateway's sockets follow, with the last seq relayed on each (null: a room not seen yet). */
  function followed(): Map<string, number | null> {
    const out = new Map<string, number | null>();
    for (const [topic, seq] of relayed) {
      if (d.hasRoom(topic) || d.boardFollows(topic)) out.set(topic, seq);
      else relayed.delete(topic);
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
    const missed = (await d.push.replay(topic, seq)) ?? [];
    for (const m of missed) d.relay(m);
    return missed.length;
  }

  const sweep = createPushSweep({
    periodMs: d.sweepMs,
    followed,
    latestSeqs: (names) => d.push.latestSeqs(names),
    adopt: joined,
    async catchUpTopic(topic) {
      const sent = await catchUpTopic(topic);
      if (sent > 0) d.log.warn({ topic, sent }, 'push messages that never reached this gateway relayed from the log');
      return sent;
    },
    onError: (err) => d.log.warn({ err }, 'push sweep failed'),
  });

  return {
    joined,
    relayed(topic, seq) {
      // A board's source topic has no room of its own: its entry is made when a board room joins.
      if (d.hasRoom(topic) || relayed.has(topic)) relayed.set(topic, Math.max(seq, relayed.get(topic) ?? 0));
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
    sweep: () => sweep.pass(),
    close: () => sweep.close(),
  };
}
