// The scoreboard calls of the original product: the in-contest and the outside board (pages of the in-memory projection
// with pins, search and star removal), the rank download, the scroll board, the AC helper and contest printing.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  CONTEST_LIMITS,
  CONTEST_STATUS,
  OjError,
  pageBoard,
  type AcInfoVO,
  type AwardConfig,
  type BoardRow,
  type BoardView,
  type ContestRankBody,
  type PageOf,
  type PrintVO,
  type PushMessage,
  type RankPage,
  type RankVO,
  type ScrollBoardInfo,
  type ScrollBoardSubmission,
  topics,
} from '@oj/proto';
import type { Viewer } from '../../account/viewer';
import { pageOffset } from '../../db/paging';
import type { ServiceContext } from '../../context';
import { isInt4 } from '../../db/client';
import { contestAcInfo, contestPrint, contestProblem, users } from '../../db/schema';
import { appendPush, publishAll } from '../../push/push.service';
import { assertEnter, contestStatus, isContestAdmin, loadContest, sealOffsetS, type ContestRow } from '../access';
import { toAcInfoVO } from './ac-info';
import { pagePlan, viewCache, withUser, type JsonPart } from './board-cache';
import { loadRecords, loadStarUids, loadUsers, shownName, type RankUser } from './board-data';
import type { BoardProjector, BoardState } from './projector';
import { rankCsv } from './rank-csv';

export interface DownloadRankQuery {
  cid: number;
  forceRefresh?: boolean;
  removeStar?: boolean;
  containEnd?: boolean;
}

export interface ScoreboardService {
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
  acInfo(q: { cid: number; currentPage?: number; limit?: number }, viewer: Viewer): Promise<PageOf<AcInfoVO>>;
  checkAcInfo(body: { id: number; cid: number; checked: boolean }, viewer: Viewer): Promise<void>;
  submitPrint(body: { cid: number; content: string }, viewer: Viewer): Promise<void>;
  prints(q: { cid: number; currentPage?: number; limit?: number }, viewer: Viewer): Promise<PageOf<PrintVO>>;
  checkPrint(q: { id: number; cid: number }, viewer: Viewer): Promise<void>;
  printText(id: number, viewer: Viewer): Promise<{ fileName: string; content: string }>;
}

/** Page sizes of the original product: AC info and print lists 30. */
const LIST_LIMIT = 30;

type RankRow = BoardRow & RankUser;

/** The view a caller reads: live for contest admins who force it, `-end` only when allowed and not sealed. */
function pickView(s: BoardState, live: boolean, containsEnd: boolean): { view: BoardView; sealed: boolean } {
  const sealed = !live && s.sealed;
  const end = containsEnd && s.contest.allowEndSubmit && !sealed;
  const view: BoardView = live ? (end ? 'live-end' : 'live') : end ? 'public-end' : 'public';
  return { view: s.views.has(view) ? view : live ? 'live' : 'public', sealed };
}

export function createScoreboardService(ctx: ServiceContext, boards: BoardProjector): ScoreboardService {
  const { db, transport, logger } = ctx;

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

  async function requireAdmin(cid: number, viewer: Viewer): Promise<ContestRow> {
    if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
    const c = await loadContest(db, cid);
    if (!isContestAdmin(viewer, c)) throw new OjError('CONTEST_ADMIN_ONLY');
    return c;
  }

  /** Anonymous calls still may not see a hidden contest. */
  async function visibleContest(cid: number, viewer: Viewer | null): Promise<ContestRow> {
    const c = await loadContest(db, cid);
    if (!c.visible && !isContestAdmin(viewer, c)) throw new OjError('CONTEST_NOT_FOUND');
    return c;
  }

  async function outsideContest(cid: number, viewer: Viewer | null): Promise<ContestRow> {
    const c = await visibleContest(cid, viewer);
    if (!c.openRank || contestStatus(c) === CONTEST_STATUS.SCHEDULED) throw new OjError('CONTEST_RANK_CLOSED');
    return c;
  }

  async function scrollContest(cid: number, viewer: Viewer | null): Promise<ContestRow> {
    const c = await visibleContest(cid, viewer);
    if (c.type !== 0 || !c.sealRank || contestStatus(c) !== CONTEST_STATUS.ENDED) throw new OjError('CONTEST_SCROLL_BOARD_UNAVAILABLE');
    return c;
  }

  return {
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
      const c = await outsideContest(body.cid, viewer);
      const live = body.forceRefresh === true && isContestAdmin(viewer, c);
      return page(c.id, live, body, body.concernedList ?? [], 'object');
    },

    async outsideRankJson(body, viewer) {
      const c = await outsideContest(body.cid, viewer);
      const live = body.forceRefresh === true && isContestAdmin(viewer, c);
      return page(c.id, live, body, body.concernedList ?? [], 'json');
    },

    async rankFile(q, viewer) {
      await requireAdmin(q.cid, viewer);
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
      const problems = await db
        .select({ displayId: contestProblem.displayId, color: contestProblem.color })
        .from(contestProblem)
        .where(eq(contestProblem.cid, cid));
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

    async acInfo(q, viewer) {
      await requireAdmin(q.cid, viewer);
      const size = q.limit ?? LIST_LIMIT;
      const current = q.currentPage ?? 1;
      const offset = pageOffset(current, size);
      const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(contestAcInfo).where(eq(contestAcInfo.cid, q.cid));
      const total = n?.n ?? 0;
      if (offset === null) return { records: [], total, size, current, pages: Math.ceil(total / size) };
      const rows = await db
        .select({ a: contestAcInfo, username: users.username, realname: users.realname, color: contestProblem.color })
        .from(contestAcInfo)
        .innerJoin(users, eq(users.uuid, contestAcInfo.uid))
        .leftJoin(contestProblem, and(eq(contestProblem.cid, contestAcInfo.cid), eq(contestProblem.displayId, contestAcInfo.displayId)))
        .where(eq(contestAcInfo.cid, q.cid))
        .orderBy(asc(contestAcInfo.checked), asc(contestAcInfo.submitTime), asc(contestAcInfo.id))
        .limit(size)
        .offset(offset);
      const records = rows.map((r) =>
        toAcInfoVO(r.a, { username: r.username, realname: r.realname, nickname: null, school: null, gender: null, avatar: null }, r.color ?? null),
      );
      return { records, total, size, current, pages: Math.ceil(total / size) };
    },

    async checkAcInfo(body, viewer) {
      await requireAdmin(body.cid, viewer);
      const done = await db
        .update(contestAcInfo)
        .set({ checked: body.checked, gmtModified: new Date() })
        .where(and(eq(contestAcInfo.id, body.id), eq(contestAcInfo.cid, body.cid)))
        .returning({ id: contestAcInfo.id });
      if (done.length === 0) throw new OjError('NOT_FOUND');
    },

    async submitPrint(body, viewer) {
      const c = await loadContest(db, body.cid);
      await assertEnter(db, c, viewer);
      if (!c.openPrint) throw new OjError('PRINT_CLOSED');
      if (body.content.trim() === '') throw new OjError('PRINT_EMPTY');
      if ([...body.content].length < CONTEST_LIMITS.printMinLength) throw new OjError('PRINT_TOO_SHORT');
      const pushes: PushMessage[] = await db.transaction(async (tx) => {
        // One print per user every 30 s, across contests; the lock orders a user's requests.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contest-print:${viewer.uid}`}))`);
        const [last] = await tx
          .select({ wait: sql<number | null>`ceil(${CONTEST_LIMITS.printIntervalS} - extract(epoch from (now() - max(${contestPrint.gmtCreate}))))::int` })
          .from(contestPrint)
          .where(eq(contestPrint.uid, viewer.uid));
        const wait = last?.wait ?? null;
        if (wait !== null && wait > 0) throw new OjError('PRINT_TOO_FAST', { seconds: wait });
        const [p] = await tx
          .insert(contestPrint)
          .values({ cid: c.id, uid: viewer.uid, content: body.content })
          .returning();
        const [u] = await tx.select({ realname: users.realname }).from(users).where(eq(users.uuid, viewer.uid));
        const vo: PrintVO = { id: p!.id, cid: c.id, username: viewer.username, realname: u?.realname ?? null, status: p!.status, gmtCreate: p!.gmtCreate.toISOString() };
        return [await appendPush(tx, topics.contestAdmin(c.id), 'print.new', vo)];
      });
      await publishAll(transport, pushes, logger);
    },

    async prints(q, viewer) {
      await requireAdmin(q.cid, viewer);
      const size = q.limit ?? LIST_LIMIT;
      const current = q.currentPage ?? 1;
      const offset = pageOffset(current, size);
      const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(contestPrint).where(eq(contestPrint.cid, q.cid));
      const total = n?.n ?? 0;
      if (offset === null) return { records: [], total, size, current, pages: Math.ceil(total / size) };
      const rows = await db
        .select({ p: contestPrint, username: users.username, realname: users.realname })
        .from(contestPrint)
        .innerJoin(users, eq(users.uuid, contestPrint.uid))
        .where(eq(contestPrint.cid, q.cid))
        .orderBy(asc(contestPrint.status), desc(contestPrint.gmtCreate), desc(contestPrint.id))
        .limit(size)
        .offset(offset);
      const records: PrintVO[] = rows.map((r) => ({
        id: r.p.id,
        cid: r.p.cid,
        username: r.username,
        realname: r.realname,
        status: r.p.status,
        gmtCreate: r.p.gmtCreate.toISOString(),
      }));
      return { records, total, size, current, pages: Math.ceil(total / size) };
    },

    async checkPrint(q, viewer) {
      await requireAdmin(q.cid, viewer);
      const done = await db
        .update(contestPrint)
        .set({ status: 1, gmtModified: new Date() })
        .where(and(eq(contestPrint.id, q.id), eq(contestPrint.cid, q.cid)))
        .returning({ id: contestPrint.id });
      if (done.length === 0) throw new OjError('NOT_FOUND');
    },

    async printText(id, viewer) {
      if (!isInt4(id)) throw new OjError('NOT_FOUND');
      const [p] = await db
        .select({ cid: contestPrint.cid, content: contestPrint.content, username: users.username })
        .from(contestPrint)
        .innerJoin(users, eq(users.uuid, contestPrint.uid))
        .where(eq(contestPrint.id, id));
      if (!p) throw new OjError('NOT_FOUND');
      await requireAdmin(p.cid, viewer);
      return { fileName: `contest-${p.cid}-print-${id}-${p.username}.txt`, content: p.content };
    },
  };
}
