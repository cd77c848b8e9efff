// The external processes the stack can run locally (PostgreSQL, nats-server), without loading the judge itself:
// the test suite's support code uses these.
export { dropEmbeddedPostgresExitHooks, startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres';
export { startNatsServer, natsServerOnPath, type RunningNats } from './nats-server';
export { freePort, waitForPort } from './ports';
export { startNatsCluster, type NatsCluster, type NatsNode } from './nats-cluster';
export { startSplitDeployment, type SplitDeployment, type SplitDeploymentOptions, type SplitProcess } from './split-deployment';
