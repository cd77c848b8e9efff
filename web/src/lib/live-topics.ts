// The live-topic engine: every pushed topic (submissions, online tests, unread counts, contests, boards) is watched
// through it over the one socket of lib/socket.ts. It subscribes with `since`, applies every frame once and in seq
// order, resubscribes after a reconnect, asks the server to replay a hole and reloads the REST snapshot when it
// cannot, and runs the watcher's REST fallback poll only while the socket is down (or the topic is refused).
// Features reach it through lib/useLiveTopic.ts.
import type { PushEventData, PushEventName, SubscribeAck } from '@oj/proto';
import { every, type FallbackPoll } from './fallback-poll';
import { pushDecoder } from './push-decoder';
import type { RealtimeLinkListener } from './socket';

/**
 * Handlers of the events `E` (by default any event; `watchTopic` narrows it to the events the topic carries). `after`
 * is the seq the watcher had applied before this frame: a frame covering several seqs (a `board:` batch) may
 * overlap what was applied already, and its handler skips what is not after it.
 */
export type LiveEventHandlers<E extends PushEventName = PushEventName> = { [K in E]?: (data: PushEventData<K>, seq: number, after: number) => void };

export interface WatchOptions<E extends PushEventName = PushEventName> {
  /** Handlers per event; frames of other events only advance the seq. */
  events: LiveEventHandlers<E>;
  /** Frames were lost for good (resync ack, a hole the server could not replay, a bad frame): reload over REST. */
  onResync: () => void;
  /** REST refresh run only while the socket is down or the topic refused: every `intervalMs`, or a shared poll. */
  poll?: { intervalMs: number; run: () => Promise<void> } | FallbackPoll;
  /** The server refused the topic (not allowed, or not now): what REST lets the caller see instead. */
  onRefused?: () => void;
  /** A subscribe was accepted without a resync (after the replay it asked for, if any). */
  onSubscribed?: () => void;
  /**
   * Start from this seq instead of the live edge: the first subscribe asks for everything after it (0: the topic's
   * whole kept history, e.g. the cases a submission already finished).
   */
  fromSeq?: number;
  /**
   * The watcher keeps a REST snapshot that carries a seq (boards): frames are held until `setSeq` gives it, and
   * again after `onResync` until the reloaded snapshot's seq is set. Without it the subscribe ack starts the stream.
   */
  snapshot?: boolean;
  /**
   * The watch does not open the connection by itself (lib/useLiveTopic.ts): it is subscribed when the socket opens,
   * a little after the page's load event or with the first watch that needs it. Its REST snapshot may then be older
   * than the subscription: `onSubscribed` is where it catches up.
   */
  background?: boolean;
}

/** Calling it stops watching; `setSeq` records the seq of a REST snapshot just applied. */
export interface TopicWatch {
  (): void;
  setSeq(seq: number): void;
}

/** What the hub needs from the socket; lib/socket.ts in the app, a scripted stand-in in unit tests. */
export interface TopicLink {
  connected(): boolean;
  subscribe(topic: string, since: number | undefined, ack: (a: SubscribeAck) => void): boolean;
  unsubscribe(topic: string): void;
}

interface Frame {
  seq: number;
  /** The seq it follows: the frame covers (from, seq]. */
  from: number;
  event: PushEventName;
  /** `undefined`: the frame did not decode. */
  data: unknown;
}

interface TopicState {
  name: string;
  watchers: Set<Watcher>;
  /** A subscribe was acknowledged on the current connection: frames flow. */
  live: boolean;
  inFlight: number;
  /** Highest seq the server reported or sent on the current connection. */
  lastSeen: number | null;
  refused: boolean;
  retryTimer: ReturnType<typeof setTimeout> | null;
  retryMs: number;
}

interface Watcher {
  topic: TopicState;
  opts: WatchOptions;
  /** Last seq applied (or of the snapshot); null while waiting for a start. */
  seq: number | null;
  /** Frames that cannot be applied yet (a hole before them, or no start yet). */
  held: Map<number, Frame>;
  /** Every frame after this seq reaches the watcher on the current connection; null when unknown. */
  coverFrom: number | null;
  gapTimer: ReturnType<typeof setTimeout> | null;
  replaying: boolean;
  poller: FallbackPoll | null;
  polling: boolean;
  closed: boolean;
}

/** Codes after which a refused subscribe is not retried (polling keeps the page fresh instead). */
const FINAL_REFUSALS = new Set(['TOPIC_FORBIDDEN', 'TOPIC_INVALID', 'AUTH_TOKEN_INVALID', 'VALIDATION_FAILED']);

export interface HubTimings {
  /** How long frames after a hole wait for the missing ones before a replay is asked. */
  gapWaitMs: number;
  /** First retry delay of a subscribe refused for a passing reason (doubles up to 60 s). */
  retryMs: number;
}

export class LiveTopicHub implements RealtimeLinkListener {
  private readonly topics = new Map<string, TopicState>();
  private up = false;
  /** Bumped on every (dis)connect: acks of an older connection are ignored. */
  private epoch = 0;

  constructor(
    private readonly link: TopicLink,
    private readonly timings: HubTimings = { gapWaitMs: 1000, retryMs: 5000 },
  ) {
    this.up = link.connected();
  }

  watch(name: string, opts: WatchOptions): TopicWatch {
    let t = this.topics.get(name);
    if (!t) {
      t = { name, watchers: new Set(), live: false, inFlight: 0, lastSeen: null, refused: false, retryTimer: null, retryMs: this.timings.retryMs };
      this.topics.set(name, t);
    }
    const w: Watcher = {
      topic: t,
      opts,
      seq: opts.fromSeq ?? null,
      held: new Map(),
      coverFrom: null,
      gapTimer: null,
      replaying: false,
      poller: !opts.poll ? null : 'start' in opts.poll ? opts.poll : every(opts.poll.intervalMs, opts.poll.run),
      polling: false,
      closed: false,
    };
    t.watchers.add(w);
    if (t.live && t.lastSeen !== null) {
      // Joining a flowing subscription: everything after what the server last reported comes to us too.
      w.coverFrom = t.lastSeen;
      if (!opts.snapshot && w.seq === null) w.seq = t.lastSeen;
      this.settle(w);
    } else if (this.up && t.inFlight === 0 && !t.retryTimer) {
      this.send(t, this.sinceOf(t));
    }
    if (!this.up || t.refused) this.startPoll(w);

    const stop = (() => this.unwatch(w)) as TopicWatch;
    stop.setSeq = (seq: number) => this.setSeq(w, seq);
    return stop;
  }

  // ---------- socket lifecycle (RealtimeLinkListener) ----------

  connected(): void {
    if (this.up) return;
    this.up = true;
    this.epoch++;
    for (const t of this.topics.values()) {
      t.live = false;
      t.inFlight = 0;
      t.lastSeen = null;
      t.refused = false;
      this.clearRetry(t);
      for (const w of t.watchers) this.stopPoll(w);
      this.send(t, this.sinceOf(t));
    }
  }

  disconnected(): void {
    if (!this.up) return;
    this.up = false;
    this.epoch++;
    for (const t of this.topics.values()) {
      t.live = false;
      t.inFlight = 0;
      this.clearRetry(t);
      for (const w of t.watchers) {
        w.coverFrom = null;
        w.replaying = false;
        this.clearGap(w);
        this.startPoll(w);
      }
    }
  }

  frame(event: PushEventName, raw: unknown): void {
    if (typeof raw !== 'object' || raw === null) return;
    const f = raw as { topic?: unknown; seq?: unknown; from?: unknown };
    if (typeof f.topic !== 'string' || typeof f.seq !== 'number' || !Number.isInteger(f.seq)) return;
    const from = typeof f.from === 'number' && Number.isInteger(f.from) && f.from < f.seq ? f.from : f.seq - 1;
    const t = this.topics.get(f.topic);
    if (!t) return;
    let data: unknown;
    try {
      const decoder = pushDecoder();
      if (!decoder) throw new Error('push events not loaded');
      data = decoder.decodePushFrame(event, raw).data;
    } catch (e) {
      console.warn(`Malformed ${event} on ${f.topic}`, e);
      data = undefined;
    }
    t.lastSeen = Math.max(t.lastSeen ?? 0, f.seq);
    const fr: Frame = { seq: f.seq, from, event, data };
    for (const w of [...t.watchers]) {
      if (w.closed || (w.seq !== null && fr.seq <= w.seq)) continue;
      w.held.set(fr.seq, fr);
      this.settle(w);
    }
  }

  // ---------- subscriptions ----------

  /** Resubscribe from the oldest seq any watcher has applied, so each gets what it missed. */
  private sinceOf(t: TopicState): number | undefined {
    let since: number | undefined;
    for (const w of t.watchers) if (w.seq !== null) since = since === undefined ? w.seq : Math.min(since, w.seq);
    return since;
  }

  private send(t: TopicState, since: number | undefined, after?: (ack: SubscribeAck) => void): void {
    if (!this.up) return;
    const epoch = this.epoch;
    t.inFlight++;
    const sent = this.link.subscribe(t.name, since, (ack) => {
      if (epoch !== this.epoch || this.topics.get(t.name) !== t) return;
      t.inFlight = Math.max(0, t.inFlight - 1);
      this.onAck(t, since, ack);
      after?.(ack);
    });
    if (!sent) t.inFlight = Math.max(0, t.inFlight - 1);
  }

  private onAck(t: TopicState, since: number | undefined, ack: SubscribeAck): void {
    if (!ack.ok) {
      if (t.live) return; // A replay request refused (rate limit): the stream itself still flows.
      t.refused = true;
      for (const w of [...t.watchers]) {
        this.startPoll(w);
        w.opts.onRefused?.();
      }
      if (!FINAL_REFUSALS.has(ack.code)) this.scheduleRetry(t);
      return;
    }
    t.live = true;
    t.refused = false;
    t.retryMs = this.timings.retryMs;
    t.lastSeen = Math.max(t.lastSeen ?? 0, ack.seq);
    for (const w of t.watchers) this.stopPoll(w);
    if (ack.resync) {
      for (const w of [...t.watchers]) {
        w.held.clear();
        this.clearGap(w);
        w.coverFrom = ack.seq;
        w.seq = w.opts.snapshot ? null : ack.seq;
        w.opts.onResync();
      }
      return;
    }
    const base = since ?? ack.seq;
    for (const w of [...t.watchers]) {
      w.coverFrom = w.coverFrom === null ? base : Math.min(w.coverFrom, base);
      if (w.seq === null && !w.opts.snapshot) w.seq = ack.seq;
      this.settle(w);
      if (!w.closed) w.opts.onSubscribed?.();
    }
  }

  private scheduleRetry(t: TopicState): void {
    if (t.retryTimer) return;
    t.retryTimer = setTimeout(() => {
      t.retryTimer = null;
      if (this.topics.get(t.name) === t && !t.live && t.inFlight === 0) this.send(t, this.sinceOf(t));
    }, t.retryMs);
    t.retryMs = Math.min(60_000, t.retryMs * 2);
  }

  private clearRetry(t: TopicState): void {
    if (t.retryTimer) clearTimeout(t.retryTimer);
    t.retryTimer = null;
  }

  // ---------- per-watcher ordering ----------

  /** Applies what can be applied in order; arms the hole timer or asks for the frames this watcher never got. */
  private settle(w: Watcher): void {
    if (w.closed || w.seq === null) return;
    for (const s of w.held.keys()) if (s <= w.seq) w.held.delete(s);
    while (!w.closed && w.seq !== null) {
      const next = this.nextFrame(w);
      if (!next) break;
      w.held.delete(next.seq);
      this.apply(w, next);
    }
    if (w.closed || w.seq === null) return;
    if (w.held.size === 0) this.clearGap(w);
    else if (!w.gapTimer) {
      w.gapTimer = setTimeout(() => {
        w.gapTimer = null;
        if (this.hasHole(w)) this.replay(w);
      }, this.timings.gapWaitMs);
    }
    // A snapshot older than where our subscription started: the frames in between must be replayed.
    if (w.coverFrom !== null && w.seq < w.coverFrom) this.replay(w);
  }

  /** The held frame that continues from the watcher's seq (it covers (from, seq] with from ≤ the watcher's seq). */
  private nextFrame(w: Watcher): Frame | undefined {
    const at = w.seq as number;
    const direct = w.held.get(at + 1);
    if (direct && direct.from <= at) return direct;
    let best: Frame | undefined;
    for (const f of w.held.values()) if (f.from <= at && f.seq > at && (!best || f.seq < best.seq)) best = f;
    return best;
  }

  private hasHole(w: Watcher): boolean {
    return !w.closed && w.seq !== null && w.held.size > 0 && !this.nextFrame(w);
  }

  /** A hole before held frames, or a start older than what the subscription delivers. */
  private needsReplay(w: Watcher): boolean {
    return this.hasHole(w) || (!w.closed && w.seq !== null && w.coverFrom !== null && w.seq < w.coverFrom);
  }

  /** Asks the server for the frames after this watcher's seq; if the hole is still there after it, resync. */
  private replay(w: Watcher): void {
    const t = w.topic;
    if (w.replaying || !this.up || !t.live || !this.needsReplay(w)) return;
    w.replaying = true;
    const from = w.seq as number;
    this.send(t, from, (ack) => {
      w.replaying = false;
      if (w.closed) return;
      if (!ack.ok) {
        // Refused for now (rate limit): ask again after the usual wait.
        if (!w.gapTimer) {
          w.gapTimer = setTimeout(() => {
            w.gapTimer = null;
            this.replay(w);
          }, this.timings.gapWaitMs);
        }
        return;
      }
      if (ack.resync) return; // Every watcher has been told already.
      if (w.seq === from && this.needsReplay(w)) this.resync(w);
    });
  }

  private resync(w: Watcher): void {
    this.clearGap(w);
    if (w.opts.snapshot) {
      // Keep the later frames: the reloaded snapshot's seq decides which of them still apply.
      w.seq = null;
    } else {
      const first = Math.min(...[...w.held.values()].map((f) => f.from + 1));
      w.seq = Number.isFinite(first) ? first - 1 : w.seq;
      if (w.coverFrom !== null && w.seq !== null && w.seq < w.coverFrom) w.coverFrom = w.seq;
    }
    w.opts.onResync();
    this.settle(w);
  }

  private apply(w: Watcher, fr: Frame): void {
    const after = w.seq ?? fr.from;
    w.seq = fr.seq;
    const handler = w.opts.events[fr.event] as ((data: unknown, seq: number, after: number) => void) | undefined;
    if (!handler) return;
    if (fr.data === undefined) {
      this.badFrame(w);
      return;
    }
    try {
      handler(fr.data, fr.seq, after);
    } catch (e) {
      console.error(`Handler of ${fr.event} failed`, e);
      this.badFrame(w);
    }
  }

  /** A frame the watcher could not apply: its state is unknown, reload it. */
  private badFrame(w: Watcher): void {
    if (w.opts.snapshot) w.seq = null;
    w.opts.onResync();
  }

  private setSeq(w: Watcher, seq: number): void {
    if (w.closed) return;
    const before = w.seq;
    w.seq = seq;
    // Frames between the snapshot and what was applied before were consumed: they must come again.
    if (before !== null && before > seq) w.coverFrom = Math.max(w.coverFrom ?? before, before);
    const t = w.topic;
    if (this.up && !t.live && t.inFlight === 0 && !t.retryTimer) this.send(t, seq);
    else this.settle(w);
  }

  private unwatch(w: Watcher): void {
    if (w.closed) return;
    w.closed = true;
    this.clearGap(w);
    this.stopPoll(w);
    const t = w.topic;
    t.watchers.delete(w);
    if (t.watchers.size === 0 && this.topics.get(t.name) === t) {
      this.topics.delete(t.name);
      this.clearRetry(t);
      if (this.up) this.link.unsubscribe(t.name);
    }
  }

  private clearGap(w: Watcher): void {
    if (w.gapTimer) clearTimeout(w.gapTimer);
    w.gapTimer = null;
  }

  // ---------- fallback polling ----------

  private startPoll(w: Watcher): void {
    if (!w.poller || w.polling || w.closed) return;
    w.polling = true;
    w.poller.start();
  }

  private stopPoll(w: Watcher): void {
    if (!w.poller || !w.polling) return;
    w.polling = false;
    w.poller.stop();
  }

  /** For tests and the developer page: topics watched and whether each is flowing. */
  state(): Array<{ topic: string; watchers: number; live: boolean }> {
    return [...this.topics.values()].map((t) => ({ topic: t.name, watchers: t.watchers.size, live: t.live }));
  }
}
