// The nsjail driver: its command line and configuration (everywhere), then, when an nsjail binary is present
// (OJ_NSJAIL_PATH or PATH; `pnpm test:nsjail` provides one), what a real jail gives the program: the slot's host uid,
// no nested user namespace, a read-only /dev, sized /tmp and /dev/shm, the program alone in the slot's groups with
// its OOM kill counted, and no group left behind.
import { readdirSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBwrapCommand, CGROUP_FDS, TMP_BYTES, WORK_FD, workDirBytes } from './bwrap';
import { detectCgroupBase } from './cgroup';
import { createSandboxFactory, pickSandboxDriver, type SandboxFactory } from './index';
import { buildNsjailCommand, COMPILE_TMP_BYTES } from './nsjail';
import { NSJAIL_SECCOMP_POLICY, nsjailConfigText, writableWorkDirMounts } from './nsjail-config';
import { findOnPath, NsjailNotFoundError, resolveNsjail } from './nsjail-setup';
import { ETC_RUNTIME, ETC_TOOLCHAIN, type Limits, type RunSpec } from './types';

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
const procMasks = [{ host: '/cache/proc-mask/stat', sandbox: '/proc/stat' }];
const base = { nsjailPath: '/opt/nsjail', configPath: '/cache/oj-nsjail.cfg', uid: 20001, measurePath: '/cache/oj-measure-x', etcPresent: new Set(ETC_TOOLCHAIN), procMasks };

describe('nsjail command line', () => {
  const cmd = buildNsjailCommand(spec, { ...base, cgroups: true });
  it('runs the configured nsjail once, as the slot uid mapped explicitly, in /w, with no network, read-only system and work dir', () => {
    expect(cmd.file).toBe('/opt/nsjail');
    // The configuration first: the flags after it add to it.
    expect(cmd.args.slice(0, 4)).toEqual(['--config', '/cache/oj-nsjail.cfg', '--mode', 'o']);
    expect(pairs(cmd.args, '--user')).toEqual(['20001:20001:1']);
    expect(pairs(cmd.args, '--group')).toEqual(['20001:20001:1']);
    expect(pairs(cmd.args, '--cwd')).toEqual(['/w']);
    expect(pairs(cmd.args, '-R')).toEqual(expect.arrayContaining(['/usr', '/var/oj/s1/box:/w', '/cache/oj-measure-x:/oj-measure']));
    expect(pairs(cmd.args, '-B')).toEqual([]);
    expect(cmd.args).toEqual(expect.arrayContaining(['--disable_rlimits']));
    expect(cmd.args.join(' ')).not.toMatch(/disable_clone|--keep_caps|--cap |--keep_env|--rw|shadow|\/var\/oj\/s1\/data/);
  });
  it('sizes /tmp and /dev/shm as bwrap does (/tmp larger for a compile step), and masks /proc over its own', () => {
    expect(pairs(cmd.args, '-m')).toEqual([`none:/tmp:tmpfs:size=${TMP_BYTES},mode=1777`, `none:/dev/shm:tmpfs:size=${TMP_BYTES},mode=1777`]);
    expect(pairs(cmd.args, '-R')).toContain('/cache/proc-mask/stat:/proc/stat');
    const compile = buildNsjailCommand({ ...spec, writableWorkDir: true }, { ...base, runConfigPath: '/var/oj/s1/box.nsjail.cfg' });
    expect(pairs(compile.args, '-m')[0]).toBe(`none:/tmp:tmpfs:size=${COMPILE_TMP_BYTES},mode=1777`);
  });
  it('gives a writable step a capped tmpfs /w of its own configuration, copied back through the work dir fd', () => {
    const compile = buildNsjailCommand({ ...spec, writableWorkDir: true }, { ...base, runConfigPath: '/var/oj/s1/box.nsjail.cfg' });
    expect(compile.args.slice(0, 2)).toEqual(['--config', '/var/oj/s1/box.nsjail.cfg']);
    expect(pairs(compile.args, '-B')).toEqual([]);
    expect(compile.args.join(' ')).not.toContain('/var/oj/s1/box:/w');
    expect(pairs(compile.args, '--pass_fd')).toEqual(['3', String(WORK_FD)]);
    const tail = compile.args.slice(compile.args.indexOf('--') + 1);
    expect(pairs(tail, '--work-fd')).toEqual([String(WORK_FD)]);
    expect(pairs(tail, '--work-dir')).toEqual(['/w']);
    expect(() => buildNsjailCommand({ ...spec, writableWorkDir: true }, base)).toThrow(/own configuration/);
    const mounts = writableWorkDirMounts({ dirs: ['/w/feedback', '/w/feedback/sub'], files: [{ host: '/var/oj/s1/box/main.c', sandbox: '/w/main.c' }] }, workDirBytes(spec.limits));
    expect(mounts).toEqual([
      `mount { dst: "/w" fstype: "tmpfs" options: "size=${workDirBytes(spec.limits)},mode=0755" rw: true is_dir: true }`,
      'mount { src: "." dst: "/w/feedback/.." is_symlink: true mandatory: false }',
      'mount { src: "." dst: "/w/feedback/sub/.." is_symlink: true mandatory: false }',
      'mount { src: "/var/oj/s1/box/main.c" dst: "/w/main.c" is_bind: true rw: false is_dir: false }',
    ]);
  });
  it("puts the program alone in the slot's memory and pids groups through oj-measure, and makes no group of nsjail's", () => {
    // nsjail's own groups would be gone, with their OOM count, when the runner looks, and would hold the supervisor.
    expect(cmd.args.join(' ')).not.toMatch(/--cgroup_/);
    expect(pairs(cmd.args, '--pass_fd')).toEqual(['3', ...CGROUP_FDS.map(String)]);
    expect(pairs(cmd.args, '--time_limit')).toEqual(['6']);
    const tail = cmd.args.slice(cmd.args.indexOf('--') + 1);
    expect(tail[0]).toBe('/oj-measure');
    expect(pairs(tail, '--cgroup-fds')).toEqual([CGROUP_FDS.join(',')]);
    expect(tail).toEqual(expect.arrayContaining(['--cpu-ms', '1000', '--wall-ms', '4000', '--fsize', '33554432', '--stack-kb', '131072']));
    expect(tail).not.toContain('--as-kb');
    expect(tail.slice(-2)).toEqual(['--', '/w/main']);
  });
  it('limits the address space instead when there are no cgroups', () => {
    const c = buildNsjailCommand(spec, base);
    expect(c.args.join(' ')).not.toMatch(/--cgroup/);
    expect(pairs(c.args, '--pass_fd')).toEqual(['3']);
    expect(pairs(c.args, '--as-kb')).toEqual(['262144']);
  });
  it('binds only the /etc entries the step needs that exist here, and refuses a path nsjail would split', () => {
    const etc = (c: { args: string[] }) => pairs(c.args, '-R').filter((p) => p?.startsWith('/etc'));
    expect(etc(buildNsjailCommand({ ...spec, etc: ETC_RUNTIME }, base))).toEqual(['/etc/ld.so.cache', '/etc/localtime']);
    expect(etc(buildNsjailCommand(spec, { ...base, etcPresent: new Set(['/etc/ld.so.cache']) }))).toEqual(['/etc/ld.so.cache']);
    expect(() => buildNsjailCommand({ ...spec, etc: ['/etc/shadow'] }, base)).toThrow(/not allowed/);
    expect(() => buildNsjailCommand({ ...spec, workDir: '/var/oj/a:b' }, base)).toThrow(/':'/);
  });
  it('is configured with a fresh read-only /dev of the usual nodes, its own read-only /proc, and no nested user namespace', () => {
    const text = nsjailConfigText();
    expect(text).toMatch(/^mount \{ dst: "\/proc" fstype: "proc" rw: false/m);
    expect(text).toMatch(/^mount \{ dst: "\/dev" fstype: "tmpfs" options: "size=65536,mode=0755" rw: false/m);
    for (const n of ['null', 'zero', 'full', 'random', 'urandom', 'tty']) expect(text).toContain(`src: "/dev/${n}" dst: "/dev/${n}" is_bind: true`);
    expect(text).toContain('dst: "/dev/pts" fstype: "devpts"');
    expect(text).toContain(`seccomp_string: ${JSON.stringify(NSJAIL_SECCOMP_POLICY)}`);
    // CLONE_NEWUSER (0x10000000) in clone and unshare; clone3 (flags out of the filter's reach) not at all.
    expect(NSJAIL_SECCOMP_POLICY).toMatch(/clone \{ \(clone_flags & 0x10000000\) != 0 \}.*unshare \{ \(unshare_flags & 0x10000000\) != 0 \}.*ERRNO\(38\) \{ clone3 \}/);
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
  });

  it('runs bwrap directly when the runner is not root, and never enters cgroups then', () => {
    const c = buildBwrapCommand(spec, { uid: 20003, measurePath: '/m', enterPath: '/e', asRoot: false, cgroup: null });
    expect(c.file).toBe('/usr/bin/bwrap');
    expect(pairs(c.args, '--as-kb')).toEqual(['262144']);
    expect(() => buildBwrapCommand(spec, { uid: 20003, measurePath: '/m', enterPath: '/e', asRoot: false, cgroup, cgroupProcs: ['/cg/m/cgroup.procs'] })).toThrow(/root/);
  });
});

describe('choosing and finding the driver', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'oj-nsjail-find-'));
    await writeFile(path.join(dir, 'nsjail'), '#!/bin/sh\n', { mode: 0o755 });
    await writeFile(path.join(dir, 'not-executable'), '', { mode: 0o644 });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is bwrap unless nsjail is asked for, installed or not', () => {
    expect(pickSandboxDriver(undefined)).toBe('bwrap');
    expect(pickSandboxDriver('bwrap')).toBe('bwrap');
    expect(pickSandboxDriver('nsjail')).toBe('nsjail');
  });
  it('finds nsjail at OJ_NSJAIL_PATH or on PATH, and says how to get it when it is not there', async () => {
    expect(await resolveNsjail(path.join(dir, 'nsjail'), '/nowhere')).toBe(path.join(dir, 'nsjail'));
    expect(await resolveNsjail(undefined, `/nowhere:${dir}`)).toBe(path.join(dir, 'nsjail'));
    await expect(resolveNsjail(path.join(dir, 'not-executable'), dir)).rejects.toThrow(/OJ_NSJAIL_PATH=.*not-executable/);
    const absent = resolveNsjail(undefined, '/nowhere:/also-nowhere');
    await expect(absent).rejects.toBeInstanceOf(NsjailNotFoundError);
    await expect(absent).rejects.toThrow(/no nsjail binary on PATH \(\/nowhere:\/also-nowhere\).*install nsjail.*OJ_NSJAIL_PATH/);
  });
  it('refuses to make an nsjail sandbox factory without the binary', async () => {
    await expect(createSandboxFactory({ driver: 'nsjail', cacheDir: path.join(dir, 'cache'), uidBase: 25_300, searchPath: '/nowhere' })).rejects.toBeInstanceOf(NsjailNotFoundError);
  });
});

// ---- a real nsjail ----

const NSJAIL = process.env.OJ_NSJAIL_PATH || (await findOnPath('nsjail', process.env.PATH ?? ''));
const asRoot = process.getuid?.() === 0;
const UID = 25_300;

describe.skipIf(!NSJAIL || !asRoot)(`real nsjail (${NSJAIL ?? 'skipped: no nsjail binary, set OJ_NSJAIL_PATH or put nsjail on PATH'})`, () => {
  let root: string;
  let factory: SandboxFactory;
  const limits = (over: Partial<Limits> = {}): Limits => ({ cpuMs: 2000, wallMs: 5000, memoryKb: 65_536, outputBytes: 1 << 20, processes: 8, stackKb: 8192, ...over });
  const box = () => path.join(root, 'box');
  const out = () => readFile(path.join(root, 'io', 'out'), 'utf8');
  const runIn = (argv: string[], over: Partial<RunSpec> = {}) =>
    factory.forSlot(0).run({ argv, workDir: box(), writableWorkDir: false, stdoutFile: path.join(root, 'io', 'out'), stderrFile: path.join(root, 'io', 'err'), limits: limits(), ...over });
  const sh = (script: string, over: Partial<RunSpec> = {}) => runIn(['/bin/sh', '-c', script], over);

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'oj-nsjail-test-'));
    await chmod(root, 0o711);
    await mkdir(path.join(root, 'box'));
    await mkdir(path.join(root, 'io'), { mode: 0o700 });
    factory = await createSandboxFactory({ driver: 'nsjail', nsjailPath: NSJAIL!, cacheDir: path.join(root, 'cache'), uidBase: UID });
    expect([factory.driver, factory.cgroups]).toEqual(['nsjail', true]);
  });
  afterAll(async () => {
    await factory?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('runs the program as the slot uid and gid, mapped one to one (host root is not in the jail)', async () => {
    const r = await sh('id -u; id -g; cat /proc/self/uid_map /proc/self/gid_map; touch /w/made', { writableWorkDir: true });
    expect(r.exitCode).toBe(0);
    expect((await out()).split('\n').map((l) => l.trim().split(/\s+/).join(' '))).toEqual([`${UID}`, `${UID}`, `${UID} ${UID} 1`, `${UID} ${UID} 1`, '']);
    const made = statSync(path.join(box(), 'made'));
    expect([made.uid, made.gid]).toEqual([UID, UID]);
  });

  it('lets the program reopen its stdio by path, as the warm sandbox does, and leaves no copy of the input', async () => {
    const input = path.join(root, 'io', 'in');
    await writeFile(input, '41\n', { mode: 0o600 });
    const r = await sh('read x < /dev/stdin; echo $((x + 1)) > /dev/stdout; echo e > /dev/stderr', { stdinFile: input });
    expect(r.exitCode).toBe(0);
    expect(await out()).toBe('42\n');
    expect(readdirSync(path.join(root, 'io')).sort()).toEqual(['err', 'in', 'out']);
  });

  it('refuses a nested user namespace, and every other namespace with it', async () => {
    const r = await sh('for ns in -U -m -n -p -i -u -C "-Ur"; do unshare $ns true 2>/dev/null && echo "made $ns"; done; echo done');
    expect(r.exitCode).toBe(0);
    expect(await out()).toBe('done\n');
  });

  it('gives a read-only /dev of the usual nodes, sized /tmp and /dev/shm, and a read-only root', async () => {
    const r = await sh('ls /dev | tr "\\n" " "; echo; touch /dev/x /x 2>/dev/null || echo read-only; echo hi > /dev/null && echo null-ok; df -k /tmp /dev/shm | tail -2 | awk \'{print $2}\'');
    expect(r.exitCode).toBe(0);
    expect((await out()).split('\n')).toEqual(['fd full null ptmx pts random shm stderr stdin stdout tty urandom zero ', 'read-only', 'null-ok', String(TMP_BYTES / 1024), String(TMP_BYTES / 1024), '']);
  });

  it("puts the program alone in the slot's groups: an OOM kill is counted, the supervisor is in neither", async () => {
    const ok = await sh('grep -E ":(memory|pids):" /proc/self/cgroup');
    expect(ok.exitCode).toBe(0);
    const lines = (await out()).trim().split('\n').sort();
    expect(lines[0]).toMatch(new RegExp(`^\\d+:memory:.*/oj-sandbox/uid-${UID}-${process.pid}-[0-9a-f]+-0-\\d+$`));
    expect(lines[1]).toMatch(new RegExp(`^\\d+:pids:.*/oj-sandbox/uid-${UID}-${process.pid}-[0-9a-f]+-0$`));
    // Touching twice the limit: the kernel kills it, and the run says so from the group's count, not from a guess.
    const hog = await runIn(['/usr/bin/python3', '-c', 'b = bytearray(128 << 20)\nfor i in range(0, len(b), 4096): b[i] = 1\nprint("survived")'], { addressSpaceLimit: false });
    expect([hog.signal, hog.memoryExceeded]).toEqual([9, true]);
    // Filling /tmp puts the memory in no process's RSS: still the program's kill, never its supervisor's.
    const fill = await sh('exec head -c 100000000 /dev/zero > /tmp/fill', { limits: limits({ memoryKb: 32_768, outputBytes: 256 << 20 }) });
    expect([fill.signal, fill.memoryExceeded]).toEqual([9, true]);
  });

  it("caps the program's processes in its pids group (the program itself counts)", async () => {
    const forks = 'import os, time\nn = 0\nfor i in range(100):\n    try:\n        pid = os.fork()\n    except OSError:\n        break\n    if pid == 0:\n        time.sleep(5)\n        os._exit(0)\n    n += 1\nprint(n)\n';
    const r = await runIn(['/usr/bin/python3', '-c', forks], { limits: limits({ processes: 4 }) });
    expect(r.exitCode).toBe(0);
    expect(Number(await out())).toBe(3);
  });

  it('removes the slot groups on close', async () => {
    const cg = (await detectCgroupBase())!;
    const other = await createSandboxFactory({ driver: 'nsjail', nsjailPath: NSJAIL!, cacheDir: path.join(root, 'cache'), uidBase: UID + 1 });
    await other.forSlot(0).run({ argv: ['/usr/bin/true'], workDir: box(), writableWorkDir: false, stdoutFile: path.join(root, 'io', 'o2'), stderrFile: path.join(root, 'io', 'e2'), limits: limits() });
    const mine = () => [cg.memory, cg.pids].flatMap((d) => readdirSync(d).filter((n) => n.startsWith(`uid-${UID + 1}-${process.pid}-`)));
    expect(mine().length).toBe(2);
    await other.close();
    expect(mine()).toEqual([]);
  });
});
