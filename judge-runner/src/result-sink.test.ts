import { describe, expect, it } from 'vitest';
import type { JudgeEvent } from '@oj/proto';
import { createRunnerLogger } from './logger';
import { PublishFailedError, resultSink } from './result-sink';

const log = createRunnerLogger({ level: 'silent' });
const status: JudgeEvent = { kind: 'status', submitId: 7, version: 2, judger: 'r', status: 6, casesTotal: 1 };

describe('resultSink', () => {
  it('stamps the delivery on every event and retries a failed publish until it is stored', async () => {
    const stored: JudgeEvent[] = [];
    let failures = 3;
    const sink = resultSink({
      transport: {
        publishEvent: async (ev) => {
          if (failures-- > 0) throw new Error('no responders');
          stored.push(ev);
        },
      },
      attempt: { requeue: 1, delivery: 2 },
      deadlineMs: 10_000,
      log,
      firstWaitMs: 5,
      maxWaitMs: 20,
    });
    await sink.publishEvent(status);
    expect(stored).toEqual([{ ...status, attempt: { requeue: 1, delivery: 2 } }]);
  });

  it('gives up with PublishFailedError after the deadline, and at once when the runner stops', async () => {
    let tries = 0;
    const down = {
      publishEvent: async () => {
        tries++;
        throw new Error('timeout');
      },
    };
    const sink = resultSink({ transport: down, attempt: { requeue: 0, delivery: 1 }, deadlineMs: 200, log, firstWaitMs: 10, maxWaitMs: 40 });
    const t0 = Date.now();
    await expect(sink.publishEvent(status)).rejects.toBeInstanceOf(PublishFailedError);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(tries).toBeGreaterThan(2);
    const stop = new AbortController();
    const stopping = resultSink({ transport: down, attempt: { requeue: 0, delivery: 1 }, deadlineMs: 60_000, log, signal: stop.signal, firstWaitMs: 1000 });
    const p = stopping.publishEvent(status);
    setTimeout(() => stop.abort(), 50);
    await expect(p).rejects.toBeInstanceOf(PublishFailedError);
  });
});
