// The online-test path of the runner through the real bwrap sandbox: one run on the user's input, compared
// with the expected output only when one is given; compile and run errors come back as `stderr`.
import { describe, expect, it } from 'vitest';
import { JudgeStatus, TEST_JOB_SUBMIT_ID, type JudgeJob } from '@oj/proto';
import { makeJob, template } from './job-fixture';
import { runTestJudge, testSystemError } from './test-judge';
import { judgeTestBed } from './judge-test-bed';

const bed = judgeTestBed({ name: 'test-judge', uidBase: 28_600, judger: 'test-runner' });

function testJob(code: string, input: string, expected: string | null, language = 'C'): JudgeJob {
  const job = makeJob(language, code, { cases: [{ caseId: 0, index: 1, input, output: expected ?? '', score: 0, groupNum: null }] }, TEST_JOB_SUBMIT_ID);
  return { ...job, lane: 'test', testJudge: { key: 'TEST_JUDGE_k', hasExpected: expected !== null } };
}

describe('online test on the runner', () => {
  it('compares with the expected output when given, and takes a clean run as Accepted otherwise', async () => {
    const ac = await runTestJudge(testJob(template('C'), '2 40\n', '42\n'), bed.deps);
    expect(ac).toMatchObject({ key: 'TEST_JUDGE_k', judger: 'test-runner', status: JudgeStatus.ACCEPTED, userOutput: '42\n', stderr: '' });
    expect(ac.memory).toBeGreaterThan(0);
    const wa = await runTestJudge(testJob(template('C'), '2 40\n', '41\n'), bed.deps);
    expect(wa).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, userOutput: '42\n' });
    const free = await runTestJudge(testJob(template('C'), '1 1\n', null), bed.deps);
    expect(free).toMatchObject({ status: JudgeStatus.ACCEPTED, userOutput: '2\n' });
  });

  it('reports compile and runtime errors in stderr', async () => {
    const ce = await runTestJudge(testJob('int main(){ this is not C }\n', '', null), bed.deps);
    expect(ce.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(ce.stderr).toMatch(/error/);
    const re = await runTestJudge(testJob('int main(){int *p=0;*p=1;return 0;}\n', '', null), bed.deps);
    expect(re.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(re.stderr).not.toBe('');
  });

  it('answers System Error for a test job only', () => {
    expect(testSystemError(testJob(template('C'), '', null), 'r', 'why')).toMatchObject({ key: 'TEST_JUDGE_k', status: JudgeStatus.SYSTEM_ERROR, stderr: 'why' });
    expect(testSystemError(makeJob('C', template('C')), 'r', 'why')).toBeNull();
  });
});
