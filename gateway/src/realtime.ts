// Socket.IO at /socket.io: handshake auth (same rules as REST), per-topic authorisation, subscribe with
// `since` replay, board window reads (`board.window`), and the relay of push messages to rooms. State lives only in
// this gateway's sockets.
import type { Server as HttpServer } from 'node:http';
import { Server, type BroadcastOperator, type Socket } from 'socket.io';
import {
  boardSource,
  decode,
  decodePushMessage,
  formatTopic,
  OjError,
  parseTopic,
  SubscribeRequest,
  UnsubscribeRequest,
  type BoardWindowAck,
  type ClientToServerEvents,
  type ErrorCode,
  type PushEvent,
  type PushEventName,
  type PushFrame,
  type PushMessage,
  type ServerToClientEvents,
  type SubscribeAck,
  topics,
} from '@oj/proto';
import type { OjServices, Viewer } from '@oj/services';
import type { FastifyBaseLogger } from 'fastify';
import { classifyDbError } from '@oj/services';
import { handshakeCredentials, type AuthContext, type Authenticator } from './auth';
import { OpBucket, refusal, SocketCaps, socketAddress, socketLocale } from './socket-guard';
import { createTopicAccess } from './topic-access';
import { createBoardRelay } from './board-relay';
import { readBoardWindow } from './board-window-socket';
import { createPushRecovery } from './push-recovery';
import { createSocketSessions } from './socket-sessions';
import { observePush, registerSocketCount } from './ops/gateway-metrics';

export type OjServer = Server<ClientToServerEvents, ServerToClientEvents>;
type OjSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** Where a frame goes: a room (or a slice of sockets), or one socket during its replay. */
type FrameTarget = Pick<BroadcastOperator<ServerToClientEvents, unknown>, 'emit'> | Pick<OjSocket, 'emit'>;

/** Emits one push event with its frame; the event map ties the frame's data type to the event name. */
function emitEvent<E extends PushEventName>(to: FrameTarget, event: E, frame: PushFrame<E>): void {
  to.emit(event, ...([frame] as Parameters<ServerToClientEvents[E]>));
}

const frameOf = (ev: PushEvent): PushFrame => ({ topic: ev.topic, seq: ev.seq, data: ev.data });

/** A subscribe-with-`since` in progress: live events of its topic are held here until the replay is out. */
interface PendingReplay {
  socketId: string;
  held: PushEvent[];
}

export interface Realtime {
  io: OjServer;
  /** Sends one push message to the sockets of its topic (the transport already decoded it). */
  relay(msg: PushMessage): void;
  /**
   * After the bus was away: relays from the push log what the rooms of this gateway missed meanwhile (the events past
   * the last one relayed to each room). Answers how many were sent; a client drops any it already had (by seq).
   */
  catchUp(): Promise<number>;
  /** One pass of the sweep for messages lost on their way to this gateway (also run every `pushSweepMs`). */
  sweepPush(): Promise<number>;
  /** Disconnects this gateway's sockets of a session that just ended (logout). */
  endSession(sessionId: string): void;
  /** One pass of the session check: sockets whose token expired or whose session was revoked are dropped. */
  recheckSessions(): Promise<void>;
  close(): void;
}

export function createRealtime(
  httpServer: HttpServer,
  deps: {
    services: OjServices;
    auth: Authenticator;
    maxSubscriptions: number;
    /** Open sockets per user and per client address on this gateway; topic authorisations reused this long (ms). */
    maxSocketsPerUser?: number;
    maxSocketsPerIp?: number;
    authCacheMs?: number;
    /** Count sockets by the first X-Forwarded-For address (a trusted load balancer in front). */
    trustProxy?: boolean;
    log: FastifyBaseLogger;
    /** Period of the re-check of authenticated sockets' sessions (logout elsewhere, ban, expiry). */
    sessionCheckMs: number;
    /**
     * Sockets written per event-loop turn when relaying one message to a big room (a scoreboard watched by a
     * whole contest hall): the loop stays free for other work between slices. Default 500.
     */
    relaySlice?: number;
    /** `board:` rooms: deltas coalesced within `coalesceMs`; a replay of more than `replayMax` deltas is a resync. */
    board?: { coalesceMs: number; replayMax: number };
    /** Period of the sweep that relays messages lost on their way here from the push log (push-recovery.ts); 0: off. */
    pushSweepMs?: number;
  },
): Realtime {
  const { services, auth, maxSubscriptions, log, sessionCheckMs } = deps;
  const relaySlice = Math.max(1, deps.relaySlice ?? 500);
  const io: OjServer = new Server<ClientToServerEvents, ServerToClientEvents>(httpServer, {
    path: '/socket.io',
    serveClient: false,
  });
  const viewers = new WeakMap<OjSocket, Viewer | null>();
  /** The log's seq of a signed-in socket's own `user:` topic, read at its handshake (none: already followed here). */
  const userSeqs = new WeakMap<OjSocket, number>();
  /** The verified token of each authenticated socket: its session is re-checked, and it ends at `exp`. */
  const sessions = createSocketSessions<OjSocket>(services, log, sessionCheckMs);
  const buckets = new WeakMap<OjSocket, OpBucket>();
  const caps = new SocketCaps({ perUser: deps.maxSocketsPerUser ?? 20, perAddress: deps.maxSocketsPerIp ?? 50 });
  const access = createTopicAccess(services, deps.authCacheMs ?? 5_000);
  // A client resubscribing everything after a reconnect fits in the burst; a spammer is refused cheaply.
  const BUCKET_CAPACITY = 2 * maxSubscriptions + 10;
  const BUCKET_PER_S = Math.max(5, maxSubscriptions / 10);
  const replaying = new Map<string, Set<PendingReplay>>();
  const board = createBoardRelay(io, { coalesceMs: deps.board?.coalesceMs ?? 200, replayMax: deps.board?.replayMax ?? 50, behindPackets: 64, slice: relaySlice });

  /** Messages of a topic still being written slice by slice, with the sockets each one goes to. */
  const relayQueues = new Map<string, { msg: PushEvent & { at?: number }; targets: string[] }[]>();

  /** The typed event of a message from the bus or the replay log; null (logged) when it does not match the contract. */
  function checked(raw: PushMessage): PushEvent | null {
    try {
      return decodePushMessage(raw);
    } catch (err) {
      log.error({ err, topic: raw.topic, event: raw.event }, 'push message dropped: it does not match the contract');
      return null;
    }
  }

  const recovery = createPushRecovery({
    hasRoom: (name) => io.sockets.adapter.rooms.has(name),
    roomNames: () => io.sockets.adapter.rooms.keys(),
    isSocketRoom: (name) => io.sockets.sockets.has(name),
    boardFollows: (topic) => board.follows(topic),
    push: services.push,
    relay: (m) => relay(m),
    log,
    sweepMs: deps.pushSweepMs ?? 5_000,
  });

  function relay(raw: PushMessage): void {
    // Counted even when it is dropped below: it is the topic's, and the sweep would otherwise take it for lost.
    recovery.relayed(raw.topic, raw.seq);
    const msg = checked(raw);
    if (!msg) return;
    applyControl(msg);
    board.onSource(msg);
    access.noteSeq(msg.topic, msg.seq);
    const pending = replaying.get(msg.topic);
    const except = new Set<string>();
    if (pending) {
      for (const p of pending) {
        p.held.push(msg);
        except.add(p.socketId);
      }
    }
    const queue = relayQueues.get(msg.topic);
    const room = io.sockets.adapter.rooms.get(msg.topic);
    if (!queue && (!room || room.size <= relaySlice)) {
      // The common case: one write to a small room, now.
      const to = except.size > 0 ? io.to(msg.topic).except([...except]) : io.to(msg.topic);
      emitEvent(to, msg.event, frameOf(msg));
      observePush(raw, room ? room.size - [...except].filter((id) => room.has(id)).length : 0);
      return;
    }
    // The recipients are fixed now, as an immediate emit would fix them: a socket subscribing later gets this
    // message from its replay, one replaying now from its held list. Messages of one topic keep their order.
    const targets = room ? [...room].filter((id) => !except.has(id)) : [];
    if (queue) {
      queue.push({ msg: { ...msg, at: raw.at }, targets });
      return;
    }
    relayQueues.set(msg.topic, [{ msg: { ...msg, at: raw.at }, targets }]);
    void drainRelay(msg.topic);
  }

  /**
   * What a push means to the gateway itself, besides its sockets: an admin ended a user's sessions (every gateway
   * forgets its cached checks of the user and drops the user's sockets whose session no longer stands), or the role
   * ↔ permission assignment changed (reloaded).
   */
  function applyControl(msg: PushEvent): void {
    if (msg.event === 'session.revoked') {
      services.account.forgetUser(msg.data.uid);
      access.forgetUser(msg.data.uid);
      if (msg.data.keep) sessions.renew(msg.data.uid, msg.data.keep);
      void sessions.recheckUser(msg.data.uid);
    } else if (msg.event === 'access.changed') {
      services.access.reload();
      access.forgetAll();
    }
  }

  async function drainRelay(topic: string): Promise<void> {
    const queue = relayQueues.get(topic)!;
    try {
      for (let first = true; queue.length > 0; first = false) {
        const { msg, targets } = queue[0]!;
        for (let i = 0; i < targets.length; i += relaySlice) {
          if (!first || i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
          emitEvent(io.to(targets.slice(i, i + relaySlice)), msg.event, frameOf(msg));
        }
        observePush(msg, targets.length);
        queue.shift();
      }
    } catch (err) {
      log.error({ err, topic }, 'relay failed');
    } finally {
      relayQueues.delete(topic);
    }
  }

  /** Admits the socket within the caps of its user and address (released when it disconnects), or refuses it. */
  function admit(socket: OjSocket, ctx: AuthContext | null, next: (err?: Error) => void, userSeq?: number): void {
    const uid = ctx?.viewer.uid ?? null;
    const address = socketAddress(socket.handshake, deps.trustProxy ?? false);
    if (!caps.acquire(uid, address)) {
      // `connect_error`'s message is the code; its data the refusal in the socket's language.
      next(Object.assign(new Error('SOCKET_TOO_MANY'), { data: refusal('SOCKET_TOO_MANY', socketLocale(socket.handshake)) }));
      return;
    }
    socket.once('disconnect', () => caps.release(uid, address));
    viewers.set(socket, ctx?.viewer ?? null);
    if (userSeq !== undefined) userSeqs.set(socket, userSeq);
    if (ctx) sessions.add(socket, ctx);
    next();
  }

  /**
   * Where the push sweep starts on a user's own topic when this gateway does not follow it yet: the log's seq before
   * the socket joins, so a message of that topic lost on its way here from then on is relayed by the sweep (without
   * it the sweep's first pass would take the log's seq as relayed, lost message included). Unknown on a failed read:
   * the first pass then learns the topic, as before.
   */
  async function userTopicSeq(uid: string): Promise<number | undefined> {
    const topic = topics.user(uid);
    if (recovery.follows(topic)) return undefined;
    return services.push.latestSeq(topic).catch((err: unknown) => {
      log.warn({ err, topic }, 'user topic seq not read at the handshake');
      return undefined;
    });
  }

  io.use((socket, next) => {
    const cred = handshakeCredentials(socket.handshake);
    if (!cred) {
      admit(socket, null, next);
      return;
    }
    auth.verify(cred).then(
      async (ctx) => admit(socket, ctx, next, await userTopicSeq(ctx.viewer.uid)),
      (err: unknown) => {
        const unavailable = !(err instanceof OjError) && classifyDbError(err) === 'unavailable';
        if (!(err instanceof OjError) && !unavailable) log.error({ err }, 'socket handshake failed');
        // The client sees the error code as `connect_error`'s message.
        next(new Error(err instanceof OjError ? err.code : unavailable ? 'SERVICE_UNAVAILABLE' : 'SYSTEM_ERROR'));
      },
    );
  });

  async function subscribe(socket: OjSocket, raw: unknown): Promise<SubscribeAck> {
    const req = decode(SubscribeRequest, raw);
    // The user's roles as they stand now, not as at the handshake.
    const viewer = await sessions.currentViewer(socket);
    const topic = parseTopic(req.topic);
    if (!topic) throw new OjError('TOPIC_INVALID');
    const name = formatTopic(topic);
    // Every socket sits in its own id room, which is not a subscription. Checked first: it costs no database read.
    if (!socket.rooms.has(name) && socket.rooms.size - 1 >= maxSubscriptions) throw new OjError('TOPIC_TOO_MANY');
    if (!(await access.mayWatch(topic, viewer))) throw new OjError('TOPIC_FORBIDDEN');
    if (topic.kind === 'board') return subscribeBoard(socket, name, boardSource(topic.cid, topic.view), req.since);

    if (req.since === undefined) {
      await socket.join(name);
      return { ok: true, seq: recovery.joined(name, await access.latestSeq(name)) };
    }

    // Join first so nothing published from now on is lost, but hold this socket's live events until the
    // missed ones are out, so the client sees every seq once and in order.
    const pending: PendingReplay = { socketId: socket.id, held: [] };
    const set = replaying.get(name) ?? new Set<PendingReplay>();
    set.add(pending);
    replaying.set(name, set);
    try {
      await socket.join(name);
      const latest = await services.push.latestSeq(name);
      const missed = req.since > latest ? null : await services.push.replay(name, req.since);
      if (missed === null) return { ok: true, seq: Math.max(latest, ...pending.held.map((m) => m.seq)), resync: true };
      let last = req.since;
      for (const m of [...missed.map(checked), ...pending.held]) {
        if (!m || m.seq <= last) continue;
        emitEvent(socket, m.event, frameOf(m));
        observePush({ event: m.event }, 1);
        last = m.seq;
      }
      return { ok: true, seq: recovery.joined(name, Math.max(last, latest)) };
    } finally {
      set.delete(pending);
      if (set.size === 0 && replaying.get(name) === set) replaying.delete(name);
    }
  }

  /** A `board:` room follows its source topic's seq; a replay comes as coalesced frames, or a resync past the limit. */
  async function subscribeBoard(socket: OjSocket, name: string, source: string, since: number | undefined): Promise<SubscribeAck> {
    await socket.join(name);
    board.joined(name);
    if (since === undefined) return { ok: true, seq: recovery.joined(source, await access.latestSeq(source)) };
    const latest = await services.push.latestSeq(source);
    const missed = since > latest ? null : await services.push.replay(source, since);
    const frames = missed && board.replay(name, since, missed.map(checked).filter((m): m is PushEvent => m !== null));
    if (!frames) return { ok: true, seq: latest, resync: true };
    for (const f of frames) emitEvent(socket, f.event, f.frame);
    return { ok: true, seq: recovery.joined(source, latest) };
  }

  async function unsubscribe(socket: OjSocket, raw: unknown): Promise<SubscribeAck> {
    const req = decode(UnsubscribeRequest, raw);
    const topic = parseTopic(req.topic);
    if (!topic) throw new OjError('TOPIC_INVALID');
    const name = formatTopic(topic);
    await socket.leave(name);
    return { ok: true, seq: await access.latestSeq(name) };
  }

  const handlers = {
    subscribe,
    unsubscribe,
    'board.window': async (socket: OjSocket, raw: unknown) => readBoardWindow(services, raw, await sessions.currentViewer(socket)),
  };

  /** Runs a handler and always answers through the ack, if the client gave one. */
  function answer(socket: OjSocket, what: keyof typeof handlers, args: unknown[]): void {
    const last = args[args.length - 1];
    const ack = typeof last === 'function' ? (last as (a: SubscribeAck | BoardWindowAck) => void) : () => {};
    const raw = typeof args[0] === 'function' ? undefined : args[0];
    const locale = socketLocale(socket.handshake);
    // Refused before any decoding or database work: a client spamming requests costs us next to nothing.
    if (!buckets.get(socket)?.take()) {
      ack(refusal('RATE_LIMITED', locale));
      return;
    }
    handlers[what](socket, raw).then(ack, (err: unknown) => {
      let code: ErrorCode = 'SYSTEM_ERROR';
      if (err instanceof OjError) code = err.code;
      else if (classifyDbError(err) === 'unavailable') code = 'SERVICE_UNAVAILABLE';
      else log.error({ err, what }, 'socket handler failed');
      ack(refusal(code, locale, err instanceof OjError ? err.params : {}));
    });
  }

  io.on('connection', (socket) => {
    const viewer = viewers.get(socket) ?? null;
    buckets.set(socket, new OpBucket(BUCKET_CAPACITY, BUCKET_PER_S));
    socket.on('disconnect', () => sessions.remove(socket));
    if (viewer) {
      const own = topics.user(viewer.uid);
      void socket.join(own);
      const seq = userSeqs.get(socket);
      if (seq !== undefined) recovery.joined(own, seq);
    }
    socket.on('subscribe', (...args: unknown[]) => answer(socket, 'subscribe', args));
    socket.on('unsubscribe', (...args: unknown[]) => answer(socket, 'unsubscribe', args));
    socket.on('board.window', (...args: unknown[]) => answer(socket, 'board.window', args));
  });

  const unregisterSockets = registerSocketCount(() => io.engine.clientsCount);
  return {
    io,
    relay,
    catchUp: () => recovery.catchUp(),
    sweepPush: () => recovery.sweep(),
    endSession: (sessionId) => sessions.end(sessionId),
    recheckSessions: () => sessions.recheckAll(),
    close: () => {
      sessions.close();
      recovery.close();
      board.close();
      unregisterSockets();
    },
  };
}
