// The export writer: the original product's HOJ layout (`problem_N.json` + `problem_N/` case files, which HOJ itself
// imports), plus what HOJ has no field for (checker protocol, validator flags, exact examples, images, package
// programs) under the JSON's `oj` key, so that reading the archive back with `hoj.ts` gives the same problems.
import { fullScore } from '@oj/proto';
import { writeZip } from '../testdata/zip';
import type { ImportedProblem } from './types';

/** Version of the `oj` extension block. */
export const HOJ_EXTENSION_VERSION = 1;

/** HOJ's examples field: `<input>…</input><output>…</output>` for each example. */
export const hojExamples = (examples: ImportedProblem['examples']) => examples.map((e) => `<input>${e.input}</input><output>${e.output}</output>`).join('');

/** The `problem_N.json` of one problem (keys HOJ reads, then ours; undefined fields are left out). */
export function hojJson(p: ImportedProblem): Record<string, unknown> {
  const jsonText = (r: Record<string, string> | undefined) => (r === undefined ? undefined : JSON.stringify(r));
  return {
    problem: {
      problemId: p.problemId,
      title: p.title,
      author: p.author,
      description: p.description,
      input: p.input,
      output: p.output,
      hint: p.hint,
      source: p.source,
      timeLimit: p.timeLimitMs,
      memoryLimit: p.memoryLimitMb,
      stackLimit: p.stackLimitMb,
      type: p.type,
      difficulty: p.difficulty,
      examples: hojExamples(p.examples),
      judgeMode: p.judgeMode,
      judgeCaseMode: p.judgeCaseMode,
      spjLanguage: p.checker?.language,
      spjCode: p.checker?.code,
      checkerProtocol: p.checker?.protocol,
      validatorFlags: p.validatorFlags,
      checker: p.builtinChecker,
      floatAbsoluteTolerance: p.floatAbsoluteTolerance ?? undefined,
      floatRelativeTolerance: p.floatRelativeTolerance ?? undefined,
      subtaskDependencies: p.subtaskDependencies,
      isFileIO: p.isFileIO,
      ioReadFileName: p.ioReadFileName,
      ioWriteFileName: p.ioWriteFileName,
      isRemoveEndBlank: p.isRemoveEndBlank,
      openCaseResult: p.openCaseResult,
      codeShare: p.codeShare,
      userExtraFile: jsonText(p.userExtraFile),
      judgeExtraFile: jsonText(p.judgeExtraFile),
      auth: 1,
      isRemote: false,
      isUploadCase: true,
      ioScore: p.type === 1 ? fullScore(p.judgeCaseMode ?? 'default', p.cases.map((c) => ({ score: c.score ?? 0, groupNum: c.groupNum ?? null }))) : 100,
    },
    judgeMode: p.judgeMode,
    isSpj: p.judgeMode === 'spj',
    languages: p.languages,
    samples: p.cases.map((c) => ({ input: c.input, output: c.output, score: c.score, groupNum: c.groupNum, sample: c.sample })),
    tags: p.tags,
    codeTemplates: p.codeTemplates.map((t) => ({ language: t.language, code: t.code, status: t.enabled })),
    userExtraFile: p.userExtraFile,
    judgeExtraFile: p.judgeExtraFile,
    oj: {
      version: HOJ_EXTENSION_VERSION,
      examples: p.examples,
      images: p.images.map((i) => ({ key: i.key, fileName: i.fileName, base64: i.data.toString('base64') })),
      submissions: p.submissions,
    },
  };
}

/** The export archive of `problems`, numbered from 1 in their order (the reader keeps that order). */
export function writeHojArchive(problems: ImportedProblem[]): Buffer {
  const files: { name: string; data: Uint8Array }[] = [];
  problems.forEach((p, i) => {
    const base = `problem_${i + 1}`;
    files.push({ name: `${base}.json`, data: Buffer.from(JSON.stringify(hojJson(p), null, 2)) });
    for (const [name, data] of p.files) files.push({ name: `${base}/${name}`, data });
  });
  return writeZip(files);
}
