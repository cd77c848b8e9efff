// Importing problem archives into the bank, all or nothing: the archive is read and every problem checked first
// (readers in this folder), checkers are compiled, case files go to the test-data store (content-addressed, so a
// failed import leaves only unreferenced objects), then one transaction writes every problem, its images and
// package programs. Anything that fails before the commit leaves the bank exactly as it was.
import { createHash } from 'node:crypto';
import { fullScore, MD_IMAGE_MAX_BYTES, OjError, OWN_OJ, type ImportResult } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { Tx } from '../db/client';
import { sniffImage } from '../account/account-settings.service';
import { storeImage } from '../md-file/md-file.service';
import { compileChecker } from '../problem-admin/checker-compile';
import { languageIds, problemIdTaken } from '../problem-admin/problem-admin.repo';
import { builtinCheckerValues, subtaskDependenciesOf, type ProblemValues } from '../problem-admin/problem-form';
import { writeProblem } from '../problem-admin/problem-write';
import { insertPackageSubmissions } from '../problem-admin/package-submission.repo';
import type { TestdataService } from '../testdata/testdata.service';
import { importFailed } from './archive';
import { importProgress, type ProgressSink } from './import-progress';
import type { ImportedProblem, ImportFormat } from './types';
import { importWarning, type ProblemWarning } from './warning';

export type ArchiveReader = (format: ImportFormat, data: Buffer) => ImportedProblem[];

export interface ProblemImportService {
  /** `progressKey`: push the import's progress to the caller under this key (`import.progress`). */
  import(format: ImportFormat, data: Buffer, viewer: Viewer, progressKey?: string): Promise<ImportResult>;
}

const requireRoot = (v: Viewer) => {
  if (!v.roles.includes('root')) throw new OjError('AUTH_FORBIDDEN');
};

const named = (p: ImportedProblem, i: number) => p.problemId?.trim() || p.title.trim() || `#${i + 1}`;

/** ProblemValues of an imported problem (the form's shape; the readers already checked the archive). */
/** `languageIds`: our language names → ids (the archive's templates name their language). */
export function importedValues(p: ImportedProblem, problemId: string, languageIds: ReadonlyMap<string, number>): ProblemValues {
  const allLanguages = [...languageIds.keys()];
  const subtask = p.judgeCaseMode === 'subtask_lowest' || p.judgeCaseMode === 'subtask_average';
  const cases = p.cases.map((c, i) => ({ input: c.input, output: c.output, score: c.score ?? 0, groupNum: c.groupNum ?? (subtask ? i + 1 : null) }));
  const languages = p.languages.filter((l) => allLanguages.includes(l));
  const validatorFlags = p.judgeMode === 'default' || p.checker?.protocol === 'kattis' ? (p.validatorFlags ?? null) : null;
  return {
    row: {
      problemId,
      title: p.title.trim() || problemId,
      description: p.description,
      input: p.input,
      output: p.output,
      hint: p.hint?.trim() ? p.hint : null,
      source: p.source?.trim() ? p.source : null,
      type: p.type,
      judgeMode: p.judgeMode,
      judgeCaseMode: p.judgeCaseMode ?? 'default',
      timeLimit: Math.max(1, Math.round(p.timeLimitMs)),
      memoryLimit: Math.max(1, Math.round(p.memoryLimitMb)),
      stackLimit: Math.max(1, Math.round(p.stackLimitMb ?? 128)),
      difficulty: p.difficulty ?? 0,
      auth: 2,
      codeShare: p.codeShare ?? true,
      isRemoveEndBlank: p.isRemoveEndBlank ?? true,
      openCaseResult: p.openCaseResult ?? true,
      isFileIO: Boolean(p.isFileIO && p.ioReadFileName && p.ioWriteFileName),
      ioReadFileName: p.isFileIO ? (p.ioReadFileName ?? null) : null,
      ioWriteFileName: p.isFileIO ? (p.ioWriteFileName ?? null) : null,
      examples: p.examples,
      spjLanguage: p.checker?.language ?? null,
      spjCode: p.checker?.code ?? null,
      checkerProtocol: p.checker?.protocol ?? 'testlib',
      validatorFlags,
      ...builtinCheckerValues({ checker: p.builtinChecker, floatAbsoluteTolerance: p.floatAbsoluteTolerance, floatRelativeTolerance: p.floatRelativeTolerance }, p.judgeMode, validatorFlags),
      subtaskDependencies: subtaskDependenciesOf(p.subtaskDependencies, p.type === 1 && subtask, [...new Set(cases.map((c) => c.groupNum ?? 0))]),
      userExtraFile: p.userExtraFile && Object.keys(p.userExtraFile).length > 0 ? p.userExtraFile : null,
      judgeExtraFile: p.judgeExtraFile && Object.keys(p.judgeExtraFile).length > 0 ? p.judgeExtraFile : null,
      ioScore: p.type === 1 ? fullScore(p.judgeCaseMode ?? 'default', cases) || 100 : 100,
    },
    cases: null,
    upload: null,
    languages: languages.length > 0 ? languages : [...allLanguages],
    tags: [...new Map(p.tags.map((t) => t.trim()).filter(Boolean).map((t) => [t.toLowerCase(), { name: t }])).values()],
    // One template per language (the last wins); languages we do not have are dropped with the problem's other warnings.
    templates: [...new Map(p.codeTemplates.flatMap((t) => (languageIds.has(t.language) && t.code.trim() ? [[languageIds.get(t.language)!, { lid: languageIds.get(t.language)!, code: t.code, status: t.enabled }] as const] : []))).values()],
  };
}

/** A display id made from an archive's id or title: no spaces or slashes, at most 200 characters. */
const cleanProblemId = (base: string) => base.replace(/[\s/]+/g, '-').slice(0, 200) || 'P';

/** `clean`, or `clean-1`, `clean-2`, … the first one not taken in the bank nor by an earlier problem of the archive. */
async function freeProblemId(tx: Tx, clean: string, used: Set<string>): Promise<string> {
  for (let n = 0; ; n++) {
    const id = n === 0 ? clean : `${clean}-${n}`;
    if (!used.has(id.toLowerCase()) && !(await problemIdTaken(tx, id))) {
      used.add(id.toLowerCase());
      return id;
    }
  }
}

export function createProblemImportService(ctx: ServiceContext, testdata: TestdataService, read: ArchiveReader): ProblemImportService {
  const { db } = ctx;

  /** Every distinct checker compiled; one that fails stops the import before anything is stored. */
  async function compileCheckers(problems: ImportedProblem[], uid: string, progress: ProgressSink): Promise<void> {
    const compiled = new Set<string>();
    for (const [i, p] of problems.entries()) {
      if (p.judgeMode === 'default' || !p.checker) continue;
      const hash = createHash('sha256').update(`${p.judgeMode}\0${p.checker.language}\0${p.checker.code}\0${JSON.stringify(p.judgeExtraFile ?? {})}`).digest('hex');
      if (compiled.has(hash)) continue;
      await progress({ phase: 'compiling', done: i, total: problems.length, title: named(p, i) });
      try {
        await compileChecker(ctx, { kind: p.judgeMode, language: p.checker.language, code: p.checker.code, judgeExtraFile: p.judgeExtraFile ?? null, pid: 0, protocol: p.checker.protocol }, uid);
      } catch (err) {
        if (err instanceof OjError && err.code === 'PROBLEM_CHECKER_COMPILE') throw importFailed('CHECKER_COMPILE', { problem: named(p, i), output: String(err.params.detail ?? err.message) });
        throw err;
      }
      compiled.add(hash);
    }
  }

  /** Case files into the content-addressed store (unreferenced until the commit); each problem's version or null. */
  async function storeCases(problems: ImportedProblem[], progress: ProgressSink): Promise<(string | null)[]> {
    const versions: (string | null)[] = [];
    for (const [i, p] of problems.entries()) {
      await progress({ phase: 'storing', done: i, total: problems.length, title: named(p, i) });
      const names = [...new Set(p.cases.flatMap((c) => [c.input, c.output]))];
      versions.push(p.cases.length > 0 ? await testdata.storeFiles(names.map((name) => ({ name, data: p.files.get(name) ?? Buffer.alloc(0) }))) : null);
    }
    return versions;
  }

  /** One problem inside the import's transaction: display id, images, cases, the row and its package programs. */
  async function writeOne(tx: Tx, p: ImportedProblem, i: number, version: string | null, env: { viewer: Viewer; languages: Map<string, number>; used: Set<string>; result: ImportResult }) {
    const { viewer, result } = env;
    const note = (w: ProblemWarning) => result.warnings.push({ problemId, ...w });
    const base = cleanProblemId(named(p, i));
    const problemId = await freeProblemId(tx, base, env.used);
    const v = importedValues(p, problemId, env.languages);
    // Only a clash is reported: a title's spaces becoming dashes (every FPS problem's id is its title) is not one.
    if (problemId !== base) note(importWarning('PROBLEM_ID_TAKEN', { base, problemId }));
    p.warnings.forEach(note);
    for (const img of p.images) {
      // Only the image types the site serves (no SVG: it can carry scripts); the others become a warning.
      const safe = sniffImage(img.data) !== null && img.data.length <= MD_IMAGE_MAX_BYTES;
      if (!safe) note(importWarning('IMAGE_NOT_IMPORTED', { file: img.fileName, maxBytes: MD_IMAGE_MAX_BYTES }));
      const link = safe ? (await storeImage(tx, img.data, viewer, null)).link : img.fileName;
      for (const k of ['description', 'input', 'output', 'hint'] as const) {
        const text = v.row[k];
        if (text) v.row[k] = text.replaceAll(`import-image:${img.key}`, link);
      }
    }
    const subtask = v.row.judgeCaseMode.startsWith('subtask');
    const files = p.cases.map((c, j) => ({ input: c.input, output: c.output, score: v.row.type === 1 ? (c.score ?? 0) : 0, groupNum: c.groupNum ?? (subtask ? j + 1 : null) }));
    if (!version) note(importWarning('NO_TEST_CASES'));
    const pid = await writeProblem(tx, v, { author: p.author?.trim() || viewer.username, by: viewer.username, uploaded: version ? { version, files } : null, languages: env.languages });
    await insertPackageSubmissions(tx, pid, p.submissions);
    result.problems.push({ id: pid, problemId, title: v.row.title, cases: p.cases.length, submissions: p.submissions.length });
  }

  async function run(format: ImportFormat, data: Buffer, viewer: Viewer, progress: ProgressSink): Promise<ImportResult> {
    await progress({ phase: 'reading', done: 0, total: 0 });
    const problems = read(format, data);
    if (problems.length === 0) throw importFailed('NO_PROBLEMS');
    await compileCheckers(problems, viewer.uid, progress);
    const versions = await storeCases(problems, progress);
    const result: ImportResult = { problems: [], warnings: [] };
    await db.transaction(async (tx) => {
      const env = { viewer, languages: await languageIds(tx, OWN_OJ), used: new Set<string>(), result };
      for (const [i, p] of problems.entries()) {
        await progress({ phase: 'writing', done: i, total: problems.length, title: named(p, i) });
        await writeOne(tx, p, i, versions[i] ?? null, env);
      }
    });
    ctx.logger.info({ format, problems: result.problems.length, by: viewer.username }, 'problems imported');
    return result;
  }

  return {
    async import(format, data, viewer, progressKey) {
      requireRoot(viewer);
      const progress = importProgress(ctx, viewer.uid, progressKey);
      try {
        const result = await run(format, data, viewer, progress);
        await progress({ phase: 'done', done: result.problems.length, total: result.problems.length });
        return result;
      } catch (err) {
        await progress({ phase: 'failed', done: 0, total: 0 });
        throw err;
      }
    },
  };
}
