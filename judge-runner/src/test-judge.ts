// The online test (`submit-problem-test-judge`): one run of the user's code on the user's input, reusing the
// judge's compile/run/check path with a sink that keeps the events instead of storing them. The answer is a
// TestJudgeRunnerResult under the job's key, never a judge event (no submission exists).
import { JudgeStatus, type JudgeEvent, type JudgeJob, type TestJudgeRunnerResult } from '@oj/proto';
import { judge, type JudgeDeps } from './judge';

/** Runs a test job (`job.testJudge` set) and returns what the runner sends back; infrastructure faults throw. */
export async function runTestJudge(job: JudgeJob, deps: JudgeDeps): Promise<TestJudgeRunnerResult> {
  const test = job.testJudge;
  if (!test) throw new Error('not a test job');
  const events: JudgeEvent[] = [];
  const final = await judge(job, { publishEvent: async (ev) => void events.push(ev) }, deps);
  const c = final.cases[0];
  let status = final.status;
  // Without an expected output there is nothing to compare: a clean run is Accepted.
  if (!test.hasExpected && (status === JudgeStatus.WRONG_ANSWER || status === JudgeStatus.PRESENTATION_ERROR)) status = JudgeStatus.ACCEPTED;
  return {
    key: test.key,
    judger: deps.judger,
    status,
    time: c?.time ?? null,
    memory: c?.memory ?? null,
    userOutput: c?.userOutput ?? '',
    stderr: final.errorMessage ?? c?.message ?? '',
  };
}

/** The answer when the test could not be run at all. */
export function testSystemError(job: JudgeJob, judger: string, why: string): TestJudgeRunnerResult | null {
  if (!job.testJudge) return null;
  return { key: job.testJudge.key, judger, status: JudgeStatus.SYSTEM_ERROR, time: null, memory: null, userOutput: '', stderr: why };
}
