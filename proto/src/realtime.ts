// The realtime contract (ARCHITECTURE.md §2): topics, subscribe/unsubscribe with acks, and the typed
// event map shared by the gateway (`new Server<ClientToServerEvents, ServerToClientEvents>`) and the web.
import { Type, type Static } from '@sinclair/typebox';
import type { ErrorCode } from './errors';
import { AcInfoNewEvent, ContestAnnouncementVO, ContestStatusEvent, PrintNewEvent, ScoreboardDelta } from './contest';

// ---------- topics ----------

export type Topic =
  | { kind: 'submission'; submitId: number }
  | { kind: 'user'; uid: string }
  | { kind: 'contest'; cid: number }
  | { kind: 'scoreboard'; cid: number }
  | { kind: 'contest-admin'; cid: number }
  | { kind: 'test-judge'; key: string }
  | { kind: 'judge-status' };

const POSITIVE_INT = /^[1-9]\d{0,15}$/;
const SAFE_KEY = /^[A-Za-z0-9_-]{1,128}$/;

/** Parses `submission:12` and friends; returns null for anything else. */
export function parseTopic(topic: string): Topic | null {
  if (topic === 'judge-status') return { kind: 'judge-status' };
  const i = topic.indexOf(':');
  if (i < 0) return null;
  const kind = topic.slice(0, i);
  const arg = topic.slice(i + 1);
  switch (kind) {
    case 'submission':
      return POSITIVE_INT.test(arg) ? { kind, submitId: Number(arg) } : null;
    case 'contest':
    case 'scoreboard':
    case 'contest-admin':
      return POSITIVE_INT.test(arg) ? { kind, cid: Number(arg) } : null;
    case 'user':
    case 'test-judge':
      return SAFE_KEY.test(arg) ? (kind === 'user' ? { kind, uid: arg } : { kind, key: arg }) : null;
    default:
      return null;
  }
}

export function formatTopic(t: Topic): string {
  switch (t.kind) {
    case 'submission':
      return `submission:${t.submitId}`;
    case 'user':
      return `user:${t.uid}`;
    case 'contest':
    case 'scoreboard':
    case 'contest-admin':
      return `${t.kind}:${t.cid}`;
    case 'test-judge':
      return `test-judge:${t.key}`;
    case 'judge-status':
      return 'judge-status';
  }
}

export const submissionTopic = (submitId: number) => `submission:${submitId}`;
export const userTopic = (uid: string) => `user:${uid}`;

// ---------- client → server ----------

export const SubscribeRequest = Type.Object({
  topic: Type.String({ minLength: 1, maxLength: 200 }),
  since: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type SubscribeRequest = Static<typeof SubscribeRequest>;

export const UnsubscribeRequest = Type.Object({ topic: Type.String({ minLength: 1, maxLength: 200 }) });
export type UnsubscribeRequest = Static<typeof UnsubscribeRequest>;

/**
 * Answer to subscribe/unsubscribe. `seq` is the topic's latest sequence number known to the server.
 * With `since`, the missed events are emitted before the ack; `resync: true` means they are no longer
 * available and the client must reload the snapshot over REST.
 */
export type SubscribeAck = { ok: true; seq: number; resync?: boolean } | { ok: false; code: ErrorCode };

// ---------- server → client ----------

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
});
export type SubmissionCaseData = Static<typeof SubmissionCaseData>;

/** Event names → data schemas. Events owned by later features carry an open object until specified. */
export const PUSH_EVENT_SCHEMAS = {
  'submission.status': SubmissionStatusData,
  'submission.case': SubmissionCaseData,
  'test-judge.result': Type.Record(Type.String(), Type.Unknown()),
  'unread.counts': Type.Object({
    comment: Type.Integer(),
    reply: Type.Integer(),
    like: Type.Integer(),
    sys: Type.Integer(),
    mine: Type.Integer(),
  }),
  'contest.announcement': ContestAnnouncementVO,
  'contest.status': ContestStatusEvent,
  'scoreboard.delta': ScoreboardDelta,
  'acinfo.new': AcInfoNewEvent,
  'print.new': PrintNewEvent,
  'judge.runners': Type.Record(Type.String(), Type.Unknown()),
} as const;

export type PushEventName = keyof typeof PUSH_EVENT_SCHEMAS;
export const PUSH_EVENT_NAMES = Object.keys(PUSH_EVENT_SCHEMAS) as PushEventName[];
export type PushEventData<E extends PushEventName> = Static<(typeof PUSH_EVENT_SCHEMAS)[E]>;

/** What every pushed event carries: its topic, the topic's monotonic seq, and the data. */
export interface PushFrame<E extends PushEventName = PushEventName> {
  topic: string;
  seq: number;
  data: PushEventData<E>;
}

export type ServerToClientEvents = {
  [E in PushEventName]: (frame: PushFrame<E>) => void;
};

export interface ClientToServerEvents {
  subscribe: (req: SubscribeRequest, ack: (a: SubscribeAck) => void) => void;
  unsubscribe: (req: UnsubscribeRequest, ack: (a: SubscribeAck) => void) => void;
}

/** Socket.IO handshake: `io(url, { path: '/socket.io', auth: { token } })`; the token may be absent. */
export interface HandshakeAuth {
  token?: string;
}
