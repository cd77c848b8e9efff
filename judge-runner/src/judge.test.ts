// Judging through the real bwrap sandbox, with a collecting sink instead of NATS.
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { JudgeStatus, type JudgeJob } from '@oj/proto';
import { collectingSink, makeJob, template } from './job-fixture';
import { judge } from './judge';
import { judgeTestBed } from './judge-test-bed';

const bed = judgeTestBed({ name: 'judge-test', uidBase: 28_000, judger: 'test-runner' });

async function run(job: JudgeJob) {
  const sink = collectingSink();
  const final = await judge(job, sink, bed.deps);
  return { final, events: sink.events };
}

const C_WA = '#include <stdio.h>\nint main(){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a-b);return 0;}\n';
const C_TLE = 'int main(){volatile unsigned long x=0;for(;;)x++;return 0;}\n';
const C_MLE = '#include <stdlib.h>\n#include <string.h>\nint main(){char*p=malloc(512u<<20);if(!p)return 1;memset(p,1,512u<<20);return p[100];}\n';
const C_RE = '#include <stdio.h>\nint main(){int *p=0;*p=1;printf("x\\n");return 0;}\n';
const C_CE = 'int main(){ this is not C }\n';
const C_EXIT = '#include <stdio.h>\nint main(){printf("3\\n");return 7;}\n';

describe('judge (bwrap)', () => {
  it('C A+B: Accepted, with the status, case and final events in order', async () => {
    const { final, events } = await run(makeJob('C', template('C')));
    expect(events.map((e) => (e.kind === 'status' ? `status:${e.status}` : e.kind))).toEqual(['status:6', 'status:7', 'case', 'case', 'final']);
    expect(events[1]).toMatchObject({ kind: 'status', casesTotal: 2, judger: 'test-runner', submitId: 1, version: 1 });
    expect(final).toMatchObject({ kind: 'final', status: JudgeStatus.ACCEPTED, score: null, errorMessage: null });
    expect(final.cases.map((c) => [c.index, c.status, c.userOutput])).toEqual([
      [1, 0, '3\n'],
      [2, 0, '93\n'],
    ]);
    expect(final.memory).toBeGreaterThan(0);
    expect(final.time).toBe(Math.max(...final.cases.map((c) => c.time)));
    expect(await readdir(bed.deps.workRoot)).toEqual([]);
  });

  it('a verdict-only job (bulk rejudge) publishes no case events, and its final still has every case', async () => {
    const { final, events } = await run({ ...makeJob('C', template('C')), progress: 'verdict' });
    expect(events.map((e) => (e.kind === 'status' ? `status:${e.status}` : e.kind))).toEqual(['status:6', 'status:7', 'final']);
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    expect(final.cases.map((c) => [c.index, c.status])).toEqual([
      [1, 0],
      [2, 0],
    ]);
  });

  it.each(['C++ 17', 'Java', 'Python3', 'JavaScript Node'])('%s A+B: Accepted', async (language) => {
    const { final } = await run(makeJob(language, template(language)));
    expect(final.errorMessage).toBeNull();
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    expect(final.cases).toHaveLength(2);
  });

  it('Wrong Answer stops an ACM problem at the first failing case', async () => {
    const { final, events } = await run(makeJob('C', C_WA));
    expect(final.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(final.cases).toHaveLength(1);
    expect(final.cases[0]!.userOutput).toBe('-1\n');
    expect(events.filter((e) => e.kind === 'case')).toHaveLength(1);
  });

  it('OI runs every case: Partial Accepted with the sum of the AC scores', async () => {
    const cases = [
      { caseId: 1, index: 1, input: '0 0\n', output: '0\n', score: 30, groupNum: null },
      { caseId: 2, index: 2, input: '1 2\n', output: '3\n', score: 70, groupNum: null },
    ];
    const { final } = await run(makeJob('C', C_WA, { type: 1, cases }));
    expect(final).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 30 });
    expect(final.cases.map((c) => c.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER]);
  });

  it('Time Limit Exceeded', async () => {
    const { final } = await run(makeJob('C', C_TLE, { timeLimitMs: 300 }));
    expect(final.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(final.cases[0]!.time).toBeGreaterThanOrEqual(300);
  });

  it('Memory Limit Exceeded', async () => {
    const { final } = await run(makeJob('C', C_MLE, { memoryLimitMb: 64 }));
    expect(final.status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
  });

  it('Runtime Error names the signal or the exit code', async () => {
    const seg = await run(makeJob('C', C_RE));
    expect(seg.final.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(seg.final.cases[0]!.message).toBe('Killed by signal 11 (SIGSEGV)');
    const exit = await run(makeJob('C', C_EXIT));
    expect(exit.final.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(exit.final.cases[0]!.message).toBe('Exited with code 7');
  });

  it('Compile Error carries the compiler message and runs no case', async () => {
    const { final, events } = await run(makeJob('C', C_CE));
    expect(final.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(final.errorMessage).toMatch(/error/);
    expect(final.cases).toEqual([]);
    expect(events.map((e) => e.kind)).toEqual(['status', 'final']);
  });

  it('a compiler bomb ends as Compile Error within the compile limits', async () => {
    const { final } = await run(makeJob('C', '#include "/dev/zero"\nint main(){return 0;}\n'));
    expect(final.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(final.errorMessage).toMatch(/Compile (memory|time) limit exceeded/);
  });

  it('Compile Error in Java and Python3', async () => {
    expect((await run(makeJob('Java', 'public class Main { void f( }'))).final.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect((await run(makeJob('Python3', 'def f(:\n  pass\n'))).final.status).toBe(JudgeStatus.COMPILE_ERROR);
  });

  it('Python3 and JavaScript runtime errors and wrong answers', async () => {
    expect((await run(makeJob('Python3', 'raise SystemExit(3)\n'))).final.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect((await run(makeJob('JavaScript Node', 'console.log(42)\n'))).final.status).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it('throws (System Error) for a language this runner does not offer', async () => {
    await expect(run(makeJob('Python2', 'print 1'))).rejects.toThrow(/not available/);
  });
});
