// Test helpers shared by the runner's unit tests: a judge job with sensible defaults and a collecting sink.
import { LOCAL_LANGUAGES, type JudgeEvent, type JudgeJob } from '@oj/proto';
import type { JudgeEventSink } from './judge';

export function template(language: string): string {
  const t = LOCAL_LANGUAGES.find((l) => l.name === language)?.template;
  if (!t) throw new Error(`no template for ${language}`);
  return t;
}

export function makeJob(language: string, code: string, over: Partial<JudgeJob['problem']> = {}, submitId = 1): JudgeJob {
  return {
    submitId,
    version: 1,
    lane: 'practice',
    language,
    code,
    problem: {
      pid: 1,
      problemId: 'P1000',
      type: 0,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      timeLimitMs: 1000,
      memoryLimitMb: 256,
      stackLimitMb: 128,
      isRemoveEndBlank: true,
      caseVersion: 'v1',
      cases: [
        { caseId: 11, index: 1, input: '1 2\n', output: '3\n', score: 50, groupNum: null },
        { caseId: 12, index: 2, input: '100 -7\n', output: '93\n', score: 50, groupNum: null },
      ],
      ...over,
    },
    enqueuedAt: Date.now(),
  };
}

export function collectingSink(): JudgeEventSink & { events: JudgeEvent[] } {
  const events: JudgeEvent[] = [];
  return {
    events,
    async publishEvent(ev) {
      events.push(ev);
    },
  };
}
