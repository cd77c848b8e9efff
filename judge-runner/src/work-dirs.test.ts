import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepLeftoverWorkDirs, workDirPrefix } from './work-dirs';

describe('sweepLeftoverWorkDirs', () => {
  const roots: string[] = [];
  afterAll(async () => {
    for (const r of roots) await rm(r, { recursive: true, force: true });
  });

  it('removes a dead runner’s dirs on our uids only: never a live runner’s, another uid’s or the caches', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'oj-workdirs-'));
    roots.push(root);
    // A pid that is certainly gone: a child that has exited.
    const child = spawn('true');
    const deadPid = await new Promise<number>((r) => child.once('exit', () => r(child.pid!)));
    const livePid = process.ppid; // our parent is alive
    const made = [
      `${workDirPrefix(30_000, deadPid)}s5-v1-abcd`,
      `${workDirPrefix(30_000, deadPid)}s5-v1-abcd.nsjail.cfg`,
      `${workDirPrefix(31_000, deadPid)}compile-check-x1`,
      `${workDirPrefix(30_001, livePid)}s6-v1-ef01`,
      `${workDirPrefix(39_999, deadPid)}s7-v1-0000`,
      `${workDirPrefix(30_000)}s8-v1-mine`,
      '.testdata',
      '.compile-cache',
    ];
    for (const name of made) {
      if (name.endsWith('.cfg')) await writeFile(path.join(root, name), 'x');
      else await mkdir(path.join(root, name, 'box'), { recursive: true });
    }
    const removed = await sweepLeftoverWorkDirs(root, [30_000, 30_001, 31_000]);
    expect(removed.sort()).toEqual(made.slice(0, 3).sort());
    expect((await readdir(root)).sort()).toEqual(made.slice(3).sort());
    expect(await sweepLeftoverWorkDirs(path.join(root, 'missing'), [30_000])).toEqual([]);
  });
});
