// @oj/judge-runner: the JetStream consumer that compiles, runs and checks submissions in a sandbox.
export { startRunner, prepareRunner, MAX_DELIVERIES, RUNNER_VERSION, type Runner, type StartRunnerOptions } from './runner';
export { createNatsRunnerTransport, laneConsumerName, type NatsRunnerTransportOptions } from './nats-transport';
export { loadRunnerConfig, type RunnerConfig } from './config';
export { createRunnerLogger, type Logger } from './logger';
export { judge, type FinalEvent, type JudgeDeps, type JudgeEventSink } from './judge';
export { DEFAULT_LIMITS_POLICY, runLimits, type LimitsPolicy } from './limits';
export { checkOutput } from './checker';
export { finalVerdict, runVerdict } from './verdict';
export { LANGUAGES, detectLanguages, findLanguage, limitFactor, type LanguageDef } from './languages';
export { createCompileCache, type CompileCache, type CompileOutcome } from './compile-cache';
export {
  createSandboxFactory,
  pickSandboxDriver,
  buildBwrapCommand,
  buildNsjailCommand,
  checkSystemPackages,
  MissingSystemPackagesError,
  UidInUseError,
  INSTALL_COMMAND,
  ETC_RUNTIME,
  ETC_TOOLCHAIN,
  type SandboxFactory,
  type SandboxFactoryOptions,
  type SandboxDriver,
  type Sandbox,
  type RunSpec,
  type RunResult,
  type Limits,
} from './sandbox/index';
export { TestdataCache, type CachedTestdata, type TestdataCacheOptions } from './testdata/cache';
export { startRunnerOpsServer, type RunnerOpsServer } from './ops/ops-server';
export { collectRunnerProcessMetrics } from './ops/metrics';
