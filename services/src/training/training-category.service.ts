// Training categories as the admins manage them: name and colour, names unique (case-insensitively), and a category
// still used by a training is not deleted (its trainings would lose the category the form requires).
import { OjError, type TrainingCategory, type TrainingCategoryBody } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4 } from '../db/client';
import { requireTrainingManager } from './training-admin.service';
import { categoryNameTaken, deleteCategory, findCategory, insertCategory, trainingsInCategory, updateCategory } from './training-category.repo';
import { toCategory } from './training.service';

export interface TrainingCategoryService {
  addCategory(body: TrainingCategoryBody, viewer: Viewer): Promise<TrainingCategory>;
  updateCategory(body: TrainingCategoryBody, viewer: Viewer): Promise<void>;
  deleteCategory(id: number, viewer: Viewer): Promise<void>;
}

function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) if (e.code === '23503') return true;
  return false;
}

function nameOf(body: TrainingCategoryBody): string {
  const name = body.name.trim();
  if (!name) throw new OjError('TRAINING_FIELD_REQUIRED', { field: 'categoryName' });
  return name;
}

export function createTrainingCategoryService(ctx: ServiceContext): TrainingCategoryService {
  const { db } = ctx;
  return {
    async addCategory(body, viewer) {
      requireTrainingManager(viewer);
      const name = nameOf(body);
      if (await categoryNameTaken(db, name)) throw new OjError('TRAINING_CATEGORY_EXISTS', { name });
      return toCategory(await insertCategory(db, { name, color: body.color, gid: null }));
    },

    async updateCategory(body, viewer) {
      requireTrainingManager(viewer);
      if (body.id === undefined) throw new OjError('VALIDATION_FAILED', { detail: 'id' });
      const name = nameOf(body);
      if (!(await findCategory(db, body.id))) throw new OjError('TRAINING_CATEGORY_NOT_FOUND');
      if (await categoryNameTaken(db, name, body.id)) throw new OjError('TRAINING_CATEGORY_EXISTS', { name });
      await updateCategory(db, body.id, { name, color: body.color });
    },

    async deleteCategory(id, viewer) {
      requireTrainingManager(viewer);
      if (!isInt4(id) || !(await findCategory(db, id))) throw new OjError('TRAINING_CATEGORY_NOT_FOUND');
      const used = await trainingsInCategory(db, id);
      if (used > 0) throw new OjError('TRAINING_CATEGORY_IN_USE', { count: used });
      try {
        if (!(await deleteCategory(db, id))) throw new OjError('TRAINING_CATEGORY_NOT_FOUND');
      } catch (err) {
        // A training given this category meanwhile: the foreign key keeps it.
        if (isForeignKeyViolation(err)) throw new OjError('TRAINING_CATEGORY_IN_USE', { count: await trainingsInCategory(db, id) });
        throw err;
      }
    },
  };
}
