// The scoreboard calls of the original product: the in-contest and the outside board (pages of the in-memory projection
// with pins, search and star removal), the rank download and the scroll board; the AC helper and printing are in
// contest-tools.service.ts.
import {
  CONTEST_LIMITS,
  CONTEST_STATUS,
  OjError,
  pageBoard,
  type AwardConfig,
  type BoardRow,
  type BoardView,
  type ContestRankBody,
  type RankPage,
  type RankVO,
  type ScrollBoardInfo,
  type ScrollBoardSubmission,
} from '@oj/proto';
import type { Viewer } from '../../account/viewer';
import type { ServiceContext } from '../../context';
import { assertEnter, contestStatus, isContestAdmin, loadContest, outsideBoardContest, sealOffsetS, visibleContest, type ContestRow } from '../access';
import { contestProblemsOf } from '../contest-problem.repo';
import { pagePlan, viewCache, withUser, type JsonPart } from './board-cache';
import { shownName, type RankUser } from './board-data';
import { loadRecords, loadStarUids, loadUsers } from './board.repo';
import { createContestToolsService, requireContestAdmin, type ContestToolsService } from './contest-tools.service';
import type { BoardProjector, BoardState } from './projector';
import { rankCsv } from './rank-csv';

export interface DownloadRankQuery {
  cid: number;
  forceRefresh?: boolean;
  removeStar?: boolean;
  containEnd?: boolean;
}

/** The boards; the AC helper and printing are `ContestToolsService`'s. */
export interface ScoreboardService extends ContestToolsService {
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
  /** `GET /api/file/download-contest-rank` as CSV (UTF-8 with BOM so Excel reads it). */
  rankFile(q: DownloadRankQuery, viewer: Viewer): Promise<{ fileName: string; body: Buffer }>;
  scrollBoardInfo(cid: number, viewer: Viewer | null): Promise<ScrollBoardInfo>;
  scrollBoardSubmissions(q: { cid: number; removeStar?: boolean }, viewer: Viewer | null): Promise<ScrollBoardSubmission[]>;
}

type RankRow = BoardRow & RankUser;

/** The view a caller reads: live for contest admins who force it, `-end` only when allowed and not sealed. */
function pickView(s: BoardState, live: boolean, containsEnd: boolean): { view: BoardView; sealed: boolean } {
  const sealed = !live && s.sealed;
  const end = containsEnd && s.contest.allowEndSubmit && !sealed;
  const view: BoardView = live ? (end ? 'live-end' : 'live') : end ? 'public-end' : 'public';
  return { view: s.views.has(view) ? view : live ? 'live' : 'public', sealed };
}

export function createScoreboardService(ctx: ServiceContext, boards: BoardProjector): ScoreboardService {
  const { db } = ctx;

  function matcher(s: BoardState) {
    return (row: BoardRow, kw: string) => {
      const u = s.users.get(row.uid);
      if (!u) return false;
      return (u.school ?? '').toLowerCase().includes(kw) || shownName(s.contest, u).toLowerCase().includes(kw);
    };
  }

  /** A page of the board; without a keyword read from the per-version cache (board-cache.ts), else filtered here. */
  async function page<T extends 'object' | 'json'>(
    cid: number,
    live: boolean,
    body: ContestRankBody,
    pins: string[],
    as: T,
  ): Promise<T extends 'json' ? JsonPart[] : RankPage> {
    type Out = T extends 'json' ? JsonPart[] : RankPage;
    const s = await boards.current(cid);
    const { view, sealed } = pickView(s, live, body.containsEnd === true);
    const limit = body.limit ?? CONTEST_LIMITS.rankPageSize;
    const current = body.currentPage ?? 1;
    const meta = (total: number) => ({
      total,
      size: limit,
      current,
      pages: Math.ceil(total / limit),
      seq: live ? s.seq.admin : s.seq.public,
      sealed,
      view,
      version: s.version,
      rankConfig: { starUids: s.starUids, awardType: s.contest.awardType, awards: s.views.get(view)!.config.awards as AwardConfig[] },
    });
    if ((body.keyword?.trim() ?? '') !== '') {
      const { records, total } = pageBoard(s.views.get(view)!.rows(), {
        currentPage: current,
        limit,
        keyword: body.keyword,
        removeStar: body.removeStar === true,
        starUids: s.starUids,
        pinUids: pins,
        match: matcher(s),
      });
      const out: RankPage = { records: records.map((r) => withUser(r, s.users.get(r.uid))), ...meta(total) };
      return (as === 'json' ? [JSON.stringify(out)] : out) as Out;
    }
    const vc = viewCache(s, view, body.removeStar === true);
    const plan = pagePlan(vc, pins, current, limit);
    if (as === 'object') {
      const records: RankVO[] = plan.pinned.map((i) => vc.vo(i));
      for (let i = plan.from; i < plan.to; i++) records.push(vc.vo(i));
      return { records, ...meta(plan.total) } as Out;
    }
    const parts: JsonPart[] = ['{"records":[' + plan.pinned.map((i) => vc.text(i)).join(',')];
    if (plan.to > plan.from) {
      if (plan.pinned.length > 0) parts.push(',');
      parts.push(vc.slice(plan.from, plan.to));
    }
    parts.push('],' + JSON.stringify(meta(plan.total)).slice(1));
    return parts as Out;
  }

  /** The scroll board replays an ended, sealed ACM contest; anonymous calls still may not see a hidden one. */
  async function scrollContest(cid: number, viewer: Viewer | null): Promise<ContestRow> {
    const c = await visibleContest(db, cid, viewer);
    if (c.type !== 0 || !c.sealRank || contestStatus(c) !== CONTEST_STATUS.ENDED) throw new OjError('CONTEST_SCROLL_BOARD_UNAVAILABLE');
    return c;
  }

  return {
    ...createContestToolsService(ctx),

    async rank(body, viewer) {
      const c = await loadContest(db, body.cid);
      await assertEnter(db, c, viewer);
      const live = body.forceRefresh === true && isContestAdmin(viewer, c);
      return page(c.id, live, body, [viewer.uid, ...(body.concernedList ?? [])], 'object');
    },

    async rankJson(body, viewer) {
      const c = await loadContest(db, body.cid);
      await assertEnter(db, c, viewer);
      const live = body.forceRefresh === true && isContestAdmin(viewer, c);
      return page(c.id, live, body, [viewer.uid, ...(body.concernedList ?? [])], 'json');
    },

    async outsideRank(body, viewer) {
      const c = await outsideBoardContest(db, body.cid, viewer);
      const live = body.forceRefresh === true && isContestAdmin(viewer, c);
      return page(c.id, live, body, body.concernedList ?? [], 'object');
    },

    async outsideRankJson(body, viewer) {
      const c = await outsideBoardContest(db, body.cid, viewer);
      const live = body.forceRefresh === true && isContestAdmin(viewer, c);
      return page(c.id, live, body, body.concernedList ?? [], 'json');
    },

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
      const csv = rankCsv(s.contest, s.displayIds, list);
      return { fileName: `contest-${q.cid}-rank.csv`, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]) };
    },

    async scrollBoardInfo(cid, viewer) {
      const c = await scrollContest(cid, viewer);
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
      const c = await scrollContest(q.cid, viewer);
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
