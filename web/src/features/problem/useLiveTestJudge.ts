// An online-test run followed live: `test-judge:<key>` through the live-topic engine until its result arrives;
// while the socket is down (or the topic is refused) the pending runs are polled every 1 s.
import { useEffect } from 'react';
import { decode, POLLING, TestJudgeResult, topics } from '@oj/proto';
import { api } from '../../lib/api';
import { PollGroup } from '../../lib/fallback-poll';
import { watchTopic } from '../../lib/useLiveTopic';
import { applyTestJudgeResult, testJudgeState } from '../../stores/test-judge';

const STATUS_PENDING = 5;
const watching = new Set<string>();
const pending = (key: string) => (testJudgeState.byKey[key]?.status ?? STATUS_PENDING) === STATUS_PENDING;

async function fetchResults(keys: string[]): Promise<boolean> {
  const open = keys.filter(pending);
  for (const key of open) {
    try {
      const r = await api.get('/get-test-judge-result', { query: { testJudgeKey: key }, decode: (x) => decode(TestJudgeResult, x), silent: true });
      if (watching.has(key)) applyTestJudgeResult(key, r);
    } catch {
      // Unknown or expired key: nothing more will come.
      if (watching.has(key)) applyTestJudgeResult(key, { status: 4, stderr: '' });
    }
  }
  return open.length > 0;
}

const polls = new PollGroup<string>({ intervalMs: POLLING.testJudgeMs, run: fetchResults });

/** Follows an online test until the returned function is called. */
function watchTestJudge(key: string): () => void {
  watching.add(key);
  const stop = watchTopic(topics.testJudge(key), {
    fromSeq: 0,
    events: { 'test-judge.result': (data) => applyTestJudgeResult(key, data) },
    // Refused or lost: REST has the answer.
    onResync: () => void fetchResults([key]),
    onRefused: () => void fetchResults([key]),
    poll: polls.member(key),
  });
  return () => {
    watching.delete(key);
    stop();
  };
}

/** Follows the online test `key` while the component is mounted (null: none running). */
export function useLiveTestJudge(key: string | null): void {
  useEffect(() => (key ? watchTestJudge(key) : undefined), [key]);
}
