// JavaScript checkers, run in isolated-vm: a bare V8 isolate with its own heap limit and a time limit, no
// process, no require, no file system. The checker's code defines a global function
//   check(input, output, answer, extraFiles) → true | false | { verdict: 'AC'|'WA'|'PE'|'PA', points?, message? }
//   (input, output and answer as UTF-8 text; the built-in checkers and the other checkers' files keep the bytes)
// (`points` in [0, 1] for PA; `extraFiles` is the problem's judge extra files, name → content). A fresh context per
// case, so nothing carries over between cases. A throw, a bad answer, the time or memory limit → System Error.
import { readFile } from 'node:fs/promises';
import type IsolatedVm from 'isolated-vm';
import { JudgeStatus } from '@oj/proto';
import type { Checker, CheckerCase, CheckerOutcome } from './special-judge';
import { CHECKER_MESSAGE_MAX, partialOutcome } from './special-judge';

type Ivm = typeof IsolatedVm;

export interface JsCheckerLimits {
  /** Heap of the isolate (the case's input, output and answer are copied into it). */
  memoryMb: number;
  /** Wall time of one `check` call (script run included). */
  timeoutMs: number;
}

export const JS_CHECKER_LIMITS: JsCheckerLimits = { memoryMb: 256, timeoutMs: 5000 };

const VERDICTS: Record<string, number> = { AC: JudgeStatus.ACCEPTED, WA: JudgeStatus.WRONG_ANSWER, PE: JudgeStatus.PRESENTATION_ERROR };

/** The verdict of what `check` returned. */
export function jsCheckerOutcome(value: unknown): CheckerOutcome {
  if (value === true) return { status: JudgeStatus.ACCEPTED };
  if (value === false) return { status: JudgeStatus.WRONG_ANSWER };
  if (value && typeof value === 'object' && 'verdict' in value) {
    const v = value as { verdict: unknown; points?: unknown; message?: unknown };
    const message = typeof v.message === 'string' ? v.message.slice(0, CHECKER_MESSAGE_MAX) : undefined;
    const withMessage = (status: number): CheckerOutcome => (message ? { status, message } : { status });
    if (typeof v.verdict === 'string' && v.verdict in VERDICTS) return withMessage(VERDICTS[v.verdict]!);
    if (v.verdict === 'PA' && typeof v.points === 'number' && Number.isFinite(v.points)) return partialOutcome(v.points, message ?? '');
  }
  return { status: JudgeStatus.SYSTEM_ERROR, message: 'checker returned an invalid result' };
}

async function loadIvm(): Promise<Ivm> {
  const mod = (await import('isolated-vm')) as Ivm & { default?: Ivm };
  return mod.default ?? mod;
}

/** Compiles the checker once; `{ ok: false }` when it does not parse. */
export async function createJsChecker(code: string, extraFiles: Record<string, string> | undefined, limits: JsCheckerLimits = JS_CHECKER_LIMITS): Promise<{ ok: true; checker: Checker } | { ok: false; message: string }> {
  const ivm = await loadIvm();
  let isolate = new ivm.Isolate({ memoryLimit: limits.memoryMb });
  try {
    await isolate.compileScript(code, { filename: 'checker.js' });
  } catch (e) {
    isolate.dispose();
    return { ok: false, message: `checker compile error: ${(e as Error).message}`.slice(0, CHECKER_MESSAGE_MAX) };
  }
  const extra = extraFiles ?? {};
  return {
    ok: true,
    checker: {
      async check(c: CheckerCase): Promise<CheckerOutcome> {
        // A checker that blew its heap leaves a disposed isolate: the next case gets a new one.
        if (isolate.isDisposed) isolate = new ivm.Isolate({ memoryLimit: limits.memoryMb });
        const output = await readFile(c.userOutputFile, 'utf8');
        const input = await readFile(c.inputFile, 'utf8');
        const context = await isolate.createContext();
        const started = Date.now();
        try {
          const script = await isolate.compileScript(code, { filename: 'checker.js' });
          await script.run(context, { timeout: limits.timeoutMs });
          const check = await context.global.get('check', { reference: true });
          if (check.typeof !== 'function') return { status: JudgeStatus.SYSTEM_ERROR, message: 'checker defines no check() function' };
          const left = Math.max(1, limits.timeoutMs - (Date.now() - started));
          const value: unknown = await check.apply(undefined, [input, output, c.answer.toString('utf8'), extra], { arguments: { copy: true }, result: { copy: true }, timeout: left });
          return jsCheckerOutcome(value);
        } catch (e) {
          const why = isolate.isDisposed ? 'memory limit exceeded' : (e as Error).message;
          return { status: JudgeStatus.SYSTEM_ERROR, message: `checker failed: ${why}`.slice(0, CHECKER_MESSAGE_MAX) };
        } finally {
          if (!isolate.isDisposed) context.release();
        }
      },
      async close() {
        if (!isolate.isDisposed) isolate.dispose();
      },
    },
  };
}
