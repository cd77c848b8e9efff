// The scroll board (the award ceremony's resolver) of an ended, sealed ACM contest: the contest's setup and every
// submission before the end in board order, with the names to show.
import { CONTEST_STATUS, OjError, type ScrollBoardInfo, type ScrollBoardSubmission } from '@oj/proto';
import type { Viewer } from '../../account/viewer';
import type { DbOrTx } from '../../db/client';
import { canEnter, contestStatus, isBoardSealed, isContestAdmin, outsideOpen, sealOffsetS, visibleContest, type ContestRow } from '../access';
import { contestProblemsOf } from '../contest-problem.repo';
import { loadRecords, loadStarUids, loadUsers } from './board.repo';
import type { BoardProjector } from './projector';

export interface ScrollBoardService {
  scrollBoardInfo(cid: number, viewer: Viewer | null): Promise<ScrollBoardInfo>;
  scrollBoardSubmissions(q: { cid: number; removeStar?: boolean }, viewer: Viewer | null): Promise<ScrollBoardSubmission[]>;
}

/**
 * The scroll board replays an ended ACM contest that had a seal. Its data is every result the seal hides, so while
 * the board is still sealed only the contest's admins may read it (anyone else, anonymous included, gets
 * CONTEST_ADMIN_ONLY); once the seal is lifted it is for whoever may read the board: entrants (a private contest's
 * registered users) or anyone when its outside board is open.
 */
async function scrollContest(db: DbOrTx, cid: number, viewer: Viewer | null): Promise<ContestRow> {
  const c = await visibleContest(db, cid, viewer);
  if (c.type !== 0 || !c.sealRank || contestStatus(c) !== CONTEST_STATUS.ENDED) throw new OjError('CONTEST_SCROLL_BOARD_UNAVAILABLE');
  if (!isContestAdmin(viewer, c)) {
    if (isBoardSealed(c)) throw new OjError('CONTEST_ADMIN_ONLY');
    // A visible contest that one may not enter is a private one without registration.
    if (!outsideOpen(c) && !(await canEnter(db, c, viewer))) throw new OjError(viewer ? 'CONTEST_NOT_REGISTERED' : 'AUTH_NOT_LOGGED_IN');
  }
  return c;
}

export function createScrollBoardService(db: DbOrTx, boards: BoardProjector): ScrollBoardService {
  return {
    async scrollBoardInfo(cid, viewer) {
      const c = await scrollContest(db, cid, viewer);
      const problems = await contestProblemsOf(db, cid);
      const s = await boards.current(cid);
      const balloonColor: Record<string, string | null> = {};
      for (const p of problems) balloonColor[p.displayId] = p.color;
      const seal = sealOffsetS(c) ?? 0;
      return {
        id: c.id,
        title: c.title,
        rankShowName: c.rankShowName,
        problemCount: s.displayIds.length,
        balloonColor,
        displayIds: s.displayIds,
        startTime: c.startTime.toISOString(),
        sealRankTime: new Date(c.startTime.getTime() + seal * 1000).toISOString(),
        duration: c.duration,
        starUserList: c.starAccount,
      };
    },

    async scrollBoardSubmissions(q, viewer) {
      const c = await scrollContest(db, q.cid, viewer);
      const s = await boards.current(q.cid);
      let records = (await loadRecords(db, c, s.displayIds)).filter((r) => r.time < c.duration);
      if (q.removeStar) {
        const stars = new Set(await loadStarUids(db, c));
        records = records.filter((r) => !stars.has(r.uid));
      }
      const us = await loadUsers(
        db,
        records.map((r) => r.uid),
      );
      return records.map((r) => {
        const u = us.get(r.uid);
        return {
          uid: r.uid,
          username: u?.username ?? '',
          nickname: u?.nickname ?? null,
          realname: u?.realname ?? null,
          school: u?.school ?? null,
          avatar: u?.avatar ?? null,
          gender: u?.gender ?? null,
          // Imported records have no submission: their record id stands in.
          submitId: r.submitId ?? r.id,
          status: r.status,
          time: r.time,
          submitTime: r.submitTime.toISOString(),
          displayId: r.displayId,
        };
      });
    },
  };
}
