// Where a job's judge events go: each is stamped with the delivery it belongs to (the ingester's fence) and stored
// durably, a failed publish retried with a growing, jittered wait until a deadline. The job stays ours meanwhile
// (the runner keeps telling JetStream it is working on it), so an outage of the results stream costs no delivery.
import type { JudgeAttempt, JudgeEvent, RunnerTransport } from '@oj/proto';
import type { JudgeEventSink } from './judge';
import type { Logger } from './logger';

/** The events of a job could not be stored before the deadline, or the runner is stopping: the job goes back. */
export class PublishFailedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PublishFailedError';
  }
}

export interface ResultSinkOptions {
  transport: Pick<RunnerTransport, 'publishEvent'>;
  attempt: JudgeAttempt;
  /** How long one event may be retried before the job is given back (OJ_RUNNER_PUBLISH_DEADLINE_MS). */
  deadlineMs: number;
  log: Logger;
  /** Aborted when the runner stops: no more retries, nothing more is published. */
  signal?: AbortSignal;
  /** First wait between tries; doubles up to `maxWaitMs`, each wait jittered by up to half of it. */
  firstWaitMs?: number;
  maxWaitMs?: number;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

export function resultSink(opts: ResultSinkOptions): JudgeEventSink {
  const first = opts.firstWaitMs ?? 250;
  const max = opts.maxWaitMs ?? 5000;
  return {
    async publishEvent(raw: JudgeEvent) {
      const ev: JudgeEvent = { ...raw, attempt: opts.attempt };
      const deadline = Date.now() + opts.deadlineMs;
      for (let tries = 1; ; tries++) {
        if (opts.signal?.aborted) throw new PublishFailedError('the runner is stopping');
        try {
          await opts.transport.publishEvent(ev);
          if (tries > 1) opts.log.info({ kind: ev.kind, tries }, 'judge event stored after retrying');
          return;
        } catch (e) {
          const wait = Math.min(max, first * 2 ** Math.min(tries - 1, 16));
          const jittered = wait / 2 + Math.random() * (wait / 2);
          if (Date.now() + jittered > deadline) throw new PublishFailedError(`judge event not stored after ${tries} tries`, { cause: e });
          if (tries === 1 || tries % 10 === 0) opts.log.warn({ err: e, kind: ev.kind, tries }, 'judge event not stored; retrying');
          await sleep(jittered, opts.signal);
        }
      }
    },
  };
}
