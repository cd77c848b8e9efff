// Contest administration: create and edit with the form's rules (contest-form.ts), visibility, delete (root),
// clone, and the contest's problems (contest-problem-admin.service.ts). Site roles root, admin and problem_admin may
// manage contests; everyone but root only the contests they created. An edit that changes what the board shows
// calls the scoreboard's `boardRulesChanged` in the same transaction (board version bumped, readers told to reload).
import { isAdminRole, OjError, PAGE_SIZES, type AdminContestBody, type AdminContestListQuery, type AdminContestVO, type PageOf, type PushMessage } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { DbOrTx } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { publishAll } from '../push/push.service';
import { isRoot, managedContest, type ContestGuard } from './access';
import { clockColumns } from './contest-clock';
import { deleteContest, insertContest, listAdminContests, retimeRecords, updateContest } from './contest-admin.repo';
import { boardChanged, contestValues } from './contest-form';
import { pwdColumn } from './contest-password';
import { createContestProblemAdminService, type ContestProblemAdminService } from './contest-problem-admin.service';
import { copyContestProblems } from './contest-problem.repo';
import { participantCount, participantCounts } from './contest.repo';
import { toAdminContestVO } from './contest-view';
import { boardRulesChanged } from './scoreboard/projector';

export interface ContestAdminService extends ContestProblemAdminService {
  adminList(q: AdminContestListQuery, viewer: Viewer): Promise<PageOf<AdminContestVO>>;
  adminGet(cid: number, viewer: Viewer): Promise<AdminContestVO>;
  /** Answers the new contest's id (the original product answers null; clients ignore `data`). */
  create(body: AdminContestBody, viewer: Viewer): Promise<{ cid: number }>;
  update(body: AdminContestBody, viewer: Viewer): Promise<void>;
  /** Root only. */
  remove(cid: number, viewer: Viewer): Promise<void>;
  clone(cid: number, viewer: Viewer): Promise<{ cid: number }>;
  changeVisible(cid: number, visible: boolean, viewer: Viewer): Promise<void>;
}

/** Inserts a contest from the admin form, written by `viewer`, of group `gid` (null: a site contest); its id. */
export async function createContest(db: DbOrTx, body: AdminContestBody, viewer: Viewer, gid: number | null): Promise<number> {
  const values = contestValues(body);
  values.pwd = await pwdColumn(values.pwd, null);
  return insertContest(db, { ...values, gid, uid: viewer.uid, author: viewer.username, ...clockColumns(values, Date.now(), true) });
}

/** `guard` reads a contest the caller may manage: the admin pages' rule, or a group's (group-contest.service.ts). */
export function createContestAdminService(ctx: ServiceContext, guard: ContestGuard = managedContest): ContestAdminService {
  const { db } = ctx;
  const managedContest = guard;
  const publish = (msgs: PushMessage[]) => publishAll(ctx.transport, msgs, ctx.logger);

  return {
    ...createContestProblemAdminService(ctx, guard),

    async adminList(q, viewer) {
      if (!isAdminRole(viewer.roles)) throw new OjError('AUTH_FORBIDDEN');
      const current = q.currentPage ?? 1;
      const size = q.limit ?? PAGE_SIZES.contestList;
      const keyword = q.keyword?.trim();
      // Non-root admins manage (and so list) only the contests they created.
      const { total, rows } = await listAdminContests(db, { uid: isRoot(viewer) ? null : viewer.uid, ...(keyword && { keyword }) }, size, pageOffset(current, size));
      const counts = await participantCounts(db, rows.map((r) => r.id));
      return pageOf(rows.map((c) => toAdminContestVO(c, counts.get(c.id) ?? 0)), total, current, size);
    },

    async adminGet(cid, viewer) {
      const c = await managedContest(db, cid, viewer);
      return toAdminContestVO(c, await participantCount(db, c.id));
    },

    async create(body, viewer) {
      if (!isAdminRole(viewer.roles)) throw new OjError('AUTH_FORBIDDEN');
      return { cid: await createContest(db, body, viewer, null) };
    },

    async update(body, viewer) {
      if (body.id === undefined) throw new OjError('VALIDATION_FAILED', { detail: 'id' });
      const values = contestValues(body);
      const stored = (await managedContest(db, body.id, viewer)).pwd;
      values.pwd = await pwdColumn(values.pwd, stored);
      const msgs = await db.transaction(async (tx) => {
        const old = await managedContest(tx, body.id!, viewer);
        await updateContest(tx, old.id, { ...values, gmtModified: new Date(), ...clockColumns(values, Date.now(), false) });
        if (old.startTime.getTime() !== values.startTime.getTime()) await retimeRecords(tx, old.id, values.startTime);
        return boardChanged(old, values) ? boardRulesChanged(tx, old.id) : [];
      });
      await publish(msgs);
    },

    async remove(cid, viewer) {
      if (!isRoot(viewer)) throw new OjError('AUTH_FORBIDDEN');
      await db.transaction(async (tx) => {
        const c = await managedContest(tx, cid, viewer);
        await deleteContest(tx, c.id);
      });
    },

    async clone(cid, viewer) {
      const c = await managedContest(db, cid, viewer);
      const { id: _id, gmtCreate: _c, gmtModified: _m, boardVersion: _v, announcedPhase: _a, nextPhaseAt: _n, ...rest } = c;
      const now = Date.now();
      return db.transaction(async (tx) => {
        const id = await insertContest(tx, { ...rest, title: `${c.title} (copy)`, uid: viewer.uid, author: viewer.username, visible: false, imported: false, ...clockColumns(c, now, true) });
        await copyContestProblems(tx, c.id, id);
        return { cid: id };
      });
    },

    async changeVisible(cid, visible, viewer) {
      const c = await managedContest(db, cid, viewer);
      await updateContest(db, c.id, { visible, gmtModified: new Date() });
    },
  };
}
