// @oj/proto: the contracts shared by every package. Browser-safe: schemas, types and constants only.
export * from './judge-status';
export * from './constants';
export * from './errors';
export * from './decode';
export * from './envelope';
export * from './dto';
export * from './realtime';
export * from './nats';
export * from './languages';
export * from './testdata';
export * from './judge-admin';
export * from './scoring';
export * from './discuss';
export * from './home';
export type * from './transport';
export * from './account';
export * from './contest';
export * from './scoreboard';
