// Exporting problems (`GET /api/file/export-problem?pid=…`, root only) as one archive of our own format (the
// original product's HOJ layout with our extra fields), which the HOJ import reads back unchanged.
import { checkerProtocolOf, decodePack, OjError, type BuiltinChecker } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { findProblemById, tagsOf } from '../problem/problem.repo';
import { casesOf, languagesAndOwnTemplates } from '../problem-admin/problem-admin.repo';
import { packageSubmissionsOf } from '../problem-admin/package-submission.repo';
import type { ExpectedVerdict, ImportedProblem } from './types';

export type ArchiveWriter = (problems: ImportedProblem[]) => Buffer;

export interface ProblemExportService {
  export(pids: readonly number[], viewer: Viewer): Promise<{ fileName: string; zip: Buffer }>;
}

export function createProblemExportService(ctx: ServiceContext, write: ArchiveWriter): ProblemExportService {
  const { db, transport } = ctx;

  async function load(pid: number): Promise<ImportedProblem> {
    const p = await findProblemById(db, pid);
    if (!p) throw new OjError('PROBLEM_NOT_FOUND');
    const rows = await casesOf(db, pid);
    const files = new Map<string, Buffer>();
    let cases: ImportedProblem['cases'];
    if (p.isUploadCase && p.caseVersion) {
      const pack = await transport.getTestdata?.(p.caseVersion);
      if (!pack) throw new OjError('TESTCASE_NOT_FOUND');
      for (const f of decodePack(pack)) files.set(f.name, Buffer.from(f.data));
      cases = rows.map((c) => ({ input: c.input, output: c.output, score: c.score, groupNum: c.groupNum }));
    } else {
      cases = rows.map((c, i) => {
        files.set(`${i + 1}.in`, Buffer.from(c.input));
        files.set(`${i + 1}.out`, Buffer.from(c.output));
        return { input: `${i + 1}.in`, output: `${i + 1}.out`, score: c.score, groupNum: c.groupNum };
      });
    }
    const { langs, templates } = await languagesAndOwnTemplates(db, pid);
    const nameOf = new Map(langs.map((l) => [l.id, l.name]));
    const programs = await packageSubmissionsOf(db, pid);
    return {
      problemId: p.problemId,
      title: p.title,
      description: p.description,
      input: p.input,
      output: p.output,
      ...(p.hint !== null && { hint: p.hint }),
      ...(p.source !== null && { source: p.source }),
      ...(p.author !== null && { author: p.author }),
      timeLimitMs: p.timeLimit,
      memoryLimitMb: p.memoryLimit,
      stackLimitMb: p.stackLimit,
      type: p.type === 1 ? 1 : 0,
      difficulty: p.difficulty,
      examples: p.examples,
      judgeMode: p.judgeMode as ImportedProblem['judgeMode'],
      judgeCaseMode: p.judgeCaseMode as NonNullable<ImportedProblem['judgeCaseMode']>,
      ...(p.judgeMode !== 'default' && p.spjCode && { checker: { language: p.spjLanguage ?? 'C++', code: p.spjCode, protocol: checkerProtocolOf(p.checkerProtocol) } }),
      ...(p.validatorFlags !== null && { validatorFlags: p.validatorFlags }),
      ...(p.checker !== 'default' && { builtinChecker: p.checker as BuiltinChecker }),
      ...(p.floatAbsoluteTolerance !== null && { floatAbsoluteTolerance: p.floatAbsoluteTolerance }),
      ...(p.floatRelativeTolerance !== null && { floatRelativeTolerance: p.floatRelativeTolerance }),
      ...(p.subtaskDependencies && p.subtaskDependencies.length > 0 && { subtaskDependencies: p.subtaskDependencies }),
      isFileIO: p.isFileIO,
      ...(p.ioReadFileName !== null && { ioReadFileName: p.ioReadFileName }),
      ...(p.ioWriteFileName !== null && { ioWriteFileName: p.ioWriteFileName }),
      isRemoveEndBlank: p.isRemoveEndBlank,
      openCaseResult: p.openCaseResult,
      codeShare: p.codeShare,
      ...(p.userExtraFile && { userExtraFile: p.userExtraFile }),
      ...(p.judgeExtraFile && { judgeExtraFile: p.judgeExtraFile }),
      tags: ((await tagsOf(db, [pid])).get(pid) ?? []).map((t) => t.name),
      languages: langs.map((l) => l.name),
      codeTemplates: templates.flatMap((t) => (nameOf.has(t.lid) ? [{ language: nameOf.get(t.lid)!, code: t.code, enabled: t.status }] : [])),
      cases,
      files,
      images: [],
      submissions: programs.map((s) => ({ path: s.path, language: s.language, code: s.code, expected: s.expected as ExpectedVerdict })),
      warnings: [],
    };
  }

  return {
    async export(pids, viewer) {
      if (!viewer.roles.includes('root')) throw new OjError('AUTH_FORBIDDEN');
      const unique = [...new Set(pids)];
      if (unique.length === 0) throw new OjError('EXPORT_EMPTY');
      const problems: ImportedProblem[] = [];
      for (const pid of unique) problems.push(await load(pid));
      return { fileName: `problem_export_${Date.now()}.zip`, zip: write(problems) };
    },
  };
}
