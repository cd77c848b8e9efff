// Problem list and detail. Only public problems (auth 1) unless the viewer is an admin.
import {
  OjError,
  type PageOf,
  type Problem,
  type ProblemCount,
  type ProblemInfo,
  type ProblemListQuery,
  type ProblemVO,
  type Tag,
  PAGE_SIZES,
  ProblemType,
  REMOTE_OJ_KEYS,
} from '@oj/proto';
import { isAdmin, type Viewer } from '../account/viewer';
import { pageOf, pageOffset } from '../db/paging';
import type { ServiceContext } from '../context';
import { languagesAndTemplatesOf } from './code-template.repo';
import { findProblemByDisplayId, listProblems, randomPublicProblemId, tagsOf } from './problem.repo';
import { isInt4, type DbOrTx } from '../db/client';
import type { problems } from '../db/schema';

export interface ProblemService {
  list(q: ProblemListQuery, viewer: Viewer | null): Promise<PageOf<ProblemVO>>;
  detail(problemId: string, viewer: Viewer | null): Promise<ProblemInfo>;
  /** `GET /api/get-random-problem`: a random public problem (of the OJ asked for, if any). */
  random(oj: string | undefined): Promise<{ problemId: string }>;
}

/** The list's `oj`: a remote key, `true` for our own problems, undefined for all (absent or `All`). */
function ojFilter(raw: string | undefined): string | true | undefined {
  const oj = raw?.trim().toUpperCase();
  if (!oj || oj === 'ALL') return undefined;
  return (REMOTE_OJ_KEYS as readonly string[]).includes(oj) ? oj : true;
}

/** Remote judges whose problems are told apart by a `KEY-` prefix of the display id. */

export type ProblemRow = typeof problems.$inferSelect;

/** tagId arrives as a number, a list, or a comma-separated string. */
export function parseTagIds(tagId: ProblemListQuery['tagId']): number[] {
  if (tagId === undefined) return [];
  const raw = Array.isArray(tagId) ? tagId : typeof tagId === 'number' ? [tagId] : tagId.split(',');
  return [...new Set(raw.map((x) => Number(String(x).trim())).filter((n) => isInt4(n) && n > 0))];
}

export function toProblem(p: ProblemRow): Problem {
  return {
    id: p.id,
    problemId: p.problemId,
    title: p.title,
    author: p.author,
    type: p.type,
    judgeMode: p.judgeMode as Problem['judgeMode'],
    judgeCaseMode: p.judgeCaseMode as Problem['judgeCaseMode'],
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    stackLimit: p.stackLimit,
    description: p.description,
    input: p.input,
    output: p.output,
    examples: p.examples,
    hint: p.hint,
    source: p.source,
    difficulty: p.difficulty,
    auth: p.auth,
    ioScore: p.ioScore,
    codeShare: p.codeShare,
    isRemoveEndBlank: p.isRemoveEndBlank,
    openCaseResult: p.openCaseResult,
    isFileIO: p.isFileIO,
    ioReadFileName: p.ioReadFileName,
    ioWriteFileName: p.ioWriteFileName,
    isRemote: p.isRemote,
    gid: p.gid,
    userExtraFile: p.userExtraFile,
    gmtCreate: p.gmtCreate.toISOString(),
    gmtModified: p.gmtModified.toISOString(),
  };
}

/** A row of a problem list: the problem, its tags and its status counters. */
export function toProblemVO(p: ProblemRow, tags: Tag[]): ProblemVO {
  const { pid: _pid, ...c } = counts(p);
  return { pid: p.id, problemId: p.problemId, title: p.title, difficulty: p.difficulty, type: p.type, tags, ...c, score: p.type === ProblemType.OI ? p.ioScore : null };
}

function counts(p: ProblemRow): ProblemCount {
  const { id, total, ac, wa, tle, mle, re, pe, ce, se, pa } = p;
  return { pid: id, total, ac, wa, tle, mle, re, pe, ce, se, pa };
}

/** The problem with display id `problemId`, if `viewer` may see it. */
export async function findVisibleProblem(db: DbOrTx, problemId: string, viewer: Viewer | null): Promise<ProblemRow | null> {
  return (await findProblemByDisplayId(db, problemId, isAdmin(viewer))) ?? null;
}

export function createProblemService(ctx: ServiceContext): ProblemService {
  const { db } = ctx;
  return {
    async list(q, viewer) {
      const current = q.currentPage ?? 1;
      const size = q.limit ?? PAGE_SIZES.problemList;
      const keyword = q.keyword?.trim();
      const oj = ojFilter(q.oj);
      const { total, rows } = await listProblems(
        db,
        {
          all: isAdmin(viewer),
          tagIds: parseTagIds(q.tagId),
          ...(keyword && { keyword }),
          ...(q.difficulty !== undefined && { difficulty: q.difficulty }),
          ...(oj !== undefined && { oj }),
        },
        size,
        pageOffset(current, size),
      );
      const tagMap = await tagsOf(
        db,
        rows.map((r) => r.id),
      );
      const records = rows.map((p) => toProblemVO(p, tagMap.get(p.id) ?? []));
      return pageOf(records, total, current, size);
    },

    async random(oj) {
      const problemId = await randomPublicProblemId(db, ojFilter(oj));
      if (!problemId) throw new OjError('PROBLEM_NOT_FOUND');
      return { problemId };
    },

    async detail(problemId, viewer): Promise<ProblemInfo> {
      const p = await findVisibleProblem(db, problemId, viewer);
      if (!p) throw new OjError('PROBLEM_NOT_FOUND');
      const { languages: langNames, templates } = await languagesAndTemplatesOf(db, p.id);
      const tagMap = await tagsOf(db, [p.id]);
      return {
        problem: toProblem(p),
        tags: tagMap.get(p.id) ?? [],
        languages: langNames,
        problemCount: counts(p),
        codeTemplate: templates,
      };
    },
  };
}
