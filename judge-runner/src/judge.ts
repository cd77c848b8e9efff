// Judges one job: compile, run every case in the sandbox, check, and stream status / case / final events.
// Verdicts (CE, WA, TLE, ...) are results; only infrastructure faults throw (the runner turns them into
// System Error).
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { earnedScore, JudgeStatus, ProblemType, type CaseResult, type JudgeEvent, type JudgeJob } from '@oj/proto';
import { CaseGate, judgingOrder } from './case-modes';
import { checkOutput } from './checker';
import { checkExtraFileNames, writeExtraFiles } from './helper-programs';
import { interactiveCaseVerdict, runInteractive, type InteractiveRun } from './interactive';
import { fileIoCase, prepareJudgeMode, readProgramFile, type PreparedMode } from './judge-modes';
import type { CompileAssets } from './compile-assets';
import type { CompileCache } from './compile-cache';
import { compileProgram } from './compile-step';
import { findLanguage, type LanguageDef } from './languages';
import { runLimits, type LimitsPolicy } from './limits';
import type { RunResult, RunSpec, Sandbox, WarmSandbox } from './sandbox/types';
import type { CachedTestdata, TestdataCache } from './testdata/cache';
import { acquireTestdata, caseData } from './testdata/case-data';
import { finalVerdict, runVerdict, type CaseVerdict } from './verdict';
import { readHead } from './read-head';

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
  /** Start of the work dir's name: the slot's (work-dirs.ts), so a later runner can sweep what a killed one left. */
  dirPrefix?: string;
  /** Runner id, reported as `judger`. */
  judger: string;
  /** Cache of uploaded test-data versions (jobs with `problem.testdata` need it). */
  testdata?: TestdataCache;
  /** Compiles already done, shared by the runner's slots (compile-cache.ts); none: every job compiles. */
  compileCache?: CompileCache;
  /** Precompiled headers and the like, built once per runner (compile-assets.ts); none: compiles go without. */
  compileAssets?: CompileAssets;
  /**
   * Where checkers and interactors run: the slot's helper sandbox (its own uid and cgroups, runner.ts), since an
   * interactor runs beside the program and the slot's cgroups may be held by its warm sandbox. Default: `sandbox`.
   */
  helperSandbox?: Sandbox;
  /** Wall and output allowance of a case (the runner's OJ_RUNNER_WALL_* / OJ_RUNNER_MIN_OUTPUT_MB); default HOJ's. */
  limits?: LimitsPolicy;
}

/** `userOutput` keeps the first KiB of the program's output. */
export const USER_OUTPUT_MAX = 1024;
/** Judges `job`, publishing every event to `sink`; resolves with the final event once it is published. */
export async function judge(job: JudgeJob, sink: JudgeEventSink, deps: JudgeDeps): Promise<FinalEvent> {
  const head = { submitId: job.submitId, version: job.version, judger: deps.judger };
  // Per-case events unless the job asks for the verdict only (bulk rejudges: see JudgeJob.progress).
  const liveCases = job.progress !== 'verdict';
  const lang = deps.languages.find((l) => l.name === job.language) ?? null;
  if (!lang) throw new Error(`language "${job.language}" is not available on runner ${deps.judger}${findLanguage(job.language) ? '' : ' (unknown)'}`);
  const cases = judgingOrder(job.problem, job.problem.cases);
  if (cases.length === 0) throw new Error(`problem ${job.problem.problemId} has no test cases`);
  const isOi = job.problem.type === ProblemType.OI;

  // Layout: <root>/<sub>/box is the sandbox's /w; data/ and io/ are root-only and never mounted.
  await mkdir(deps.workRoot, { recursive: true });
  await chmod(deps.workRoot, 0o711);
  const dir = path.join(deps.workRoot, `${deps.dirPrefix ?? ''}s${job.submitId}-v${job.version}-${randomBytes(4).toString('hex')}`);
  const box = path.join(dir, 'box');
  const data = path.join(dir, 'data');
  const io = path.join(dir, 'io');
  let testdata: CachedTestdata | null = null;
  let warm: WarmSandbox | null = null;
  let mode: PreparedMode | null = null;
  // Work kept for after the verdict is out (the compile cache's copy of /w).
  const afterVerdict: Array<() => Promise<void>> = [];
  await mkdir(dir, { mode: 0o711 });
  try {
    await mkdir(box, { mode: 0o700 });
    await mkdir(data, { mode: 0o700 });
    await mkdir(io, { mode: 0o700 });
    await writeFile(path.join(box, lang.sourceFile), job.code);
    // User extra files are the program's: in /w when compiling and running.
    checkExtraFileNames(job.problem.userExtraFile, [lang.sourceFile, 'main']);
    await writeExtraFiles(box, job.problem.userExtraFile);

    await sink.publishEvent({ kind: 'status', ...head, status: JudgeStatus.COMPILING, casesTotal: cases.length });
    // A compile already done (same source, language and toolchain) is taken from the cache; not with user extra files.
    const cache = Object.keys(job.problem.userExtraFile ?? {}).length > 0 ? undefined : deps.compileCache;
    const message = await compileProgram({ lang, code: job.code, box, io, sandbox: deps.sandbox, cache, assets: deps.compileAssets, later: (w) => afterVerdict.push(w) });
    if (message !== null) {
      const final: FinalEvent = { kind: 'final', ...head, status: JudgeStatus.COMPILE_ERROR, score: isOi ? 0 : null, time: null, memory: null, errorMessage: message, cases: [] };
      await sink.publishEvent(final);
      return final;
    }

    const prepared = await prepareJudgeMode(job, { sandbox: deps.sandbox, helperSandbox: deps.helperSandbox, languages: deps.languages, workRoot: deps.workRoot, dir, io });
    if (!prepared.ok) {
      // The problem's checker or interactor is broken: ours, not the user's.
      const final: FinalEvent = { kind: 'final', ...head, status: JudgeStatus.SYSTEM_ERROR, score: null, time: null, memory: null, errorMessage: prepared.message, cases: [] };
      await sink.publishEvent(final);
      return final;
    }
    mode = prepared.mode;
    const p = job.problem;
    // The warm sandbox runs plain cases only: not an interactive pair, nor a file IO case's fresh /w; and it holds the
    // slot's cgroups, so a checker needs a sandbox of its own (helperSandbox) beside it.
    const useWarm = p.judgeMode !== 'interactive' && !p.isFileIO && (p.judgeMode === 'default' || deps.helperSandbox !== undefined);
    await sink.publishEvent({ kind: 'status', ...head, status: JudgeStatus.JUDGING, casesTotal: cases.length });
    const results: CaseResult[] = [];
    // Skips the rest of a failed subtask (subtask_lowest) and the subtasks whose dependencies are not passed.
    const gate = new CaseGate(p, cases);
    testdata = await acquireTestdata(job, deps.testdata);
    for (const c of cases) {
      const skipped = gate.skip(c);
      if (skipped) {
        results.push(skipped);
        gate.record(c, skipped);
        if (liveCases) await sink.publishEvent({ kind: 'case', ...head, total: cases.length, case: skipped });
        continue;
      }
      const { inputFile: input, expected } = await caseData(c, data, testdata);
      const limits = runLimits(job, lang, expected.length, deps.limits);
      const stdout = path.join(io, `${c.index}.out`);
      const stderr = path.join(io, `${c.index}.err`);
      const runSpec: RunSpec = {
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
      };
      let r: RunResult;
      let interactive: InteractiveRun | null = null;
      if (p.judgeMode === 'interactive' && mode.interactor) {
        const { stdinFile: _in, stdoutFile: _out, ...programSpec } = runSpec;
        interactive = await runInteractive({ programSandbox: deps.sandbox, programSpec, interactorSandbox: mode.helperSandbox, interactor: mode.interactor, dir, io, index: c.index, inputFile: input, answer: expected, problem: p });
        r = interactive.program;
        await writeFile(stdout, '');
      } else if (p.isFileIO) {
        // File IO: the program reads and writes files in a fresh /w of its own (judge-modes.ts).
        const fio = await fileIoCase({ box, dir, index: c.index, inputFile: input, problem: p });
        r = await deps.sandbox.run({ ...runSpec, stdinFile: undefined, workDir: fio.workDir, writableWorkDir: true, readonlyBinds: fio.readonlyBinds });
        await writeFile(stdout, await readProgramFile(fio.outputFile));
        await rm(fio.workDir, { recursive: true, force: true });
      } else {
        // One warm sandbox runs every case (sandbox/warm.ts); drivers without one run each case in a sandbox of its own.
        r = deps.sandbox.openWarm && useWarm
          ? await (warm ??= await deps.sandbox.openWarm({ ...runSpec, ioDir: path.join(dir, 'warm') })).run(runSpec)
          : await deps.sandbox.run(runSpec);
      }
      // MLE from the measured peak and the limit (or the cgroup's OOM kill), never from what the program printed.
      let verdict: (CaseVerdict & { points?: number }) | null = runVerdict(r);
      if (interactive) verdict = interactiveCaseVerdict(interactive, verdict);
      else if (verdict === null && mode.checker) verdict = await mode.checker.check({ index: c.index, inputFile: input, userOutputFile: stdout, answer: expected });
      else if (verdict === null) {
        const actual = await readFile(stdout);
        verdict = { status: checkOutput(expected, actual, { isRemoveEndBlank: job.problem.isRemoveEndBlank }) };
      }
      const result: CaseResult = {
        caseId: c.caseId,
        index: c.index,
        status: verdict.status,
        time: r.cpuMs,
        memory: r.memoryKb,
        score: earnedScore(verdict.status, c.score, verdict.points),
        groupNum: c.groupNum,
        userOutput: await readHead(stdout, USER_OUTPUT_MAX),
        ...(verdict.message ? { message: verdict.message } : {}),
      };
      results.push(result);
      if (liveCases) await sink.publishEvent({ kind: 'case', ...head, total: cases.length, case: result });
      // ACM and ergodic_without_error stop at the first failing case; subtask_lowest skips the rest of its group.
      if (gate.record(c, result) === 'stop') break;
    }
    const v = finalVerdict(p.type, results, { mode: p.judgeCaseMode, ioScore: p.ioScore });
    const final: FinalEvent = { kind: 'final', ...head, ...v, errorMessage: null, cases: results };
    await sink.publishEvent(final);
    return final;
  } finally {
    // The cache is an optimisation: a copy that fails costs a later compile, never this verdict.
    for (const work of afterVerdict) await work().catch(() => {});
    await warm?.close();
    await mode?.close();
    testdata?.release();
    await rm(dir, { recursive: true, force: true });
  }
}
