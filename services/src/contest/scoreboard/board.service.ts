// The scoreboard calls of the original product: the in-contest and the outside board (pages of the in-memory
// projection with pins, search and star removal, board-page.ts) and the rank download; the scroll board is in
// scroll-board.service.ts, the AC helper and printing in contest-tools.service.ts.
import type { BoardRow, ContestRankBody, RankPage } from '@oj/proto';
import type { Viewer } from '../../account/viewer';
import type { ServiceContext } from '../../context';
import { assertEnter, isContestAdmin, loadContest, outsideBoardContest } from '../access';
import { withUser, type JsonPart } from './board-cache';
import type { RankUser } from './board-data';
import { boardPage, pickView } from './board-page';
import { createContestToolsService, requireContestAdmin, type ContestToolsService } from './contest-tools.service';
import type { BoardProjector } from './projector';
import { RANK_MIME, rankFileBody, rankTable, type RankFormat } from './rank-sheet';
import { createScrollBoardService, type ScrollBoardService } from './scroll-board.service';

export interface DownloadRankQuery {
  cid: number;
  forceRefresh?: boolean;
  removeStar?: boolean;
  containEnd?: boolean;
  format?: RankFormat;
}

/** The boards; the AC helper and printing are `ContestToolsService`'s, the scroll board `ScrollBoardService`'s. */
export interface ScoreboardService extends ContestToolsService, ScrollBoardService {
  /** `POST /api/get-contest-rank`: login and contest entry; `forceRefresh` gives contest admins the live board. */
  rank(body: ContestRankBody, viewer: Viewer): Promise<RankPage>;
  /** `POST /api/get-contest-outside-scoreboard`: anyone, when the contest opened its board and has started. */
  outsideRank(body: ContestRankBody, viewer: Viewer | null): Promise<RankPage>;
  /**
   * `rank` as JSON text in parts (the same RankPage, serialised): the rows of a board version are serialised once
   * and, when the page holds all of them, shared by every caller as one part.
   */
  rankJson(body: ContestRankBody, viewer: Viewer): Promise<JsonPart[]>;
  /** `outsideRank` as JSON text in parts. */
  outsideRankJson(body: ContestRankBody, viewer: Viewer | null): Promise<JsonPart[]>;
  /** `GET /api/file/download-contest-rank` as CSV (UTF-8 with BOM so Excel reads it) or XLSX. */
  rankFile(q: DownloadRankQuery, viewer: Viewer): Promise<{ fileName: string; contentType: string; body: Buffer }>;
}

type RankRow = BoardRow & RankUser;

export function createScoreboardService(ctx: ServiceContext, boards: BoardProjector): ScoreboardService {
  const { db } = ctx;

  /** The contestants' board: pinned to the caller and the rows they follow. */
  async function contestantPage<T extends 'object' | 'json'>(body: ContestRankBody, viewer: Viewer, as: T) {
    const c = await loadContest(db, body.cid);
    await assertEnter(db, c, viewer);
    const live = body.forceRefresh === true && isContestAdmin(viewer, c);
    return boardPage(await boards.current(c.id), live, body, [viewer.uid, ...(body.concernedList ?? [])], as);
  }

  /** The outside board: pinned only to the rows the caller follows. */
  async function outsidePage<T extends 'object' | 'json'>(body: ContestRankBody, viewer: Viewer | null, as: T) {
    const c = await outsideBoardContest(db, body.cid, viewer);
    const live = body.forceRefresh === true && isContestAdmin(viewer, c);
    return boardPage(await boards.current(c.id), live, body, body.concernedList ?? [], as);
  }

  return {
    ...createContestToolsService(ctx),
    ...createScrollBoardService(db, boards),

    rank: (body, viewer) => contestantPage(body, viewer, 'object'),
    rankJson: (body, viewer) => contestantPage(body, viewer, 'json'),
    outsideRank: (body, viewer) => outsidePage(body, viewer, 'object'),
    outsideRankJson: (body, viewer) => outsidePage(body, viewer, 'json'),

    async rankFile(q, viewer) {
      await requireContestAdmin(db, q.cid, viewer);
      const s = await boards.current(q.cid);
      const { view } = pickView(s, q.forceRefresh === true, q.containEnd === true);
      let rows: readonly BoardRow[] = s.views.get(view)!.rows();
      if (q.removeStar) {
        const stars = new Set(s.starUids);
        rows = rows.filter((r) => !stars.has(r.uid));
      }
      const list: RankRow[] = rows.map((r) => withUser(r, s.users.get(r.uid)));
      const format = q.format ?? 'csv';
      return { fileName: `contest-${q.cid}-rank.${format}`, contentType: RANK_MIME[format], body: rankFileBody(format, s.contest, rankTable(s.contest, s.displayIds, list)) };
    },
  };
}
