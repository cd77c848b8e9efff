// Shared by the drivers: spawns the sandbox command with the program's stdio as fds 0-2 and the measuring
// helper's result pipe as fd 3, kills the whole tree if it outlives its wall clock, and decodes the report.
import { spawn } from 'node:child_process';
import { closeSync, fstatSync, openSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import { Type } from '@sinclair/typebox';
import { decodeJson } from '@oj/proto';
import type { RunResult, RunSpec } from './types';

const MeasureReport = Type.Union([
  Type.Object({
    ok: Type.Literal(true),
    exited: Type.Boolean(),
    exitCode: Type.Integer(),
    signal: Type.Integer(),
    cpuMs: Type.Integer(),
    wallMs: Type.Integer(),
    maxRssKb: Type.Integer(),
    wallExceeded: Type.Boolean(),
    cpuKilled: Type.Boolean(),
    endUs: Type.Optional(Type.Integer()),
    stderrBytes: Type.Optional(Type.Integer()),
  }),
  Type.Object({ ok: Type.Literal(false), error: Type.String() }),
]);

/** Grace on top of the wall limit before the runner kills the sandbox from outside (the helper should act first). */
const OUTER_GRACE_MS = 5000;

export interface SpawnedRun {
  report: {
    exitCode: number | null;
    signal: number | null;
    cpuMs: number;
    wallMs: number;
    maxRssKb: number;
    wallExceeded: boolean;
    cpuKilled: boolean;
    endUs?: number;
  };
  /** The program's stdout size, for the output limit. */
  stdoutBytes: number;
}

async function tail(file: string, bytes: number): Promise<string> {
  const fh = await open(file, 'r').catch(() => null);
  if (!fh) return '';
  try {
    const size = (await fh.stat()).size;
    const buf = Buffer.alloc(Math.min(bytes, size));
    await fh.read(buf, 0, buf.length, Math.max(0, size - buf.length));
    return buf.toString('utf8');
  } finally {
    await fh.close();
  }
}

/** Decodes one report line of oj-measure; an `ok:false` report (the program could not be started) throws. */
export function decodeMeasureReport(text: string): SpawnedRun['report'] {
  const report = decodeJson(MeasureReport, text);
  if (!report.ok) throw new Error(`sandbox: ${report.error}`);
  return {
    exitCode: report.exited ? report.exitCode : null,
    signal: report.exited ? null : report.signal,
    cpuMs: report.cpuMs,
    wallMs: report.wallMs,
    maxRssKb: report.maxRssKb,
    wallExceeded: report.wallExceeded,
    cpuKilled: report.cpuKilled,
    ...(report.endUs !== undefined ? { endUs: report.endUs } : {}),
  };
}

/**
 * `extraFds`: fds for the sandbox beside 0-3, by number (bwrap.ts WORK_FD, CGROUP_FD); they stay the caller's.
 */
export async function spawnMeasured(file: string, args: string[], spec: RunSpec, extraFds: Record<number, number | undefined> = {}): Promise<SpawnedRun> {
  // The stdio files are opened, sized and closed synchronously: local files, a few microseconds each, where the
  // promise API costs a thread-pool round trip (~0.1 ms) per call on the per-run path.
  const fds: number[] = [];
  try {
    fds.push(spec.stdinFd ?? openSync(spec.stdinFile ? spec.stdinFile : '/dev/null', 'r'));
    fds.push(spec.stdoutFd ?? openSync(spec.stdoutFile, 'w', 0o600));
    fds.push(openSync(spec.stderrFile, 'w', 0o600));
    const [stdin, stdout, stderr] = fds as [number, number, number];
    const stdio: (number | 'pipe' | 'ignore')[] = [stdin, stdout, stderr, 'pipe'];
    for (const [n, fd] of Object.entries(extraFds)) if (fd !== undefined) stdio[Number(n)] = fd;
    const child = spawn(file, args, {
      stdio: Array.from(stdio, (s) => s ?? 'ignore'),
      detached: true,
      env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin' },
    });
    const chunks: Buffer[] = [];
    // Handed-over pipe ends: the sandbox holds its copies now; ours would keep the other end from seeing EOF.
    for (const fd of [spec.stdinFd, spec.stdoutFd]) {
      if (fd === undefined) continue;
      fds.splice(fds.indexOf(fd), 1);
      closeSync(fd);
    }
    const resultPipe = child.stdio[3];
    resultPipe?.on('data', (c: Buffer) => chunks.push(c));
    let outerKilled = false;
    const killer = setTimeout(() => {
      outerKilled = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, spec.limits.wallMs + OUTER_GRACE_MS);
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) => resolve({ code, signal }));
    }).finally(() => clearTimeout(killer));
    const text = Buffer.concat(chunks).toString('utf8').trim();
    if (!text) {
      const why = outerKilled ? 'killed after the wall clock' : `exit ${exit.code ?? exit.signal}`;
      throw new Error(`sandbox gave no result (${why}): ${(await tail(spec.stderrFile, 2000)).trim()}`);
    }
    // The program wrote through the same open file as ours.
    return { report: decodeMeasureReport(text), stdoutBytes: spec.stdoutFd === undefined ? fstatSync(stdout).size : 0 };
  } finally {
    for (const fd of fds) {
      try {
        closeSync(fd);
      } catch {
        // nothing to do: the fd is released either way
      }
    }
  }
}

/** Limit facts common to the drivers. `oomKilled` comes from the memory cgroup when there is one. */
export function toRunResult(spec: Pick<RunSpec, 'limits'>, run: SpawnedRun, oomKilled: boolean): RunResult {
  const { report } = run;
  const sig = os.constants.signals;
  return {
    exitCode: report.exitCode,
    signal: report.signal,
    cpuMs: report.cpuMs,
    wallMs: report.wallMs,
    memoryKb: report.maxRssKb,
    cpuExceeded: report.cpuKilled || report.cpuMs > spec.limits.cpuMs || report.signal === sig.SIGXCPU,
    wallExceeded: report.wallExceeded || report.wallMs > spec.limits.wallMs,
    memoryExceeded: oomKilled || report.maxRssKb > spec.limits.memoryKb,
    outputExceeded: report.signal === sig.SIGXFSZ || run.stdoutBytes >= spec.limits.outputBytes,
    ...(report.endUs !== undefined ? { endedAtUs: report.endUs } : {}),
  };
}
