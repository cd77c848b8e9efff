// Contest administration: create and edit with the form's validation rules,
// visibility, delete (root), clone, and the contest's problems (display id, display title, balloon colour).
// Site roles root, admin and problem_admin may manage contests; everyone but root only the contests they created.
// An edit that changes what the board shows calls the scoreboard's `boardRulesChanged` in the same transaction
// (board version bumped, readers told to reload).
import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  CONTEST_AUTH,
  CONTEST_LIMITS,
  DEFAULT_AWARDS,
  isAdminRole,
  OjError,
  PAGE_SIZES,
  type AdminContestBody,
  type AdminContestListQuery,
  type AdminContestProblemList,
  type AdminContestProblemListQuery,
  type AdminContestVO,
  type AwardConfig,
  type ContestProblem,
  type ContestProblemBody,
  type PageOf,
  type Problem,
  type PushMessage,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { escapeLike, pageOf, pageOffset } from '../db/paging';
import type { ServiceContext } from '../context';
import { isInt4, type DbOrTx } from '../db/client';
import { contest, contestAcInfo, contestProblem, contestRecord, judge, problems } from '../db/schema';
import { REMOTE_OJ_KEYS, toProblem } from '../problem/problem.service';
import { publishAll } from '../push/push.service';
import { isRoot, loadContest, parseAccountLimitRule, type ContestRow } from './access';
import { clockColumns } from './contest-clock';
import { registrationCounts } from './contest.repo';
import { compareDisplayId } from './contest-view';
import { toAdminContestVO } from './contest-view';
import { boardRulesChanged } from './scoreboard/projector';

export interface ContestAdminService {
  adminList(q: AdminContestListQuery, viewer: Viewer): Promise<PageOf<AdminContestVO>>;
  adminGet(cid: number, viewer: Viewer): Promise<AdminContestVO>;
  /** Answers the new contest's id (the original product answers null; clients ignore `data`). */
  create(body: AdminContestBody, viewer: Viewer): Promise<{ cid: number }>;
  update(body: AdminContestBody, viewer: Viewer): Promise<void>;
  /** Root only. */
  remove(cid: number, viewer: Viewer): Promise<void>;
  clone(cid: number, viewer: Viewer): Promise<{ cid: number }>;
  changeVisible(cid: number, visible: boolean, viewer: Viewer): Promise<void>;
  adminProblemList(q: AdminContestProblemListQuery, viewer: Viewer): Promise<AdminContestProblemList>;
  adminProblem(pid: number, viewer: Viewer): Promise<Problem>;
  contestProblem(cid: number, pid: number, viewer: Viewer): Promise<ContestProblem>;
  setContestProblem(body: ContestProblemBody, viewer: Viewer): Promise<ContestProblem>;
  addProblemFromPublic(body: ContestProblemBody, viewer: Viewer): Promise<void>;
  /** Takes the problem out of the contest with its submissions and records (the problem itself stays). */
  removeProblem(cid: number, pid: number, viewer: Viewer): Promise<void>;
}

/** Fields whose change alters the board: the projection must be recomputed. */
const BOARD_FIELDS = ['type', 'startTime', 'endTime', 'duration', 'sealRank', 'sealRankTime', 'autoRealRank', 'starAccount', 'oiRankScoreType', 'awardType', 'awardConfig', 'allowEndSubmit'] as const;

type ContestValues = Omit<typeof contest.$inferInsert, 'id' | 'uid' | 'author'> & Pick<ContestRow, (typeof BOARD_FIELDS)[number]>;

/** A unique-constraint violation (postgres.js error, possibly wrapped by drizzle). */
function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint_name?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint_name ?? '';
  }
  return null;
}

/** Whether a tagged account-limit rule allows anybody: a number range or extra accounts. */
export function accountRuleUsable(rule: string | null | undefined): boolean {
  const r = parseAccountLimitRule(rule ?? null);
  if (!r) return false;
  const tagged = (name: string) => new RegExp(`<${name}>\\s*\\d+\\s*</${name}>`).test(rule!);
  const range = tagged('number_from') && tagged('number_to') && r.from <= r.to;
  return range || r.extra.length > 0;
}

/** The contest form's rules → column values. */
export function contestValues(b: AdminContestBody): ContestValues {
  const title = b.title.trim();
  if (!title) throw new OjError('VALIDATION_FAILED', { detail: 'title' });
  if (!b.description.trim()) throw new OjError('VALIDATION_FAILED', { detail: 'description' });
  const startTime = new Date(b.startTime);
  const endTime = new Date(b.endTime);
  if (Number.isNaN(startTime.getTime()) || Number.isNaN(endTime.getTime())) throw new OjError('VALIDATION_FAILED', { detail: 'startTime/endTime' });
  const duration = Math.floor((endTime.getTime() - startTime.getTime()) / 1000);
  if (duration <= 0) throw new OjError('CONTEST_TIME_INVALID');
  if (duration > 2_000_000_000) throw new OjError('VALIDATION_FAILED', { detail: 'endTime' });

  const pwd = b.pwd ?? '';
  if (b.auth !== CONTEST_AUTH.PUBLIC && pwd.trim() === '') throw new OjError('CONTEST_PASSWORD_MISSING');

  const sealRank = b.sealRank ?? false;
  let sealRankTime: Date | null = null;
  if (sealRank) {
    if (b.sealRankTime) {
      sealRankTime = new Date(b.sealRankTime);
      if (Number.isNaN(sealRankTime.getTime()) || sealRankTime < startTime || sealRankTime > endTime) throw new OjError('CONTEST_SEAL_TIME_INVALID');
    } else {
      // The form's default on enabling the seal: one hour before the end for ACM of at least an hour, else from the start.
      sealRankTime = b.type === 0 && duration >= 3600 ? new Date(endTime.getTime() - 3_600_000) : startTime;
    }
  }

  const stars: string[] = [];
  for (const raw of b.starAccount ?? []) {
    const name = raw.trim();
    if (!name) continue;
    if (stars.includes(name)) throw new OjError('CONTEST_STAR_DUPLICATE', { username: name });
    stars.push(name);
  }

  const awardType = b.awardType ?? 0;
  let awards: AwardConfig[] = [...(b.awardConfigList ?? [])].sort((x, y) => x.priority - y.priority);
  if (awardType !== 0 && awards.length === 0) awards = DEFAULT_AWARDS;
  if (awardType === 1 && awards.reduce((s, a) => s + a.num, 0) > 100) throw new OjError('VALIDATION_FAILED', { detail: 'awardConfigList: the proportions exceed 100%' });

  const openAccountLimit = b.openAccountLimit ?? false;
  const accountLimitRule = b.accountLimitRule?.trim() || null;
  if (openAccountLimit && !accountRuleUsable(accountLimitRule)) throw new OjError('VALIDATION_FAILED', { detail: 'accountLimitRule' });

  return {
    title,
    description: b.description,
    type: b.type,
    source: b.source ?? 0,
    auth: b.auth,
    pwd: b.auth === CONTEST_AUTH.PUBLIC ? null : pwd,
    startTime,
    endTime,
    duration,
    sealRank,
    sealRankTime,
    autoRealRank: b.autoRealRank ?? true,
    visible: b.visible ?? true,
    openPrint: b.openPrint ?? false,
    openRank: b.openRank ?? false,
    rankShowName: b.rankShowName ?? 'username',
    openAccountLimit,
    accountLimitRule,
    starAccount: stars,
    oiRankScoreType: b.oiRankScoreType ?? 'Recent',
    awardType,
    awardConfig: awards,
    allowEndSubmit: b.allowEndSubmit ?? false,
  };
}

function boardChanged(old: ContestRow, next: ContestValues): boolean {
  const norm = (v: unknown) => (v instanceof Date ? v.getTime() : JSON.stringify(v ?? null));
  return BOARD_FIELDS.some((k) => norm(old[k]) !== norm(next[k]));
}

export function createContestAdminService(ctx: ServiceContext): ContestAdminService {
  const { db } = ctx;
  const publish = (msgs: PushMessage[]) => publishAll(ctx.transport, msgs, ctx.logger);

  /** The contest, if `viewer` may manage it: an admin role, and root or its creator. */
  async function managed(dbx: DbOrTx, cid: number, viewer: Viewer): Promise<ContestRow> {
    if (!isAdminRole(viewer.roles)) throw new OjError('AUTH_FORBIDDEN');
    if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
    const c = await loadContest(dbx, cid);
    if (!isRoot(viewer) && c.uid !== viewer.uid) throw new OjError('CONTEST_ADMIN_ONLY');
    return c;
  }

  async function contestProblemRow(dbx: DbOrTx, cid: number, pid: number) {
    if (!isInt4(pid)) throw new OjError('CONTEST_PROBLEM_NOT_FOUND');
    const [cp] = await dbx
      .select()
      .from(contestProblem)
      .where(and(eq(contestProblem.cid, cid), eq(contestProblem.pid, pid)));
    if (!cp) throw new OjError('CONTEST_PROBLEM_NOT_FOUND');
    return cp;
  }

  const toContestProblem = (cp: typeof contestProblem.$inferSelect): ContestProblem => ({
    id: cp.id,
    cid: cp.cid,
    pid: cp.pid,
    displayId: cp.displayId,
    displayTitle: cp.displayTitle,
    color: cp.color,
  });

  async function insertContest(values: typeof contest.$inferInsert): Promise<number> {
    const [row] = await db.insert(contest).values(values).returning({ id: contest.id });
    return row!.id;
  }

  return {
    async adminList(q, viewer) {
      if (!isAdminRole(viewer.roles)) throw new OjError('AUTH_FORBIDDEN');
      const current = q.currentPage ?? 1;
      const size = q.limit ?? PAGE_SIZES.contestList;
      const offset = pageOffset(current, size);
      const conds: (SQL | undefined)[] = [];
      // Non-root admins manage (and so list) only the contests they created.
      if (!isRoot(viewer)) conds.push(eq(contest.uid, viewer.uid));
      const kw = q.keyword?.trim();
      if (kw) conds.push(ilike(contest.title, `%${escapeLike(kw)}%`));
      const where = and(...conds);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(contest).where(where);
      const rows = offset === null ? [] : await db.select().from(contest).where(where).orderBy(desc(contest.startTime), desc(contest.id)).limit(size).offset(offset);
      const counts = await registrationCounts(
        db,
        rows.map((r) => r.id),
      );
      return pageOf(
        rows.map((c) => toAdminContestVO(c, counts.get(c.id) ?? 0)),
        total,
        current,
        size,
      );
    },

    async adminGet(cid, viewer) {
      const c = await managed(db, cid, viewer);
      return toAdminContestVO(c, (await registrationCounts(db, [c.id])).get(c.id) ?? 0);
    },

    async create(body, viewer) {
      if (!isAdminRole(viewer.roles)) throw new OjError('AUTH_FORBIDDEN');
      const values = contestValues(body);
      const cid = await insertContest({ ...values, uid: viewer.uid, author: viewer.username, ...clockColumns(values, Date.now(), true) });
      return { cid };
    },

    async update(body, viewer) {
      if (body.id === undefined) throw new OjError('VALIDATION_FAILED', { detail: 'id' });
      const values = contestValues(body);
      const msgs = await db.transaction(async (tx) => {
        const old = await managed(tx, body.id!, viewer);
        await tx
          .update(contest)
          .set({ ...values, gmtModified: new Date(), ...clockColumns(values, Date.now(), false) })
          .where(eq(contest.id, old.id));
        if (old.startTime.getTime() !== values.startTime.getTime()) {
          // Record times are seconds from the start.
          await tx
            .update(contestRecord)
            .set({ time: sql`greatest(0, floor(extract(epoch from (${contestRecord.submitTime} - ${values.startTime.toISOString()}::timestamptz))))::int` })
            .where(eq(contestRecord.cid, old.id));
        }
        return boardChanged(old, values) ? boardRulesChanged(tx, old.id) : [];
      });
      await publish(msgs);
    },

    async remove(cid, viewer) {
      if (!isRoot(viewer)) throw new OjError('AUTH_FORBIDDEN');
      await db.transaction(async (tx) => {
        const c = await managed(tx, cid, viewer);
        // Its submissions go with it (their cases and queued jobs cascade); the contest's own rows cascade too.
        await tx.delete(judge).where(eq(judge.cid, c.id));
        await tx.delete(contest).where(eq(contest.id, c.id));
      });
    },

    async clone(cid, viewer) {
      const c = await managed(db, cid, viewer);
      const { id: _id, gmtCreate: _c, gmtModified: _m, boardVersion: _v, announcedPhase: _a, nextPhaseAt: _n, ...rest } = c;
      const now = Date.now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contest)
          .values({ ...rest, title: `${c.title} (clone)`, uid: viewer.uid, author: viewer.username, visible: false, imported: false, ...clockColumns(c, now, true) })
          .returning({ id: contest.id });
        const cps = await tx.select().from(contestProblem).where(eq(contestProblem.cid, c.id));
        if (cps.length > 0) {
          await tx.insert(contestProblem).values(cps.map((cp) => ({ cid: row!.id, pid: cp.pid, displayId: cp.displayId, displayTitle: cp.displayTitle, color: cp.color })));
        }
        return { cid: row!.id };
      });
    },

    async changeVisible(cid, visible, viewer) {
      const c = await managed(db, cid, viewer);
      await db.update(contest).set({ visible, gmtModified: new Date() }).where(eq(contest.id, c.id));
    },

    async adminProblemList(q, viewer) {
      const c = await managed(db, q.cid, viewer);
      const current = q.currentPage ?? 1;
      const size = q.limit ?? PAGE_SIZES.contestList;
      const offset = pageOffset(current, size);
      const cps = await db.select().from(contestProblem).where(eq(contestProblem.cid, c.id));
      const contestProblemMap: Record<string, ContestProblem> = {};
      for (const cp of cps) contestProblemMap[String(cp.pid)] = toContestProblem(cp);
      const pids = cps.map((cp) => cp.pid);
      if (q.problemType === undefined && pids.length === 0) return { problemList: pageOf([], 0, current, size), contestProblemMap };

      const conds: (SQL | undefined)[] = [];
      if (q.problemType !== undefined) {
        // The add-from-public dialog: problems of the contest's type (or remote), not in the contest yet.
        conds.push(or(eq(problems.type, q.problemType), eq(problems.isRemote, true)));
        if (pids.length > 0) conds.push(notInArray(problems.id, pids));
      } else conds.push(inArray(problems.id, pids));
      const kw = q.keyword?.trim();
      if (kw) {
        const like = `%${escapeLike(kw)}%`;
        conds.push(or(ilike(problems.title, like), ilike(problems.problemId, like), ilike(problems.author, like)));
      }
      const oj = q.oj?.trim().toUpperCase();
      if (oj) conds.push((REMOTE_OJ_KEYS as readonly string[]).includes(oj) ? ilike(problems.problemId, `${escapeLike(oj)}-%`) : eq(problems.isRemote, false));
      const where = and(...conds);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(problems).where(where);
      let rows = offset === null ? [] : await db.select().from(problems).where(where).orderBy(asc(problems.id)).limit(size).offset(offset);
      if (q.problemType === undefined) {
        rows = rows.sort((a, b) => compareDisplayId(contestProblemMap[String(a.id)]!.displayId, contestProblemMap[String(b.id)]!.displayId));
      }
      return { problemList: pageOf(rows.map(toProblem), total, current, size), contestProblemMap };
    },

    async adminProblem(pid, viewer) {
      if (!isAdminRole(viewer.roles)) throw new OjError('AUTH_FORBIDDEN');
      if (!isInt4(pid)) throw new OjError('PROBLEM_NOT_FOUND');
      const [p] = await db.select().from(problems).where(eq(problems.id, pid));
      if (!p) throw new OjError('PROBLEM_NOT_FOUND');
      return toProblem(p);
    },

    async contestProblem(cid, pid, viewer) {
      const c = await managed(db, cid, viewer);
      return toContestProblem(await contestProblemRow(db, c.id, pid));
    },

    async setContestProblem(body, viewer) {
      try {
        const { row, msgs } = await db.transaction(async (tx) => {
          const c = await managed(tx, body.cid, viewer);
          const cp = await contestProblemRow(tx, c.id, body.pid);
          const [p] = await tx.select({ title: problems.title }).from(problems).where(eq(problems.id, cp.pid));
          const displayTitle = body.displayTitle?.trim() || p?.title || cp.displayTitle;
          const color = body.color === undefined ? cp.color : body.color?.trim() || null;
          const [row] = await tx
            .update(contestProblem)
            .set({ displayId: body.displayId, displayTitle, color, gmtModified: new Date() })
            .where(eq(contestProblem.id, cp.id))
            .returning();
          if (body.displayId === cp.displayId) return { row: row!, msgs: [] as PushMessage[] };
          // The display id names the problem in submissions, records and balloons: rename it everywhere.
          await tx.update(judge).set({ displayPid: body.displayId }).where(and(eq(judge.cid, c.id), eq(judge.cpid, cp.id)));
          await tx
            .update(contestRecord)
            .set({ displayId: body.displayId })
            .where(and(eq(contestRecord.cid, c.id), eq(contestRecord.displayId, cp.displayId)));
          await tx
            .update(contestAcInfo)
            .set({ displayId: body.displayId })
            .where(and(eq(contestAcInfo.cid, c.id), eq(contestAcInfo.displayId, cp.displayId)));
          return { row: row!, msgs: await boardRulesChanged(tx, c.id) };
        });
        await publish(msgs);
        return toContestProblem(row);
      } catch (err) {
        if (uniqueViolation(err) !== null) throw new OjError('CONTEST_DISPLAY_ID_EXISTS', { displayId: body.displayId });
        throw err;
      }
    },

    async addProblemFromPublic(body, viewer) {
      const c = await managed(db, body.cid, viewer);
      if (!isInt4(body.pid)) throw new OjError('PROBLEM_NOT_FOUND');
      const [p] = await db.select().from(problems).where(eq(problems.id, body.pid));
      if (!p) throw new OjError('PROBLEM_NOT_FOUND');
      const cps = await db.select().from(contestProblem).where(eq(contestProblem.cid, c.id));
      if (cps.some((cp) => cp.displayId === body.displayId)) throw new OjError('CONTEST_DISPLAY_ID_EXISTS', { displayId: body.displayId });
      if (cps.some((cp) => cp.pid === p.id)) throw new OjError('VALIDATION_FAILED', { detail: 'the problem is already in this contest' });
      if (cps.length >= CONTEST_LIMITS.maxProblems) throw new OjError('VALIDATION_FAILED', { detail: `a contest has at most ${CONTEST_LIMITS.maxProblems} problems` });
      try {
        const msgs = await db.transaction(async (tx) => {
          await tx.insert(contestProblem).values({
            cid: c.id,
            pid: p.id,
            displayId: body.displayId,
            displayTitle: body.displayTitle?.trim() || p.title,
            color: body.color?.trim() || null,
          });
          return boardRulesChanged(tx, c.id);
        });
        await publish(msgs);
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === null) throw err;
        if (constraint.includes('display')) throw new OjError('CONTEST_DISPLAY_ID_EXISTS', { displayId: body.displayId });
        throw new OjError('VALIDATION_FAILED', { detail: 'the problem is already in this contest' });
      }
    },

    async removeProblem(cid, pid, viewer) {
      const msgs = await db.transaction(async (tx) => {
        const c = await managed(tx, cid, viewer);
        const cp = await contestProblemRow(tx, c.id, pid);
        await tx.delete(contestRecord).where(and(eq(contestRecord.cid, c.id), eq(contestRecord.displayId, cp.displayId)));
        await tx.delete(contestAcInfo).where(and(eq(contestAcInfo.cid, c.id), eq(contestAcInfo.displayId, cp.displayId)));
        await tx.delete(judge).where(and(eq(judge.cid, c.id), eq(judge.pid, cp.pid)));
        await tx.delete(contestProblem).where(eq(contestProblem.id, cp.id));
        return boardRulesChanged(tx, c.id);
      });
      await publish(msgs);
    },
  };
}
