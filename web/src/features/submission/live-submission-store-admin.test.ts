// An admin action restarts a submission: its answer is taken as is, and replayed events of the older judge
// attempt (a fresh subscription replays the topic from the start) cannot bring the old verdict back.
import { beforeEach, describe, expect, it } from 'vitest';
import { JudgeStatus, type Submission } from '@oj/proto';
import { applyAdminResult, applyCaseEvent, applyStatusEvent, submissionsState } from './useLiveSubmission';

const ev = (status: number, version: number) => ({
  submitId: 9,
  status,
  time: null,
  memory: null,
  score: null,
  oiRankScore: null,
  judger: null,
  isManual: false,
  casesDone: 0,
  casesTotal: 1,
  version,
});

const row = (status: number, version: number): Submission => ({
  submitId: 9,
  pid: 1,
  displayPid: '1000',
  uid: 'u',
  username: 'u',
  submitTime: new Date(0).toISOString(),
  status,
  share: false,
  errorMessage: null,
  time: null,
  memory: null,
  score: null,
  length: 60,
  code: null,
  language: 'C',
  cid: 0,
  cpid: 0,
  gid: null,
  judger: null,
  version,
  oiRankScore: null,
  isManual: false,
  gmtCreate: new Date(0).toISOString(),
  gmtModified: new Date(0).toISOString(),
});

beforeEach(() => {
  submissionsState.byId = {};
});

describe('admin results and attempt versions', () => {
  it('a rejudge answer restarts the submission and stale replays of the old attempt are dropped', () => {
    applyStatusEvent(ev(JudgeStatus.ACCEPTED, 1));
    applyCaseEvent({ submitId: 9, caseId: 1, index: 1, total: 1, status: 0, time: 1, memory: 1, score: null, groupNum: null });
    applyAdminResult(row(JudgeStatus.PENDING, 2));
    expect(submissionsState.byId[9]).toMatchObject({ status: JudgeStatus.PENDING, version: 2, cases: [] });
    // Replay from seq 0: the old attempt's Judging and Accepted.
    applyStatusEvent(ev(JudgeStatus.JUDGING, 1));
    applyStatusEvent(ev(JudgeStatus.ACCEPTED, 1));
    expect(submissionsState.byId[9]!.status).toBe(JudgeStatus.PENDING);
    applyStatusEvent(ev(JudgeStatus.JUDGING, 2));
    applyStatusEvent(ev(JudgeStatus.WRONG_ANSWER, 2));
    expect(submissionsState.byId[9]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, version: 2 });
  });

  it('a manual judge answer replaces a final verdict', () => {
    applyStatusEvent(ev(JudgeStatus.WRONG_ANSWER, 1));
    applyAdminResult({ ...row(JudgeStatus.ACCEPTED, 1), isManual: true });
    expect(submissionsState.byId[9]!.status).toBe(JudgeStatus.ACCEPTED);
  });
});
