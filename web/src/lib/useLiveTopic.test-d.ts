// Type tests of the live-topic options, checked by `tsc` (pnpm typecheck): a watcher may only handle the events its
// topic carries, and each handler gets its event's decoded payload.
import { expectTypeOf } from 'vitest';
import { topics, type ContestStatusEvent, type ScoreboardDelta, type SubmissionCaseData } from '@oj/proto';
import { useLiveTopic, watchTopic } from './useLiveTopic';

const noop = () => undefined;

/** Never called: the calls below are only compiled. */
export function liveTopicTypes(cid: number, admin: boolean): void {
  watchTopic(topics.submission(1), { events: { 'submission.case': (d) => expectTypeOf(d).toEqualTypeOf<SubmissionCaseData>() }, onResync: noop });
  // A board of either audience may handle the events of both kinds.
  watchTopic(admin ? topics.contestAdmin(cid) : topics.scoreboard(cid), {
    events: { 'scoreboard.delta': (d) => expectTypeOf(d).toEqualTypeOf<ScoreboardDelta>(), 'contest.status': (e) => expectTypeOf(e).toEqualTypeOf<ContestStatusEvent>() },
    onResync: noop,
  });
  useLiveTopic(admin ? null : topics.contest(cid), { events: { 'contest.status': noop }, onResync: noop });

  // @ts-expect-error acinfo.new is only published on contest-admin:<cid>
  watchTopic(topics.contest(cid), { events: { 'acinfo.new': noop }, onResync: noop });
  // @ts-expect-error unread.counts is only published on user:<uid>
  useLiveTopic(topics.submission(1), { events: { 'unread.counts': noop }, onResync: noop });
  // @ts-expect-error a handler gets its own event's payload
  watchTopic(topics.judgeStatus(), { events: { 'judge.runners': (d: ScoreboardDelta) => d }, onResync: noop });
}
