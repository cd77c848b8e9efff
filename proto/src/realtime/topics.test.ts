import { describe, expect, it } from 'vitest';
import { formatTopic, parseTopic } from './topics';

describe('topics', () => {
  it('parses every topic kind and formats it back', () => {
    for (const t of ['submission:12', 'user:9f1c2d3e-aaaa-bbbb-cccc-123456789abc', 'contest:3', 'scoreboard:3', 'contest-admin:3', 'test-judge:TEST_JUDGE_abc', 'judge-status', 'admin-dashboard']) {
      const parsed = parseTopic(t);
      expect(parsed, t).not.toBeNull();
      expect(formatTopic(parsed!)).toBe(t);
    }
    expect(parseTopic('submission:12')).toEqual({ kind: 'submission', submitId: 12 });
  });

  it('refuses malformed topics', () => {
    for (const t of ['', 'submission:', 'submission:0', 'submission:-1', 'submission:1.5', 'submission:01', 'user:a b', 'user:../x', 'contest:x', 'nope:1', 'judge-status:1', 'admin-dashboard:1', 'submission:1:2', `user:${'a'.repeat(129)}`]) {
      expect(parseTopic(t), t).toBeNull();
    }
  });
});
