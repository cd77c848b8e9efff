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
import { pageOf, pageOffset } from '../db/paging';
import { publishAll } from '../push/push.service';
import { isRootViewer, managedTraining } from './training-access';
import { findCategory } from './training-category.repo';
import { passwordToStore, trainingValues, type TrainingValues } from './training-form';
import { trainingChanged } from './training-live';
import { toCategory, toTrainingVO } from './training.service';
import { deleteTraining, findTrainingListed, insertTraining, listTrainings, updateTraining, type TrainingListed } from './training.repo';

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

export function createTrainingAdminService(ctx: ServiceContext): TrainingAdminService {
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

  async function listed(tid: number): Promise<TrainingListed> {
    const l = await findTrainingListed(db, tid);
    if (!l) throw new OjError('TRAINING_NOT_FOUND');
    return l;
  }

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
      const t = await managedTraining(db, tid, viewer);
      const category = t.categoryId === null ? undefined : await findCategory(db, t.categoryId);
      return { training: toAdminTrainingVO(await listed(t.id)), trainingCategory: category ? toCategory(category) : null };
    },

    async create(body, viewer) {
      requireTrainingManager(viewer);
      const values = await columns(trainingValues(body), null);
      const tid = await insertTraining(db, { ...values, uid: viewer.uid, author: viewer.username });
      return { tid };
    },

    async update(body, viewer) {
      requireTrainingManager(viewer);
      const tid = body.training.id;
      if (tid === undefined) throw new OjError('VALIDATION_FAILED', { detail: 'training.id' });
      const old = await managedTraining(db, tid, viewer);
      const values = await columns(trainingValues(body), old.privatePwd);
      const msgs = await db.transaction(async (tx) => {
        await updateTraining(tx, old.id, { ...values, gmtModified: new Date() });
        return [await trainingChanged(tx, old.id)];
      });
      await publish(msgs);
    },

    async remove(tid, viewer) {
      if (!isRootViewer(viewer)) throw new OjError('AUTH_FORBIDDEN');
      const t = await managedTraining(db, tid, viewer);
      const msgs = await db.transaction(async (tx) => {
        const changed = await trainingChanged(tx, t.id);
        await deleteTraining(tx, t.id);
        return [changed];
      });
      await publish(msgs);
    },

    async changeStatus(q, viewer) {
      requireTrainingManager(viewer);
      const t = await managedTraining(db, q.tid, viewer);
      const msgs = await db.transaction(async (tx) => {
        await updateTraining(tx, t.id, { status: q.status, gmtModified: new Date() });
        return [await trainingChanged(tx, t.id)];
      });
      await publish(msgs);
    },
  };
}
