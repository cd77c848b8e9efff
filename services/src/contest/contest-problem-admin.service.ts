// A contest's problems as its admins manage them: the list (and the add-from-public dialog's candidates), one
// problem, its display id, title and balloon colour (a new display id is renamed in submissions, records and
// balloons), adding a public problem, and removing one with its submissions. Each change resets the board.
import {
  REMOTE_OJ_KEYS,
  CONTEST_LIMITS,
  isAdminRole,
  OjError,
  PAGE_SIZES,
  type AdminContestProblemList,
  type AdminContestProblemListQuery,
  type ContestProblem,
  type ContestProblemBody,
  type Problem,
  type PushMessage,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4, type Db, type DbOrTx, type Tx } from '../db/client';
import type { problems } from '../db/schema';
import { pageOf, pageOffset } from '../db/paging';
import { findProblemById } from '../problem/problem.repo';
import { toProblem } from '../problem/problem.service';
import { publishAll } from '../push/push.service';
import { managedContest, type ContestGuard, type ContestRow } from './access';
import {
  contestProblemsOf,
  deleteContestProblem,
  findContestProblem,
  insertContestProblem,
  listProblemsForContest,
  renameDisplayId,
  updateContestProblem,
  type ContestProblemRow,
} from './contest-problem.repo';
import { compareDisplayId, toContestProblem } from './contest-view';
import { boardRulesChanged } from './scoreboard/projector';

/** The admin problem list's query; `fromGroup` (a group contest): the candidates are the group's own problems. */
export type ContestProblemListQuery = AdminContestProblemListQuery & { fromGroup?: boolean };

export interface ContestProblemAdminService {
  adminProblemList(q: ContestProblemListQuery, viewer: Viewer): Promise<AdminContestProblemList>;
  adminProblem(pid: number, viewer: Viewer): Promise<Problem>;
  contestProblem(cid: number, pid: number, viewer: Viewer): Promise<ContestProblem>;
  setContestProblem(body: ContestProblemBody, viewer: Viewer): Promise<ContestProblem>;
  addProblemFromPublic(body: ContestProblemBody, viewer: Viewer): Promise<void>;
  /** Takes the problem out of the contest with its submissions and records (the problem itself stays). */
  removeProblem(cid: number, pid: number, viewer: Viewer): Promise<void>;
}

/** A unique-constraint violation (postgres.js error, possibly wrapped by drizzle): its constraint name. */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint_name?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint_name ?? '';
  }
  return null;
}

export async function contestProblemRow(db: DbOrTx, cid: number, pid: number): Promise<ContestProblemRow> {
  if (!isInt4(pid)) throw new OjError('CONTEST_PROBLEM_NOT_FOUND');
  const cp = await findContestProblem(db, cid, pid);
  if (!cp) throw new OjError('CONTEST_PROBLEM_NOT_FOUND');
  return cp;
}

/**
 * Sets a contest problem's display id, title and colour (`color` undefined: kept); a new display id is renamed in
 * the submissions, records and balloons and resets the boards. The caller catches a duplicate display id.
 */
export async function placeInContest(tx: Tx, cp: ContestProblemRow, to: { displayId: string; displayTitle: string; color?: string | null }) {
  const color = to.color === undefined ? cp.color : to.color?.trim() || null;
  const row = await updateContestProblem(tx, cp.id, { displayId: to.displayId, displayTitle: to.displayTitle, color });
  if (to.displayId === cp.displayId) return { row, msgs: [] as PushMessage[] };
  await renameDisplayId(tx, cp.cid, cp.id, cp.displayId, to.displayId);
  return { row, msgs: await boardRulesChanged(tx, cp.cid) };
}

/**
 * The admin problem list: without `problemType` the contest's own problems in display-id order, with it the
 * problems that may still be added (by id); always with the contest's pid → contest problem map.
 */
async function problemListOf(db: DbOrTx, c: ContestRow, q: ContestProblemListQuery): Promise<AdminContestProblemList> {
  const current = q.currentPage ?? 1;
  const size = q.limit ?? PAGE_SIZES.contestList;
  const cps = await contestProblemsOf(db, c.id);
  const contestProblemMap: Record<string, ContestProblem> = {};
  for (const cp of cps) contestProblemMap[String(cp.pid)] = toContestProblem(cp);
  const pids = cps.map((cp) => cp.pid);
  if (q.problemType === undefined && pids.length === 0) return { problemList: pageOf([], 0, current, size), contestProblemMap };
  const keyword = q.keyword?.trim();
  const oj = q.oj?.trim().toUpperCase();
  const { total, rows } = await listProblemsForContest(
    db,
    {
      pids,
      ...(q.problemType !== undefined && { problemType: q.problemType }),
      ...(keyword && { keyword }),
      ...(oj && { oj: (REMOTE_OJ_KEYS as readonly string[]).includes(oj) ? oj : true }),
      ...(c.gid !== null && { source: q.fromGroup ? { gid: c.gid } : ('public' as const) }),
    },
    size,
    pageOffset(current, size),
  );
  const ordered = q.problemType === undefined ? rows.sort((a, b) => compareDisplayId(contestProblemMap[String(a.id)]!.displayId, contestProblemMap[String(b.id)]!.displayId)) : rows;
  return { problemList: pageOf(ordered.map(toProblem), total, current, size), contestProblemMap };
}

/**
 * Puts problem `p` into contest `c` under `body`'s display id, title and colour (checks: display id and problem
 * not yet there, the size limit); the board reset's pushes, to publish after commit.
 */
export async function putInContest(db: Db, c: ContestRow, p: typeof problems.$inferSelect, body: Pick<ContestProblemBody, 'displayId' | 'displayTitle' | 'color'>): Promise<PushMessage[]> {
  const cps = await contestProblemsOf(db, c.id);
  if (cps.some((cp) => cp.displayId === body.displayId)) throw new OjError('CONTEST_DISPLAY_ID_EXISTS', { displayId: body.displayId });
  if (cps.some((cp) => cp.pid === p.id)) throw new OjError('VALIDATION_FAILED', { detail: 'the problem is already in this contest' });
  if (cps.length >= CONTEST_LIMITS.maxProblems) throw new OjError('VALIDATION_FAILED', { detail: `a contest has at most ${CONTEST_LIMITS.maxProblems} problems` });
  try {
    return await db.transaction(async (tx) => {
      await insertContestProblem(tx, { cid: c.id, pid: p.id, displayId: body.displayId, displayTitle: body.displayTitle?.trim() || p.title, color: body.color?.trim() || null });
      return boardRulesChanged(tx, c.id);
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    if (constraint.includes('display')) throw new OjError('CONTEST_DISPLAY_ID_EXISTS', { displayId: body.displayId });
    throw new OjError('VALIDATION_FAILED', { detail: 'the problem is already in this contest' });
  }
}

export function createContestProblemAdminService(ctx: ServiceContext, guard: ContestGuard = managedContest): ContestProblemAdminService {
  const { db } = ctx;
  const managedContest = guard;
  const publish = (msgs: PushMessage[]) => publishAll(ctx.transport, msgs, ctx.logger);

  return {
    async adminProblemList(q, viewer) {
      return problemListOf(db, await managedContest(db, q.cid, viewer), q);
    },

    async adminProblem(pid, viewer) {
      if (!isAdminRole(viewer.roles)) throw new OjError('AUTH_FORBIDDEN');
      if (!isInt4(pid)) throw new OjError('PROBLEM_NOT_FOUND');
      const p = await findProblemById(db, pid);
      if (!p) throw new OjError('PROBLEM_NOT_FOUND');
      return toProblem(p);
    },

    async contestProblem(cid, pid, viewer) {
      const c = await managedContest(db, cid, viewer);
      return toContestProblem(await contestProblemRow(db, c.id, pid));
    },

    async setContestProblem(body, viewer) {
      try {
        const { row, msgs } = await db.transaction(async (tx) => {
          const c = await managedContest(tx, body.cid, viewer);
          const cp = await contestProblemRow(tx, c.id, body.pid);
          const p = await findProblemById(tx, cp.pid);
          return placeInContest(tx, cp, { displayId: body.displayId, displayTitle: body.displayTitle?.trim() || p?.title || cp.displayTitle, color: body.color });
        });
        await publish(msgs);
        return toContestProblem(row);
      } catch (err) {
        if (uniqueViolation(err) !== null) throw new OjError('CONTEST_DISPLAY_ID_EXISTS', { displayId: body.displayId });
        throw err;
      }
    },

    async addProblemFromPublic(body, viewer) {
      const c = await managedContest(db, body.cid, viewer);
      if (!isInt4(body.pid)) throw new OjError('PROBLEM_NOT_FOUND');
      const p = await findProblemById(db, body.pid);
      // A group's own problem stays in its group (group contests take them from there); a group contest takes
      // only the bank's public problems (its admins are no site admins).
      if (!p || p.isGroup || (c.gid !== null && p.auth !== 1)) throw new OjError('PROBLEM_NOT_FOUND');
      await publish(await putInContest(db, c, p, body));
    },

    async removeProblem(cid, pid, viewer) {
      const msgs = await db.transaction(async (tx) => {
        const c = await managedContest(tx, cid, viewer);
        const cp = await contestProblemRow(tx, c.id, pid);
        await deleteContestProblem(tx, c.id, cp);
        return boardRulesChanged(tx, c.id);
      });
      await publish(msgs);
    },
  };
}
