import { describe, expect, it } from 'vitest';
import { OjError } from '../errors';
import { decodePushFrame, decodePushMessage, eventFitsTopic, PUSH_EVENT_NAMES, PUSH_EVENTS } from './events';
import { topics } from './topics';

const status = { submitId: 7, status: 0, time: 12, memory: 1024, score: null, oiRankScore: null, judger: 'r1', isManual: false, casesDone: 3, casesTotal: 3 };

describe('push events', () => {
  it('give every event a schema and at least one topic kind', () => {
    for (const e of PUSH_EVENT_NAMES) {
      expect(PUSH_EVENTS[e].topics.length, e).toBeGreaterThan(0);
      expect(PUSH_EVENTS[e].data, e).toBeTypeOf('object');
    }
  });

  it('decode a frame on a topic the event belongs to', () => {
    const f = decodePushFrame('submission.status', { topic: topics.submission(7), seq: 3, data: status });
    expect(f).toEqual({ event: 'submission.status', topic: 'submission:7', seq: 3, data: status });
    expect(decodePushMessage({ event: 'submission.status', topic: topics.user('abc'), seq: 1, data: status }).topic).toBe('user:abc');
  });

  it('refuse a frame on a topic of another kind, a malformed topic, bad data or a bad seq', () => {
    expect(eventFitsTopic('acinfo.new', topics.scoreboard(1))).toBe(false);
    expect(() => decodePushFrame('submission.status', { topic: topics.scoreboard(7), seq: 3, data: status })).toThrow(OjError);
    expect(() => decodePushFrame('submission.status', { topic: 'submission:x', seq: 3, data: status })).toThrow(OjError);
    expect(() => decodePushFrame('submission.status', { topic: topics.submission(7), seq: 3, data: { ...status, status: 'AC' } })).toThrow(OjError);
    expect(() => decodePushFrame('submission.status', { topic: topics.submission(7), seq: 0, data: status })).toThrow(OjError);
    expect(() => decodePushFrame('judge.runners', { topic: topics.judgeStatus(), seq: 1, data: { runners: [{}] } })).toThrow(OjError);
    expect(() => decodePushFrame('test-judge.result', { topic: topics.testJudge('k'), seq: 1, data: { stderr: 'no status' } })).toThrow(OjError);
  });
});
