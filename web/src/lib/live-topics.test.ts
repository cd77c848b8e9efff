// The ordering, hole, resync, resubscribe and fallback-polling rules of watched topics, driven through a scripted
// socket link (the real socket path is covered end to end in tests/e2e/scoreboard.spec.ts).
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { topics, type AcInfoVO, type SubscribeAck } from '@oj/proto';
import { PollGroup } from './fallback-poll';
import { LiveTopicHub, type TopicLink } from './live-topics';
import { loadPushDecoder } from './push-decoder';

// lib/socket.ts loads the push events' decoders before it connects; the scripted link does the same.
beforeAll(() => loadPushDecoder());

interface SentSubscribe {
  topic: string;
  since: number | undefined;
  ack: (a: SubscribeAck) => void;
}

class ScriptedLink implements TopicLink {
  up = true;
  subs: SentSubscribe[] = [];
  unsubs: string[] = [];
  connected() {
    return this.up;
  }
  subscribe(topic: string, since: number | undefined, ack: (a: SubscribeAck) => void) {
    if (!this.up) return false;
    this.subs.push({ topic, since, ack });
    return true;
  }
  unsubscribe(topic: string) {
    this.unsubs.push(topic);
  }
  /** Answers the oldest unanswered subscribe. */
  ackNext(a: SubscribeAck) {
    const s = this.subs.shift();
    if (!s) throw new Error('no subscribe pending');
    s.ack(a);
    return s;
  }
}

const TOPIC = 'contest-admin:7';

function acInfo(id: number): AcInfoVO {
  return {
    id,
    cid: 7,
    submitId: 100 + id,
    uid: `u${id}`,
    username: `user${id}`,
    realname: null,
    displayId: 'A',
    color: null,
    firstBlood: false,
    checked: false,
    time: 60,
    submitTime: '2025-01-01T00:00:00.000Z',
  };
}

function setup(snapshot = false) {
  const link = new ScriptedLink();
  const hub = new LiveTopicHub(link, { gapWaitMs: 500, retryMs: 1000 });
  const got: number[] = [];
  const onResync = vi.fn();
  const watch = hub.watch(TOPIC, { snapshot, onResync, events: { 'acinfo.new': (d) => got.push(d.id) } });
  const send = (seq: number, id = seq) => hub.frame('acinfo.new', { topic: TOPIC, seq, data: acInfo(id) });
  return { link, hub, got, onResync, watch, send };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('LiveTopicHub ordering', () => {
  it('starts the stream at the ack, applies each frame once and in order', () => {
    const { link, got, send } = setup();
    expect(link.subs).toHaveLength(1);
    expect(link.subs[0]!.since).toBeUndefined();
    link.ackNext({ ok: true, seq: 4 });
    send(4); // already covered by the ack
    send(5);
    send(5);
    send(7);
    send(6);
    expect(got).toEqual([5, 6, 7]);
  });

  it('replays a hole from the server before giving up, without a resync', () => {
    const { link, got, send, onResync } = setup();
    link.ackNext({ ok: true, seq: 0 });
    send(1);
    send(3);
    expect(got).toEqual([1]);
    vi.advanceTimersByTime(499);
    expect(link.subs).toHaveLength(0);
    vi.advanceTimersByTime(1);
    const replay = link.subs[0]!;
    expect(replay.since).toBe(1);
    // The server emits what was missed before the ack.
    send(2);
    link.ackNext({ ok: true, seq: 3 });
    expect(got).toEqual([1, 2, 3]);
    expect(onResync).not.toHaveBeenCalled();
  });

  it('resyncs when the replay does not fill the hole and continues after it (stream mode)', () => {
    const { link, got, send, onResync } = setup();
    link.ackNext({ ok: true, seq: 0 });
    send(1);
    send(4);
    send(5);
    vi.advanceTimersByTime(500);
    link.ackNext({ ok: true, seq: 5 });
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(got).toEqual([1, 4, 5]);
    send(6);
    expect(got).toEqual([1, 4, 5, 6]);
  });

  it('resyncs on a resync ack', () => {
    const { link, onResync, got, send } = setup();
    link.ackNext({ ok: true, seq: 10, resync: true });
    expect(onResync).toHaveBeenCalledTimes(1);
    send(11);
    expect(got).toEqual([11]);
  });

  it('reloads on a frame that does not decode', () => {
    const { link, hub, onResync, got, send } = setup();
    link.ackNext({ ok: true, seq: 0 });
    hub.frame('acinfo.new', { topic: TOPIC, seq: 1, data: { id: 'x' } });
    expect(onResync).toHaveBeenCalledTimes(1);
    send(2);
    expect(got).toEqual([2]);
  });
});

describe('LiveTopicHub snapshots', () => {
  it('holds frames until the snapshot seq is known, then applies only the later ones', () => {
    const { link, got, send, watch } = setup(true);
    link.ackNext({ ok: true, seq: 3 });
    send(4);
    send(5);
    expect(got).toEqual([]);
    watch.setSeq(4);
    expect(got).toEqual([5]);
    expect(link.subs).toHaveLength(0);
  });

  it('asks for a replay when the snapshot is older than the subscription', () => {
    const { link, got, send, watch } = setup(true);
    link.ackNext({ ok: true, seq: 6 });
    send(7);
    watch.setSeq(4);
    expect(link.subs).toHaveLength(1);
    expect(link.subs[0]!.since).toBe(4);
    send(5);
    send(6);
    send(7);
    link.ackNext({ ok: true, seq: 7 });
    expect(got).toEqual([5, 6, 7]);
  });

  it('after a resync waits for the reloaded snapshot and keeps the frames after it', () => {
    const { link, got, send, watch, onResync } = setup(true);
    link.ackNext({ ok: true, seq: 0 });
    watch.setSeq(0);
    send(1);
    // A hole the server cannot replay.
    send(3);
    vi.advanceTimersByTime(500);
    link.ackNext({ ok: true, seq: 3 });
    expect(onResync).toHaveBeenCalledTimes(1);
    send(4);
    expect(got).toEqual([1]);
    watch.setSeq(3); // the reloaded board already contains 2 and 3
    expect(got).toEqual([1, 4]);
  });

  it('a snapshot set before the first ack is checked against it', () => {
    const { link, got, send, watch } = setup(true);
    watch.setSeq(2);
    link.ackNext({ ok: true, seq: 3 });
    expect(link.subs[0]!.since).toBe(2);
    send(3);
    link.ackNext({ ok: true, seq: 3 });
    expect(got).toEqual([3]);
  });
});

describe('LiveTopicHub connection', () => {
  it('resubscribes with since after a reconnect and polls only while down', async () => {
    const link = new ScriptedLink();
    const hub = new LiveTopicHub(link, { gapWaitMs: 500, retryMs: 1000 });
    const run = vi.fn(async () => undefined);
    const got: number[] = [];
    hub.watch(TOPIC, { onResync: () => undefined, events: { 'acinfo.new': (d) => got.push(d.id) }, poll: { intervalMs: 10_000, run } });
    link.ackNext({ ok: true, seq: 2 });
    hub.frame('acinfo.new', { topic: TOPIC, seq: 3, data: acInfo(3) });

    vi.advanceTimersByTime(30_000);
    expect(run).not.toHaveBeenCalled();

    link.up = false;
    hub.disconnected();
    hub.disconnected(); // repeated connect_error
    await vi.advanceTimersByTimeAsync(25_000);
    expect(run).toHaveBeenCalledTimes(2);

    link.up = true;
    hub.connected();
    expect(link.subs[0]!.since).toBe(3);
    hub.frame('acinfo.new', { topic: TOPIC, seq: 4, data: acInfo(4) });
    link.ackNext({ ok: true, seq: 4 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(got).toEqual([3, 4]);
  });

  it('shares one subscription per topic and leaves it with the last watcher', () => {
    const link = new ScriptedLink();
    const hub = new LiveTopicHub(link);
    const a: number[] = [];
    const b: number[] = [];
    const stopA = hub.watch(TOPIC, { onResync: () => undefined, events: { 'acinfo.new': (d) => a.push(d.id) } });
    link.ackNext({ ok: true, seq: 1 });
    const stopB = hub.watch(TOPIC, { onResync: () => undefined, events: { 'acinfo.new': (d) => b.push(d.id) } });
    expect(link.subs).toHaveLength(0);
    hub.frame('acinfo.new', { topic: TOPIC, seq: 2, data: acInfo(2) });
    stopA();
    expect(link.unsubs).toEqual([]);
    hub.frame('acinfo.new', { topic: TOPIC, seq: 3, data: acInfo(3) });
    stopB();
    expect(link.unsubs).toEqual([TOPIC]);
    expect(a).toEqual([2]);
    expect(b).toEqual([2, 3]);
    expect(hub.state()).toEqual([]);
  });

  it('polls while a topic is refused and retries a passing refusal', async () => {
    const link = new ScriptedLink();
    const hub = new LiveTopicHub(link, { gapWaitMs: 500, retryMs: 1000 });
    const run = vi.fn(async () => undefined);
    hub.watch(TOPIC, { onResync: () => undefined, events: {}, poll: { intervalMs: 10_000, run } });
    link.ackNext({ ok: false, code: 'RATE_LIMITED' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(link.subs).toHaveLength(1);
    link.ackNext({ ok: true, seq: 0 });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(run).not.toHaveBeenCalled();
    expect(hub.state()).toEqual([{ topic: TOPIC, watchers: 1, live: true }]);
  });
});

describe('LiveTopicHub for topics followed from their start (submissions, online tests)', () => {
  const SUB = 'submission:42';
  const status = (s: number) => ({ submitId: 42, status: s, time: null, memory: null, score: null, oiRankScore: null, judger: null, isManual: false, casesDone: 0, casesTotal: 0 });

  it('asks for the whole history first, applies the replay in order and reports the accepted subscribe', () => {
    const link = new ScriptedLink();
    const hub = new LiveTopicHub(link);
    const got: number[] = [];
    const subscribed = vi.fn();
    hub.watch(SUB, { fromSeq: 0, onResync: () => undefined, onSubscribed: subscribed, events: { 'submission.status': (d) => got.push(d.status) } });
    expect(link.subs[0]!.since).toBe(0);
    // The replay arrives before the ack, out of order.
    hub.frame('submission.status', { topic: SUB, seq: 2, data: status(7) });
    hub.frame('submission.status', { topic: SUB, seq: 1, data: status(6) });
    hub.frame('submission.status', { topic: SUB, seq: 3, data: status(0) });
    link.ackNext({ ok: true, seq: 3 });
    expect(got).toEqual([6, 7, 0]);
    expect(subscribed).toHaveBeenCalledTimes(1);
  });

  it('drops a frame of another topic kind as malformed, and tells a refusal', async () => {
    const link = new ScriptedLink();
    const hub = new LiveTopicHub(link, { gapWaitMs: 500, retryMs: 1000 });
    const refused = vi.fn();
    const onResync = vi.fn();
    const got: number[] = [];
    hub.watch(SUB, { fromSeq: 0, onResync, onRefused: refused, events: { 'submission.status': (d) => got.push(d.status) } });
    link.ackNext({ ok: true, seq: 0 });
    hub.frame('acinfo.new', { topic: SUB, seq: 1, data: acInfo(1) });
    expect(got).toEqual([]);
    expect(onResync).not.toHaveBeenCalled(); // no handler for that event: only the seq moves

    const other = 'submission:43';
    hub.watch(other, { fromSeq: 0, onResync: () => undefined, onRefused: refused, events: {} });
    link.ackNext({ ok: false, code: 'TOPIC_FORBIDDEN' });
    expect(refused).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(link.subs).toHaveLength(0); // a final refusal is not retried
  });

  it('polls the watched submissions in one request while down, within a budget a new watch restarts, until the socket is back', async () => {
    const link = new ScriptedLink();
    link.up = false;
    const hub = new LiveTopicHub(link, { gapWaitMs: 500, retryMs: 1000 });
    const runs: number[][] = [];
    const group = new PollGroup<number>({
      intervalMs: 2000,
      maxPolls: 3,
      run: async (ids) => {
        runs.push([...ids].sort());
        return true;
      },
    });
    const watchSubmission = (id: number) => {
      group.resetBudget();
      return hub.watch(topics.submission(id), { fromSeq: 0, onResync: () => undefined, events: {}, poll: group.member(id) });
    };

    watchSubmission(42);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual([[42], [42], [42]]);
    const stop43 = watchSubmission(43);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs.slice(3)).toEqual([[42, 43], [42, 43], [42, 43]]);

    link.up = true;
    hub.connected();
    expect(link.subs.map((x) => [x.topic, x.since])).toEqual([[topics.submission(42), 0], [topics.submission(43), 0]]);
    watchSubmission(44);
    stop43();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(6);
    expect(link.unsubs).toEqual([topics.submission(43)]);
  });
});

describe('LiveTopicHub frames covering several seqs (board: topics)', () => {
  const BOARD = topics.board(7, 'public');
  function setupBoard() {
    const link = new ScriptedLink();
    const hub = new LiveTopicHub(link, { gapWaitMs: 500, retryMs: 1000 });
    const got: [number[], number][] = [];
    const onResync = vi.fn();
    hub.watch(BOARD, { onResync, events: { 'scoreboard.batch': (d, _seq, after) => got.push([d.deltas.map((x) => x[0]), after]) } });
    const send = (from: number, seq: number, deltas: number[]) =>
      hub.frame('scoreboard.batch', { topic: BOARD, seq, from, data: { type: 0, deltas: deltas.map((s) => [s, s, [], null, 0] as const) } });
    return { link, got, onResync, send };
  }

  it('applies a frame that starts at or before its seq, holds one after a hole, and asks for a replay from its seq', () => {
    const { link, got, send } = setupBoard();
    link.ackNext({ ok: true, seq: 10 });
    send(8, 12, [9, 12]); // overlaps: applied, the handler is told it had 10
    send(15, 18, [18]); // a hole (13–15 never came): held
    expect(got).toEqual([[[9, 12], 10]]);
    send(12, 15, [14]);
    expect(got).toEqual([
      [[9, 12], 10],
      [[14], 12],
      [[18], 15],
    ]);
    send(20, 22, [22]);
    vi.advanceTimersByTime(600);
    expect(link.subs.at(-1)).toMatchObject({ topic: BOARD, since: 18 });
  });
});
