// The net under the push relay. A message lost between the services and this gateway (a publish that failed while
// the ingester's NATS node was away, a cluster route restarting; this gateway's own connection never dropped, so no
// catch-up ran) shows to a client only as a gap at its topic's next message, and a submission's final verdict has no
// next message. Every `periodMs` the gateway compares the last seq it relayed on each topic its sockets follow with
// the push log's; a topic still behind at the next pass, past what it was behind at this one (so not a message merely
// in flight), is caught up from the log as after a bus outage. A topic first seen in a pass (a socket's own user
// topic, joined at connect) starts at the log's seq of that pass.

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
