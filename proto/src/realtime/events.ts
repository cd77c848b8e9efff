// Every server → client event in one map: its name, the kinds of topic that carry it, and its payload schema.
// Publishers (services), the relay (gateway) and the client (web) all type and decode against this map, so a new
// live event is one entry here.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { AcInfoNewEvent, ContestAnnouncementVO, ContestStatusEvent, PrintNewEvent, ScoreboardBatch, ScoreboardDelta } from '../contest';
import { DiscussionChangedEvent, DiscussionCommentEvent, DiscussionLikeEvent, DiscussionRemovedEvent, DiscussionReplyEvent, UnreadCounts } from '../discuss';
import { DashboardLiveEvent } from '../dashboard';
import { ProblemCount } from '../dto';
import { decode } from '../decode';
import { OjError } from '../errors';
import { JudgeQueueData, JudgeRunnersData, TestJudgeResult } from '../judge-admin';
import { GroupAnnouncementEvent, GroupDiscussionEvent, GroupMemberEvent } from '../group';
import { GroupRankEvent } from '../group-training';
import { ImportProgress } from '../problem-admin';
import { TestdataProgress } from '../testdata';
import { AnnouncementsChanged, SiteConfigEvent, SysNoticeEvent } from '../site-admin';
import { AccessChangedData, SessionRevokedData } from '../user-admin';
import { TrainingChangedEvent, TrainingProgressEvent } from '../training';
import { ClassStudentsEvent } from '../education';
import { TaskActivityEvent } from '../edu-task';
import { topicKind, type KindOfTopic, type TopicKind } from './topics';

export const SubmissionStatusData = Type.Object({
  submitId: Type.Integer(),
  status: Type.Integer(),
  time: Type.Union([Type.Integer(), Type.Null()]),
  memory: Type.Union([Type.Integer(), Type.Null()]),
  score: Type.Union([Type.Integer(), Type.Null()]),
  oiRankScore: Type.Union([Type.Integer(), Type.Null()]),
  judger: Type.Union([Type.String(), Type.Null()]),
  isManual: Type.Boolean(),
  /** Cases finished so far and in all (0 when not known yet). */
  casesDone: Type.Integer(),
  casesTotal: Type.Integer(),
  /** Judge attempt (bumped by rejudge and cancel): a client drops events of an older attempt it may replay. */
  version: Type.Optional(Type.Integer()),
});
export type SubmissionStatusData = Static<typeof SubmissionStatusData>;

/** One finished test case. No test data and no user output: those stay behind REST's visibility checks. */
export const SubmissionCaseData = Type.Object({
  submitId: Type.Integer(),
  caseId: Type.Integer(),
  /** 1-based position of the case in judging order. */
  index: Type.Integer(),
  total: Type.Integer(),
  status: Type.Integer(),
  time: Type.Union([Type.Integer(), Type.Null()]),
  memory: Type.Union([Type.Integer(), Type.Null()]),
  score: Type.Union([Type.Integer(), Type.Null()]),
  groupNum: Type.Union([Type.Integer(), Type.Null()]),
  /** The problem's judge case mode (`default`, `subtask_lowest`, …): the page groups subtasks by it. */
  mode: Type.Optional(Type.String({ maxLength: 40 })),
});
export type SubmissionCaseData = Static<typeof SubmissionCaseData>;

interface PushEventSpec {
  /** The topic kinds this event is published on. */
  topics: readonly TopicKind[];
  data: TSchema;
}

/** Event name → where it is published and what it carries. */
export const PUSH_EVENTS = {
  'submission.status': { topics: ['submission', 'user'], data: SubmissionStatusData },
  'submission.case': { topics: ['submission'], data: SubmissionCaseData },
  'test-judge.result': { topics: ['test-judge'], data: TestJudgeResult },
  'unread.counts': { topics: ['user'], data: UnreadCounts },
  'contest.announcement': { topics: ['contest'], data: ContestAnnouncementVO },
  'contest.status': { topics: ['contest', 'scoreboard', 'board'], data: ContestStatusEvent },
  'scoreboard.delta': { topics: ['scoreboard', 'contest-admin'], data: ScoreboardDelta },
  'scoreboard.batch': { topics: ['board'], data: ScoreboardBatch },
  'acinfo.new': { topics: ['contest-admin'], data: AcInfoNewEvent },
  'print.new': { topics: ['contest-admin'], data: PrintNewEvent },
  'judge.runners': { topics: ['judge-status'], data: JudgeRunnersData },
  'judge.queue': { topics: ['judge-status'], data: JudgeQueueData },
  'import.progress': { topics: ['user'], data: ImportProgress },
  'problem.counts': { topics: ['problem-counts'], data: ProblemCount },
  'testdata.progress': { topics: ['user'], data: TestdataProgress },
  'dashboard.live': { topics: ['admin-dashboard'], data: DashboardLiveEvent },
  'site.config': { topics: ['site'], data: SiteConfigEvent },
  'home.announcements': { topics: ['site'], data: AnnouncementsChanged },
  'notice.sys': { topics: ['site'], data: SysNoticeEvent },
  'session.revoked': { topics: ['user'], data: SessionRevokedData },
  'access.changed': { topics: ['access'], data: AccessChangedData },
  'group.member': { topics: ['group'], data: GroupMemberEvent },
  'group.announcement': { topics: ['group'], data: GroupAnnouncementEvent },
  'group.rank': { topics: ['group'], data: GroupRankEvent },
  'group.discussion': { topics: ['group'], data: GroupDiscussionEvent },
  'training.progress': { topics: ['training'], data: TrainingProgressEvent },
  'training.changed': { topics: ['training'], data: TrainingChangedEvent },
  'discussion.comment': { topics: ['discussion'], data: DiscussionCommentEvent },
  'discussion.reply': { topics: ['discussion'], data: DiscussionReplyEvent },
  'discussion.like': { topics: ['discussion'], data: DiscussionLikeEvent },
  'discussion.removed': { topics: ['discussion'], data: DiscussionRemovedEvent },
  'discussion.changed': { topics: ['discussion'], data: DiscussionChangedEvent },
  'class.students': { topics: ['class'], data: ClassStudentsEvent },
  'task.activity': { topics: ['homework', 'exam'], data: TaskActivityEvent },
} as const satisfies Record<string, PushEventSpec>;

export type PushEventName = keyof typeof PUSH_EVENTS;
export const PUSH_EVENT_NAMES = Object.keys(PUSH_EVENTS) as PushEventName[];
export type PushEventData<E extends PushEventName> = Static<(typeof PUSH_EVENTS)[E]['data']>;

/** The topic kinds event `E` is published on. */
export type TopicKindsOf<E extends PushEventName> = (typeof PUSH_EVENTS)[E]['topics'][number];

/** The events a topic of kind `K` carries (of either kind for a union). */
export type EventsOfKind<K extends TopicKind> = {
  [E in PushEventName]: K extends TopicKindsOf<E> ? E : never;
}[PushEventName];

/** The events a topic name carries: `EventsOfKind` of its kind (every event for a plain `string`). */
export type EventsOfTopic<T extends string> = EventsOfKind<KindOfTopic<T>>;

/** What every pushed event carries on the socket: its topic, the topic's monotonic seq, and the data. */
export interface PushFrame<E extends PushEventName = PushEventName> {
  topic: string;
  seq: number;
  /**
   * The seq this frame follows, when it is not `seq − 1`: the frame covers the topic's events (from, seq] (a
   * `board:` topic skips the other views' events and coalesces deltas). Absent: the frame is the one event `seq`.
   */
  from?: number;
  data: PushEventData<E>;
}

/** The push events as one discriminated union on `event` (switch on it; end in `assertNever`). */
export type PushEvent = { [E in PushEventName]: PushFrame<E> & { event: E } }[PushEventName];

/** A push event on its way from the services to every gateway (NATS `oj.push.<topic>`), data not yet checked. */
export const PushMessage = Type.Object({
  topic: Type.String(),
  seq: Type.Integer({ minimum: 1 }),
  event: Type.Union(PUSH_EVENT_NAMES.map((e) => Type.Literal(e))),
  data: Type.Unknown(),
  /** When the services produced it (epoch ms): the gateways measure push latency from it. Not on replayed events. */
  at: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type PushMessage = Static<typeof PushMessage>;

const Frame = Type.Object({ topic: Type.String(), seq: Type.Integer({ minimum: 1 }), from: Type.Optional(Type.Integer({ minimum: 0 })), data: Type.Unknown() });

/** Whether `event` may be published on `topic` (its kind is one of the event's topic kinds). */
export function eventFitsTopic(event: PushEventName, topic: string): boolean {
  const kind = topicKind(topic);
  return kind !== null && (PUSH_EVENTS[event].topics as readonly TopicKind[]).includes(kind);
}

/**
 * Decodes a frame received for `event`: the frame's shape, the topic against the event's topic kinds, and the
 * data against the event's schema. Throws `OjError('BAD_PAYLOAD')` otherwise.
 */
export function decodePushFrame<E extends PushEventName>(event: E, raw: unknown): PushEvent & { event: E } {
  const frame = decode(Frame, raw);
  if (!eventFitsTopic(event, frame.topic)) throw new OjError('BAD_PAYLOAD', { detail: `${event} on ${frame.topic}` });
  const data = decode(PUSH_EVENTS[event].data, frame.data) as PushEventData<E>;
  return { event, topic: frame.topic, seq: frame.seq, ...(frame.from !== undefined && { from: frame.from }), data } as PushEvent & { event: E };
}

/** Checks a push message read from the bus (or the replay log) against its event: the typed event, or `BAD_PAYLOAD`. */
export function decodePushMessage(msg: PushMessage): PushEvent {
  return decodePushFrame(msg.event, msg);
}
