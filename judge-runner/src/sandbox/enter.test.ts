// oj-enter, the root-side launcher: it drops to the slot's uid for good, or refuses to start the program.
import { execFile } from 'node:child_process';
import { chmod, chown, copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertOnlyOwnerWrites, buildHelper } from './helper-build';

const run = promisify(execFile);
const UID = 25_100;
let root: string;
let enter: string;

/** Exit code and output of oj-enter with these arguments (never throws on a non-zero exit). */
async function enterWith(args: string[], opts: { uid?: number } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(enter, args, { uid: opts.uid });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe.skipIf(process.getuid?.() !== 0)('oj-enter', () => {
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'oj-enter-test-'));
    await chmod(root, 0o711); // one case runs it as an unprivileged uid
    enter = await buildHelper(path.join(root, 'cache'), 'enter');
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('runs the program as the uid and gid, with no supplementary group and no capability', async () => {
    const r = await enterWith(['--uid', String(UID), '--', '/usr/bin/cat', '/proc/self/status']);
    expect(r.code).toBe(0);
    const field = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'm').exec(r.stdout)?.[1]?.trim().split(/\s+/);
    expect(field('Uid')).toEqual([String(UID), String(UID), String(UID), String(UID)]);
    expect(field('Gid')).toEqual([String(UID), String(UID), String(UID), String(UID)]);
    expect(field('Groups')).toEqual(['']);
    expect(field('CapEff')).toEqual(['0000000000000000']);
    expect(field('CapPrm')).toEqual(['0000000000000000']);
  });

  it.each([
    ['uid 0', ['--uid', '0', '--', '/usr/bin/id']],
    ['no uid', ['--', '/usr/bin/id']],
    ['a relative program', ['--uid', String(UID), '--', 'id']],
    ['an unknown option', ['--uid', String(UID), '--share-net', '1', '--', '/usr/bin/id']],
    ['a relative cgroup file', ['--uid', String(UID), '--cgroup-procs', 'cgroup.procs', '--', '/usr/bin/id']],
  ])('refuses %s without running anything', async (_, args) => {
    const r = await enterWith(args);
    expect(r.code).toBe(125);
    expect(r.stdout).toBe('');
  });

  it('stops when it cannot enter a cgroup or cannot drop (not root)', async () => {
    const missing = await enterWith(['--uid', String(UID), '--cgroup-procs', '/nonexistent/cgroup.procs', '--', '/usr/bin/id']);
    expect(missing).toMatchObject({ code: 125, stdout: '' });
    expect(missing.stderr).toMatch(/nonexistent/);
    const unprivileged = await enterWith(['--uid', String(UID), '--', '/usr/bin/id'], { uid: UID + 1 });
    expect(unprivileged).toMatchObject({ code: 125, stdout: '' });
    expect(unprivileged.stderr).toMatch(/setgroups/);
  });

  it('is only used from a place no other user can write to', async () => {
    await expect(assertOnlyOwnerWrites(enter)).resolves.toBeUndefined();
    const open = path.join(root, 'open');
    await mkdir(open);
    await chmod(open, 0o777);
    await copyFile(enter, path.join(open, 'oj-enter'));
    await expect(assertOnlyOwnerWrites(path.join(open, 'oj-enter'))).rejects.toThrow(/mode 777/);
    await chmod(open, 0o1777); // sticky, like /tmp: others cannot replace our file
    await expect(assertOnlyOwnerWrites(path.join(open, 'oj-enter'))).resolves.toBeUndefined();
    await chown(path.join(open, 'oj-enter'), UID, UID);
    await expect(assertOnlyOwnerWrites(path.join(open, 'oj-enter'))).rejects.toThrow(new RegExp(`uid ${UID}`));
  });
});
