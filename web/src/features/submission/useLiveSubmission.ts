// A submission followed live (`useLiveSubmission` in a component, `watchSubmission` for lists): `submission:<id>` through the live-topic engine from the topic's start (so the cases
// already judged arrive too), the REST snapshot (detail + case results) once after the final status, after a resync
// or a refusal; while the socket is down, every watched submission still in progress is polled in one request per
// contest every 2 s, at most 300 times (a newly watched submission restarts the count).
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { isInProgress, POLLING, topics } from '@oj/proto';
import { api } from '../../lib/api';
import { decoders } from '../../lib/decoders';
import { PollGroup } from '../../lib/fallback-poll';
import { watchTopic } from '../../lib/useLiveTopic';
import type { TopicWatch } from '../../lib/live-topics';
import {
  applyCaseEvent,
  applyCaseResult,
  applyRow,
  applyStatusEvent,
  ensureSubmission,
  markFinalSnapshot,
  submissionsState,
  type LiveSubmission,
} from '../../stores/submissions';

interface Watched {
  /** Contest of the submission (0: practice): the fallback poll asks under the contest's rules. */
  cid: number;
  refs: number;
  stop: TopicWatch;
}

const watched = new Map<number, Watched>();
const snapshotsInFlight = new Set<number>();

/** Detail + case results over REST. `final` marks it as the one snapshot after a final status. */
async function loadSnapshot(submitId: number, final: boolean): Promise<void> {
  if (snapshotsInFlight.has(submitId)) return;
  snapshotsInFlight.add(submitId);
  try {
    const [info, cases] = await Promise.all([
      api.get('/get-submission-detail', { query: { submitId }, decode: decoders.submissionInfo, silent: true }),
      api.get('/get-all-case-result', { query: { submitId }, decode: decoders.caseResult, silent: true }).catch(() => null),
    ]);
    applyRow(info.submission);
    if (cases) applyCaseResult(submitId, cases);
    if (final || !isInProgress(info.submission.status)) markFinalSnapshot(submitId);
  } catch {
    // Not visible or not reachable now; the next event or poll tries again.
  } finally {
    snapshotsInFlight.delete(submitId);
  }
}

/** After a status change: the one final snapshot, when the verdict is in. */
function afterStatus(submitId: number): void {
  const s = submissionsState.byId[submitId];
  if (s && !isInProgress(s.status) && !s.finalSnapshot) void loadSnapshot(submitId, true);
}

const inProgress = (submitId: number) => {
  const s = submissionsState.byId[submitId];
  return !s || isInProgress(s.status);
};

/** One `check-submissions-status` per contest (0: practice) for the watched submissions still being judged. */
const polls = new PollGroup<number>({
  intervalMs: POLLING.submissionMs,
  maxPolls: POLLING.submissionMaxPolls,
  async run(ids) {
    const pending = ids.filter(inProgress).slice(0, 200);
    if (pending.length === 0) return false;
    const byCid = new Map<number, number[]>();
    for (const id of pending) {
      const cid = watched.get(id)?.cid || (submissionsState.byId[id]?.detail?.cid ?? 0);
      byCid.set(cid, [...(byCid.get(cid) ?? []), id]);
    }
    for (const [cid, submitIds] of byCid) {
      try {
        const map = await api.post('/check-submissions-status', { submitIds, cid }, { decode: decoders.submissionMap, silent: true });
        for (const row of Object.values(map)) {
          applyRow(row);
          afterStatus(row.submitId);
        }
      } catch {
        // Keep polling within the budget; the network may come back.
      }
    }
    return true;
  },
});

/**
 * Follows a submission live until the returned function is called. Watching the same id twice is counted; the
 * topic is left when the last watcher goes.
 */
export function watchSubmission(submitId: number, cid = 0): () => void {
  const w = watched.get(submitId);
  if (w) {
    w.refs++;
    if (cid > 0) w.cid = cid;
  } else {
    ensureSubmission(submitId);
    polls.resetBudget();
    const stop = watchTopic(topics.submission(submitId), {
      fromSeq: 0,
      events: {
        'submission.status': (data) => {
          applyStatusEvent(data);
          afterStatus(data.submitId);
        },
        'submission.case': (data) => applyCaseEvent(data),
      },
      onResync: () => void loadSnapshot(submitId, false).then(() => afterStatus(submitId)),
      onRefused: () => void loadSnapshot(submitId, false),
      onSubscribed: () => afterStatus(submitId),
      poll: polls.member(submitId),
    });
    watched.set(submitId, { cid, refs: 1, stop });
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const cur = watched.get(submitId);
    if (!cur || --cur.refs > 0) return;
    watched.delete(submitId);
    cur.stop();
  };
}

/** One submission in a component: watched over the socket (or polled) while mounted and `watch`. */
export function useLiveSubmission(submitId: number | null, watch = true, cid = 0): LiveSubmission | null {
  useEffect(() => (submitId === null || !watch ? undefined : watchSubmission(submitId, cid)), [submitId, watch, cid]);
  const snap = useSnapshot(submissionsState);
  return submitId === null ? null : ((snap.byId[submitId] as LiveSubmission | undefined) ?? null);
}
