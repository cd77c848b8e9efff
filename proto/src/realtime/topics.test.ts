import { describe, expect, it } from 'vitest';
import { formatTopic, parseTopic, type TopicKind } from './topics';

/** One topic of each kind: a kind added without an example here does not compile. */
const EXAMPLES: Record<TopicKind, string> = {
  submission: 'submission:12',
  user: 'user:9f1c2d3e-aaaa-bbbb-cccc-123456789abc',
  contest: 'contest:3',
  scoreboard: 'scoreboard:3',
  'contest-admin': 'contest-admin:3',
  group: 'group:7',
  board: 'board:3:public-end',
  training: 'training:7',
  class: 'class:5',
  homework: 'homework:6',
  exam: 'exam:7',
  'test-judge': 'test-judge:TEST_JUDGE_abc',
  'judge-status': 'judge-status',
  'problem-counts': 'problem-counts',
  'admin-dashboard': 'admin-dashboard',
  site: 'site',
  access: 'access',
  discussion: 'discussion:7',
};

describe('topics', () => {
  it('parses every topic kind and formats it back', () => {
    for (const [kind, t] of Object.entries(EXAMPLES)) {
      const parsed = parseTopic(t);
      expect(parsed?.kind, t).toBe(kind);
      expect(formatTopic(parsed!)).toBe(t);
    }
    expect(parseTopic('submission:12')).toEqual({ kind: 'submission', submitId: 12 });
  });

  it('refuses malformed topics', () => {
    for (const t of ['', 'submission:', 'submission:0', 'submission:-1', 'submission:1.5', 'submission:01', 'user:a b', 'user:../x', 'contest:x', 'training:0', 'training:x', 'group:0', 'group:x', 'board:3', 'board:3:nope', 'board:0:public', 'board:3:live:1', 'nope:1', 'judge-status:1', 'admin-dashboard:1', 'submission:1:2', 'discussion:0', 'discussion:x', `user:${'a'.repeat(129)}`]) {
      expect(parseTopic(t), t).toBeNull();
    }
  });
});
