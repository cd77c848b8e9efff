// Compiling a problem's checker or interactor on a judge runner (`compile-spj`, `compile-interactive`, and every
// save whose checker changed): a compile-only online-test job on the `test` lane; the answer is read back from the
// online-test row, so any services process may receive it.
import { randomUUID } from 'node:crypto';
import { isCheckerLanguage, JudgeStatus, OjError, TEST_JOB_SUBMIT_ID, type CheckerProtocol, type JudgeJob } from '@oj/proto';
import type { ServiceContext } from '../context';
import { deleteTestRun, insertTestRun, ownTestRun } from '../submission/test-judge.repo';

export interface CheckerSource {
  kind: 'spj' | 'interactive';
  language: string;
  code: string;
  judgeExtraFile: Record<string, string> | null;
  /** The problem it belongs to (0 for a problem not saved yet). */
  pid: number;
  /** `kattis`: built as a Kattis validator (not a JavaScript checker). Default testlib (a HUSTOJ one builds alike). */
  protocol?: CheckerProtocol;
}

const WAIT_MS = 90_000;
const POLL_MS = 200;


/** Compiles `src` on a runner as `uid`; throws PROBLEM_CHECKER_COMPILE with the compiler's message when it fails. */
export async function compileChecker(ctx: ServiceContext, src: CheckerSource, uid: string, opts: { waitMs?: number } = {}): Promise<void> {
  const { db, transport } = ctx;
  if (!isCheckerLanguage(src.language)) throw new OjError('PROBLEM_CHECKER_COMPILE', { reason: 'LANGUAGE', language: src.language });
  if (!transport.consumeTestResults) throw new OjError('PROBLEM_CHECKER_UNAVAILABLE');
  const key = `COMPILE_${randomUUID().replaceAll('-', '')}`;
  const waitMs = opts.waitMs ?? WAIT_MS;
  await insertTestRun(db, { key, uid, pid: src.pid, status: JudgeStatus.PENDING, result: { status: JudgeStatus.PENDING }, expiresAt: new Date(Date.now() + waitMs + 60_000) });
  const job: JudgeJob = {
    submitId: TEST_JOB_SUBMIT_ID,
    version: 1,
    lane: 'test',
    language: 'C',
    code: '',
    problem: {
      pid: src.pid,
      problemId: 'compile-check',
      type: 0,
      judgeMode: src.kind,
      judgeCaseMode: 'default',
      timeLimitMs: 1000,
      memoryLimitMb: 256,
      stackLimitMb: 128,
      isRemoveEndBlank: true,
      caseVersion: `compile-${key}`,
      cases: [],
      spjLanguage: src.language,
      spjCode: src.code,
      ...(src.protocol === 'kattis' ? { checkerProtocol: 'kattis' as const } : {}),
      ...(src.judgeExtraFile ? { judgeExtraFile: src.judgeExtraFile } : {}),
    },
    enqueuedAt: Date.now(),
    testJudge: { key, hasExpected: false },
    compileCheck: true,
  };
  try {
    await transport.enqueueJob('test', job);
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      const row = await ownTestRun(db, key, uid);
      if (row && row.status !== JudgeStatus.PENDING) {
        const result = (row.result ?? {}) as { stderr?: string };
        if (row.status === JudgeStatus.ACCEPTED) return;
        throw new OjError('PROBLEM_CHECKER_COMPILE', (result.stderr ?? '').trim() ? { detail: (result.stderr ?? '').trim() } : { reason: 'NO_MESSAGE' });
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    throw new OjError('PROBLEM_CHECKER_UNAVAILABLE');
  } finally {
    await deleteTestRun(db, key).catch(() => undefined);
  }
}
