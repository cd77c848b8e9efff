// Judges one job: compile, run every case in the sandbox, check, and stream status / case / final events.
// Verdicts (CE, WA, TLE, ...) are results; only infrastructure faults throw (the runner turns them into
// System Error).
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { JudgeStatus, ProblemType, type CaseResult, type JudgeEvent, type JudgeJob } from '@oj/proto';
import { checkOutput } from './checker';
import { findLanguage, limitFactor, type LanguageDef } from './languages';
import type { Limits, RunResult, Sandbox } from './sandbox/types';
import { finalVerdict, runVerdict, signalName, type CaseVerdict } from './verdict';

export type FinalEvent = Extract<JudgeEvent, { kind: 'final' }>;

export interface JudgeEventSink {
  /** Resolves once the event is stored. */
  publishEvent(ev: JudgeEvent): Promise<void>;
}

export interface JudgeDeps {
  sandbox: Sandbox;
  /** The languages this runner advertises (detectLanguages()). */
  languages: readonly LanguageDef[];
  /** Parent of the per-submission work dirs. */
  workRoot: string;
  /** Runner id, reported as `judger`. */
  judger: string;
}

/** Compiler messages shown to the user are cut to this many characters. */
export const COMPILE_MESSAGE_MAX = 4096;
/** `userOutput` keeps the first KiB of the program's output. */
export const USER_OUTPUT_MAX = 1024;
const MIN_OUTPUT_LIMIT = 32 * 1024 * 1024;

/** Run limits of a case (hoj-rules §8): doubled for non-C/C++; wall = 3 x CPU + 1 s; output max(2 x expected, 32 MB). */
export function runLimits(job: JudgeJob, lang: LanguageDef, expectedBytes: number): Limits {
  const factor = limitFactor(job.language);
  const cpuMs = job.problem.timeLimitMs * factor;
  const memoryMb = job.problem.memoryLimitMb * factor;
  return {
    cpuMs,
    wallMs: cpuMs * 3 + 1000,
    memoryKb: memoryMb * 1024,
    outputBytes: Math.max(2 * expectedBytes, MIN_OUTPUT_LIMIT),
    processes: lang.runProcesses,
    stackKb: job.problem.stackLimitMb * 1024,
  };
}

async function readHead(file: string, bytes: number): Promise<string> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await fh.close();
  }
}

function compileFailure(r: RunResult, output: string): string | null {
  const text = output.trim();
  const cut = (s: string) => (s.length > COMPILE_MESSAGE_MAX ? `${s.slice(0, COMPILE_MESSAGE_MAX)}\n...` : s);
  if (r.outputExceeded) return cut(`Compiler output limit exceeded\n${text}`);
  if (r.memoryExceeded) return cut(`Compile memory limit exceeded\n${text}`);
  if (r.cpuExceeded || r.wallExceeded) return cut(`Compile time limit exceeded\n${text}`);
  if (r.signal !== null) return cut(`Compiler killed by ${signalName(r.signal)}\n${text}`);
  if (r.exitCode !== 0) return cut(text || `Compiler exited with code ${r.exitCode}`);
  return null;
}

/** Judges `job`, publishing every event to `sink`; resolves with the final event once it is published. */
export async function judge(job: JudgeJob, sink: JudgeEventSink, deps: JudgeDeps): Promise<FinalEvent> {
  const head = { submitId: job.submitId, version: job.version, judger: deps.judger };
  const lang = deps.languages.find((l) => l.name === job.language) ?? null;
  if (!lang) throw new Error(`language "${job.language}" is not available on runner ${deps.judger}${findLanguage(job.language) ? '' : ' (unknown)'}`);
  const cases = [...job.problem.cases].sort((a, b) => a.index - b.index);
  if (cases.length === 0) throw new Error(`problem ${job.problem.problemId} has no test cases`);
  const isOi = job.problem.type === ProblemType.OI;

  // Layout: <root>/<sub>/box is the sandbox's /w; data/ and io/ are root-only and never mounted.
  await mkdir(deps.workRoot, { recursive: true });
  await chmod(deps.workRoot, 0o711);
  const dir = path.join(deps.workRoot, `s${job.submitId}-v${job.version}-${randomBytes(4).toString('hex')}`);
  const box = path.join(dir, 'box');
  const data = path.join(dir, 'data');
  const io = path.join(dir, 'io');
  await mkdir(dir, { mode: 0o711 });
  try {
    await mkdir(box, { mode: 0o700 });
    await mkdir(data, { mode: 0o700 });
    await mkdir(io, { mode: 0o700 });
    await writeFile(path.join(box, lang.sourceFile), job.code);

    await sink.publishEvent({ kind: 'status', ...head, status: JudgeStatus.COMPILING, casesTotal: cases.length });
    if (lang.compile) {
      const l = lang.compileLimits;
      const out = path.join(io, 'compile.out');
      const r = await deps.sandbox.run({
        argv: lang.compile,
        workDir: box,
        writableWorkDir: true,
        stdoutFile: out,
        stderrFile: out,
        limits: { cpuMs: l.cpuMs, wallMs: l.wallMs, memoryKb: l.memoryMb * 1024, outputBytes: l.outputBytes, processes: l.processes, stackKb: 65536 },
        env: lang.env,
        addressSpaceLimit: lang.addressSpaceLimit,
      });
      const message = compileFailure(r, await readHead(out, COMPILE_MESSAGE_MAX + 1024));
      if (message !== null) {
        const final: FinalEvent = {
          kind: 'final',
          ...head,
          status: JudgeStatus.COMPILE_ERROR,
          score: isOi ? 0 : null,
          time: null,
          memory: null,
          errorMessage: message,
          cases: [],
        };
        await sink.publishEvent(final);
        return final;
      }
    }

    await sink.publishEvent({ kind: 'status', ...head, status: JudgeStatus.JUDGING, casesTotal: cases.length });
    const results: CaseResult[] = [];
    for (const c of cases) {
      const input = path.join(data, `${c.index}.in`);
      await writeFile(input, c.input, { mode: 0o600 });
      await writeFile(path.join(data, `${c.index}.out`), c.output, { mode: 0o600 });
      const limits = runLimits(job, lang, Buffer.byteLength(c.output));
      const stdout = path.join(io, `${c.index}.out`);
      const stderr = path.join(io, `${c.index}.err`);
      const r = await deps.sandbox.run({
        argv: lang.run({ memoryMb: limits.memoryKb / 1024, stackMb: job.problem.stackLimitMb }),
        workDir: box,
        writableWorkDir: false,
        stdinFile: input,
        stdoutFile: stdout,
        stderrFile: stderr,
        limits,
        env: lang.env,
        addressSpaceLimit: lang.addressSpaceLimit,
        etc: lang.runEtc,
      });
      const outOfMemory = lang.outOfMemoryPattern !== undefined && r.exitCode !== 0 && lang.outOfMemoryPattern.test(await readHead(stderr, 64 * 1024));
      let verdict: CaseVerdict | null = runVerdict(r, { outOfMemory });
      if (verdict === null) {
        const actual = await readFile(stdout, 'utf8');
        verdict = { status: checkOutput(c.output, actual, { isRemoveEndBlank: job.problem.isRemoveEndBlank }) };
      }
      const result: CaseResult = {
        caseId: c.caseId,
        index: c.index,
        status: verdict.status,
        time: r.cpuMs,
        memory: r.memoryKb,
        score: verdict.status === JudgeStatus.ACCEPTED ? c.score : 0,
        groupNum: c.groupNum,
        userOutput: await readHead(stdout, USER_OUTPUT_MAX),
        ...(verdict.message ? { message: verdict.message } : {}),
      };
      results.push(result);
      await sink.publishEvent({ kind: 'case', ...head, total: cases.length, case: result });
      // ACM stops at the first failing case: its verdict is already decided.
      if (!isOi && verdict.status !== JudgeStatus.ACCEPTED) break;
    }
    const v = finalVerdict(job.problem.type, results);
    const final: FinalEvent = { kind: 'final', ...head, ...v, errorMessage: null, cases: results };
    await sink.publishEvent(final);
    return final;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
