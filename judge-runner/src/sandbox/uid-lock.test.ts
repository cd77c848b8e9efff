// The uid locks with the real flock(1): exclusive between two holders (even in one process), released on close or
// when the holder dies, and a free range found past the taken ones.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFreeRange, openUidLocks, UidInUseError } from './uid-lock';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'oj-uid-lock-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('uid locks', () => {
  it('one holder per uid: the second is refused with the uid and the holder named, until the first lets go', () => {
    const a = openUidLocks(dir);
    const b = openUidLocks(dir);
    a.take(30_001);
    a.take(30_001); // held already: nothing to do
    expect(() => b.take(30_001)).toThrow(UidInUseError);
    expect(() => b.take(30_001)).toThrow(new RegExp(`uid 30001 .*locked by pid ${process.pid}`));
    b.take(30_002);
    a.release(30_001);
    b.take(30_001);
    expect(() => a.take(30_002)).toThrow(UidInUseError);
    b.releaseAll();
    a.take(30_002);
    a.releaseAll();
  });

  it('a holder that dies releases its locks', async () => {
    // Another process holding the lock (flock(1) itself: -o keeps it from its child), then killed.
    const file = path.join(dir, 'uid-30010.lock');
    const holder = spawn('flock', ['--exclusive', '--close', file, 'sleep', '60'], { stdio: 'ignore', detached: true });
    const locks = openUidLocks(dir);
    const tryTake = () => {
      try {
        locks.take(30_010);
        return true;
      } catch (e) {
        if (e instanceof UidInUseError) return false;
        throw e;
      }
    };
    // Until the holder has it: each successful try lets it go again at once.
    for (let i = 0; i < 200 && tryTake(); i++) {
      locks.release(30_010);
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(tryTake()).toBe(false);
    process.kill(-holder.pid!, 'SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    expect(tryTake()).toBe(true);
    expect(await readFile(file, 'utf8')).toContain(`pid ${process.pid}`);
    locks.releaseAll();
  });

  it('finds the first range whose every uid is free, stepping by the slot count, and keeps those locks', () => {
    const other = openUidLocks(dir);
    const mine = openUidLocks(dir);
    other.take(31_000);
    other.take(32_003); // the helper slot of the second range
    expect(lockFreeRange(mine, 31_000, [0, 1, 1000, 1001])).toBe(31_004);
    expect(() => other.take(31_004)).toThrow(UidInUseError);
    expect(() => other.take(32_005)).toThrow(UidInUseError);
    other.take(31_002); // released again when the second range was given up
    other.releaseAll();
    mine.releaseAll();
  });
});
