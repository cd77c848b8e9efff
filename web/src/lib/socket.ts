// The one realtime connection: the session handshake (cookie + CSRF proof), reconnects, the subscribe/unsubscribe requests
// and the board window reads (`board.window`). Every pushed
// frame goes to the live-topic engine (lib/live-topics.ts), which owns ordering, replay, resync and the polling
// fallback; features never touch the socket. A refused token drops the session (REST's 401 would do the same).
// socket.io-client is a chunk of its own, loaded when a page first watches a topic (lib/useLiveTopic.ts), else a
// little after the page has loaded (startRealtimeAfterLoad): pages show their REST answers first.
import type { Socket, io as ioFn } from 'socket.io-client';
import { subscribeKey } from 'valtio/utils';
import type { BoardWindowAck, BoardWindowRequest, ClientToServerEvents, PushEventName, ServerToClientEvents, SubscribeAck } from '@oj/proto';
import { clearSession, sessionState, syncCsrf } from '../stores/session';
import { loadPushDecoder } from './push-decoder';
import { connectionState } from '../stores/ui';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What the engine hears from the socket: (re)connects, drops, and the raw frames of every push event. */
export interface RealtimeLinkListener {
  connected(): void;
  disconnected(): void;
  frame(event: PushEventName, raw: unknown): void;
}

const listeners = new Set<RealtimeLinkListener>();
let socket: ClientSocket | null = null;

/** Registers a listener; it is told `connected()` at once if the socket is up. Returns the remover. */
export function attachRealtimeLink(l: RealtimeLinkListener): () => void {
  listeners.add(l);
  if (socket?.connected) l.connected();
  return () => listeners.delete(l);
}

export function socketConnected(): boolean {
  return socket?.connected === true;
}

/** Sends `subscribe`; false (and no ack) when the socket is not connected. */
export function emitSubscribe(topic: string, since: number | undefined, ack: (a: SubscribeAck) => void): boolean {
  if (!socket?.connected) return false;
  socket.emit('subscribe', since === undefined ? { topic } : { topic, since }, ack);
  return true;
}

/** A request answered through an ack is given up after this long (the caller falls back to REST). */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Sends `board.window` (a board window read over the socket); null when the socket is not connected, or it dropped or
 * timed out before the answer.
 */
export function emitBoardWindow(req: BoardWindowRequest): Promise<BoardWindowAck | null> {
  const s = socket;
  if (!s?.connected) return Promise.resolve(null);
  return new Promise((resolve) => s.timeout(REQUEST_TIMEOUT_MS).emit('board.window', req, (err: Error | null, ack: BoardWindowAck) => resolve(err ? null : ack)));
}

export function emitUnsubscribe(topic: string): void {
  if (socket?.connected) socket.emit('unsubscribe', { topic }, () => undefined);
}

function down(): void {
  connectionState.connected = false;
  for (const l of listeners) l.disconnected();
}

function forward(s: ClientSocket, event: PushEventName): void {
  s.on(event, (raw: unknown) => {
    for (const l of listeners) l.frame(event, raw);
  });
}

function connect(io: typeof ioFn, events: readonly PushEventName[]): ClientSocket {
  const s: ClientSocket = io('/', {
    path: '/socket.io',
    // The session cookie goes with the handshake by itself; its CSRF proof is read anew at every (re)connect.
    auth: (cb) => {
      syncCsrf();
      cb(sessionState.csrf ? { csrf: sessionState.csrf } : {});
    },
    reconnection: true,
  });
  s.on('connect', () => {
    connectionState.connected = true;
    for (const l of listeners) l.connected();
  });
  s.on('disconnect', (reason) => {
    down();
    // socket.io retries by itself except when the server closed the socket on purpose (e.g. a restart).
    if (reason === 'io server disconnect') setTimeout(() => s.connect(), 1000 + Math.random() * 2000);
  });
  s.on('connect_error', (err) => {
    down();
    // The server refused our token (logged out elsewhere, banned, expired): socket.io does not retry a refusal,
    // so drop the session; the token watcher below reconnects anonymously.
    if (err.message === 'AUTH_TOKEN_INVALID' && sessionState.csrf) clearSession();
  });
  for (const event of events) forward(s, event);
  return s;
}

let wanted = false;
let watchingToken = false;

/** Opens the connection once (after its code has loaded); reconnects with the new token whenever the user logs in or out. */
export function startRealtime(): void {
  if (wanted) return;
  wanted = true;
  // The push events' decoders come with the socket's code (lib/push-decoder.ts): every frame finds them loaded.
  void Promise.all([import('socket.io-client'), loadPushDecoder()]).then(([{ io }, { PUSH_EVENT_NAMES }]) => {
    if (!wanted || socket) return;
    socket = connect(io, PUSH_EVENT_NAMES);
    if (watchingToken) return;
    watchingToken = true;
    subscribeKey(sessionState, 'csrf', () => {
      if (!socket) return;
      // The topics of the previous session are resubscribed under the new one: ones it may not see are refused.
      socket.disconnect().connect();
    });
  });
}

/** startRealtime two seconds after the page's load event, or sooner when a page watches a topic. */
export function startRealtimeAfterLoad(): void {
  const start = () => setTimeout(startRealtime, 2000);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** For the developer page and tests: closes the socket (polling takes over). */
export function stopRealtime(): void {
  wanted = false;
  socket?.disconnect();
  socket = null;
  down();
}
