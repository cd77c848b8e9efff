// The push events' decoders load with the socket, not with the page: their schemas (every area's payloads) are
// ≈ 20 KB the first load does not need (docs/benchmarks.md, "Fifth pass"). lib/socket.ts loads them before it
// connects, so every frame finds them here; the types stay proto's one contract.
import type * as PushEventsModule from './push-events';

type PushEvents = typeof PushEventsModule;

let loaded: PushEvents | null = null;
let loading: Promise<PushEvents> | null = null;

/** Loads the push events' chunk (once). */
export function loadPushDecoder(): Promise<PushEvents> {
  loading ??= import('./push-events').then((m) => (loaded = m));
  return loading;
}

/** The decoders once loaded; null before (no socket can have delivered a frame yet). */
export function pushDecoder(): PushEvents | null {
  return loaded;
}
