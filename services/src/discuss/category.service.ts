// Discussion categories: anyone reads the list; the super admin saves the whole list at once (rename, add, remove;
// the discussions of a removed category keep no category).
import { DISCUSSION_LIMITS, OjError, type CategoryListBody, type DiscussionCategory } from '@oj/proto';
import type { ServiceContext } from '../context';
import { existingCategoryIds, listCategories, replaceCategories } from './category.repo';

export interface CategoryService {
  categories(): Promise<DiscussionCategory[]>;
  /** The super admin's whole list (the route admits root only); answers the stored list. */
  saveCategories(list: CategoryListBody): Promise<DiscussionCategory[]>;
}

/** The trimmed list, or the first failure: a name empty or too long, a name or an id twice. */
function checkList(list: CategoryListBody): { id?: number; name: string }[] {
  const names = new Set<string>();
  const ids = new Set<number>();
  return list.map((c) => {
    const name = c.name.trim();
    if (!name) throw new OjError('DISCUSSION_FIELD_REQUIRED', { field: 'categoryName' });
    if (name.length > DISCUSSION_LIMITS.categoryName) throw new OjError('DISCUSSION_FIELD_TOO_LONG', { field: 'categoryName', max: DISCUSSION_LIMITS.categoryName });
    if (names.has(name) || (c.id !== undefined && ids.has(c.id))) throw new OjError('DISCUSSION_CATEGORY_DUPLICATE', { name });
    names.add(name);
    if (c.id !== undefined) ids.add(c.id);
    return c.id === undefined ? { name } : { id: c.id, name };
  });
}

export function createCategoryService(ctx: ServiceContext): CategoryService {
  const { db } = ctx;
  return {
    categories: () => listCategories(db),
    async saveCategories(list) {
      const clean = checkList(list);
      await db.transaction(async (tx) => {
        const ids = clean.flatMap((c) => (c.id === undefined ? [] : [c.id]));
        const found = await existingCategoryIds(tx, ids);
        if (ids.some((id) => !found.has(id))) throw new OjError('DISCUSSION_CATEGORY_NOT_FOUND');
        await replaceCategories(tx, clean);
      });
      return listCategories(db);
    },
  };
}
