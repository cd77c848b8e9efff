// The problem bank's admin side: list, read, create, edit, delete, change auth, read cases, compile the checker.
// Root and admins manage every problem; a problem admin manages the problems they authored; deleting is for root
// and problem admins (their own), as the original product's route rules say. A problem used in a contest cannot be
// deleted; deleting one removes its practice submissions with it (docs/problem-bank.md).
import {
  BUILTIN_CHECKERS,
  REMOTE_OJ_KEYS,
  type BuiltinChecker,
  OjError,
  PAGE_SIZES,
  type AdminProblemDetail,
  type AdminProblemListQuery,
  type AdminProblemRow,
  type ChangeProblemAuthBody,
  type CompileDTO,
  type JudgeQueueData,
  type PageOf,
  type ProblemCase,
  type ProblemCasesQuery,
  type ProblemDTO,
  type PushMessage,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { publishAll } from '../push/push.service';
import { findProblemById, tagsOf } from '../problem/problem.repo';
import { toProblem, type ProblemRow } from '../problem/problem.service';
import type { TestdataService } from '../testdata/testdata.service';
import { compileChecker } from './checker-compile';
import { extraFiles, problemValues, type ProblemValues } from './problem-form';
import { caseGroupsOf, casesOf, contestsUsing, deleteProblemRows, languagesAndOwnTemplates, listAdminProblems, problemQueues, setProblemAuth } from './problem-admin.repo';
import { writeProblem } from './problem-write';
import { countPackageSubmissions } from './package-submission.repo';

export interface ProblemAdminService {
  list(q: AdminProblemListQuery, viewer: Viewer): Promise<PageOf<AdminProblemRow>>;
  get(pid: number, viewer: Viewer): Promise<AdminProblemDetail>;
  /** Answers the new problem's id and display id (the original answered null). */
  create(dto: ProblemDTO, viewer: Viewer, within?: WithinSave): Promise<{ pid: number; problemId: string }>;
  update(dto: ProblemDTO, viewer: Viewer, within?: WithinSave): Promise<void>;
  /** Answers how many submissions went with it. */
  remove(pid: number, viewer: Viewer): Promise<{ submissions: number }>;
  changeAuth(body: ChangeProblemAuthBody, viewer: Viewer): Promise<void>;
  cases(q: ProblemCasesQuery, viewer: Viewer): Promise<ProblemCase[]>;
  compile(kind: 'spj' | 'interactive', dto: CompileDTO, viewer: Viewer): Promise<void>;
  /** Every problem's unjudged submissions (the snapshot the live `judge.queue` event then updates). */
  queues(): Promise<JudgeQueueData>;
}

/**
 * Runs in the save's transaction once the problem is written (a contest links its own problem there); the push
 * messages it answers are published after the commit.
 */
export type WithinSave = (tx: Tx, pid: number) => Promise<PushMessage[]>;

const has = (v: Viewer, ...roles: string[]) => v.roles.some((r) => roles.includes(r));
export const isProblemManager = (v: Viewer) => has(v, 'root', 'admin', 'problem_admin');

/** Whether `v` may change problem `p`: root and admins any, a problem admin their own. */
export function mayEditProblem(v: Viewer, p: Pick<ProblemRow, 'author'>): boolean {
  return has(v, 'root', 'admin') || (has(v, 'problem_admin') && p.author === v.username);
}

const mayDelete = (v: Viewer, p: Pick<ProblemRow, 'author'>) => has(v, 'root') || (has(v, 'problem_admin') && p.author === v.username);

function requireManager(v: Viewer): void {
  if (!isProblemManager(v)) throw new OjError('AUTH_FORBIDDEN');
}

export function toAdminProblemRow(p: ProblemRow): AdminProblemRow {
  return {
    id: p.id,
    problemId: p.problemId,
    title: p.title,
    author: p.author,
    modifiedUser: p.modifiedUser,
    type: p.type,
    auth: p.auth,
    difficulty: p.difficulty,
    judgeMode: p.judgeMode,
    isRemote: p.isRemote,
    total: p.total,
    ac: p.ac,
    gmtCreate: p.gmtCreate.toISOString(),
    gmtModified: p.gmtModified.toISOString(),
  };
}

/** Whether the save brings a checker the runners have not compiled for this problem. */
function checkerChanged(v: ProblemValues, old: ProblemRow | null): boolean {
  if (v.row.judgeMode === 'default') return false;
  if (!old) return true;
  return (
    old.judgeMode !== v.row.judgeMode ||
    old.spjCode !== v.row.spjCode ||
    old.spjLanguage !== v.row.spjLanguage ||
    JSON.stringify(old.judgeExtraFile ?? null) !== JSON.stringify(v.row.judgeExtraFile)
  );
}

/**
 * Saves the problem form (`old`: the problem being edited, null for a new one): the form's rules, the checker compiled
 * when it changed, the uploaded cases attached, everything written in one transaction (with `within`), the pushes
 * published after. The caller has checked who may save; the group problems (group/) save through here too.
 */
export async function saveProblem(ctx: ServiceContext, testdata: TestdataService, dto: ProblemDTO, viewer: Viewer, old: ProblemRow | null, within?: WithinSave): Promise<number> {
  const { db } = ctx;
  const v = problemValues(dto, old ? { caseVersion: old.isUploadCase ? old.caseVersion : null, groups: await caseGroupsOf(db, old.id) } : null);
  if (checkerChanged(v, old)) {
    await compileChecker(ctx, { kind: v.row.judgeMode as 'spj' | 'interactive', language: v.row.spjLanguage!, code: v.row.spjCode!, judgeExtraFile: v.row.judgeExtraFile, pid: old?.id ?? 0, protocol: v.row.checkerProtocol === 'kattis' ? 'kattis' : 'testlib' }, viewer.uid);
  }
  const uploaded = v.upload ? { version: v.upload.version, files: await testdata.caseFiles(v.upload.version, v.upload.cases.map((c) => ({ ...c, groupNum: c.groupNum ?? undefined }))) } : null;
  const { pid, msgs } = await db.transaction(async (tx) => {
    const pid = await writeProblem(tx, v, { ...(old && { pid: old.id }), author: dto.problem.author?.trim() || viewer.username, by: viewer.username, uploaded });
    return { pid, msgs: within ? await within(tx, pid) : [] };
  });
  await publishAll(ctx.transport, msgs, ctx.logger);
  ctx.logger.info({ pid, problemId: v.row.problemId, by: viewer.username, created: !old }, old ? 'problem updated' : 'problem created');
  return pid;
}

/** The form's "compile" button: the checker or interactor compiled on a runner (the caller checked who may). */
export async function compileFormChecker(ctx: ServiceContext, kind: 'spj' | 'interactive', dto: CompileDTO, viewer: Viewer): Promise<void> {
  const judgeExtraFile = extraFiles(dto.extraFiles, 'judgeExtraFile');
  await compileChecker(ctx, { kind, language: dto.language, code: dto.code, judgeExtraFile, pid: dto.pid ?? 0, protocol: dto.checkerProtocol ?? 'testlib' }, viewer.uid);
}

/** What the problem form loads of problem `p` (`GET /api/admin/problem`, and a group's `GET /api/group/problem`). */
export async function problemFormDetail(db: DbOrTx, p: ProblemRow): Promise<AdminProblemDetail> {
  const pid = p.id;
  const { langs, templates } = await languagesAndOwnTemplates(db, pid);
  const tagMap = await tagsOf(db, [pid]);
  return {
    ...toProblem(p),
    spjLanguage: p.spjLanguage,
    spjCode: p.spjCode,
    checkerProtocol: p.checkerProtocol,
    validatorFlags: p.validatorFlags,
    checker: (BUILTIN_CHECKERS as readonly string[]).includes(p.checker) ? (p.checker as BuiltinChecker) : 'default',
    floatAbsoluteTolerance: p.floatAbsoluteTolerance,
    floatRelativeTolerance: p.floatRelativeTolerance,
    subtaskDependencies: p.subtaskDependencies,
    judgeExtraFile: p.judgeExtraFile,
    isUploadCase: p.isUploadCase,
    caseVersion: p.caseVersion,
    modifiedUser: p.modifiedUser,
    tags: tagMap.get(pid) ?? [],
    languages: langs,
    codeTemplates: templates,
    packageSubmissions: await countPackageSubmissions(db, pid),
  };
}

export function createProblemAdminService(ctx: ServiceContext, testdata: TestdataService): ProblemAdminService {
  const { db } = ctx;
  const save = (dto: ProblemDTO, viewer: Viewer, old: ProblemRow | null, within?: WithinSave) => saveProblem(ctx, testdata, dto, viewer, old, within);

  async function editable(pid: number, viewer: Viewer): Promise<ProblemRow> {
    requireManager(viewer);
    const p = await findProblemById(db, pid);
    if (!p) throw new OjError('PROBLEM_NOT_FOUND');
    if (!mayEditProblem(viewer, p)) throw new OjError('AUTH_FORBIDDEN');
    return p;
  }

  return {
    async list(q, viewer) {
      requireManager(viewer);
      const current = q.currentPage ?? 1;
      const size = q.limit ?? PAGE_SIZES.adminList;
      const keyword = q.keyword?.trim();
      const oj = q.oj?.trim().toUpperCase();
      const offset = pageOffset(current, size);
      if (offset === null) return pageOf([], 0, current, size);
      const { total, rows } = await listAdminProblems(
        db,
        {
          ...(keyword && { keyword }),
          ...(q.auth !== undefined && { auth: q.auth }),
          ...(q.type !== undefined && { type: q.type }),
          ...(q.difficulty !== undefined && { difficulty: q.difficulty }),
          ...(oj && oj !== 'ALL' && { oj: (REMOTE_OJ_KEYS as readonly string[]).includes(oj) ? oj : true }),
        },
        size,
        offset,
      );
      return pageOf(rows.map(toAdminProblemRow), total, current, size);
    },

    async get(pid, viewer) {
      return problemFormDetail(db, await editable(pid, viewer));
    },

    async create(dto, viewer, within) {
      requireManager(viewer);
      const pid = await save(dto, viewer, null, within);
      return { pid, problemId: dto.problem.problemId.trim() };
    },

    async update(dto, viewer, within) {
      if (dto.problem.id === undefined) throw new OjError('PROBLEM_FIELD_REQUIRED', { field: 'id' });
      const old = await editable(dto.problem.id, viewer);
      await save(dto, viewer, old, within);
    },

    async remove(pid, viewer) {
      requireManager(viewer);
      const p = await findProblemById(db, pid);
      if (!p) throw new OjError('PROBLEM_NOT_FOUND');
      if (!mayDelete(viewer, p)) throw new OjError('AUTH_FORBIDDEN');
      const contests = await contestsUsing(db, pid);
      if (contests.length > 0) throw new OjError('PROBLEM_IN_CONTEST', { contests: contests.join(', ') });
      const { deleted, submissions } = await db.transaction((tx) => deleteProblemRows(tx, pid));
      if (!deleted) throw new OjError('PROBLEM_NOT_FOUND');
      ctx.logger.info({ pid, problemId: p.problemId, submissions, by: viewer.username }, 'problem deleted');
      return { submissions };
    },

    async changeAuth(body, viewer) {
      await editable(body.id, viewer);
      if (!(await setProblemAuth(db, body.id, body.auth, viewer.username))) throw new OjError('PROBLEM_NOT_FOUND');
    },

    async cases(q, viewer) {
      const p = await editable(q.pid, viewer);
      const rows = await casesOf(db, p.id);
      return rows.map((c) => ({ id: c.id, pid: c.pid, input: c.input, output: c.output, score: c.score, groupNum: c.groupNum, status: 0 }));
    },

    async compile(kind, dto, viewer) {
      requireManager(viewer);
      if (dto.pid) await editable(dto.pid, viewer);
      await compileFormChecker(ctx, kind, dto, viewer);
    },

    async queues() {
      return { problems: await problemQueues(db) };
    },
  };
}
