// Type tests of the push contract, checked by `tsc` (pnpm typecheck): builders type their topic names, and the
// events a topic may carry follow the topic kinds of PUSH_EVENTS.
import { expectTypeOf } from 'vitest';
import type { EventsOfTopic, PushEvent, PushEventData, PushEventName } from './events';
import type { ServerToClientEvents } from './socket';
import type { KindOfTopic, topics } from './topics';
import type { ContestAnnouncementVO } from '../contest';
import type { JudgeRunnersData, TestJudgeResult } from '../judge-admin';

// Every event of the union is in the socket's event map, and the other way round.
expectTypeOf<keyof ServerToClientEvents>().toEqualTypeOf<PushEventName>();
expectTypeOf<PushEvent['event']>().toEqualTypeOf<PushEventName>();

// The two payloads that used to be untyped have their schemas.
expectTypeOf<PushEventData<'test-judge.result'>>().toEqualTypeOf<TestJudgeResult>();
expectTypeOf<PushEventData<'judge.runners'>>().toEqualTypeOf<JudgeRunnersData>();
expectTypeOf<PushEventData<'contest.announcement'>>().toEqualTypeOf<ContestAnnouncementVO>();

// A builder's name carries its kind; a plain string may be any kind.
type Sub = ReturnType<typeof topics.submission>;
expectTypeOf<KindOfTopic<Sub>>().toEqualTypeOf<'submission'>();
expectTypeOf<KindOfTopic<ReturnType<typeof topics.contestAdmin>>>().toEqualTypeOf<'contest-admin'>();
expectTypeOf<KindOfTopic<ReturnType<typeof topics.judgeStatus>>>().toEqualTypeOf<'judge-status'>();
expectTypeOf<KindOfTopic<string>>().toEqualTypeOf<'submission' | 'user' | 'contest' | 'scoreboard' | 'contest-admin' | 'board' | 'training' | 'group' | 'class' | 'homework' | 'exam' | 'test-judge' | 'judge-status' | 'problem-counts' | 'admin-dashboard' | 'site' | 'access' | 'discussion'>();
expectTypeOf<EventsOfTopic<ReturnType<typeof topics.board>>>().toEqualTypeOf<'contest.status' | 'scoreboard.batch'>();

// The events of each topic kind.
expectTypeOf<EventsOfTopic<Sub>>().toEqualTypeOf<'submission.status' | 'submission.case'>();
expectTypeOf<EventsOfTopic<ReturnType<typeof topics.adminDashboard>>>().toEqualTypeOf<'dashboard.live'>();
expectTypeOf<EventsOfTopic<ReturnType<typeof topics.user>>>().toEqualTypeOf<'submission.status' | 'unread.counts' | 'import.progress' | 'testdata.progress' | 'session.revoked'>();
expectTypeOf<EventsOfTopic<ReturnType<typeof topics.contest>>>().toEqualTypeOf<'contest.announcement' | 'contest.status'>();
expectTypeOf<EventsOfTopic<ReturnType<typeof topics.scoreboard>>>().toEqualTypeOf<'contest.status' | 'scoreboard.delta'>();
expectTypeOf<EventsOfTopic<ReturnType<typeof topics.contestAdmin>>>().toEqualTypeOf<'scoreboard.delta' | 'acinfo.new' | 'print.new'>();
expectTypeOf<EventsOfTopic<ReturnType<typeof topics.training>>>().toEqualTypeOf<'training.progress' | 'training.changed'>();
expectTypeOf<EventsOfTopic<ReturnType<typeof topics.testJudge>>>().toEqualTypeOf<'test-judge.result'>();
expectTypeOf<EventsOfTopic<ReturnType<typeof topics.judgeStatus>>>().toEqualTypeOf<'judge.runners' | 'judge.queue'>();
expectTypeOf<EventsOfTopic<ReturnType<typeof topics.discussion>>>().toEqualTypeOf<'discussion.comment' | 'discussion.reply' | 'discussion.like' | 'discussion.removed' | 'discussion.changed'>();
expectTypeOf<EventsOfTopic<string>>().toEqualTypeOf<PushEventName>();
expectTypeOf<EventsOfTopic<ReturnType<typeof topics.classStudents>>>().toEqualTypeOf<'class.students'>();
