import { describe, expect, it } from 'vitest';
import { clusterSize, ensureJudgeStreams, isJetStreamUnanswered, resolveReplicas, whenJetStreamAnswers, type JudgeStreamConfig, type StreamAdmin } from './judge-streams';

/** A JetStream manager in memory that places at most `servers` replicas (JetStream's error 10005 beyond). */
function fakeJsm(servers: number, existing: Record<string, number> = {}) {
  const streams = new Map(Object.entries(existing));
  const calls: string[] = [];
  const placement = () => Object.assign(new Error('no suitable peers for placement'), { code: 10005 });
  const jsm: StreamAdmin = {
    streams: {
      info: async (name) => {
        if (!streams.has(name)) throw Object.assign(new Error('stream not found'), { code: 10059 });
        return { config: { num_replicas: streams.get(name) } };
      },
      add: async (cfg: JudgeStreamConfig) => {
        calls.push(`add ${cfg.name} R${cfg.num_replicas}`);
        if ((cfg.num_replicas ?? 1) > servers) throw placement();
        streams.set(cfg.name, cfg.num_replicas ?? 1);
      },
      update: async (name, cfg) => {
        calls.push(`update ${name} R${cfg.num_replicas}`);
        if (cfg.num_replicas > servers) throw placement();
        streams.set(name, cfg.num_replicas);
      },
    },
  };
  return { jsm, streams, calls };
}

describe('stream replicas', () => {
  it('detects the cluster from the server info, capped at 3; the configured count wins', () => {
    expect(clusterSize(undefined)).toBe(1);
    expect(clusterSize({ connect_urls: ['a:1'] })).toBe(1);
    expect(clusterSize({ cluster: 'oj', connect_urls: ['a:1', 'b:1', 'b:1'] })).toBe(2);
    expect(resolveReplicas(undefined, { cluster: 'oj', connect_urls: ['a', 'b', 'c', 'd', 'e'] })).toEqual({ replicas: 3, explicit: false });
    expect(resolveReplicas(2, { cluster: 'oj', connect_urls: ['a', 'b', 'c'] })).toEqual({ replicas: 2, explicit: true });
  });

  it('creates missing streams with the replicas and scales existing single-replica streams up', async () => {
    const { jsm, streams } = fakeJsm(3, { JUDGE_JOBS: 1 });
    await ensureJudgeStreams(jsm, { replicas: 3, explicit: false });
    expect(Object.fromEntries(streams)).toEqual({ JUDGE_JOBS: 3, JUDGE_RESULTS: 3 });
  });

  it('never scales down on a detected count (a cluster still forming); does when the count is configured', async () => {
    const { jsm, streams } = fakeJsm(3, { JUDGE_JOBS: 3, JUDGE_RESULTS: 3 });
    await ensureJudgeStreams(jsm, { replicas: 1, explicit: false });
    expect(Object.fromEntries(streams)).toEqual({ JUDGE_JOBS: 3, JUDGE_RESULTS: 3 });
    await ensureJudgeStreams(jsm, { replicas: 1, explicit: true });
    expect(Object.fromEntries(streams)).toEqual({ JUDGE_JOBS: 1, JUDGE_RESULTS: 1 });
  });

  it('steps down when the cluster cannot place that many replicas', async () => {
    const { jsm, streams, calls } = fakeJsm(2, { JUDGE_JOBS: 1 });
    await ensureJudgeStreams(jsm, { replicas: 3, explicit: false });
    expect(Object.fromEntries(streams)).toEqual({ JUDGE_JOBS: 2, JUDGE_RESULTS: 2 });
    expect(calls).toEqual(['update JUDGE_JOBS R3', 'update JUDGE_JOBS R2', 'add JUDGE_RESULTS R3', 'add JUDGE_RESULTS R2']);
  });
});

describe('asking JetStream again at start', () => {
  // The names and codes the NATS client gives (nats-core's TimeoutError and NoRespondersError, a JetStream API error).
  const named = (name: string) => Object.assign(new Error(name), { name });
  const unavailable = Object.assign(new Error('JetStream system temporarily unavailable'), { api_error: { err_code: 10008 } });

  it('tells an unanswered request (also as a cause) from an answer', () => {
    expect(isJetStreamUnanswered(named('TimeoutError'))).toBe(true);
    expect(isJetStreamUnanswered(named('NoResponders'))).toBe(true);
    expect(isJetStreamUnanswered(named('JetStreamNotEnabled'))).toBe(true);
    expect(isJetStreamUnanswered(unavailable)).toBe(true);
    expect(isJetStreamUnanswered(new Error('request failed', { cause: named('TimeoutError') }))).toBe(true);
    expect(isJetStreamUnanswered(Object.assign(new Error('stream not found'), { api_error: { err_code: 10059 } }))).toBe(false);
    expect(isJetStreamUnanswered(new Error('permissions violation'))).toBe(false);
    expect(isJetStreamUnanswered('timeout')).toBe(false);
  });

  it('asks again while unanswered, with a warning each time, and answers what the step gave', async () => {
    const warnings: unknown[] = [];
    const log = { info: () => undefined, warn: (o: object) => void warnings.push(o) };
    let calls = 0;
    const got = await whenJetStreamAnswers(
      'consumer',
      async () => {
        calls++;
        if (calls < 3) throw calls === 1 ? named('TimeoutError') : unavailable;
        return 'ready';
      },
      { log },
    );
    expect(got).toBe('ready');
    expect(calls).toBe(3);
    expect(warnings).toHaveLength(2);
  });

  it('throws any other error at once, and an unanswered one once the deadline is near', async () => {
    let calls = 0;
    const refused = Object.assign(new Error('stream not found'), { api_error: { err_code: 10059 } });
    await expect(
      whenJetStreamAnswers('stream', async () => {
        calls++;
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      whenJetStreamAnswers(
        'stream',
        async () => {
          calls++;
          throw named('TimeoutError');
        },
        { deadlineMs: 1000 },
      ),
    ).rejects.toThrow('TimeoutError');
    // Asked at 0, 250 and 750 ms; waiting 1 s more would pass the deadline, so it gives up (fewer on a stalled machine).
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(calls).toBeLessThanOrEqual(3);
  });
});
