// @oj/services: domain logic, database schema and migrations, seed, buses and background workers.
export type * from './api';
export { createServices, type CreateServicesOptions, type OjServicesImpl } from './create-services';
export { loadServicesConfig, resolveServicesConfig, DEFAULT_SERVICES_CONFIG, DEFAULT_SITE, type ServicesConfig } from './config';
export { migrate } from './db/migrate';
export { seed } from './db/seed';
export { SEED_PROBLEMS } from './db/seed-problems';
export type { AccountServiceImpl, NewUser } from './account/account.service';
export { createMemoryBus, MemoryBus, type MemoryBusOptions } from './bus/memory-bus';
export { createNatsBus, ensureJudgeStreams, NatsBus, INGESTER_DURABLE, STREAM_CONFIGS, type NatsBusOptions } from './bus/nats-bus';
export { hashPassword, verifyPassword } from './account/password';
export { silentLogger } from './logger';
export type { JudgeAdminService } from './judge/judge-admin.service';
export type { TestJudgeService } from './submission/test-judge.service';
export type { TestdataService, TestcaseZip } from './testdata/testdata.service';
export { readZip, writeZip } from './testdata/zip';
