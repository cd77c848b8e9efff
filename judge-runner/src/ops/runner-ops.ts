// What a runner shows operations: its slots and judge times in the metrics, and its readiness (the bus, and the
// sandbox self-check in a slot of its own).
import type { ReadyCheck, RunnerTransport } from '@oj/proto';
import type { RunnerConfig } from '../config';
import type { SandboxFactory } from '../sandbox/index';
import { judgeDuration, registerRunnerSlots } from './metrics';
import { createSandboxSelfCheck, sandboxRunsAProgram } from './self-check';

/**
 * The sandbox slot of the self-check (uid `uidBase + 200000`), apart from the job slots (s) and their helpers (1000 + s),
 * and far above every uid base a runner may be given or pick (20000 onwards): at + 3000, a runner on the first free
 * base (20000) checked as uid 23000, another runner's slot 0 on that host.
 */
export const SELF_CHECK_SLOT = 200_000;

export interface RunnerOps {
  /** Runs the first self-check and starts reporting the slots. */
  start(): Promise<void>;
  /** One job judged: its time in `oj_judge_duration_seconds`. */
  judged(language: string, seconds: number): void;
  readiness(): Promise<ReadyCheck[]>;
  stop(): void;
}

export function createRunnerOps(opts: { config: RunnerConfig; sandboxes: SandboxFactory; transport: RunnerTransport; busySlots: () => number }): RunnerOps {
  const { config, sandboxes, transport } = opts;
  const selfCheck = createSandboxSelfCheck(() => sandboxRunsAProgram(sandboxes.forSlot(SELF_CHECK_SLOT), config.workDir), (config.selfCheckS ?? 60) * 1000);
  let unregister: (() => void) | null = null;
  return {
    async start() {
      await selfCheck.refresh();
      unregister = registerRunnerSlots(config.runnerId, () => ({ total: config.slots, busy: opts.busySlots() }));
    },
    judged: (language, seconds) => judgeDuration.observe({ language }, seconds),
    async readiness() {
      const bus: ReadyCheck[] = transport.readiness ? await transport.readiness() : [{ name: 'bus', ok: true, detail: 'in-process bus' }];
      return [...bus, selfCheck.probe()];
    },
    stop() {
      unregister?.();
      unregister = null;
    },
  };
}
