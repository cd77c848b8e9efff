// @oj/infra: the one-command local stack and the helpers it is built from.
export { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres';
export { startNatsServer, natsServerOnPath, type RunningNats } from './nats-server';
export { freePort, waitForPort } from './ports';
export { loadInfraConfig, type InfraConfig } from './config';
export { startStack, type Stack, type StackOptions } from './stack';
