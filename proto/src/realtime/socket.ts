// The Socket.IO contract: subscribe/unsubscribe with acks (client → server) and the typed event map shared by the
// gateway (`new Server<ClientToServerEvents, ServerToClientEvents>`) and the web client.
import { Type, type Static } from '@sinclair/typebox';
import { CONTEST_LIMITS, Id } from '../contest/common';
import type { ErrorCode } from '../errors';
import type { PushEventName, PushFrame } from './events';

export const SubscribeRequest = Type.Object({
  topic: Type.String({ minLength: 1, maxLength: 200 }),
  since: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type SubscribeRequest = Static<typeof SubscribeRequest>;

export const UnsubscribeRequest = Type.Object({ topic: Type.String({ minLength: 1, maxLength: 200 }) });
export type UnsubscribeRequest = Static<typeof UnsubscribeRequest>;

/**
 * Answer to subscribe/unsubscribe. `seq` is the topic's latest sequence number known to the server.
 * With `since`, the missed events are emitted before the ack; `resync: true` means they are no longer
 * available and the client must reload the snapshot over REST.
 */
export type SubscribeAck = { ok: true; seq: number; resync?: boolean } | { ok: false; code: ErrorCode; msg?: string };

/**
 * A board window read over the socket (ours): the same rows, pins, stars, figures and seq as the REST window read
 * (`POST /api/get-contest-rank` or `/api/get-contest-outside-scoreboard` with `offset`), under the same rules, for the
 * socket's user. It spares a connected client an HTTP request per read.
 */
export const BoardWindowRequest = Type.Object({
  cid: Id,
  /** The outside board (anyone, when the contest opened it) instead of the in-contest one (login and entry). */
  outside: Type.Boolean(),
  offset: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  limit: Type.Integer({ minimum: 1, maximum: CONTEST_LIMITS.maxRankLimit }),
  forceRefresh: Type.Optional(Type.Boolean()),
  containsEnd: Type.Optional(Type.Boolean()),
  concernedList: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 200 })),
});
export type BoardWindowRequest = Static<typeof BoardWindowRequest>;

/**
 * Answer to `board.window`: `gz` is the gzip of the RankPage's JSON text (the `data` a REST window read answers), as
 * binary (an ArrayBuffer in a browser, a Buffer in Node); a refusal as subscribe's.
 */
export type BoardWindowAck = { ok: true; gz: ArrayBuffer | Uint8Array } | { ok: false; code: ErrorCode; msg?: string };

export type ServerToClientEvents = {
  [E in PushEventName]: (frame: PushFrame<E>) => void;
};

export interface ClientToServerEvents {
  subscribe: (req: SubscribeRequest, ack: (a: SubscribeAck) => void) => void;
  unsubscribe: (req: UnsubscribeRequest, ack: (a: SubscribeAck) => void) => void;
  'board.window': (req: BoardWindowRequest, ack: (a: BoardWindowAck) => void) => void;
}

/** Socket.IO handshake: `io(url, { path: '/socket.io', auth: { token } })`; the token may be absent. */
export interface HandshakeAuth {
  /** The JWT (API clients; the original `Authorization` header's value). */
  token?: string;
  /** The web app authenticates with its session cookie: this is the CSRF proof, the `oj_csrf` cookie's value. */
  csrf?: string;
}
