import { describe, expect, it } from 'vitest';
import { buildBwrapCommand } from './bwrap';
import { pickSandboxDriver } from './index';
import { buildNsjailCommand } from './nsjail';
import { ETC_RUNTIME, ETC_TOOLCHAIN, type RunSpec } from './types';

const spec: RunSpec = {
  argv: ['/w/main'],
  workDir: '/var/oj/s1/box',
  writableWorkDir: false,
  stdinFile: '/var/oj/s1/data/1.in',
  stdoutFile: '/var/oj/s1/io/1.out',
  stderrFile: '/var/oj/s1/io/1.err',
  limits: { cpuMs: 1000, wallMs: 4000, memoryKb: 262144, outputBytes: 33554432, processes: 16, stackKb: 131072 },
};

const pairs = (args: string[], flag: string) => args.flatMap((a, i) => (a === flag ? [args[i + 1]] : []));

describe('nsjail command line', () => {
  const cmd = buildNsjailCommand(spec, { uid: 20001, measurePath: '/cache/oj-measure-x', cgroups: true });
  it('runs once as the slot uid in /w with no network, read-only system and work dir', () => {
    expect(cmd.file).toBe('nsjail');
    expect(cmd.args.slice(0, 2)).toEqual(['--mode', 'o']);
    expect(pairs(cmd.args, '--user')).toEqual(['20001']);
    expect(pairs(cmd.args, '--cwd')).toEqual(['/w']);
    expect(pairs(cmd.args, '-R')).toEqual(expect.arrayContaining(['/usr', '/var/oj/s1/box:/w', '/cache/oj-measure-x:/oj-measure']));
    expect(pairs(cmd.args, '-B')).toEqual([]);
    expect(cmd.args).not.toContain('--disable_clone_newnet');
    expect(cmd.args.join(' ')).not.toMatch(/shadow|\/var\/oj\/s1\/data/);
  });
  it('caps memory and pids by cgroup and leaves rlimits to oj-measure', () => {
    expect(pairs(cmd.args, '--cgroup_mem_max')).toEqual([String(262144 * 1024)]);
    expect(pairs(cmd.args, '--cgroup_pids_max')).toEqual(['18']);
    expect(pairs(cmd.args, '--time_limit')).toEqual(['6']);
    const tail = cmd.args.slice(cmd.args.indexOf('--') + 1);
    expect(tail[0]).toBe('/oj-measure');
    expect(tail).toEqual(expect.arrayContaining(['--cpu-ms', '1000', '--wall-ms', '4000', '--fsize', '33554432', '--stack-kb', '131072']));
    expect(tail).not.toContain('--as-kb');
    expect(tail.slice(-2)).toEqual(['--', '/w/main']);
  });
  it('binds the work dir writable for compiling and limits address space without cgroups', () => {
    const c = buildNsjailCommand({ ...spec, writableWorkDir: true }, { uid: 20001, measurePath: '/m', cgroups: false });
    expect(pairs(c.args, '-B')).toEqual(['/var/oj/s1/box:/w']);
    expect(c.args).not.toContain('--cgroup_mem_max');
    expect(pairs(c.args, '--as-kb')).toEqual(['262144']);
  });
});

describe('bwrap command line', () => {
  const cgroup = () => Promise.reject(new Error('not used by the command line'));

  it('launches through oj-enter: cgroups entered and uid dropped before bwrap, everything unshared', () => {
    const c = buildBwrapCommand(spec, { uid: 20003, measurePath: '/m', enterPath: '/cache/oj-enter-x', asRoot: true, cgroup, cgroupProcs: ['/cg/m/r/cgroup.procs', '/cg/p/r/cgroup.procs'] });
    expect(c.file).toBe('/cache/oj-enter-x');
    expect(c.args.slice(0, c.args.indexOf('--') + 2)).toEqual(['--uid', '20003', '--cgroup-procs', '/cg/m/r/cgroup.procs', '--cgroup-procs', '/cg/p/r/cgroup.procs', '--', '/usr/bin/bwrap']);
    expect(c.args).toEqual(expect.arrayContaining(['--unshare-all', '--die-with-parent', '--new-session', '--clearenv', '--proc', '/proc', '--dev', '/dev']));
    expect(c.args.join(' ')).toContain('--ro-bind /var/oj/s1/box /w');
    expect(c.args.join(' ')).not.toMatch(/shadow|--share-net|setpriv|\/bin\/sh/);
    expect(pairs(c.args, '--as-kb')).toEqual([]);
  });

  it('binds only the /etc entries the step needs, all toolchain ones by default, never others', () => {
    const etcOf = (c: { args: string[] }) => pairs(c.args, '--ro-bind-try');
    const opts = { uid: 20003, measurePath: '/m', enterPath: '/e', asRoot: true, cgroup: null };
    expect(etcOf(buildBwrapCommand(spec, opts))).toEqual([...ETC_TOOLCHAIN]);
    expect(etcOf(buildBwrapCommand({ ...spec, etc: ETC_RUNTIME }, opts))).toEqual(['/etc/ld.so.cache', '/etc/localtime']);
    expect(() => buildBwrapCommand({ ...spec, etc: ['/etc/shadow'] }, opts)).toThrow(/not allowed/);
    expect(pairs(buildNsjailCommand({ ...spec, etc: ETC_RUNTIME }, { uid: 1, measurePath: '/m', cgroups: false }).args, '-R')).not.toContain('/etc/alternatives');
  });

  it('runs bwrap directly when the runner is not root, and never enters cgroups then', () => {
    const c = buildBwrapCommand(spec, { uid: 20003, measurePath: '/m', enterPath: '/e', asRoot: false, cgroup: null });
    expect(c.file).toBe('/usr/bin/bwrap');
    expect(pairs(c.args, '--as-kb')).toEqual(['262144']);
    expect(() => buildBwrapCommand(spec, { uid: 20003, measurePath: '/m', enterPath: '/e', asRoot: false, cgroup, cgroupProcs: ['/cg/m/cgroup.procs'] })).toThrow(/root/);
  });
});

describe('pickSandboxDriver', () => {
  it('prefers nsjail when installed, and obeys the override', () => {
    expect(pickSandboxDriver(undefined, true)).toBe('nsjail');
    expect(pickSandboxDriver(undefined, false)).toBe('bwrap');
    expect(pickSandboxDriver('bwrap', true)).toBe('bwrap');
    expect(pickSandboxDriver('nsjail', false)).toBe('nsjail');
  });
});
