// Every push event's schema (proto's PUSH_EVENTS, the payloads of every area): a chunk of its own, loaded with the
// socket (lib/push-decoder.ts), as no frame can arrive before the socket is open.
export { decodePushFrame, PUSH_EVENT_NAMES } from '@oj/proto';
