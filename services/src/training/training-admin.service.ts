// Training administration: the admin list (a super admin sees every training, an admin the ones they created), the
// form (create, edit: training-form.ts), the visible switch and delete (super admin). The problems and the categories
// are in their own modules. Every rule is checked here from the database: "training admin = author or super admin".
import {
  isSiteAdminRole,
  OjError,
  PAGE_SIZES,
  type AdminTrainingDTO,
  type AdminTrainingListQuery,
  type AdminTrainingVO,
  type ChangeTrainingStatusQuery,
  type PageOf,
  type PushMessage,
  type TrainingBody,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { hashPassword } from '../account/password';
import type { ServiceContext } from '../context';
import type { Tx } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { publishAll } from '../push/push.service';
import { isRootViewer, managedTraining } from './training-access';
import { findCategory } from './training-category.repo';
import { passwordToStore, trainingValues, type TrainingValues } from './training-form';
import { trainingChanged } from './training-live';
import { toCategory, toTrainingVO } from './training.service';
import { deleteTraining, findTrainingListed, insertTraining, listTrainings, updateTraining, type TrainingListed, type TrainingRow } from './training.repo';

export interface TrainingAdminService {
  adminList(q: AdminTrainingListQuery, viewer: Viewer): Promise<PageOf<AdminTrainingVO>>;
  adminGet(tid: number, viewer: Viewer): Promise<AdminTrainingDTO>;
  /** Answers the new training's id (the original answers null; clients may ignore `data`). */
  create(body: TrainingBody, viewer: Viewer): Promise<{ tid: number }>;
  update(body: TrainingBody, viewer: Viewer): Promise<void>;
  /** Super admin only (as the original route). */
  remove(tid: number, viewer: Viewer): Promise<void>;
  changeStatus(q: ChangeTrainingStatusQuery, viewer: Viewer): Promise<void>;
}

export function toAdminTrainingVO(l: TrainingListed): AdminTrainingVO {
  const { acCount: _ac, ...vo } = toTrainingVO(l, null);
  const { t } = l;
  return { ...vo, uid: t.uid, pwdSet: t.privatePwd !== null, status: t.status, isGroup: t.isGroup, gmtCreate: t.gmtCreate.toISOString() };
}

/** Root and admins manage trainings (a problem admin reaches the problem bank only, as for contests). */
export function requireTrainingManager(viewer: Viewer): void {
  if (!isSiteAdminRole(viewer.roles)) throw new OjError('AUTH_FORBIDDEN');
}

/** The changes of one training, once the caller's right to it is settled (the site's routes and the group's share them). */
export interface TrainingAdminCore {
  get(t: TrainingRow): Promise<AdminTrainingDTO>;
  /** A new training by `viewer`; `gid`: a group's training. */
  create(body: TrainingBody, viewer: Viewer, gid?: number): Promise<{ tid: number }>;
  update(t: TrainingRow, body: TrainingBody): Promise<void>;
  remove(t: TrainingRow): Promise<void>;
  changeStatus(t: TrainingRow, status: boolean): Promise<void>;
}

export function createTrainingAdminCore(ctx: ServiceContext): TrainingAdminCore {
  const { db, transport, logger } = ctx;
  const publish = (msgs: PushMessage[]) => publishAll(transport, msgs, logger);

  /** The form's values made storable: the category exists, the password hashed (or kept). */
  async function columns(v: TrainingValues, storedHash: string | null) {
    if (!(await findCategory(db, v.categoryId))) throw new OjError('TRAINING_CATEGORY_NOT_FOUND');
    const pwd = passwordToStore(v.password, storedHash);
    return {
      title: v.title,
      description: v.description,
      auth: v.auth,
      rank: v.rank,
      categoryId: v.categoryId,
      ...(v.status !== undefined && { status: v.status }),
      ...(pwd !== undefined && { privatePwd: pwd === null ? null : await hashPassword(pwd) }),
    };
  }

  /** Changes training `tid` and tells its open screens, in one transaction. */
  async function changed(tid: number, run: (tx: Tx) => Promise<void>): Promise<void> {
    const msgs = await db.transaction(async (tx) => {
      const push = await trainingChanged(tx, tid);
      await run(tx);
      return [push];
    });
    await publish(msgs);
  }

  return {
    async get(t) {
      const l = await findTrainingListed(db, t.id);
      if (!l) throw new OjError('TRAINING_NOT_FOUND');
      const category = t.categoryId === null ? undefined : await findCategory(db, t.categoryId);
      return { training: toAdminTrainingVO(l), trainingCategory: category ? toCategory(category) : null };
    },

    async create(body, viewer, gid) {
      const values = await columns(trainingValues(body), null);
      const tid = await insertTraining(db, { ...values, uid: viewer.uid, author: viewer.username, ...(gid !== undefined && { isGroup: true, gid }) });
      return { tid };
    },

    async update(t, body) {
      const values = await columns(trainingValues(body), t.privatePwd);
      await changed(t.id, (tx) => updateTraining(tx, t.id, { ...values, gmtModified: new Date() }));
    },

    async remove(t) {
      await changed(t.id, (tx) => deleteTraining(tx, t.id));
    },

    async changeStatus(t, status) {
      await changed(t.id, (tx) => updateTraining(tx, t.id, { status, gmtModified: new Date() }));
    },
  };
}

export function createTrainingAdminService(ctx: ServiceContext): TrainingAdminService {
  const { db } = ctx;
  const core = createTrainingAdminCore(ctx);

  return {
    async adminList(q, viewer) {
      requireTrainingManager(viewer);
      const current = q.currentPage ?? 1;
      const size = q.limit ?? PAGE_SIZES.adminList;
      const keyword = q.keyword?.trim();
      const { total, rows } = await listTrainings(db, { visibleOnly: false, uid: isRootViewer(viewer) ? null : viewer.uid, ...(keyword && { keyword }) }, size, pageOffset(current, size));
      return pageOf(rows.map(toAdminTrainingVO), total, current, size);
    },

    async adminGet(tid, viewer) {
      requireTrainingManager(viewer);
      return core.get(await managedTraining(db, tid, viewer));
    },

    async create(body, viewer) {
      requireTrainingManager(viewer);
      return core.create(body, viewer);
    },

    async update(body, viewer) {
      requireTrainingManager(viewer);
      const tid = body.training.id;
      if (tid === undefined) throw new OjError('VALIDATION_FAILED', { detail: 'training.id' });
      await core.update(await managedTraining(db, tid, viewer), body);
    },

    async remove(tid, viewer) {
      if (!isRootViewer(viewer)) throw new OjError('AUTH_FORBIDDEN');
      await core.remove(await managedTraining(db, tid, viewer));
    },

    async changeStatus(q, viewer) {
      requireTrainingManager(viewer);
      await core.changeStatus(await managedTraining(db, q.tid, viewer), q.status);
    },
  };
}
