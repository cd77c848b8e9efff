// A user's home page and submission heatmap, computed from their submissions outside contests and groups.
import { OjError, type SolvedProblem, type UserCalendarHeatmapVO, type UserHomeQuery, type UserHomeVO } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { findUserBy, practiceSubmissionCount, solvedProblems, submissionsPerDay } from './home.repo';

export interface UserHomeService {
  /** Without uid and username: the viewer's own home (login required). */
  userHome(q: UserHomeQuery, viewer: Viewer | null): Promise<UserHomeVO>;
  heatmap(q: UserHomeQuery, viewer: Viewer | null): Promise<UserCalendarHeatmapVO>;
}

export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);

export function createUserHomeService(ctx: ServiceContext): UserHomeService {
  const { db } = ctx;

  async function findUser(q: UserHomeQuery, viewer: Viewer | null) {
    let by: { uid: string } | { username: string };
    if (q.uid) by = { uid: q.uid };
    else if (q.username) by = { username: q.username };
    else if (viewer) by = { uid: viewer.uid };
    else throw new OjError('AUTH_NOT_LOGGED_IN');
    const u = await findUserBy(db, by);
    if (!u) throw new OjError('USER_NOT_FOUND');
    return u;
  }

  return {
    async userHome(q, viewer) {
      const u = await findUser(q, viewer);
      const total = await practiceSubmissionCount(db, u.uuid);
      const solved = await solvedProblems(db, u.uuid);
      const groups: Record<string, SolvedProblem[]> = {};
      for (const p of solved) {
        (groups[String(p.difficulty)] ??= []).push({ id: p.id, problemId: p.problem_id, difficulty: p.difficulty });
      }
      return {
        uid: u.uuid,
        username: u.username,
        school: u.school,
        signature: u.signature,
        nickname: u.nickname,
        gender: u.gender,
        github: u.github,
        blog: u.blog,
        avatar: u.avatar,
        titleName: u.titleName,
        titleColor: u.titleColor,
        total,
        rating: null,
        scoreList: solved.flatMap((p) => (p.best === null ? [] : [Number(p.best)])),
        solvedList: solved.map((p) => p.problem_id),
        solvedGroupByDifficulty: groups,
        recentLoginTime: null,
      };
    },

    async heatmap(q, viewer) {
      const u = await findUser(q, viewer);
      const rows = await submissionsPerDay(db, u.uuid);
      return { endDate: utcDay(new Date()), dataList: rows.map((r) => ({ date: r.d, value: Number(r.n) })) };
    },
  };
}
