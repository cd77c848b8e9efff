// The submission reducers: pushed events in order, cases upserted by caseId, stale REST rows ignored.
import { beforeEach, describe, expect, it } from 'vitest';
import { JudgeStatus, type SubmissionListItem } from '@oj/proto';
import { applyCaseEvent, applyCaseResult, applyRow, applyStatusEvent, submissionsState } from './useLiveSubmission';

const status = (submitId: number, s: number, extra: Partial<{ casesDone: number; casesTotal: number; time: number }> = {}) => ({
  submitId,
  status: s,
  time: extra.time ?? null,
  memory: null,
  score: null,
  oiRankScore: null,
  judger: null,
  isManual: false,
  casesDone: extra.casesDone ?? 0,
  casesTotal: extra.casesTotal ?? 0,
});

const kase = (submitId: number, caseId: number, index: number, total: number, s: number = JudgeStatus.ACCEPTED) => ({
  submitId,
  caseId,
  index,
  total,
  status: s,
  time: 1,
  memory: 100,
  score: null,
  groupNum: null,
});

const listRow = (submitId: number, s: number): SubmissionListItem => ({
  uid: 'u',
  submitId,
  username: 'alice',
  pid: 1,
  displayPid: '1000',
  title: 'A+B',
  displayId: null,
  submitTime: '2024-01-01T00:00:00Z',
  status: s,
  share: false,
  time: null,
  memory: null,
  score: null,
  oiRankScore: null,
  length: 10,
  language: 'C',
  cid: 0,
  cpid: 0,
  judger: null,
  isManual: false,
});

describe('submissions store', () => {
  beforeEach(() => {
    for (const k of Object.keys(submissionsState.byId)) delete submissionsState.byId[Number(k)];
  });

  it('follows pushed statuses and keeps cases ordered by index, one per caseId', () => {
    applyStatusEvent(status(1, JudgeStatus.COMPILING));
    applyStatusEvent(status(1, JudgeStatus.JUDGING, { casesTotal: 3 }));
    applyCaseEvent(kase(1, 12, 2, 3));
    applyCaseEvent(kase(1, 11, 1, 3));
    applyCaseEvent(kase(1, 11, 1, 3, JudgeStatus.WRONG_ANSWER));
    const s = submissionsState.byId[1]!;
    expect(s.cases.map((c) => c.caseId)).toEqual([11, 12]);
    expect(s.cases[0]!.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(s.casesDone).toBe(2);
    expect(s.casesTotal).toBe(3);
    applyStatusEvent(status(1, JudgeStatus.WRONG_ANSWER, { casesDone: 3, casesTotal: 3, time: 5 }));
    expect(s.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(s.time).toBe(5);
  });

  it('does not let an in-progress REST row overwrite a final status', () => {
    applyStatusEvent(status(2, JudgeStatus.ACCEPTED));
    applyRow(listRow(2, JudgeStatus.JUDGING));
    expect(submissionsState.byId[2]!.status).toBe(JudgeStatus.ACCEPTED);
    applyRow(listRow(3, JudgeStatus.PENDING));
    applyRow(listRow(3, JudgeStatus.RUNTIME_ERROR));
    expect(submissionsState.byId[3]!.status).toBe(JudgeStatus.RUNTIME_ERROR);
  });

  it('clears the cases when a finished submission starts again (rejudge)', () => {
    applyCaseEvent(kase(4, 1, 1, 1));
    applyStatusEvent(status(4, JudgeStatus.ACCEPTED, { casesDone: 1, casesTotal: 1 }));
    applyStatusEvent(status(4, JudgeStatus.PENDING));
    expect(submissionsState.byId[4]!.cases).toEqual([]);
    expect(submissionsState.byId[4]!.casesDone).toBe(0);
  });

  it('takes the REST case list in seq order unless it is behind the pushed one', () => {
    applyCaseEvent(kase(5, 1, 1, 2));
    applyCaseEvent(kase(5, 2, 2, 2));
    applyCaseResult(5, { judgeCaseList: [], subTaskJudgeCaseVoList: [], judgeCaseMode: 'default' });
    expect(submissionsState.byId[5]!.cases).toHaveLength(2);
    const jc = (caseId: number, seq: number) => ({
      id: caseId, pid: 1, submitId: 5, uid: 'u', caseId, time: 3, memory: 4, score: null, status: 0,
      inputData: null, outputData: null, userOutput: null, groupNum: null, seq, mode: 'default',
    });
    applyCaseResult(5, { judgeCaseList: [jc(2, 2), jc(1, 1)], subTaskJudgeCaseVoList: [], judgeCaseMode: 'default' });
    expect(submissionsState.byId[5]!.cases.map((c) => [c.caseId, c.index, c.time])).toEqual([[1, 1, 3], [2, 2, 3]]);
  });

  it('flattens the subtask answer after a reload, keeps the groups and mode, and keeps test data across replayed events', () => {
    const jc = (caseId: number, seq: number, groupNum: number, inputData: string | null) => ({
      id: caseId, pid: 1, submitId: 6, uid: 'u', caseId, time: 3, memory: 4, score: 5, status: 0,
      inputData, outputData: inputData === null ? null : 'out', inputBytes: inputData === null ? null : 9000, outputBytes: inputData === null ? null : 3, userOutput: null, groupNum, seq, mode: 'subtask_lowest',
    });
    const group = (groupNum: number, cases: ReturnType<typeof jc>[]) => ({ groupNum, time: 3, memory: 4, score: 5, status: 0, ac: cases.length, total: cases.length, subtaskDetailList: cases });
    applyCaseResult(6, { judgeCaseList: [], subTaskJudgeCaseVoList: [group(2, [jc(3, 3, 2, null)]), group(1, [jc(2, 2, 1, 'b'), jc(1, 1, 1, 'a')])], judgeCaseMode: 'subtask_lowest' });
    const s = submissionsState.byId[6]!;
    expect(s.caseMode).toBe('subtask_lowest');
    expect(s.cases.map((c) => [c.caseId, c.index, c.groupNum, c.data?.input ?? null, c.data?.inputBytes ?? null])).toEqual([
      [1, 1, 1, 'a', 9000],
      [2, 2, 1, 'b', 9000],
      [3, 3, 2, null, null],
    ]);
    applyCaseEvent({ ...kase(6, 1, 1, 3), groupNum: 1, mode: 'subtask_lowest' });
    expect(submissionsState.byId[6]!.cases[0]!.data?.input).toBe('a');
  });
});
