import { describe, expect, it } from 'vitest';
import { JudgeStatus } from './judge-status';
import { earnedScore, fullScore, oiRankScore, submissionScore, submissionStatus, subtaskSummaries, type ScoredCase } from './scoring';

const c = (index: number, status: number, score: number, groupNum: number | null = null, time = 0, memory = 0) => ({ index, status, score, groupNum, time, memory });
const AC = JudgeStatus.ACCEPTED;
const WA = JudgeStatus.WRONG_ANSWER;
const PA = JudgeStatus.PARTIAL_ACCEPTED;
const SKIP = JudgeStatus.CANCELLED;

describe('earnedScore', () => {
  it('full score for AC, ⌊points × score⌋ for PA, 0 otherwise', () => {
    expect(earnedScore(AC, 30)).toBe(30);
    expect(earnedScore(PA, 30, 0.55)).toBe(16);
    expect(earnedScore(PA, 30, 1.7)).toBe(30);
    expect(earnedScore(PA, 30)).toBe(0);
    expect(earnedScore(WA, 30, 0.5)).toBe(0);
  });
});

describe('submissionStatus', () => {
  it('ACM: first failing by index; OI: PA unless all fail', () => {
    expect(submissionStatus(0, [c(2, WA, 0), c(1, 1, 0)])).toBe(1);
    expect(submissionStatus(0, [c(1, AC, 0)])).toBe(AC);
    expect(submissionStatus(1, [c(1, AC, 10), c(2, WA, 0)])).toBe(PA);
    expect(submissionStatus(1, [c(1, 3, 0), c(2, WA, 0)])).toBe(3);
    expect(submissionStatus(1, [c(1, PA, 5), c(2, PA, 5)])).toBe(PA);
    expect(submissionStatus(1, [c(1, AC, 10), c(2, SKIP, 0)])).toBe(PA);
  });
});

describe('submissionScore (hand-checked)', () => {
  // groups: 1 → [20, 20] (both AC), 2 → [20, 0, 10] (AC, WA, PA half), 3 → [0, 0] (WA, skipped)
  const cases: ScoredCase[] = [c(1, AC, 20, 1), c(2, AC, 20, 1), c(3, AC, 20, 2), c(4, WA, 0, 2), c(5, PA, 10, 2), c(6, WA, 0, 3), c(7, SKIP, 0, 3)];
  it('default / ergodic: the sum (capped at ioScore)', () => {
    expect(submissionScore('default', cases)).toBe(70);
    expect(submissionScore('ergodic_without_error', cases, 60)).toBe(60);
  });
  it('subtask_lowest: Σ group minimum = 20 + 0 + 0', () => {
    expect(submissionScore('subtask_lowest', cases, 100)).toBe(20);
  });
  it('subtask_average: Σ round(group average) = 20 + round(10) + 0', () => {
    expect(submissionScore('subtask_average', cases, 100)).toBe(30);
    expect(submissionScore('subtask_average', [c(1, AC, 10, 1), c(2, AC, 10, 1), c(3, WA, 0, 1)], 100)).toBe(7); // round(6.67)
  });
  it('default with every case AC: full marks ioScore', () => {
    expect(submissionScore('default', [c(1, AC, 30), c(2, AC, 30)], 100)).toBe(100);
    expect(submissionScore('default', [c(1, AC, 30), c(2, AC, 30)])).toBe(60);
  });
});

describe('fullScore', () => {
  // Every case of a subtask carries the subtask's score: two subtasks of 40 and 60 are 100 points, not 40 + 40 + 60 + 60.
  const subtasks = [
    { score: 40, groupNum: 1 },
    { score: 40, groupNum: 1 },
    { score: 60, groupNum: 2 },
    { score: 60, groupNum: 2 },
  ];
  it('subtask modes: Σ over groups; default and ergodic: Σ over cases', () => {
    expect(fullScore('subtask_lowest', subtasks)).toBe(100);
    expect(fullScore('subtask_average', subtasks)).toBe(100);
    expect(fullScore('default', subtasks)).toBe(200);
    expect(fullScore('ergodic_without_error', [{ score: 30, groupNum: null }, { score: 70, groupNum: null }])).toBe(100);
  });
  it('is what an all-Accepted submission scores', () => {
    const judged = subtasks.map((s, i) => c(i + 1, AC, s.score, s.groupNum));
    for (const mode of ['subtask_lowest', 'subtask_average'] as const) expect(submissionScore(mode, judged, fullScore(mode, subtasks))).toBe(fullScore(mode, subtasks));
  });
});

describe('oiRankScore', () => {
  it('round(0.1 × s + 2 × difficulty × s / ioScore); null for ACM', () => {
    expect(oiRankScore(1, 100, 0, 100)).toBe(10);
    expect(oiRankScore(1, 100, 1, 100)).toBe(12);
    expect(oiRankScore(1, 100, 2, 100)).toBe(14);
    expect(oiRankScore(1, 50, 2, 100)).toBe(7); // 5 + 2
    expect(oiRankScore(1, 35, 1, 100)).toBe(4); // 3.5 + 0.7 = 4.2
    expect(oiRankScore(1, 150, 1, 100)).toBe(12); // capped
    expect(oiRankScore(0, 100, 1, 100)).toBeNull();
    expect(oiRankScore(1, null, 1, 100)).toBeNull();
  });
});

describe('subtaskSummaries', () => {
  const cases = [c(1, AC, 20, 1, 5, 100), c(2, AC, 20, 1, 7, 90), c(3, AC, 20, 2, 3, 10), c(4, WA, 0, 2, 9, 20), c(5, SKIP, 0, 2)];
  it('subtask_lowest: the lowest non-skipped case gives status, score, time, memory', () => {
    expect(subtaskSummaries('subtask_lowest', cases)).toEqual([
      { groupNum: 1, status: AC, score: 20, ac: 2, total: 2, time: 5, memory: 100 },
      { groupNum: 2, status: WA, score: 0, ac: 1, total: 3, time: 9, memory: 20 },
    ]);
  });
  it('subtask_average: rounded average, AC / PA / WA, largest time and memory', () => {
    expect(subtaskSummaries('subtask_average', cases)).toEqual([
      { groupNum: 1, status: AC, score: 20, ac: 2, total: 2, time: 7, memory: 100 },
      { groupNum: 2, status: PA, score: 7, ac: 1, total: 3, time: 9, memory: 20 },
    ]);
  });
  it('a subtask skipped whole (a dependency not passed) is Skipped in both modes', () => {
    const skipped = [c(1, WA, 0, 1), c(2, SKIP, 0, 2), c(3, SKIP, 0, 2)];
    for (const mode of ['subtask_lowest', 'subtask_average'] as const) expect(subtaskSummaries(mode, skipped)[1], mode).toEqual({ groupNum: 2, status: SKIP, score: 0, ac: 0, total: 2, time: mode === 'subtask_lowest' ? null : 0, memory: mode === 'subtask_lowest' ? null : 0 });
  });
});
