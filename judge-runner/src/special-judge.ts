// Special judge: a checker decides each case from the input, the user's output and the answer file. Checkers in C/C++
// or any other language of the runner (testlib-style; helper-programs.ts builds them) run in the sandbox as
// `<checker> <std_input> <user_output> <std_output>` (a C/C++ one as /w/spj) under their own limits; JavaScript
// checkers run in isolated-vm (js-checker.ts). Exit codes (testlib), whatever the language:
//   0 AC · 1 WA · 2 PE · 4 (testlib "dirt") and 8 (unexpected EOF) PE · 7 partial: points p in [0, 1] printed as
//   `points p` (or the first number) on stderr/stdout → Partial Accepted scoring ⌊p × case score⌋ (p ≥ 1: AC) ·
//   3 (judge fail), any other code, a signal or a blown checker limit → System Error.
// A HUSTOJ special judge (protocol `hustoj`, from FPS files) runs as `<spj> <std_input> <std_output> <user_output>`:
// exit 0 AC, any other exit code WA; a signal or a blown limit is still System Error.
// A QDUOJ special judge (protocol `qduoj`, from QDUOJ exports) runs as `<spj> <std_input> <user_output>` with the input
// also on stdin, as QDUOJ's JudgeServer runs it: exit 0 AC, 1 WA, any other exit code (its ERROR is -1, 255) System Error.
// The checker's message (stderr, then stdout; first KiB) is kept as the case's message.
import { chmod, copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { JudgeStatus, type CheckerProtocol, type JudgeJob } from '@oj/proto';
import { helperBox, helperRun, type HelperProgram } from './helper-programs';
import { signalName } from './verdict';
import type { Limits, RunResult, Sandbox } from './sandbox/types';
import { readHead } from './read-head';

export interface CheckerOutcome {
  status: number;
  /** Fraction of the case's score, for Partial Accepted. */
  points?: number;
  message?: string;
}

/** Host files of one case for the checker. `answer` is the expected output's bytes, as uploaded. */
export interface CheckerCase {
  index: number;
  inputFile: string;
  userOutputFile: string;
  answer: Buffer;
}

export interface Checker {
  check(c: CheckerCase): Promise<CheckerOutcome>;
  close(): Promise<void>;
}

export const CHECKER_MESSAGE_MAX = 1024;

/** The partial points a checker printed: `points 0.5` (testlib's quitp), else the first number; null when none. */
export function parsePoints(text: string): number | null {
  const m = /\bpoints\s+([-+]?\d*\.?\d+(?:[eE][-+]?\d+)?)/.exec(text) ?? /([-+]?\d*\.?\d+(?:[eE][-+]?\d+)?)/.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isFinite(n) ? n : null;
}

/** A partial result with points p: AC when p ≥ 1, else Partial Accepted with p clamped to [0, 1]. */
export function partialOutcome(points: number, message: string): CheckerOutcome {
  if (points >= 1) return { status: JudgeStatus.ACCEPTED, message };
  return { status: JudgeStatus.PARTIAL_ACCEPTED, points: Math.max(0, points), message };
}

const cut = (s: string) => (s.length > CHECKER_MESSAGE_MAX ? s.slice(0, CHECKER_MESSAGE_MAX) : s);

/** The verdict of a case from how the checker (or interactor) ended and what it printed. */
export function checkerVerdict(r: RunResult, printed: string, who: 'checker' | 'interactor' = 'checker'): CheckerOutcome {
  const message = cut(printed.trim());
  const fail = (why: string): CheckerOutcome => ({ status: JudgeStatus.SYSTEM_ERROR, message: cut(`${who} ${why}${message ? `: ${message}` : ''}`) });
  if (r.cpuExceeded || r.wallExceeded) return fail('time limit exceeded');
  if (r.memoryExceeded) return fail('memory limit exceeded');
  if (r.outputExceeded) return fail('output limit exceeded');
  if (r.signal !== null) return fail(`killed by ${signalName(r.signal)}`);
  const withMessage = (status: number): CheckerOutcome => (message ? { status, message } : { status });
  switch (r.exitCode) {
    case 0:
      return withMessage(JudgeStatus.ACCEPTED);
    case 1:
      return withMessage(JudgeStatus.WRONG_ANSWER);
    case 2:
    case 4:
    case 8:
      return withMessage(JudgeStatus.PRESENTATION_ERROR);
    case 7: {
      const points = parsePoints(printed);
      return points === null ? fail('gave a partial result without points') : partialOutcome(points, message);
    }
    case 3:
      return fail('failed');
    default:
      return fail(`exited with code ${r.exitCode}`);
  }
}

/** The verdict of a case from how a HUSTOJ special judge ended: exit 0 accepts, any other exit code rejects. */
export function hustojVerdict(r: RunResult, printed: string): CheckerOutcome {
  // checkerVerdict judges a signal or a blown limit before the exit code, so only the code needs mapping.
  return checkerVerdict(r.exitCode !== null && r.exitCode !== 0 ? { ...r, exitCode: 1 } : r, printed);
}

/** The verdict of a case from how a QDUOJ special judge ended: exit 0 accepts, 1 rejects, any other code is its error. */
export function qduojVerdict(r: RunResult, printed: string): CheckerOutcome {
  return checkerVerdict(r.exitCode !== null && r.exitCode !== 0 && r.exitCode !== 1 ? { ...r, exitCode: 3 } : r, printed);
}

/** How a compiled checker of each protocol but kattis (kattis-validator.ts) is called: its arguments, its stdin, its verdict. */
const CALLS: Record<Exclude<CheckerProtocol, 'kattis'>, { args: string[]; stdin: boolean; verdict: (r: RunResult, printed: string) => CheckerOutcome }> = {
  testlib: { args: ['/w/data/std_input', '/w/data/user_output', '/w/data/std_output'], stdin: false, verdict: checkerVerdict },
  hustoj: { args: ['/w/data/std_input', '/w/data/std_output', '/w/data/user_output'], stdin: false, verdict: hustojVerdict },
  qduoj: { args: ['/w/data/std_input', '/w/data/user_output'], stdin: true, verdict: qduojVerdict },
};

/** Checker / interactor run limits: CPU max(5 s, 2 × the time limit), memory max(512 MB, the problem's). */
export function helperLimits(problem: JudgeJob['problem'], outputBytes = 16 * 1024 * 1024): Limits {
  const cpuMs = Math.max(5000, 2 * problem.timeLimitMs);
  return { cpuMs, wallMs: 2 * cpuMs + 1000, memoryKb: Math.max(512, problem.memoryLimitMb) * 1024, outputBytes, processes: 16, stackKb: Math.max(65536, problem.stackLimitMb * 1024) };
}


/**
 * A compiled checker run in `sandbox` (not the slot's warm one) with `box` (a fresh directory) as /w: testlib-style,
 * or called and read as HUSTOJ or QDUOJ call theirs (`protocol`).
 */
export async function testlibChecker(opts: { sandbox: Sandbox; helper: HelperProgram; box: string; io: string; problem: JudgeJob['problem']; protocol?: Exclude<CheckerProtocol, 'kattis'> }): Promise<Checker> {
  const { sandbox, box, io, problem } = opts;
  const call = CALLS[opts.protocol ?? 'testlib'];
  await helperBox(box, opts.helper, 'spj', problem.judgeExtraFile);
  const data = path.join(box, 'data');
  return {
    async check(c) {
      // Plain copies, readable by the sandbox uid: the originals stay root-only.
      await copyFile(c.inputFile, path.join(data, 'std_input'));
      await copyFile(c.userOutputFile, path.join(data, 'user_output'));
      await writeFile(path.join(data, 'std_output'), c.answer);
      for (const f of ['std_input', 'user_output', 'std_output']) await chmod(path.join(data, f), 0o644);
      const out = path.join(io, `${c.index}.spj.out`);
      const err = path.join(io, `${c.index}.spj.err`);
      const r = await sandbox.run({
        ...helperRun(opts.helper, 'spj', call.args, helperLimits(problem)),
        ...(call.stdin ? { stdinFile: path.join(data, 'std_input') } : {}),
        workDir: box,
        writableWorkDir: false,
        stdoutFile: out,
        stderrFile: err,
      });
      const printed = `${await readHead(err, CHECKER_MESSAGE_MAX, '')}\n${await readHead(out, CHECKER_MESSAGE_MAX, '')}`;
      return call.verdict(r, printed);
    },
    async close() {},
  };
}
