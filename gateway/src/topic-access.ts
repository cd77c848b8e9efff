// Who may watch a topic (the rules of docs/realtime.md#topics, from the services and the database) and each topic's
// latest seq, both reused for a short while: concurrent and repeated subscribes share one read. A refusal is kept a
// second at most (a user who just registered for a contest), and a role or access change drops the answers at once.
import { assertNever, formatTopic, isAdminRole, isSiteAdminRole, type Topic } from '@oj/proto';
import type { OjServices, Viewer } from '@oj/services';
import { TtlCache } from './socket-guard';

export interface TopicAccess {
  mayWatch(topic: Topic, viewer: Viewer | null): Promise<boolean>;
  latestSeq(topic: string): Promise<number>;
  /** A message relayed on `topic` with `seq`: the cached latest seq follows it. */
  noteSeq(topic: string, seq: number): void;
  forgetUser(uid: string): void;
  forgetAll(): void;
}

function decide(services: OjServices, topic: Topic, viewer: Viewer | null): Promise<boolean> | boolean {
  switch (topic.kind) {
    case 'submission':
      return services.submissions.canWatch(topic.submitId, viewer);
    case 'user':
      return viewer !== null && viewer.uid === topic.uid;
    case 'judge-status':
      return viewer !== null && isAdminRole(viewer.roles);
    case 'admin-dashboard':
    case 'access':
      return viewer !== null && isSiteAdminRole(viewer.roles);
    case 'problem-counts':
    case 'site':
      return true;
    case 'contest':
    case 'scoreboard':
    case 'contest-admin':
      return services.contests.canSubscribe(topic.kind, topic.cid, viewer);
    case 'group':
      return services.groups.canWatch(topic.gid, viewer);
    case 'board':
      return services.contests.canSubscribe(topic.view === 'live' || topic.view === 'live-end' ? 'contest-admin' : 'scoreboard', topic.cid, viewer);
    case 'training':
      return services.trainings.canWatch(topic.tid, viewer);
    case 'class':
      return services.education.canWatchClass(topic.classId, viewer);
    case 'homework':
    case 'exam':
      return services.education.canWatchTask(topic.kind, topic.taskId, viewer);
    case 'test-judge':
      return services.testJudge.canWatch(topic.key, viewer);
    case 'discussion':
      return services.discuss.canWatch(topic.did, viewer);
    default:
      return assertNever(topic);
  }
}

/** `cacheMs` 0: every subscribe asks the services. */
export function createTopicAccess(services: OjServices, cacheMs: number): TopicAccess {
  /** `<uid or ->|<topic>` → the (possibly pending) answer. */
  const answers = new TtlCache<Promise<boolean>>(cacheMs);
  const seqs = new TtlCache<number>(cacheMs);
  return {
    mayWatch(topic, viewer) {
      const key = `${viewer?.uid ?? '-'}|${formatTopic(topic)}`;
      const hit = answers.get(key);
      if (hit !== undefined) return hit;
      const answer = Promise.resolve(decide(services, topic, viewer));
      answers.set(key, answer);
      answer.then(
        (ok) => {
          if (!ok && answers.get(key) === answer) answers.set(key, answer, Math.min(cacheMs, 1_000));
        },
        () => answers.delete(key),
      );
      return answer;
    },
    async latestSeq(topic) {
      const hit = seqs.get(topic);
      if (hit !== undefined) return hit;
      const seq = await services.push.latestSeq(topic);
      seqs.set(topic, Math.max(seq, seqs.get(topic) ?? 0));
      return seq;
    },
    noteSeq(topic, seq) {
      const known = seqs.get(topic);
      if (known !== undefined && seq > known) seqs.set(topic, seq);
    },
    forgetUser: (uid) => answers.forget(`${uid}|`),
    forgetAll: () => answers.forget(),
  };
}
