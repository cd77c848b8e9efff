// The `board:<cid>:<view>` rooms: the deltas of one board view, coalesced and compact, for clients that hold a window
// of the board (docs/realtime.md#board-topics). They follow the view's source topic (`scoreboard:<cid>` or
// `contest-admin:<cid>`) and its seq: every frame says which seqs of the source it covers, (from, seq], so the events
// of other views, the AC helper's and prints cost a subscriber nothing. A delta after a quiet spell goes out at once;
// the deltas relayed within the `coalesceMs` after it go out together as one frame when that window ends. A socket whose write queue is long gets no frames until it has drained, then one
// resync frame (it reads its window again) instead of the backlog; a replay of more than `replayMax` deltas is a
// resync too.
import type { Server } from 'socket.io';
import {
  boardSource,
  compactDelta,
  parseTopic,
  topics,
  type BoardView,
  type ClientToServerEvents,
  type CompactDelta,
  type PushEvent,
  type PushFrame,
  type ServerToClientEvents,
} from '@oj/proto';

type Io = Server<ClientToServerEvents, ServerToClientEvents>;
type Frame = { event: 'scoreboard.batch'; frame: PushFrame<'scoreboard.batch'> } | { event: 'contest.status'; frame: PushFrame<'contest.status'> };

export interface BoardRelayOptions {
  /** Deltas relayed within this many ms of the first go out as one frame (0: each at once). */
  coalesceMs: number;
  /** A replay of more deltas than this is answered with a resync. */
  replayMax: number;
  /** A socket with more packets than this waiting to be written is behind. */
  behindPackets: number;
  /** Sockets written per event-loop turn. */
  slice: number;
}

interface Room {
  name: string;
  view: BoardView;
  /** The source seq up to which frames went out (the next frame's `from`); null before the first message. */
  last: number | null;
  /** The latest source seq relayed; null before the first message. */
  seen: number | null;
  type: 0 | 1;
  pending: CompactDelta[];
  timer: ReturnType<typeof setTimeout> | null;
  /** Sockets that were skipped because they were behind: they get a resync once drained. */
  behind: Set<string>;
  /** Frames being written slice by slice, in order. */
  writing: Promise<void>;
}

const VIEWS: Record<'scoreboard' | 'contest-admin', BoardView[]> = { scoreboard: ['public', 'public-end'], 'contest-admin': ['live', 'live-end'] };

export interface BoardRelay {
  /** A message of a source topic was relayed: it goes on to the board rooms of its views. */
  onSource(msg: PushEvent): void;
  /** A socket joined a board room (its frames start with the next message of the source). */
  joined(room: string): void;
  /** The frames that bring a subscriber of `room` from `since` to the source's events `missed`; null: resync. */
  replay(room: string, since: number, missed: readonly PushEvent[]): Frame[] | null;
  /** Whether any board room follows the source topic (the gateway catches it up after a bus outage). */
  follows(source: string): boolean;
  close(): void;
}

export function createBoardRelay(io: Io, o: BoardRelayOptions): BoardRelay {
  const rooms = new Map<string, Room>();

  function roomOf(name: string): Room | null {
    const t = parseTopic(name);
    if (t?.kind !== 'board') return null;
    let r = rooms.get(name);
    if (!r) {
      r = { name, view: t.view, last: null, seen: null, type: 0, pending: [], timer: null, behind: new Set(), writing: Promise.resolve() };
      rooms.set(name, r);
    }
    return r;
  }

  function members(r: Room): Set<string> | undefined {
    const m = io.sockets.adapter.rooms.get(r.name);
    if (!m || m.size === 0) {
      if (r.timer) clearTimeout(r.timer);
      rooms.delete(r.name);
      return undefined;
    }
    return m;
  }

  /** Queued packets of a socket (engine.io's write buffer: packets not yet handed to the transport). */
  function queued(id: string): number {
    const conn = io.sockets.sockets.get(id)?.conn as unknown as { writeBuffer?: unknown[] } | undefined;
    return conn?.writeBuffer?.length ?? 0;
  }

  /** Writes a frame to the room's sockets that keep up; the others are noted and resynced once drained. */
  function send(r: Room, f: Frame): void {
    const ids = members(r);
    if (!ids) return;
    const targets: string[] = [];
    const resync: string[] = [];
    for (const id of ids) {
      const q = queued(id);
      if (r.behind.has(id)) {
        if (q <= o.behindPackets / 4) {
          r.behind.delete(id);
          resync.push(id);
        }
      } else if (q > o.behindPackets) r.behind.add(id);
      else targets.push(id);
    }
    for (const id of r.behind) if (!ids.has(id)) r.behind.delete(id);
    const resyncFrame: PushFrame<'scoreboard.batch'> = { topic: r.name, seq: f.frame.seq, from: 0, data: { type: r.type, deltas: [], resync: true } };
    r.writing = r.writing.then(async () => {
      for (let i = 0; i < targets.length; i += o.slice) {
        if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
        const to = io.to(targets.slice(i, i + o.slice));
        if (f.event === 'scoreboard.batch') to.emit('scoreboard.batch', f.frame);
        else to.emit('contest.status', f.frame);
      }
      if (resync.length > 0) io.to(resync).emit('scoreboard.batch', resyncFrame);
    });
  }

  /** Sends what is pending now (the window, if open, stays open). */
  function flush(r: Room): void {
    if (r.pending.length === 0 || r.seen === null || r.last === null) return;
    const frame: PushFrame<'scoreboard.batch'> = { topic: r.name, seq: r.seen, from: r.last, data: { type: r.type, deltas: r.pending } };
    r.pending = [];
    r.last = r.seen;
    send(r, { event: 'scoreboard.batch', frame });
  }

  function openWindow(r: Room): void {
    r.timer = setTimeout(() => {
      r.timer = null;
      if (r.pending.length === 0 || !rooms.has(r.name)) return;
      flush(r);
      openWindow(r);
    }, o.coalesceMs);
  }

  function onSource(msg: PushEvent): void {
    const t = parseTopic(msg.topic);
    if (t?.kind !== 'scoreboard' && t?.kind !== 'contest-admin') return;
    for (const view of VIEWS[t.kind]) {
      const r = rooms.get(topics.board(t.cid, view));
      if (!r || (r.seen !== null && msg.seq <= r.seen) || !members(r)) continue;
      // A frame covers only seqs this gateway relayed: after a hole (or at the first message) the next starts anew,
      // and its subscribers see the hole by its `from` and ask for a replay. A status goes after what is pending.
      if (r.seen === null || msg.seq > r.seen + 1 || msg.event === 'contest.status') flush(r);
      if (r.seen === null || msg.seq > r.seen + 1) r.last = msg.seq - 1;
      r.seen = msg.seq;
      if (msg.event === 'scoreboard.delta' && msg.data.view === view) {
        const first = msg.data.moves[0]?.row;
        if (first) r.type = 'ac' in first ? 0 : 1;
        r.pending.push(compactDelta(msg.seq, msg.data));
        // The first delta after a quiet window goes at once and opens a window; the ones within it go together
        // when it ends (which opens the next window if it sent anything).
        if (msg.data.reset || o.coalesceMs <= 0 || r.timer === null) flush(r);
        if (o.coalesceMs > 0 && r.timer === null) openWindow(r);
      } else if (msg.event === 'contest.status') {
        const frame: PushFrame<'contest.status'> = { topic: r.name, seq: msg.seq, from: r.last ?? msg.seq - 1, data: msg.data };
        r.last = msg.seq;
        send(r, { event: 'contest.status', frame });
      }
    }
  }

  function replay(room: string, since: number, missed: readonly PushEvent[]): Frame[] | null {
    const t = parseTopic(room);
    if (t?.kind !== 'board') return null;
    const out: Frame[] = [];
    let from = since;
    let upTo = since;
    let deltas: CompactDelta[] = [];
    let count = 0;
    let type: 0 | 1 = 0;
    const batch = () => {
      out.push({ event: 'scoreboard.batch', frame: { topic: room, seq: upTo, from, data: { type, deltas } } });
      deltas = [];
      from = upTo;
    };
    for (const m of missed) {
      if (m.seq <= upTo) continue;
      if (m.event === 'scoreboard.delta' && m.data.view === t.view) {
        if (++count > o.replayMax) return null;
        const first = m.data.moves[0]?.row;
        if (first) type = 'ac' in first ? 0 : 1;
        deltas.push(compactDelta(m.seq, m.data));
      } else if (m.event === 'contest.status') {
        if (deltas.length > 0) batch();
        out.push({ event: 'contest.status', frame: { topic: room, seq: m.seq, from, data: m.data } });
        from = m.seq;
      }
      upTo = m.seq;
    }
    // Also when only other views' events were missed: the subscriber's seq reaches the end of what it was sent.
    if (upTo > from) batch();
    return out;
  }

  return {
    onSource,
    replay,
    joined(room) {
      roomOf(room);
    },
    follows(source) {
      for (const r of rooms.values()) {
        const t = parseTopic(r.name);
        if (t?.kind === 'board' && boardSource(t.cid, t.view) === source && members(r)) return true;
      }
      return false;
    },
    close() {
      for (const r of rooms.values()) if (r.timer) clearTimeout(r.timer);
      rooms.clear();
    },
  };
}
