import { describe, expect, it } from 'vitest';
import { loadRunnerConfig } from './config';

describe('loadRunnerConfig', () => {
  it('has defaults', () => {
    const c = loadRunnerConfig({});
    expect(c).toMatchObject({ natsUrl: 'nats://127.0.0.1:4222', slots: 1, ackWaitMs: 10_000, publishDeadlineMs: 600_000, stopGraceMs: 20_000, natsReplicas: undefined, sandbox: undefined, uidBase: undefined });
    expect(c.runnerId).toMatch(/-\d+$/);
    expect(c.limits).toEqual({ wallFactor: 3, wallExtraMs: 1000, minOutputBytes: 32 * 1024 * 1024 });
    expect(c.compileAssetsMb).toBe(1024);
    expect(c.compileAssetsDir).toMatch(/\/oj-compile-assets$/);
  });
  it('reads the compile assets budget (0: none) and place', () => {
    expect(loadRunnerConfig({ OJ_RUNNER_COMPILE_ASSETS_MB: '0' }).compileAssetsMb).toBe(0);
    expect(loadRunnerConfig({ OJ_RUNNER_COMPILE_ASSETS_MB: '2048' }).compileAssetsMb).toBe(2048);
    expect(() => loadRunnerConfig({ OJ_RUNNER_COMPILE_ASSETS_MB: '-1' })).toThrow(/OJ_RUNNER_COMPILE_ASSETS_MB/);
    expect(loadRunnerConfig({ OJ_RUNNER_COMPILE_ASSETS_DIR: '/var/cache/oj' }).compileAssetsDir).toBe('/var/cache/oj');
    expect(() => loadRunnerConfig({ OJ_RUNNER_COMPILE_ASSETS_DIR: 'rel' })).toThrow(/OJ_RUNNER_COMPILE_ASSETS_DIR/);
  });
  it('reads the limits policy', () => {
    const c = loadRunnerConfig({ OJ_RUNNER_WALL_FACTOR: '1.5', OJ_RUNNER_WALL_EXTRA_MS: '250', OJ_RUNNER_MIN_OUTPUT_MB: '64' });
    expect(c.limits).toEqual({ wallFactor: 1.5, wallExtraMs: 250, minOutputBytes: 64 * 1024 * 1024 });
    expect(() => loadRunnerConfig({ OJ_RUNNER_WALL_FACTOR: '0.5' })).toThrow(/OJ_RUNNER_WALL_FACTOR/);
    expect(() => loadRunnerConfig({ OJ_RUNNER_WALL_FACTOR: 'three' })).toThrow(/OJ_RUNNER_WALL_FACTOR/);
    expect(() => loadRunnerConfig({ OJ_RUNNER_MIN_OUTPUT_MB: '0' })).toThrow(/OJ_RUNNER_MIN_OUTPUT_MB/);
  });
  it('reads every variable', () => {
    const c = loadRunnerConfig({
      NATS_URL: 'nats://h:1',
      OJ_RUNNER_ID: 'r1',
      OJ_RUNNER_SLOTS: '3',
      OJ_RUNNER_WORK_DIR: '/var/oj',
      OJ_SANDBOX: 'nsjail',
      OJ_NSJAIL_PATH: '/opt/nsjail/bin/nsjail',
      OJ_RUNNER_ACK_WAIT_MS: '5000',
      OJ_RUNNER_PUBLISH_DEADLINE_MS: '90000',
      OJ_RUNNER_STOP_GRACE_MS: '0',
      OJ_NATS_REPLICAS: '3',
    });
    expect(c).toMatchObject({ natsUrl: 'nats://h:1', runnerId: 'r1', slots: 3, workDir: '/var/oj', cacheDir: '/var/oj/.cache', sandbox: 'nsjail', nsjailPath: '/opt/nsjail/bin/nsjail', ackWaitMs: 5000 });
    expect(c).toMatchObject({ publishDeadlineMs: 90_000, stopGraceMs: 0, natsReplicas: 3 });
  });
  it('names the bad variable', () => {
    expect(() => loadRunnerConfig({ OJ_RUNNER_SLOTS: 'two' })).toThrow(/OJ_RUNNER_SLOTS/);
    expect(() => loadRunnerConfig({ OJ_SANDBOX: 'docker' })).toThrow(/OJ_SANDBOX/);
    expect(() => loadRunnerConfig({ OJ_NATS_REPLICAS: '7' })).toThrow(/OJ_NATS_REPLICAS/);
    expect(() => loadRunnerConfig({ OJ_RUNNER_PUBLISH_DEADLINE_MS: '10' })).toThrow(/OJ_RUNNER_PUBLISH_DEADLINE_MS/);
    expect(() => loadRunnerConfig({ OJ_NSJAIL_PATH: 'nsjail' })).toThrow(/OJ_NSJAIL_PATH/);
    expect(() => loadRunnerConfig({ OJ_RUNNER_WORK_DIR: 'relative' })).toThrow(/OJ_RUNNER_WORK_DIR/);
  });
});
