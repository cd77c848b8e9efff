// The realtime contract: topics, the push events and their decoders, and the socket's request/ack map.
export * from './topics';
export * from './events';
export * from './socket';
