// One runner per sandbox uid on a host. Two runners whose slots share a uid would share its RLIMIT_NPROC count, its
// kernel keyrings and its cgroup names, and kill each other's leftovers: every uid a runner runs programs as is
// locked for the runner's life with flock(2) on `<lock dir>/uid-<uid>.lock` (by default /run/oj-sandbox, which the
// runners of a host must share). The lock lives in an open file description of this process: it is released when
// the runner exits, however it exits. Node has no flock(), so util-linux's `flock` takes it on a duplicate of our fd
// and exits; the lock stays with the description we keep open.
import { spawnSync } from 'node:child_process';
import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const DEFAULT_LOCK_DIR = '/run/oj-sandbox';

export class UidInUseError extends Error {
  constructor(
    readonly uid: number,
    readonly lockFile: string,
    holder: string,
  ) {
    super(
      `sandbox uid ${uid} is already used by another runner on this host (${lockFile} is locked${holder ? ` by ${holder}` : ''}): ` +
        'give each runner a uid range of its own (OJ_SANDBOX_UID_BASE), or leave it unset to have a free range chosen',
    );
    this.name = 'UidInUseError';
  }
}

export interface UidLocks {
  /** Takes uid's lock unless held already; throws UidInUseError when another process holds it. */
  take(uid: number): void;
  /** Releases one uid's lock. */
  release(uid: number): void;
  releaseAll(): void;
}

/**
 * Takes an exclusive flock on `file` (created 0644) without waiting: the open fd that holds it (close it to release),
 * or null when another open file description holds it. Throws when flock cannot run.
 */
export function lockFile(file: string): number | null {
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
  const r = spawnSync('flock', ['--nonblock', '--exclusive', '3'], { stdio: ['ignore', 'ignore', 'pipe', fd], env: { PATH: '/usr/bin:/bin' } });
  if (r.status === 0) return fd;
  closeSync(fd);
  if (r.error) throw new Error(`lock ${file}: cannot run flock (util-linux): ${r.error.message}`);
  if (r.status !== 1) throw new Error(`lock ${file}: flock failed: ${r.stderr.toString().trim()}`);
  return null;
}

export function openUidLocks(dir = DEFAULT_LOCK_DIR): UidLocks {
  const held = new Map<number, number>();
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  const release = (uid: number) => {
    const fd = held.get(uid);
    if (fd === undefined) return;
    held.delete(uid);
    closeSync(fd);
  };
  return {
    take(uid) {
      if (held.has(uid)) return;
      const file = path.join(dir, `uid-${uid}.lock`);
      const fd = lockFile(file);
      if (fd === null) {
        let holder = '';
        try {
          holder = readFileSync(file, 'utf8').trim();
        } catch {
          // unreadable: the message names the file
        }
        throw new UidInUseError(uid, file, holder);
      }
      held.set(uid, fd);
      ftruncateSync(fd, 0);
      writeSync(fd, `pid ${process.pid} on ${os.hostname()}\n`, 0);
    },
    release,
    releaseAll() {
      for (const uid of [...held.keys()]) release(uid);
    },
  };
}

/**
 * The first base (from `start`, in steps of the slot count) whose every uid `base + slot` this process could lock;
 * the locks are kept. Throws when none is free within `attempts` tries.
 */
export function lockFreeRange(locks: UidLocks, start: number, slots: readonly number[], attempts = 200): number {
  const step = Math.max(1, slots.length);
  for (let i = 0; i < attempts; i++) {
    const base = start + i * step;
    const taken: number[] = [];
    try {
      for (const s of slots) {
        locks.take(base + s);
        taken.push(base + s);
      }
      return base;
    } catch (e) {
      for (const uid of taken) locks.release(uid);
      if (!(e instanceof UidInUseError)) throw e;
    }
  }
  throw new Error(`sandbox: no free uid range for slots ${slots.join(', ')} from uid ${start} (${attempts} ranges tried)`);
}
