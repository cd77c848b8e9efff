// Push topics: what a socket subscribes to. Every publisher and subscriber builds topic names with `topics` and
// the gateway reads them back with `parseTopic`, so the spelling of a topic lives here only.
import type { BoardView } from '../contest/boards';

const POSITIVE_INT = /^[1-9]\d{0,15}$/;
const BOARD_VIEWS: readonly string[] = ['public', 'public-end', 'live', 'live-end'];
const SAFE_KEY = /^[A-Za-z0-9_-]{1,128}$/;

export type Topic =
  | { kind: 'submission'; submitId: number }
  | { kind: 'user'; uid: string }
  | { kind: 'contest'; cid: number }
  | { kind: 'scoreboard'; cid: number }
  | { kind: 'contest-admin'; cid: number }
  | { kind: 'group'; gid: number }
  | { kind: 'board'; cid: number; view: BoardView }
  | { kind: 'training'; tid: number }
  | { kind: 'class'; classId: number }
  | { kind: 'homework'; taskId: number }
  | { kind: 'exam'; taskId: number }
  | { kind: 'test-judge'; key: string }
  | { kind: 'judge-status' }
  | { kind: 'problem-counts' }
  | { kind: 'admin-dashboard' }
  | { kind: 'site' }
  | { kind: 'access' }
  | { kind: 'discussion'; did: number };

export type TopicKind = Topic['kind'];

/** Topic kinds without an argument: the name is the kind. */
type PlainKind = 'judge-status' | 'problem-counts' | 'admin-dashboard' | 'site' | 'access';

/** The name of a topic of kind `K`, as its builder types it (so a watcher's handlers can be checked against it). */
export type TopicName<K extends TopicKind = TopicKind> = K extends PlainKind ? K : `${K}:${string}`;

/** The kind of a topic name typed by a builder; every kind for a plain `string`. */
export type KindOfTopic<T extends string> = string extends T
  ? TopicKind
  : T extends PlainKind
    ? T
    : T extends `${infer K}:${string}`
      ? Extract<K, TopicKind>
      : never;

/** Topic names, one builder per kind. */
export const topics = {
  /** A submission's status and cases (its audience: who may see the submission). */
  submission: (submitId: number): TopicName<'submission'> => `submission:${submitId}`,
  /** One user's own events (joined automatically by an authenticated socket). */
  user: (uid: string): TopicName<'user'> => `user:${uid}`,
  /** A contest's clock and announcements. */
  contest: (cid: number): TopicName<'contest'> => `contest:${cid}`,
  /** The contestants' (sealed) scoreboard of a contest. */
  scoreboard: (cid: number): TopicName<'scoreboard'> => `scoreboard:${cid}`,
  /** The contest admins' live board, AC helper and print queue. */
  contestAdmin: (cid: number): TopicName<'contest-admin'> => `contest-admin:${cid}`,
  /** A group's membership changes and announcements (its audience: who may open the group). */
  group: (gid: number): TopicName<'group'> => `group:${gid}`,
  /**
   * One board view's deltas, coalesced and compact (`scoreboard.batch`), for a client holding a window of it; its
   * seq is the seq of the view's topic (`scoreboard:<cid>` or `contest-admin:<cid>`).
   */
  board: (cid: number, view: BoardView): TopicName<'board'> => `board:${cid}:${view}`,
  /** A training's members' progress and its changes (its audience: who may read its rank). */
  training: (tid: number): TopicName<'training'> => `training:${tid}`,
  /** A class's student list (its audience: the class's teacher and the super admin). */
  classStudents: (classId: number): TopicName<'class'> => `class:${classId}`,
  /** A homework's status grid (its audience: the course's teacher and the super admin). */
  homework: (taskId: number): TopicName<'homework'> => `homework:${taskId}`,
  /** An exam's live monitor (its audience: the course's teacher and the super admin). */
  exam: (taskId: number): TopicName<'exam'> => `exam:${taskId}`,
  /** One online-test run. */
  testJudge: (key: string): TopicName<'test-judge'> => `test-judge:${key}`,
  /** The judge runners, for admins. */
  judgeStatus: (): TopicName<'judge-status'> => 'judge-status',
  /** The public problems' status counters (practice verdicts), for the problem list. */
  problemCounts: (): TopicName<'problem-counts'> => 'problem-counts',
  /** The admin dashboard's live panels: runners, queue lanes, recent verdicts (admins). */
  adminDashboard: (): TopicName<'admin-dashboard'> => 'admin-dashboard',
  /** The site's public configuration, home announcements and notices to everyone (anyone may watch). */
  site: (): TopicName<'site'> => 'site',
  /** Changes of the role ↔ permission assignment (every gateway reloads it; admins' role pages follow it). */
  access: (): TopicName<'access'> => 'access',
  /** One discussion's new comments and replies, like counts and changes (whoever may read it). */
  discussion: (did: number): TopicName<'discussion'> => `discussion:${did}`,
} as const;

/** Parses `submission:12` and friends; returns null for anything else. */
export function parseTopic(topic: string): Topic | null {
  if (topic === 'judge-status') return { kind: 'judge-status' };
  if (topic === 'problem-counts') return { kind: 'problem-counts' };
  if (topic === 'admin-dashboard') return { kind: 'admin-dashboard' };
  if (topic === 'site') return { kind: 'site' };
  if (topic === 'access') return { kind: 'access' };
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
    case 'group':
      return POSITIVE_INT.test(arg) ? { kind, gid: Number(arg) } : null;
    case 'board': {
      const [c, view, more] = arg.split(':');
      return more === undefined && POSITIVE_INT.test(c ?? '') && BOARD_VIEWS.includes(view ?? '') ? { kind, cid: Number(c), view: view as BoardView } : null;
    }
    case 'training':
      return POSITIVE_INT.test(arg) ? { kind, tid: Number(arg) } : null;
    case 'discussion':
      return POSITIVE_INT.test(arg) ? { kind, did: Number(arg) } : null;
    case 'class':
      return POSITIVE_INT.test(arg) ? { kind, classId: Number(arg) } : null;
    case 'homework':
    case 'exam':
      return POSITIVE_INT.test(arg) ? { kind, taskId: Number(arg) } : null;
    case 'user':
      return SAFE_KEY.test(arg) ? { kind, uid: arg } : null;
    case 'test-judge':
      return SAFE_KEY.test(arg) ? { kind, key: arg } : null;
    default:
      return null;
  }
}

export function formatTopic(t: Topic): string {
  switch (t.kind) {
    case 'submission':
      return topics.submission(t.submitId);
    case 'user':
      return topics.user(t.uid);
    case 'contest':
      return topics.contest(t.cid);
    case 'scoreboard':
      return topics.scoreboard(t.cid);
    case 'contest-admin':
      return topics.contestAdmin(t.cid);
    case 'group':
      return topics.group(t.gid);
    case 'board':
      return topics.board(t.cid, t.view);
    case 'training':
      return topics.training(t.tid);
    case 'class':
      return topics.classStudents(t.classId);
    case 'homework':
      return topics.homework(t.taskId);
    case 'exam':
      return topics.exam(t.taskId);
    case 'test-judge':
      return topics.testJudge(t.key);
    case 'judge-status':
      return topics.judgeStatus();
    case 'problem-counts':
      return topics.problemCounts();
    case 'admin-dashboard':
      return topics.adminDashboard();
    case 'site':
      return topics.site();
    case 'access':
      return topics.access();
    case 'discussion':
      return topics.discussion(t.did);
  }
}

/** The kind of a topic name, or null when it is not one. */
export function topicKind(topic: string): TopicKind | null {
  return parseTopic(topic)?.kind ?? null;
}

/** The topic whose seq and log a board view's topic follows: `scoreboard:<cid>` or `contest-admin:<cid>`. */
export function boardSource(cid: number, view: BoardView): TopicName<'scoreboard' | 'contest-admin'> {
  return view === 'live' || view === 'live-end' ? topics.contestAdmin(cid) : topics.scoreboard(cid);
}
