// Contests as contestants and visitors see them: the list, the shell's
// info, registration with the password and account-name rule, the problem list and problem detail with the
// seal's cut of the counts, the contest's submissions under the seal rules, the outside board's info, the
// per-problem status of the caller, and who may subscribe to a contest's topics. The admin side is in
// contest-admin.service.ts.
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  CONTEST_AUTH,
  CONTEST_LIMITS,
  CONTEST_STATUS,
  JudgeStatus,
  OjError,
  PAGE_SIZES,
  type ContestListQuery,
  type ContestOutsideInfo,
  type ContestProblemInfo,
  type ContestProblemVO,
  type ContestSubmissionItem,
  type ContestSubmissionListQuery,
  type ContestVO,
  type PageOf,
  type ProblemCount,
  type RegisterContestBody,
  type UserProblemStatus,
  type UserProblemStatusBody,
  type CheckContestSubmissionsBody,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { escapeLike, pageOf, pageOffset } from '../db/paging';
import type { ServiceContext } from '../context';
import { languagesAndTemplatesOf } from '../problem/code-template.repo';
import { counterColumn } from '../judge/counters';
import { isInt4, type DbOrTx } from '../db/client';
import {
  contest,
  contestProblem,
  contestRecord,
  contestRegister,
  judge,
  problems,
  problemTag,
  roles,
  tags,
  userRole,
} from '../db/schema';
import { toProblem } from '../problem/problem.service';
import {
  accountAllowed,
  assertEnter,
  canEnter,
  contestStatus,
  isBoardSealed,
  isContestAdmin,
  isRegistered,
  loadContest,
  sealOffsetS,
  type ContestRow,
} from './access';
import { sealAt, submissionView, toContestSubmissionItem, toContestVO } from './contest-view';
import type { BoardProjector, BoardState } from './scoreboard/projector';

export type ContestTopicKind = 'contest' | 'scoreboard' | 'contest-admin';

export interface ContestService {
  list(q: ContestListQuery): Promise<PageOf<ContestVO>>;
  info(cid: number, viewer: Viewer): Promise<ContestVO>;
  register(body: RegisterContestBody, viewer: Viewer): Promise<void>;
  access(cid: number, viewer: Viewer): Promise<{ access: boolean }>;
  /** Open to anonymous callers only when the contest's outside board is open and it has started. */
  problems(q: { cid: number; containsEnd?: boolean }, viewer: Viewer | null): Promise<ContestProblemVO[]>;
  problemDetail(q: { cid: number; displayId: string; containsEnd?: boolean }, viewer: Viewer): Promise<ContestProblemInfo>;
  submissions(q: ContestSubmissionListQuery, viewer: Viewer): Promise<PageOf<ContestSubmissionItem>>;
  checkSubmissions(body: CheckContestSubmissionsBody, viewer: Viewer): Promise<Record<string, ContestSubmissionItem>>;
  outsideInfo(cid: number, viewer: Viewer | null): Promise<ContestOutsideInfo>;
  /** `get-user-problem-status`, practice or contest. */
  problemStatus(body: UserProblemStatusBody, viewer: Viewer): Promise<Record<string, UserProblemStatus>>;
  /** Socket topics: `contest:` and `scoreboard:` for whoever may enter (the board also for all when open), `contest-admin:` for its admins. */
  canSubscribe(kind: ContestTopicKind, cid: number, viewer: Viewer | null): Promise<boolean>;
}

/** Contest records left out of counts and boards: the creator's and super admins'. */
export function excludedFromCounts(c: ContestRow): SQL {
  const rootUids = sql`(select ${userRole.uid} from ${userRole} inner join ${roles} on ${roles.id} = ${userRole.roleId} where ${roles.role} = 'root')`;
  return and(ne(contestRecord.uid, c.uid), sql`${contestRecord.uid} not in ${rootUids}`)!;
}

/** Display ids in natural order (A < B < … ; 2 < 10). */
export const compareDisplayId = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/** Registrations per contest. */
export async function registrationCounts(db: DbOrTx, cids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (cids.length === 0) return out;
  const rows = await db
    .select({ cid: contestRegister.cid, n: count() })
    .from(contestRegister)
    .where(inArray(contestRegister.cid, cids))
    .groupBy(contestRegister.cid);
  for (const r of rows) out.set(r.cid, r.n);
  return out;
}

/** The contest if `viewer` may look at its shell: visible, or its admin. */
async function visibleContest(db: DbOrTx, cid: number, viewer: Viewer | null): Promise<ContestRow> {
  if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
  const c = await loadContest(db, cid);
  if (!c.visible && !isContestAdmin(viewer, c)) throw new OjError('CONTEST_NOT_FOUND');
  return c;
}

/** Whether anyone may read the outside board and its problem list: open, visible and started. */
const outsideOpen = (c: ContestRow, now = Date.now()) => c.visible && c.openRank && contestStatus(c, now) !== CONTEST_STATUS.SCHEDULED;

/** Throws unless `viewer` may see a contest's announcements and status: like entering, but also before the start. */
export async function assertSee(db: DbOrTx, c: ContestRow, viewer: Viewer | null): Promise<void> {
  if (!viewer) throw new OjError('AUTH_NOT_LOGGED_IN');
  if (isContestAdmin(viewer, c)) return;
  if (!c.visible) throw new OjError('CONTEST_NOT_FOUND');
  if (c.auth === CONTEST_AUTH.PRIVATE && !(await isRegistered(db, c.id, viewer.uid))) throw new OjError('CONTEST_NOT_REGISTERED');
}

/** The cuts of `recordCounts` for a caller: end (`time < duration`) and seal (`time < seal`), null when absent. */
function countCuts(c: ContestRow, sealed: boolean, containsEnd: boolean): { endS: number | null; sealS: number | null } {
  // After-the-end submissions count only with the switch, where the contest allows them, never while sealed.
  const endS = containsEnd && c.allowEndSubmit && !sealed ? null : c.duration;
  const seal = sealOffsetS(c);
  return { endS, sealS: sealed && seal !== null ? seal : null };
}

function countConds(c: ContestRow, sealed: boolean, containsEnd: boolean, displayId?: string): (SQL | undefined)[] {
  const { endS, sealS } = countCuts(c, sealed, containsEnd);
  const conds: (SQL | undefined)[] = [eq(contestRecord.cid, c.id), excludedFromCounts(c)];
  if (endS !== null) conds.push(lt(contestRecord.time, endS));
  if (sealS !== null) conds.push(lt(contestRecord.time, sealS));
  if (displayId !== undefined) conds.push(eq(contestRecord.displayId, displayId));
  return conds;
}

type CountRow = { displayId: string; status: number | null; n: number };

/** Per display id and judge status, the contest's records counted for `viewer` (seal cut, end switch, exclusions). */
async function recordCounts(db: DbOrTx, c: ContestRow, sealed: boolean, containsEnd: boolean, displayId?: string): Promise<CountRow[]> {
  return db
    .select({ displayId: contestRecord.displayId, status: contestRecord.status, n: count() })
    .from(contestRecord)
    .where(and(...countConds(c, sealed, containsEnd, displayId)))
    .groupBy(contestRecord.displayId, contestRecord.status);
}

/** Judged-record counts of a board state per cut, kept while its version holds (see `projectedCounts`). */
const stateCounts = new WeakMap<BoardState, { version: number; byCut: Map<string, Map<string, Map<number, number>>> }>();

function judgedCounts(s: BoardState, endS: number | null, sealS: number | null): Map<string, Map<number, number>> {
  let memo = stateCounts.get(s);
  if (!memo || memo.version !== s.version) {
    memo = { version: s.version, byCut: new Map() };
    stateCounts.set(s, memo);
  }
  const key = `${endS}|${sealS}`;
  let out = memo.byCut.get(key);
  if (!out) {
    out = new Map();
    for (const list of s.byCell.values()) {
      for (const r of list) {
        if ((endS !== null && r.time >= endS) || (sealS !== null && r.time >= sealS)) continue;
        let byStatus = out.get(r.displayId);
        if (!byStatus) out.set(r.displayId, (byStatus = new Map()));
        byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
      }
    }
    memo.byCut.set(key, out);
  }
  return out;
}

/**
 * `recordCounts` from the board projection: its state holds every judged record that reaches the board (the
 * same exclusions: creator, super admins, before the start), counted once per version and cut; one small query
 * adds what it lacks (pending records, judged ones from before the start — their time is 0) together with the
 * board version in the same snapshot. Null when the version moved on meanwhile (the caller falls back to SQL).
 */
async function projectedCounts(
  db: DbOrTx,
  boards: BoardProjector,
  c: ContestRow,
  sealed: boolean,
  containsEnd: boolean,
  displayId?: string,
): Promise<CountRow[] | null> {
  const s = await boards.current(c.id);
  const conds = countConds(c, sealed, containsEnd, displayId);
  conds.push(sql`(${contestRecord.status} is null or (${contestRecord.time} = 0 and ${contestRecord.submitTime} < ${c.startTime.toISOString()}::timestamptz))`);
  const rows = await db.execute<{ v: number; display_id: string | null; status: number | null; n: number | null }>(sql`
    select ${contest.boardVersion} as v, x.display_id, x.status, x.n
    from ${contest} left join lateral (
      select ${contestRecord.displayId} as display_id, ${contestRecord.status} as status, count(*)::int as n
      from ${contestRecord} where ${and(...conds)} group by ${contestRecord.displayId}, ${contestRecord.status}
    ) x on true
    where ${contest.id} = ${c.id}`);
  if (rows.length === 0 || Number(rows[0]!.v) !== s.version) return null;
  const { endS, sealS } = countCuts(c, sealed, containsEnd);
  const out: CountRow[] = [];
  for (const [d, byStatus] of judgedCounts(s, endS, sealS)) {
    if (displayId !== undefined && d !== displayId) continue;
    for (const [status, n] of byStatus) out.push({ displayId: d, status, n });
  }
  for (const r of rows) if (r.display_id !== null && r.n !== null) out.push({ displayId: r.display_id, status: r.status, n: r.n });
  return out;
}

/** `boards`: the process's board projection, which makes the problem counts cheap (without it: SQL). */
export function createContestService(ctx: ServiceContext, boards?: BoardProjector): ContestService {
  const { db } = ctx;

  /** The counts of `recordCounts`, from the projection when it is at hand and steady. */
  async function countRecords(c: ContestRow, sealed: boolean, containsEnd: boolean, displayId?: string): Promise<CountRow[]> {
    if (boards) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const out = await projectedCounts(db, boards, c, sealed, containsEnd, displayId);
        if (out) return out;
      }
    }
    return recordCounts(db, c, sealed, containsEnd, displayId);
  }

  async function problemVOs(c: ContestRow, viewer: Viewer | null, containsEnd: boolean): Promise<ContestProblemVO[]> {
    const cps = await db.select().from(contestProblem).where(eq(contestProblem.cid, c.id));
    const sealed = !isContestAdmin(viewer, c) && isBoardSealed(c);
    const counts = new Map<string, { ac: number; total: number }>();
    for (const r of await countRecords(c, sealed, containsEnd)) {
      const cell = counts.get(r.displayId) ?? { ac: 0, total: 0 };
      cell.total += r.n;
      if (r.status === JudgeStatus.ACCEPTED) cell.ac += r.n;
      counts.set(r.displayId, cell);
    }
    return cps
      .sort((a, b) => compareDisplayId(a.displayId, b.displayId))
      .map((cp) => ({
        id: cp.id,
        cid: cp.cid,
        pid: cp.pid,
        displayId: cp.displayId,
        displayTitle: cp.displayTitle,
        color: cp.color,
        ac: counts.get(cp.displayId)?.ac ?? 0,
        total: counts.get(cp.displayId)?.total ?? 0,
      }));
  }

  /** The seal's cut of a contest's submissions for `viewer` (none for its admins or when not sealed). */
  function sealCond(c: ContestRow, viewer: Viewer, statusFiltered: boolean): SQL | undefined {
    const seal = sealAt(c);
    if (isContestAdmin(viewer, c) || seal === null || !isBoardSealed(c)) return undefined;
    // Others' submissions from the seal on are not listed; in OI the viewer's own show −5, so a status filter
    // must not reveal their real results either.
    if (c.type === 1 && statusFiltered) return lt(judge.submitTime, seal);
    return or(lt(judge.submitTime, seal), eq(judge.uid, viewer.uid));
  }

  /** Contest submissions of `viewer`'s page: the start/end bounds, the filters, the seal. */
  function submissionConds(c: ContestRow, viewer: Viewer, q: Omit<ContestSubmissionListQuery, 'contestID'>): (SQL | undefined)[] {
    const conds: (SQL | undefined)[] = [eq(judge.cid, c.id)];
    conds.push(q.beforeContestSubmit ? lt(judge.submitTime, c.startTime) : gte(judge.submitTime, c.startTime));
    if (!q.containsEnd) conds.push(lt(judge.submitTime, c.endTime));
    if (q.onlyMine) conds.push(eq(judge.uid, viewer.uid));
    else if (q.username?.trim()) conds.push(eq(judge.username, q.username.trim()));
    const pidFilter = q.problemID?.trim();
    if (pidFilter) conds.push(q.completeProblemID ? eq(judge.displayPid, pidFilter) : ilike(judge.displayPid, `%${escapeLike(pidFilter)}%`));
    if (q.status !== undefined) conds.push(eq(judge.status, q.status));
    conds.push(sealCond(c, viewer, q.status !== undefined));
    return conds;
  }

  async function submissionItems(c: ContestRow, viewer: Viewer, where: SQL | undefined, size: number, offset: number) {
    const rows = await db
      .select({ j: judge, title: contestProblem.displayTitle })
      .from(judge)
      .leftJoin(contestProblem, eq(contestProblem.id, judge.cpid))
      .where(where)
      .orderBy(desc(judge.submitId))
      .limit(size)
      .offset(offset);
    const now = Date.now();
    return rows.map(({ j, title }) => toContestSubmissionItem(j, title ?? j.displayPid, submissionView(c, viewer, j, { now })));
  }

  return {
    async list(q) {
      const current = q.currentPage ?? 1;
      const size = q.limit ?? CONTEST_LIMITS.listPageSize;
      const offset = pageOffset(current, size);
      const now = new Date();
      const conds: (SQL | undefined)[] = [eq(contest.visible, true)];
      if (q.type !== undefined) conds.push(eq(contest.type, q.type));
      if (q.status === CONTEST_STATUS.SCHEDULED) conds.push(gt(contest.startTime, now));
      else if (q.status === CONTEST_STATUS.RUNNING) conds.push(lte(contest.startTime, now), gt(contest.endTime, now));
      else if (q.status === CONTEST_STATUS.ENDED) conds.push(lte(contest.endTime, now));
      const kw = q.keyword?.trim();
      if (kw) conds.push(ilike(contest.title, `%${escapeLike(kw)}%`));
      const where = and(...conds);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(contest).where(where);
      // Running first, then scheduled, then ended; newest start first within each.
      const nowSql = sql`${now.toISOString()}::timestamptz`;
      const phase = sql`case when ${contest.startTime} > ${nowSql} then 1 when ${contest.endTime} > ${nowSql} then 0 else 2 end`;
      const rows = offset === null ? [] : await db.select().from(contest).where(where).orderBy(phase, desc(contest.startTime), desc(contest.id)).limit(size).offset(offset);
      const counts = await registrationCounts(
        db,
        rows.map((r) => r.id),
      );
      return pageOf(
        rows.map((c) => toContestVO(c, counts.get(c.id) ?? 0, now.getTime())),
        total,
        current,
        size,
      );
    },

    async info(cid, viewer) {
      const c = await visibleContest(db, cid, viewer);
      return toContestVO(c, (await registrationCounts(db, [c.id])).get(c.id) ?? 0);
    },

    async register(body, viewer) {
      const c = await visibleContest(db, body.cid, viewer);
      if (c.imported) throw new OjError('CONTEST_READ_ONLY');
      if (!isContestAdmin(viewer, c) && !accountAllowed(c, viewer.username)) throw new OjError('CONTEST_ACCOUNT_LIMIT');
      if (c.auth !== CONTEST_AUTH.PUBLIC) {
        const password = body.password ?? '';
        if (password.trim() === '') throw new OjError('CONTEST_PASSWORD_REQUIRED');
        if (password !== (c.pwd ?? '')) throw new OjError('CONTEST_PASSWORD_WRONG');
      }
      const added = await db.insert(contestRegister).values({ cid: c.id, uid: viewer.uid }).onConflictDoNothing().returning({ uid: contestRegister.uid });
      if (added.length === 0) throw new OjError('CONTEST_ALREADY_REGISTERED');
    },

    async access(cid, viewer) {
      const c = await visibleContest(db, cid, viewer);
      if (isContestAdmin(viewer, c)) return { access: true };
      if (c.auth === CONTEST_AUTH.PUBLIC) return { access: true };
      return { access: await isRegistered(db, c.id, viewer.uid) };
    },

    async problems(q, viewer) {
      if (!isInt4(q.cid)) throw new OjError('CONTEST_NOT_FOUND');
      const c = await loadContest(db, q.cid);
      try {
        await assertEnter(db, c, viewer);
      } catch (err) {
        // The outside board's readers (anonymous or not) may see the list once it is open and started.
        if (!outsideOpen(c)) throw err;
      }
      return problemVOs(c, viewer, q.containsEnd ?? false);
    },

    async problemDetail(q, viewer) {
      if (!isInt4(q.cid)) throw new OjError('CONTEST_NOT_FOUND');
      const c = await loadContest(db, q.cid);
      await assertEnter(db, c, viewer);
      const [hit] = await db
        .select({ cp: contestProblem, p: problems })
        .from(contestProblem)
        .innerJoin(problems, eq(problems.id, contestProblem.pid))
        .where(and(eq(contestProblem.cid, c.id), eq(contestProblem.displayId, q.displayId)));
      if (!hit) throw new OjError('CONTEST_PROBLEM_NOT_FOUND');
      const { cp, p } = hit;
      const { languages: langNames, templates } = await languagesAndTemplatesOf(db, p.id);
      const tagRows = await db
        .select({ id: tags.id, name: tags.name, color: tags.color, oj: tags.oj })
        .from(problemTag)
        .innerJoin(tags, eq(tags.id, problemTag.tid))
        .where(eq(problemTag.pid, p.id))
        .orderBy(asc(tags.id));
      // The counts are the contest's own, cut at the seal for contestants.
      const sealed = !isContestAdmin(viewer, c) && isBoardSealed(c);
      const problemCount: ProblemCount = { pid: p.id, total: 0, ac: 0, wa: 0, tle: 0, mle: 0, re: 0, pe: 0, ce: 0, se: 0, pa: 0 };
      for (const r of await countRecords(c, sealed, q.containsEnd ?? false, cp.displayId)) {
        problemCount.total += r.n;
        const field = r.status === null ? undefined : counterColumn(r.status);
        if (field) problemCount[field] += r.n;
      }
      return {
        problem: { ...toProblem(p), title: cp.displayTitle },
        tags: tagRows,
        languages: langNames,
        problemCount,
        codeTemplate: templates,
        displayId: cp.displayId,
        displayTitle: cp.displayTitle,
        color: cp.color,
      };
    },

    async submissions(q, viewer) {
      const c = await loadContest(db, q.contestID);
      await assertEnter(db, c, viewer);
      const current = q.currentPage ?? 1;
      const size = q.limit ?? PAGE_SIZES.submissionList;
      const offset = pageOffset(current, size);
      if (q.status !== undefined && !isInt4(q.status)) return pageOf([], 0, current, size);
      const where = and(...submissionConds(c, viewer, q));
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(judge).where(where);
      const records = offset === null ? [] : await submissionItems(c, viewer, where, size, offset);
      return pageOf(records, total, current, size);
    },

    async checkSubmissions(body, viewer) {
      const c = await loadContest(db, body.cid);
      await assertEnter(db, c, viewer);
      const ids = body.submitIds.filter(isInt4);
      if (ids.length === 0) return {};
      // The reference answers while sealed only submissions before the seal; ours follows the list's rules.
      const where = and(inArray(judge.submitId, ids), eq(judge.cid, c.id), sealCond(c, viewer, false));
      const items = await submissionItems(c, viewer, where, ids.length, 0);
      const out: Record<string, ContestSubmissionItem> = {};
      for (const s of items) out[String(s.submitId)] = s;
      return out;
    },

    async outsideInfo(cid, viewer) {
      if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
      const c = await loadContest(db, cid);
      if (!c.visible && !isContestAdmin(viewer, c)) throw new OjError('CONTEST_NOT_FOUND');
      if (!c.openRank || contestStatus(c) === CONTEST_STATUS.SCHEDULED) throw new OjError('CONTEST_RANK_CLOSED');
      const count = (await registrationCounts(db, [c.id])).get(c.id) ?? 0;
      // The public view: the seal applies to everyone here, admins included.
      return { contest: toContestVO(c, count), problemList: await problemVOs(c, null, false) };
    },

    async problemStatus(body, viewer) {
      const pids = [...new Set(body.pidList.filter(isInt4))];
      const out: Record<string, UserProblemStatus> = {};
      if (pids.length === 0) return out;
      const cid = body.isContestProblemList ? (body.cid ?? 0) : 0;
      let hideAll = false;
      const conds: (SQL | undefined)[] = [eq(judge.uid, viewer.uid), inArray(judge.pid, pids), eq(judge.cid, cid)];
      if (cid > 0) {
        const c = await loadContest(db, cid);
        await assertEnter(db, c, viewer);
        if (!body.containsEnd) conds.push(lt(judge.submitTime, c.endTime));
        hideAll = c.type === 1 && !isContestAdmin(viewer, c) && isBoardSealed(c);
      }
      const rows = await db
        .select({ pid: judge.pid, status: judge.status, score: judge.score })
        .from(judge)
        .where(and(...conds))
        .orderBy(desc(judge.submitId));
      for (const r of rows) {
        const key = String(r.pid);
        const seen = out[key];
        if (!seen) out[key] = { status: r.status, score: r.score };
        else {
          if (r.status === JudgeStatus.ACCEPTED) seen.status = JudgeStatus.ACCEPTED;
          if (r.score !== null && (seen.score === null || r.score > seen.score)) seen.score = r.score;
        }
      }
      for (const pid of pids) {
        const key = String(pid);
        if (!out[key]) out[key] = { status: JudgeStatus.NOT_SUBMITTED, score: null };
        else if (hideAll) out[key] = { status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, score: null };
      }
      return out;
    },

    async canSubscribe(kind, cid, viewer) {
      if (!isInt4(cid)) return false;
      const [c] = await db.select().from(contest).where(eq(contest.id, cid));
      if (!c) return false;
      switch (kind) {
        case 'contest-admin':
          return isContestAdmin(viewer, c);
        case 'scoreboard':
          return outsideOpen(c) || canEnter(db, c, viewer);
        case 'contest':
          return canEnter(db, c, viewer);
      }
    },
  };
}
