// Subscribes a component to one submission: watched over the socket (or polled) while mounted and `watch`.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { watchSubmission } from './live-submission';
import { submissionsState, type LiveSubmission } from '../../stores/submissions';

export function useLiveSubmission(submitId: number | null, watch = true, cid = 0): LiveSubmission | null {
  useEffect(() => (submitId === null || !watch ? undefined : watchSubmission(submitId, cid)), [submitId, watch, cid]);
  const snap = useSnapshot(submissionsState);
  return submitId === null ? null : ((snap.byId[submitId] as LiveSubmission | undefined) ?? null);
}
