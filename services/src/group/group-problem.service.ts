// A group's own problems: the members' list (public ones), the admins' Problem Admin table, the problem form (the
// bank's form and rules, problem-admin.service's `saveProblem`; the display id stored with the group's short name
// in front, the site's existing tags only), delete, cases, checker compile, auth, and the application to make one
// public. A group admin creates; the group's root changes any, another admin the ones they wrote; a problem of
// another group is read-only here. Members open the public ones (admins any) and submit them inside the group.
import {
  GROUP_APPLY_PROGRESS,
  GROUP_PAGE_SIZES,
  OjError,
  OWN_OJ,
  type AdminProblemDetail,
  type AdminTag,
  type ApplyGroupProblemPublicQuery,
  type ChangeGroupProblemAuthQuery,
  type CompileDTO,
  type GroupAdminProblemRow,
  type GroupPageQuery,
  type PageOf,
  type ProblemCase,
  type ProblemDTO,
  type ProblemInfo,
  type ProblemVO,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4 } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { casesOf, contestsUsing, deleteProblemRows, setProblemAuth } from '../problem-admin/problem-admin.repo';
import { compileFormChecker, problemFormDetail, saveProblem, toAdminProblemRow, type WithinSave } from '../problem-admin/problem-admin.service';
import { findProblemById, tagsOf } from '../problem/problem.repo';
import { problemInfoOf, toProblemVO, type ProblemRow } from '../problem/problem.service';
import { tagsOfOj } from '../tag/tag.repo';
import type { TestdataService } from '../testdata/testdata.service';
import { mayManageItem } from './group-access';
import { groupProblemPage, markGroupProblem, setApplyProgress, unknownTagNames } from './group-problem.repo';
import { openableGroupProblem } from './group-submit';
import { adminView, memberView, type GroupInView } from './group-standing';

/** Public inside the group (members see it), private (its admins only), contest only (a group contest's). */
const AUTH = { PUBLIC: 1, CONTEST: 3 } as const;

export interface GroupProblemService {
  list(q: GroupPageQuery, viewer: Viewer): Promise<PageOf<ProblemVO>>;
  adminList(q: GroupPageQuery, viewer: Viewer): Promise<PageOf<GroupAdminProblemRow>>;
  get(pid: number, viewer: Viewer): Promise<AdminProblemDetail>;
  /** Answers the new problem's id and its display id (with the group's prefix). */
  create(dto: ProblemDTO, viewer: Viewer): Promise<{ pid: number; problemId: string }>;
  /**
   * A problem made inside one of group `gid`'s contests: the group's (its prefix, its tags' rule), contest only
   * (auth 3), saved with `within` (its place in the contest) in the save's one transaction.
   */
  createInContest(dto: ProblemDTO, gid: number, viewer: Viewer, within: WithinSave): Promise<{ pid: number; problemId: string }>;
  update(dto: ProblemDTO, viewer: Viewer): Promise<void>;
  remove(pid: number, viewer: Viewer): Promise<{ submissions: number }>;
  cases(pid: number, viewer: Viewer): Promise<ProblemCase[]>;
  /** The tags a group problem may take: the site's own. */
  tags(gid: number, viewer: Viewer): Promise<AdminTag[]>;
  compile(kind: 'spj' | 'interactive', dto: CompileDTO, gid: number, viewer: Viewer): Promise<void>;
  changeAuth(q: ChangeGroupProblemAuthQuery, viewer: Viewer): Promise<void>;
  applyPublic(q: ApplyGroupProblemPublicQuery, viewer: Viewer): Promise<void>;
  /** `get-problem-detail?gid=`: a problem opened inside its group. */
  detail(problemId: string, gid: number, viewer: Viewer): Promise<ProblemInfo>;
}

/** The display id as typed in the form: the group's short name in front of it, once. */
export function prefixedProblemId(shortName: string, typed: string): string {
  const id = typed.trim();
  return id.startsWith(shortName) ? id : `${shortName}${id}`;
}

export function createGroupProblemService(ctx: ServiceContext, testdata: TestdataService): GroupProblemService {
  const { db } = ctx;

  /** Group problem `pid` with its group as the caller stands in it; read-only (another group's) or not the caller's to change: refused. */
  async function manageable(pid: number, viewer: Viewer, gid?: number): Promise<{ p: ProblemRow; v: GroupInView }> {
    const p = isInt4(pid) ? await findProblemById(db, pid) : undefined;
    if (!p || !p.isGroup || p.gid === null) throw new OjError('GROUP_PROBLEM_NOT_FOUND');
    if (gid !== undefined && gid !== p.gid) throw new OjError('GROUP_PROBLEM_READ_ONLY');
    const v = await adminView(db, p.gid, viewer);
    if (!mayManageItem(v.standing, p.author === viewer.username)) throw new OjError('GROUP_FORBIDDEN');
    return { p, v };
  }

  /**
   * The form as the group saves it: its prefix on the display id, its gid, only the site's tags, no contest-only auth
   * (`contestOnly`: a contest-only problem being edited keeps it).
   */
  async function groupForm(dto: ProblemDTO, v: GroupInView, author: string, contestOnly = false): Promise<ProblemDTO> {
    const auth = dto.problem.auth;
    if (auth === AUTH.CONTEST && !contestOnly) throw new OjError('VALIDATION_FAILED', { detail: 'auth 3 (contest only) is for the problems of a group contest' });
    const unknown = await unknownTagNames(db, OWN_OJ, (dto.tags ?? []).map((t) => t.name.trim()));
    if (unknown.length > 0) throw new OjError('GROUP_TAG_UNKNOWN', { name: unknown[0]! });
    return { ...dto, problem: { ...dto.problem, problemId: prefixedProblemId(v.group.shortName, dto.problem.problemId), gid: v.group.id, author } };
  }

  /** Marks the saved problem as the group's own (in the save's transaction). */
  const ownedBy =
    (gid: number): WithinSave =>
    async (tx, pid) => {
      await markGroupProblem(tx, pid, gid);
      return [];
    };

  return {
    async list(q, viewer) {
      await memberView(db, q.gid, viewer);
      const current = q.currentPage ?? 1;
      const size = q.limit ?? GROUP_PAGE_SIZES.problems;
      const { total, rows } = await groupProblemPage(db, q.gid, [AUTH.PUBLIC], size, pageOffset(current, size));
      const tagMap = await tagsOf(db, rows.map((r) => r.id));
      return pageOf(rows.map((p) => toProblemVO(p, tagMap.get(p.id) ?? [])), total, current, size);
    },

    async adminList(q, viewer) {
      const { standing } = await adminView(db, q.gid, viewer);
      const current = q.currentPage ?? 1;
      const size = q.limit ?? GROUP_PAGE_SIZES.adminProblems;
      const { total, rows } = await groupProblemPage(db, q.gid, null, size, pageOffset(current, size));
      const records = rows.map((p) => ({
        ...toAdminProblemRow(p),
        gid: p.gid,
        applyPublicProgress: p.applyPublicProgress,
        editable: p.gid === q.gid && mayManageItem(standing, p.author === viewer.username),
      }));
      return pageOf(records, total, current, size);
    },

    async get(pid, viewer) {
      return problemFormDetail(db, (await manageable(pid, viewer)).p);
    },

    async create(dto, viewer) {
      const gid = dto.problem.gid;
      if (gid === undefined || gid === null || !isInt4(gid)) throw new OjError('VALIDATION_FAILED', { detail: 'problem.gid is required' });
      const v = await adminView(db, gid, viewer);
      const form = await groupForm({ ...dto, problem: { ...dto.problem, id: undefined } }, v, viewer.username);
      const pid = await saveProblem(ctx, testdata, form, viewer, null, ownedBy(gid));
      return { pid, problemId: form.problem.problemId };
    },

    async createInContest(dto, gid, viewer, within) {
      const v = await adminView(db, gid, viewer);
      const form = await groupForm({ ...dto, problem: { ...dto.problem, id: undefined, auth: AUTH.PUBLIC } }, v, viewer.username);
      const own = ownedBy(gid);
      const pid = await saveProblem(ctx, testdata, { ...form, problem: { ...form.problem, auth: AUTH.CONTEST } }, viewer, null, async (tx, pid) => [...(await own(tx, pid)), ...(await within(tx, pid))]);
      return { pid, problemId: form.problem.problemId };
    },

    async update(dto, viewer) {
      if (dto.problem.id === undefined) throw new OjError('PROBLEM_FIELD_REQUIRED', { field: 'id' });
      const { p, v } = await manageable(dto.problem.id, viewer, dto.problem.gid ?? undefined);
      const form = await groupForm(dto, v, p.author ?? viewer.username, p.auth === AUTH.CONTEST);
      await saveProblem(ctx, testdata, form, viewer, p, ownedBy(v.group.id));
    },

    async remove(pid, viewer) {
      const { p } = await manageable(pid, viewer);
      const contests = await contestsUsing(db, p.id);
      if (contests.length > 0) throw new OjError('PROBLEM_IN_CONTEST', { contests: contests.join(', ') });
      const { submissions } = await db.transaction((tx) => deleteProblemRows(tx, p.id));
      ctx.logger.info({ pid: p.id, gid: p.gid, submissions, by: viewer.username }, 'group problem deleted');
      return { submissions };
    },

    async cases(pid, viewer) {
      const { p } = await manageable(pid, viewer);
      return (await casesOf(db, p.id)).map((c) => ({ id: c.id, pid: c.pid, input: c.input, output: c.output, score: c.score, groupNum: c.groupNum, status: 0 }));
    },

    async tags(gid, viewer) {
      await adminView(db, gid, viewer);
      return (await tagsOfOj(db, OWN_OJ)).map((t) => ({ id: t.id, name: t.name, color: t.color, oj: t.oj, tcid: t.tcid }));
    },

    async compile(kind, dto, gid, viewer) {
      await adminView(db, gid, viewer);
      if (dto.pid) await manageable(dto.pid, viewer, gid);
      await compileFormChecker(ctx, kind, dto, viewer);
    },

    async changeAuth(q, viewer) {
      const { p } = await manageable(q.pid, viewer);
      if (q.auth === AUTH.CONTEST) throw new OjError('VALIDATION_FAILED', { detail: 'auth 3 (contest only) is set inside a group contest' });
      await setProblemAuth(db, p.id, q.auth, viewer.username);
    },

    async applyPublic(q, viewer) {
      const { p } = await manageable(q.pid, viewer);
      const now = p.applyPublicProgress;
      const next = q.isApplied ? GROUP_APPLY_PROGRESS.APPLYING : null;
      const allowed = q.isApplied ? now === null || now === GROUP_APPLY_PROGRESS.REFUSED : now === GROUP_APPLY_PROGRESS.APPLYING;
      if (!allowed) throw new OjError('GROUP_APPLY_STATE');
      await setApplyProgress(db, p.id, next, viewer.username);
    },

    async detail(problemId, gid, viewer) {
      return problemInfoOf(db, await openableGroupProblem(db, problemId, gid, viewer));
    },

  };
}
