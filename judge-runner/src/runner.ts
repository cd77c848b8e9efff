// The runner loop: takes jobs from the transport with `slots` concurrency, judges each in its slot's sandbox,
// acks only after the final event is stored, turns repeated failures into System Error, and heartbeats.
import { chmod, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { decode, JudgeJob, type JobDelivery, type ReadyCheck, type RunnerJob, type RunnerTransport, type Stoppable } from '@oj/proto';
import type { Logger } from './logger';
import type { RunnerConfig } from './config';
import { judge } from './judge';
import { detectLanguages, type LanguageDef } from './languages';
import { createSandboxFactory, pickSandboxDriver, type SandboxFactory } from './sandbox/index';
import { checkSystemPackages } from './sandbox/system-check';
import { readJobHead, systemErrorFinal } from './system-error';
import { createCompileCache } from './compile-cache';
import { TestdataCache } from './testdata/cache';
import { runCompileCheck } from './compile-check';
import { runTestJudge, testSystemError } from './test-judge';
import { PublishFailedError, resultSink } from './result-sink';
import { sweepLeftoverWorkDirs, workDirPrefix } from './work-dirs';
import { createRunnerOps, SELF_CHECK_SLOT } from './ops/runner-ops';

/** Slot s's checkers and interactors run as uid `OJ_SANDBOX_UID_BASE + HELPER_SLOT_OFFSET + s`, in cgroups of their own. */
export const HELPER_SLOT_OFFSET = 1000;

export const RUNNER_VERSION = '0.1.0';
/** Heartbeats sent because a slot was taken or freed are at least this far apart (the timer's beats are not). */
const CHANGE_BEAT_MS = 500;
/** A job delivered more often than this is not run again: it ends as System Error. */
export const MAX_DELIVERIES = 3;

export interface StartRunnerOptions {
  transport: RunnerTransport;
  config: RunnerConfig;
  logger: Logger;
  /** Overrides for tests; by default built from `config`. */
  sandboxes?: SandboxFactory;
  languages?: readonly LanguageDef[];
}

export interface Runner extends Stoppable {
  languages: readonly LanguageDef[];
  /** The on-disk cache of test-data versions fetched from the object store. */
  testdata: TestdataCache;
  sandboxes: SandboxFactory;
  /** `/readyz`: the bus usable, the sandbox able to start a program (a cached self-check). */
  readiness(): Promise<ReadyCheck[]>;
}

/** The sandbox uid resolves its bind mounts itself: every ancestor of the work dir must be world-traversable. */
async function checkWorkDir(workDir: string): Promise<void> {
  await mkdir(workDir, { recursive: true });
  await chmod(workDir, 0o711);
  for (let dir = path.dirname(workDir); ; dir = path.dirname(dir)) {
    if (((await stat(dir)).mode & 0o001) === 0) throw new Error(`OJ_RUNNER_WORK_DIR: ${dir} is not traversable by the sandbox uids (needs o+x)`);
    if (dir === path.dirname(dir)) break;
  }
}

/** Builds what the runner needs from the machine: the package check, the sandbox driver and the languages. */
export async function prepareRunner(config: RunnerConfig, logger: Logger): Promise<{ sandboxes: SandboxFactory; languages: LanguageDef[] }> {
  const driver = pickSandboxDriver(config.sandbox);
  const { missing } = await checkSystemPackages({ driver });
  await checkWorkDir(config.workDir);
  if (missing.length) logger.warn({ missing }, 'some toolchains are missing: their languages are not offered');
  // Every uid the runner runs as is locked at start (the slots' and their helpers'): another runner's are refused.
  // With the nsjail driver, a missing nsjail binary stops the runner here (NsjailNotFoundError).
  const slots = Array.from({ length: config.slots }, (_, s) => s);
  const sandboxes = await createSandboxFactory({
    driver,
    cacheDir: config.cacheDir,
    uidBase: config.uidBase,
    slots: [...slots, ...slots.map((s) => HELPER_SLOT_OFFSET + s), SELF_CHECK_SLOT],
    nsjailPath: config.nsjailPath,
    searchPath: config.searchPath,
  });
  const detected = await detectLanguages();
  const only = config.onlyLanguages;
  const unknown = only?.filter((name) => !detected.some((l) => l.name === name)) ?? [];
  if (unknown.length > 0) logger.warn({ unknown }, 'OJ_RUNNER_LANGUAGES names languages this machine does not have');
  const languages = only ? detected.filter((l) => only.includes(l.name)) : detected;
  logger.info({ driver, cgroups: sandboxes.cgroups, uidBase: sandboxes.uidBase, languages: languages.map((l) => l.name) }, 'sandbox ready');
  return { sandboxes, languages };
}

export async function startRunner(opts: StartRunnerOptions): Promise<Runner> {
  const { transport, config, logger } = opts;
  const prepared = opts.sandboxes && opts.languages ? { sandboxes: opts.sandboxes, languages: opts.languages } : await prepareRunner(config, logger);
  const { sandboxes, languages } = prepared;
  // What a killed runner on our slots' uids left behind (its jobs went back to the queue with it).
  const slotUids = Array.from({ length: config.slots }, (_, s) => sandboxes.uidOf(s));
  const swept = await sweepLeftoverWorkDirs(config.workDir, slotUids);
  if (swept.length > 0) logger.warn({ count: swept.length, dirs: swept.slice(0, 20) }, 'removed work dirs a killed runner left');
  const dirPrefix = (slot: number) => workDirPrefix(sandboxes.uidOf(slot));
  /** Aborted when the runner stops: publish retries give up and their jobs go back to the queue. */
  const stopping = new AbortController();
  const testdata = new TestdataCache({
    root: path.join(config.workDir, '.testdata'),
    fetch: async (version) => (transport.getTestdataStream ? transport.getTestdataStream(version) : transport.getTestdata ? transport.getTestdata(version) : null),
    maxBytes: (config.testdataCacheMb ?? 2048) * 1024 * 1024,
    logger,
  });
  const compileCacheMb = config.compileCacheMb ?? 512;
  const compileCache = compileCacheMb > 0 ? await createCompileCache({ dir: path.join(config.workDir, '.compile-cache'), maxBytes: compileCacheMb * 1024 * 1024 }) : undefined;
  const freeSlots = Array.from({ length: config.slots }, (_, i) => config.slots - 1 - i);
  /** The job in each busy slot, reported in the heartbeat. */
  const jobs = new Map<number, RunnerJob>();
  const takeSlot = (job: JudgeJob): number => {
    const slot = freeSlots.pop();
    if (slot === undefined) throw new Error('no free slot (the transport exceeded the concurrency)');
    jobs.set(slot, { submitId: job.submitId, problemId: job.problem.problemId.slice(0, 255), startedAt: Date.now(), ...(job.testJudge ? { test: true } : {}) });
    changed();
    return slot;
  };
  const releaseSlot = (slot: number): void => {
    jobs.delete(slot);
    freeSlots.push(slot);
    changed();
  };
  // A taken or freed slot is told at once (coalesced), so the admins' runner panel follows the jobs.
  let stopped = false;
  let lastBeat = 0;
  let changeTimer: NodeJS.Timeout | null = null;
  const changed = (): void => {
    if (changeTimer || stopped) return;
    changeTimer = setTimeout(() => {
      changeTimer = null;
      if (!stopped) void beat();
    }, Math.max(0, lastBeat + CHANGE_BEAT_MS - Date.now()));
  };
  const ops = createRunnerOps({ config, sandboxes, transport, busySlots: () => jobs.size });
  await ops.start();
  // Keep the job's ack deadline moving well before it expires.
  const workingEveryMs = Math.max(200, Math.min(5000, Math.floor(config.ackWaitMs / 3)));

  const handle = async (d: JobDelivery) => {
    let job: JudgeJob;
    try {
      // The transport is not trusted to have checked the job.
      job = decode(JudgeJob, d.job);
    } catch (e) {
      const head = readJobHead(d.job);
      logger.error({ err: e, head }, 'malformed judge job dropped');
      if (head) await transport.publishEvent(systemErrorFinal(head, config.runnerId, 'malformed judge job'));
      await d.ack();
      return;
    }
    const log = logger.child({ submissionId: job.submitId, version: job.version, delivery: d.deliveryCount });
    if (job.testJudge) {
      await handleTestJob(job, d, log);
      return;
    }
    // Every event carries this delivery (the ingester's fence) and is retried while the job stays ours.
    const sink = resultSink({ transport, attempt: { requeue: job.requeue ?? 0, delivery: d.deliveryCount }, deadlineMs: config.publishDeadlineMs, log, signal: stopping.signal });
    if (d.deliveryCount > MAX_DELIVERIES) {
      log.error('judge job delivered too often: System Error');
      await sink.publishEvent(systemErrorFinal(job, config.runnerId, 'judging failed repeatedly'));
      await d.ack();
      return;
    }
    const slot = takeSlot(job);
    const timer = setInterval(() => d.working(), workingEveryMs);
    try {
      try {
        const deps = { sandbox: sandboxes.forSlot(slot), helperSandbox: sandboxes.forSlot(HELPER_SLOT_OFFSET + slot), languages, workRoot: config.workDir, dirPrefix: dirPrefix(slot), judger: config.runnerId, testdata, compileCache, limits: config.limits };
        const started = performance.now();
        const final = await judge(job, sink, deps);
        ops.judged(job.language, (performance.now() - started) / 1000);
        // `time` is pino's timestamp key: the verdict's figures go under names of their own.
        log.info({ status: final.status, timeMs: final.time, memoryKb: final.memory }, 'judged');
      } catch (e) {
        if (e instanceof PublishFailedError || stopping.signal.aborted) throw e;
        log.error({ err: e }, 'judging failed: System Error');
        await sink.publishEvent(systemErrorFinal(job, config.runnerId, 'judging failed: system error'));
      }
      await d.ack();
    } catch (e) {
      // The events could not be stored (or the runner is stopping): the job goes back for another delivery.
      log.error({ err: e }, 'could not publish the result; job given back');
      await d.nak(1000).catch(() => undefined);
    } finally {
      clearInterval(timer);
      releaseSlot(slot);
    }
  };

  /** An online test: judged like a one-case submission, answered with a test result; never retried. */
  const handleTestJob = async (job: JudgeJob, d: JobDelivery, log: Logger) => {
    const slot = takeSlot(job);
    const timer = setInterval(() => d.working(), workingEveryMs);
    try {
      let result = testSystemError(job, config.runnerId, 'the test was tried too often');
      if (d.deliveryCount <= MAX_DELIVERIES) {
        try {
          const deps = { sandbox: sandboxes.forSlot(slot), languages, workRoot: config.workDir, dirPrefix: dirPrefix(slot), judger: config.runnerId, limits: config.limits };
          result = job.compileCheck ? await runCompileCheck(job, deps) : await runTestJudge(job, deps);
        } catch (e) {
          log.error({ err: e }, 'online test failed: System Error');
          result = testSystemError(job, config.runnerId, 'system error');
        }
      }
      if (result && transport.publishTestResult) await transport.publishTestResult(result).catch((e: unknown) => log.warn({ err: e }, 'test result not sent'));
      await d.ack();
    } finally {
      clearInterval(timer);
      releaseSlot(slot);
    }
  };

  const beat = (leaving = false) => {
    lastBeat = Date.now();
    return transport
      .heartbeat({
        runnerId: config.runnerId,
        version: RUNNER_VERSION,
        languages: languages.map((l) => l.name),
        slots: config.slots,
        freeSlots: freeSlots.length,
        sandbox: sandboxes.driver,
        at: lastBeat,
        jobs: [...jobs.values()],
        ...(leaving ? { leaving: true } : {}),
      })
      .catch((e: unknown) => logger.warn({ err: e }, 'heartbeat failed'));
  };
  const consumer = await transport.consumeJobs(handle, { concurrency: config.slots });
  // A gateway or worker that starts asks for a beat: it answers (coalesced) instead of leaving it blind for 5 s.
  const helloSub = await transport.onHeartbeatRequest?.(() => changed());
  void beat();
  const heartbeat = setInterval(() => void beat(), config.heartbeatMs);
  logger.info({ runnerId: config.runnerId, slots: config.slots }, 'judge runner started');

  return {
    languages,
    testdata,
    sandboxes,
    readiness: ops.readiness,
    async stop() {
      stopped = true;
      ops.stop();
      clearInterval(heartbeat);
      await helloSub?.stop();
      if (changeTimer) clearTimeout(changeTimer);
      // Running jobs get the grace period to finish; then their publish retries stop and they are given back (or, if
      // the bus is gone, left to be redelivered after their ack wait). Nothing is published as System Error for it.
      const grace = setTimeout(() => stopping.abort(), config.stopGraceMs);
      const drained = await Promise.race([consumer.stop().then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), config.stopGraceMs + 3000).unref())]);
      clearTimeout(grace);
      stopping.abort();
      if (!drained) logger.warn({ jobs: [...jobs.values()] }, 'jobs still running at stop: left to be redelivered');
      await beat(true);
      // Sandboxes passed in belong to the caller; ours (and their slot cgroups) end with the runner.
      if (sandboxes !== opts.sandboxes) await sandboxes.close();
    },
  };
}
