// Online-test results by key: written by features/problem/live-test-judge.ts from the `test-judge.result` push, or from the 1 s
// fallback poll of `get-test-judge-result` while the socket is down.
import { proxy } from 'valtio';
import type { TestJudgeResult } from '@oj/proto';

export const testJudgeState = proxy<{ byKey: Record<string, TestJudgeResult> }>({ byKey: {} });

export function applyTestJudgeResult(key: string, r: TestJudgeResult): void {
  const cur = testJudgeState.byKey[key];
  // A final result is never replaced by a pending one (REST and push are not ordered).
  if (cur && cur.status !== 5 && r.status === 5) return;
  testJudgeState.byKey[key] = r;
}
