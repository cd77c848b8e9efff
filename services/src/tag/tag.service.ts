// Tags and tag classifications: the public lists (all tags of an OJ, a problem's tags, tags grouped by
// classification for the problem list's panel) and the admin CRUD (root and problem admins, as the original
// product's rules say). Names are unique per OJ, ignoring case.
import { OjError, OWN_OJ, type AdminTag, type ProblemTagVO, type TagBody, type TagClassification, type TagClassificationBody } from '@oj/proto';
import { isAdmin, type Viewer } from '../account/viewer';
import { findProblemById } from '../problem/problem.repo';
import type { ServiceContext } from '../context';
import {
  classificationNameTaken,
  classificationsOfOj,
  deleteClassification,
  deleteTag,
  findClassification,
  insertClassification,
  insertTag,
  tagNameTaken,
  tagsOfOj,
  tagsOfProblem,
  updateClassification,
  updateTag,
  type ClassificationRow,
  type TagRow,
} from './tag.repo';

export interface TagService {
  all(oj?: string): Promise<AdminTag[]>;
  /** Tags of a problem the viewer may see (public ones; any for admins). */
  ofProblem(pid: number, viewer: Viewer | null): Promise<AdminTag[]>;
  grouped(oj?: string): Promise<ProblemTagVO[]>;
  classifications(oj: string | undefined, viewer: Viewer): Promise<TagClassification[]>;
  addTag(body: TagBody, viewer: Viewer): Promise<AdminTag>;
  updateTag(body: TagBody, viewer: Viewer): Promise<void>;
  deleteTag(tid: number, viewer: Viewer): Promise<void>;
  addClassification(body: TagClassificationBody, viewer: Viewer): Promise<TagClassification>;
  updateClassification(body: TagClassificationBody, viewer: Viewer): Promise<void>;
  deleteClassification(tcid: number, viewer: Viewer): Promise<void>;
}

const toTag = (t: TagRow): AdminTag => ({ id: t.id, name: t.name, color: t.color, oj: t.oj, tcid: t.tcid });
const toClassification = (c: ClassificationRow): TagClassification => ({ id: c.id, name: c.name, oj: c.oj, rank: c.rank });
const ojOf = (oj: string | undefined) => (oj?.trim() ? oj.trim().toUpperCase() : OWN_OJ);
const COLOR = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{1,20}|rgba?\([\d\s.,%]{5,40}\))$/;

function requireTagAdmin(v: Viewer): void {
  if (!v.roles.some((r) => r === 'root' || r === 'problem_admin')) throw new OjError('AUTH_FORBIDDEN');
}

export function createTagService(ctx: ServiceContext): TagService {
  const { db } = ctx;

  async function tagValues(body: TagBody) {
    const name = body.name.trim();
    if (!name) throw new OjError('PROBLEM_FIELD_REQUIRED', { field: 'tag' });
    const color = body.color?.trim() || null;
    if (color && !COLOR.test(color)) throw new OjError('PROBLEM_FIELD_INVALID', { field: 'color', detail: color });
    // Ids start at 1; a JSON null arrives as 0 (the gateway's schema coercion tries the integer branch first).
    const tcid = body.tcid || null;
    if (tcid !== null && !(await findClassification(db, tcid))) throw new OjError('TAG_CLASSIFICATION_NOT_FOUND');
    return { name, color, oj: ojOf(body.oj), tcid };
  }

  function classificationValues(body: TagClassificationBody) {
    const name = body.name.trim();
    if (!name) throw new OjError('PROBLEM_FIELD_REQUIRED', { field: 'classification' });
    return { name, oj: ojOf(body.oj), rank: body.rank ?? 0 };
  }

  return {
    async all(oj) {
      return (await tagsOfOj(db, ojOf(oj))).map(toTag);
    },

    async ofProblem(pid, viewer) {
      const p = await findProblemById(db, pid);
      // A hidden problem's and a group's own problem's tags: admins only (members read them with the problem).
      if (!p || ((p.auth !== 1 || p.isGroup) && !isAdmin(viewer))) throw new OjError('PROBLEM_NOT_FOUND');
      return (await tagsOfProblem(db, pid)).map(toTag);
    },

    async grouped(oj) {
      const o = ojOf(oj);
      const [classes, tagRows] = await Promise.all([classificationsOfOj(db, o), tagsOfOj(db, o)]);
      const out: ProblemTagVO[] = classes.map((c) => ({ classification: toClassification(c), tagList: tagRows.filter((t) => t.tcid === c.id).map(toTag) }));
      const loose = tagRows.filter((t) => t.tcid === null || !classes.some((c) => c.id === t.tcid));
      if (loose.length > 0) out.push({ classification: null, tagList: loose.map(toTag) });
      return out;
    },

    async classifications(oj, viewer) {
      requireTagAdmin(viewer);
      return (await classificationsOfOj(db, ojOf(oj))).map(toClassification);
    },

    async addTag(body, viewer) {
      requireTagAdmin(viewer);
      const v = await tagValues(body);
      if (await tagNameTaken(db, v.name, v.oj)) throw new OjError('TAG_DUPLICATE', { name: v.name });
      return toTag(await insertTag(db, v));
    },

    async updateTag(body, viewer) {
      requireTagAdmin(viewer);
      if (body.id === undefined) throw new OjError('PROBLEM_FIELD_REQUIRED', { field: 'id' });
      const v = await tagValues(body);
      if (await tagNameTaken(db, v.name, v.oj, body.id)) throw new OjError('TAG_DUPLICATE', { name: v.name });
      if (!(await updateTag(db, body.id, v))) throw new OjError('TAG_NOT_FOUND');
    },

    async deleteTag(tid, viewer) {
      requireTagAdmin(viewer);
      if (!(await deleteTag(db, tid))) throw new OjError('TAG_NOT_FOUND');
    },

    async addClassification(body, viewer) {
      requireTagAdmin(viewer);
      const v = classificationValues(body);
      if (await classificationNameTaken(db, v.name, v.oj)) throw new OjError('TAG_CLASSIFICATION_DUPLICATE', { name: v.name });
      return toClassification(await insertClassification(db, v));
    },

    async updateClassification(body, viewer) {
      requireTagAdmin(viewer);
      if (body.id === undefined) throw new OjError('PROBLEM_FIELD_REQUIRED', { field: 'id' });
      const v = classificationValues(body);
      if (await classificationNameTaken(db, v.name, v.oj, body.id)) throw new OjError('TAG_CLASSIFICATION_DUPLICATE', { name: v.name });
      if (!(await updateClassification(db, body.id, v))) throw new OjError('TAG_CLASSIFICATION_NOT_FOUND');
    },

    async deleteClassification(tcid, viewer) {
      requireTagAdmin(viewer);
      if (!(await deleteClassification(db, tcid))) throw new OjError('TAG_CLASSIFICATION_NOT_FOUND');
    },
  };
}
