// Verdict matrix, subtasks (OI): a subtask that depends on others is judged after them and scores only when they are
// all passed — otherwise its cases are not run and show as Skipped (status −4, score 0), and so are the subtasks that
// depend on it; subtask_lowest also skips the rest of a subtask after its first failing case (its score is its lowest
// case), subtask_average runs it to the end.
import { describe, expect, it } from 'vitest';
import { JudgeStatus, ProblemType, type JudgeCaseMode, type JudgeJob } from '@oj/proto';
import { kase, matrixEnv } from './matrix-env';

const env = matrixEnv('matrix-subtasks', 25_300);
const { ACCEPTED: AC, WRONG_ANSWER: WA, CANCELLED: SKIPPED, PARTIAL_ACCEPTED: PA } = JudgeStatus;

/** Prints 2n, except for n = 15 (wrong). */
const DOUBLE = 'n = int(input())\nprint(2 * n + (1 if n == 15 else 0))\n';
const ALL_RIGHT = 'n = int(input())\nprint(2 * n)\n';
const io = (n: number) => [`${n}\n`, `${2 * n}\n`] as const;

// Group 3 comes first by index but depends on group 2, which depends on group 1; group 4 depends on nothing.
// Case 3 (n = 15, group 2) is the one DOUBLE gets wrong.
const CASES = [
  kase(1, ...io(6), 20, 3),
  kase(2, ...io(7), 20, 3),
  kase(3, ...io(15), 20, 2),
  kase(4, ...io(4), 20, 2),
  kase(5, ...io(1), 5, 1),
  kase(6, ...io(2), 5, 1),
  kase(7, ...io(8), 10, 4),
];
const DEPENDENCIES = [{ groupNum: 3, dependencies: [2] }, { groupNum: 2, dependencies: [1] }];

function job(code: string, judgeCaseMode: JudgeCaseMode, over: Partial<JudgeJob['problem']> = {}): JudgeJob {
  return env.job('Python3', code, { type: ProblemType.OI, judgeCaseMode, cases: CASES, ioScore: 100, subtaskDependencies: DEPENDENCIES, ...over });
}

const view = (cases: { index: number; status: number; score: number; message?: string }[]) => cases.map((c) => [c.index, c.status, c.score, c.message ?? '']);

describe('verdict matrix: subtask dependencies and skipping', () => {
  it('subtask_lowest: dependencies first; a failed subtask skips its rest and every subtask depending on it', async () => {
    if (!env.has('Python3')) return;
    const final = await env.run(job(DOUBLE, 'subtask_lowest'));
    // Judging order: group 1, then 2 (needs 1), then 3 (needs 2), then 4.
    expect(view(final.cases)).toEqual([
      [5, AC, 5, ''],
      [6, AC, 5, ''],
      [3, WA, 0, ''],
      [4, SKIPPED, 0, 'Skipped'],
      [1, SKIPPED, 0, 'Skipped: subtask 2 is not passed'],
      [2, SKIPPED, 0, 'Skipped: subtask 2 is not passed'],
      [7, AC, 10, ''],
    ]);
    expect(final).toMatchObject({ status: PA, score: 5 + 0 + 0 + 10 });
  });

  it('subtask_average: the failed subtask runs to the end, its dependants are still skipped (score 0)', async () => {
    if (!env.has('Python3')) return;
    const final = await env.run(job(DOUBLE, 'subtask_average'));
    expect(view(final.cases).map(([i, s]) => [i, s])).toEqual([[5, AC], [6, AC], [3, WA], [4, AC], [1, SKIPPED], [2, SKIPPED], [7, AC]]);
    // Σ rounded group averages: group 1 5, group 2 (0 + 20) / 2 = 10, group 3 0 (skipped), group 4 10.
    expect(final).toMatchObject({ status: PA, score: 25 });
  });

  it('every dependency passed: nothing is skipped, full marks', async () => {
    if (!env.has('Python3')) return;
    for (const mode of ['subtask_lowest', 'subtask_average'] as const) {
      const final = await env.run(job(ALL_RIGHT, mode));
      expect(final.cases.every((c) => c.status === AC), mode).toBe(true);
      expect(final).toMatchObject({ status: AC, score: 5 + 20 + 20 + 10 });
    }
  });

  it('without dependencies the subtasks are independent: only the failed subtask\'s rest is skipped', async () => {
    if (!env.has('Python3')) return;
    const final = await env.run(job(DOUBLE, 'subtask_lowest', { subtaskDependencies: undefined }));
    expect(view(final.cases).map(([i, s]) => [i, s])).toEqual([[1, AC], [2, AC], [3, WA], [4, SKIPPED], [5, AC], [6, AC], [7, AC]]);
    expect(final.score).toBe(20 + 0 + 5 + 10);
  });

  it('dependencies mean nothing outside the OI subtask modes', async () => {
    if (!env.has('Python3')) return;
    const final = await env.run(job(DOUBLE, 'default'));
    expect(final.cases.map((c) => c.status)).toEqual([AC, AC, WA, AC, AC, AC, AC]);
  });
});
