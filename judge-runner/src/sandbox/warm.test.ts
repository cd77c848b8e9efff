// The warm sandbox through the real bwrap driver (root only): cases run one after another in one sandbox, each
// measured on its own, and nothing of one case reaches the next.
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxFactory, type SandboxFactory } from './index';
import { ETC_RUNTIME, type Limits, type WarmSandbox } from './types';

const asRoot = process.getuid?.() === 0;
const UID = 22_300;

// One binary, told what to do by its input: `leave` leaves things behind, `look` reports what it finds of them.
const PROBE = String.raw`#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void) {
  char mode[64] = "";
  if (scanf("%63s", mode) != 1) return 2;
  if (!strcmp(mode, "add")) { long a, b; scanf("%ld %ld", &a, &b); printf("%ld\n", a + b); return 0; }
  if (!strcmp(mode, "leave")) {
    FILE *f = fopen("/tmp/left", "w"); if (f) { fputs("x", f); fclose(f); }
    mkdir("/tmp/dir", 0700); f = fopen("/tmp/dir/deep", "w"); if (f) fclose(f); chmod("/tmp/dir", 0);
    f = fopen("/dev/shm/left", "w"); if (f) fclose(f);
    shmget(0x4f4a, 4096, IPC_CREAT | 0600);
    int keep = open("/w/main", O_RDONLY); (void)keep; /* not close-on-exec: must not reach the next case */
    /* An escape: a daemon that would read the next case's input. */
    if (fork() == 0) { setsid(); if (fork() == 0) { for (;;) { int fd = open("/io/in", O_RDONLY); if (fd >= 0) close(fd); usleep(1000); } } _exit(0); }
    int made = open("/io/mine", O_CREAT | O_WRONLY, 0600) >= 0;
    int swapped = rename("/io/out", "/io/moved") == 0 || unlink("/io/in") == 0;
    printf("left %d %d\n", made, swapped);
    return 0;
  }
  if (!strcmp(mode, "look")) {
    int found = 0;
    if (access("/tmp/left", F_OK) == 0) found |= 1;
    if (access("/tmp/dir", F_OK) == 0) found |= 2;
    if (access("/dev/shm/left", F_OK) == 0) found |= 4;
    if (shmget(0x4f4a, 0, 0) >= 0) found |= 8;
    for (int fd = 3; fd < 256; fd++) if (fcntl(fd, F_GETFD) != -1) found |= 16;
    if (access("/io/mine", F_OK) == 0 || access("/io/moved", F_OK) == 0) found |= 32;
    printf("found %d\n", found);
    return 0;
  }
  if (!strcmp(mode, "eat")) { size_t n = 256UL << 20; volatile char *p = malloc(n); if (!p) return 1; for (size_t i = 0; i < n; i += 4096) p[i] = 1; printf("%d\n", p[n - 4096]); return 0; }
  if (!strcmp(mode, "spin")) { volatile long x = 0; for (;;) x++; }
  return 3;
}
`;

let root: string;
let box: string;
let factory: SandboxFactory;
let n = 0;

const limits: Limits = { cpuMs: 1000, wallMs: 3000, memoryKb: 64 * 1024, outputBytes: 1 << 20, processes: 8, stackKb: 8192 };

async function session(): Promise<WarmSandbox> {
  const sb = factory.forSlot(0);
  if (!sb.openWarm) throw new Error('no warm sandbox as root');
  return sb.openWarm({ argv: ['/w/main'], workDir: box, ioDir: path.join(root, `warm-${++n}`), limits, etc: ETC_RUNTIME });
}

async function runCase(w: WarmSandbox, input: string, over: Partial<Limits> = {}) {
  const io = path.join(root, 'io');
  await writeFile(path.join(io, 'in'), input);
  const r = await w.run({ stdinFile: path.join(io, 'in'), stdoutFile: path.join(io, 'out'), stderrFile: path.join(io, 'err'), limits: { ...limits, ...over } });
  return { r, out: await readFile(path.join(io, 'out'), 'utf8') };
}

async function processesOfUid(): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const status = await readFile(`/proc/${name}/status`, 'utf8').catch(() => '');
    const uids = /^Uid:\s+(\d+)\s+(\d+)/m.exec(status);
    if (uids && (Number(uids[1]) === UID || Number(uids[2]) === UID)) found.push(Number(name));
  }
  return found;
}

describe.skipIf(!asRoot)('warm sandbox (bwrap)', () => {
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'oj-warm-'));
    await chmod(root, 0o711);
    box = path.join(root, 'box');
    await mkdir(box);
    await mkdir(path.join(root, 'io'), { mode: 0o700 });
    await writeFile(path.join(root, 'probe.c'), PROBE);
    await promisify(execFile)('gcc', ['-O2', '-o', path.join(box, 'main'), path.join(root, 'probe.c')]);
    factory = await createSandboxFactory({ driver: 'bwrap', cacheDir: path.join(root, 'cache'), uidBase: UID });
  });

  afterAll(async () => {
    await factory?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('runs many cases in one sandbox, each with its own input, output and measurements', async () => {
    const w = await session();
    try {
      for (let i = 0; i < 20; i++) {
        const { r, out } = await runCase(w, `add ${i} ${i * 10}\n`);
        expect(r).toMatchObject({ exitCode: 0, signal: null, cpuExceeded: false, memoryExceeded: false, outputExceeded: false });
        expect(out).toBe(`${i * 11}\n`);
        expect(r.memoryKb).toBeGreaterThan(0);
      }
    } finally {
      await w.close();
    }
    expect(await processesOfUid()).toEqual([]);
  });

  it('nothing of one case reaches the next: /tmp, /dev/shm, SysV IPC, fds, daemons, files in /io', async () => {
    const w = await session();
    try {
      const left = await runCase(w, 'leave\n');
      // It could neither create files in /io nor move its own stdio files.
      expect(left.out).toBe('left 0 0\n');
      const look = await runCase(w, 'look\n');
      expect(look.out).toBe('found 0\n');
    } finally {
      await w.close();
    }
    expect(await processesOfUid()).toEqual([]);
  });

  it('limits are per case: an MLE and a TLE case do not spill into the cases after them', async () => {
    const w = await session();
    try {
      const eat = await runCase(w, 'eat\n');
      expect(eat.r.memoryExceeded).toBe(true);
      const after = await runCase(w, 'add 1 2\n');
      expect(after.r).toMatchObject({ exitCode: 0, memoryExceeded: false });
      expect(after.r.memoryKb).toBeLessThan(16 * 1024);
      const spin = await runCase(w, 'spin\n', { cpuMs: 200, wallMs: 2000 });
      expect(spin.r.cpuExceeded).toBe(true);
      const last = await runCase(w, 'add 2 2\n');
      expect(last.r).toMatchObject({ exitCode: 0, cpuExceeded: false });
      expect(last.r.cpuMs).toBeLessThan(100);
      expect(last.out).toBe('4\n');
    } finally {
      await w.close();
    }
  });
});
