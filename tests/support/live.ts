// A Socket.IO client that records every push frame it receives, and a bounded wait for a condition: what the
// integration tests of live topics share.
import { io as connectClient, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, PushEventName, ServerToClientEvents } from '@oj/proto';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface Received {
  event: PushEventName;
  topic: string;
  seq: number;
  data: Record<string, unknown>;
}

/** Connects to the gateway at `url` (websocket only, no reconnection) and records the frames; `sockets` collects it for closing. */
export async function connectRecording(url: string, token: string | undefined, sockets: ClientSocket[]): Promise<{ socket: ClientSocket; received: Received[] }> {
  const socket: ClientSocket = connectClient(url, { path: '/socket.io', auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  const received: Received[] = [];
  socket.onAny((event: PushEventName, frame: Omit<Received, 'event'>) => received.push({ event, ...frame }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, received };
}

/** Polls `probe` every 100 ms until it answers something other than undefined; throws naming `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
