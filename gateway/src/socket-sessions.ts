// The sessions behind this gateway's authenticated sockets: each socket's verified token, checked again on every
// request that needs it, every `checkMs`, and when an admin ends a user's sessions; a socket whose session no longer
// stands (logout elsewhere, ban, expiry) is dropped. Anonymous sockets have none.
import { OjError } from '@oj/proto';
import type { OjServices, Viewer } from '@oj/services';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from './auth';

/** What is needed of a socket here. */
export interface SessionSocket {
  disconnect(close: boolean): unknown;
}

export interface SocketSessions<S extends SessionSocket> {
  add(socket: S, ctx: AuthContext): void;
  remove(socket: S): void;
  /** The socket's user as the database has them now (roles included), or null when anonymous; refused (and dropped) when the session no longer stands. */
  currentViewer(socket: S): Promise<Viewer | null>;
  /** The sockets of the session that made the change go on under its renewed id (same uuid, new epoch). */
  renew(uid: string, keep: string): void;
  /** Checks again every socket of `uid` (an admin ended some of their sessions). */
  recheckUser(uid: string): Promise<void>;
  /** Drops the sockets of a session that just ended (logout). */
  end(sessionId: string): void;
  /** One pass over every socket (also run every `checkMs`); concurrent calls share the pass. */
  recheckAll(): Promise<void>;
  close(): void;
}

export function createSocketSessions<S extends SessionSocket>(services: OjServices, log: FastifyBaseLogger, checkMs: number): SocketSessions<S> {
  const sessions = new Map<S, AuthContext>();

  async function currentViewer(socket: S): Promise<Viewer | null> {
    const ctx = sessions.get(socket);
    if (!ctx) return null;
    const viewer = ctx.exp * 1000 > Date.now() ? await services.account.verifySession(ctx.viewer.uid, ctx.sessionId) : null;
    if (viewer) return viewer;
    sessions.delete(socket);
    socket.disconnect(true);
    throw new OjError('AUTH_TOKEN_INVALID');
  }

  /** Whether the socket's session still stands (anonymous: yes); drops the socket when it does not. */
  async function valid(socket: S): Promise<boolean> {
    try {
      await currentViewer(socket);
      return true;
    } catch (err) {
      if (err instanceof OjError) return false;
      throw err;
    }
  }

  /** Checks each socket; a session store that cannot answer keeps the socket until the next check. */
  async function check(sockets: S[]): Promise<void> {
    for (const socket of sockets) {
      try {
        await valid(socket);
      } catch (err) {
        log.warn({ err }, 'socket session check failed');
      }
    }
  }

  let checking: Promise<void> | null = null;
  function recheckAll(): Promise<void> {
    if (checking) return checking;
    const run = check([...sessions.keys()]).finally(() => {
      checking = null;
    });
    checking = run;
    return run;
  }
  const timer = setInterval(() => void recheckAll(), checkMs);
  timer.unref();

  return {
    add: (socket, ctx) => void sessions.set(socket, ctx),
    remove: (socket) => void sessions.delete(socket),
    currentViewer,
    renew(uid, keep) {
      const base = (id: string) => id.replace(/\.\d{1,9}$/, '');
      for (const [socket, ctx] of sessions) {
        if (ctx.viewer.uid === uid && base(ctx.sessionId) === base(keep)) sessions.set(socket, { ...ctx, sessionId: keep });
      }
    },
    recheckUser: (uid) => check([...sessions].filter(([, ctx]) => ctx.viewer.uid === uid).map(([socket]) => socket)),
    end(sessionId) {
      for (const [socket, ctx] of sessions) {
        if (ctx.sessionId !== sessionId) continue;
        sessions.delete(socket);
        socket.disconnect(true);
      }
    },
    recheckAll,
    close: () => clearInterval(timer),
  };
}
