// The problem form's rules (the specification's group problem form, checked on the server as the form checks them):
// required fields, file IO names, test cases by judge-case mode, OI scores, the checker, languages and enabled
// templates, duplicate tags. Pure: a ProblemDTO in, the values to store out, or the first broken rule as an OjError.
import { fullScore, isCheckerOnlyProtocol, isJavaScriptChecker, normalizeSubtaskDependencies, OjError, ProblemType, type BuiltinChecker, type ProblemDTO, type SubtaskDependency } from '@oj/proto';

export interface FormCase {
  input: string;
  output: string;
  score: number;
  groupNum: number | null;
}

/** What a save writes, decided from the form. */
export interface ProblemValues {
  row: {
    problemId: string;
    title: string;
    description: string;
    input: string;
    output: string;
    hint: string | null;
    source: string | null;
    type: number;
    judgeMode: 'default' | 'spj' | 'interactive';
    judgeCaseMode: string;
    timeLimit: number;
    memoryLimit: number;
    stackLimit: number;
    difficulty: number;
    auth: number;
    codeShare: boolean;
    isRemoveEndBlank: boolean;
    openCaseResult: boolean;
    isFileIO: boolean;
    ioReadFileName: string | null;
    ioWriteFileName: string | null;
    examples: { input: string; output: string }[];
    spjLanguage: string | null;
    spjCode: string | null;
    checkerProtocol: string;
    validatorFlags: string | null;
    checker: BuiltinChecker;
    floatAbsoluteTolerance: number | null;
    floatRelativeTolerance: number | null;
    subtaskDependencies: SubtaskDependency[] | null;
    userExtraFile: Record<string, string> | null;
    judgeExtraFile: Record<string, string> | null;
    ioScore: number;
  };
  /** Manual cases (when not uploaded). */
  cases: FormCase[] | null;
  /** The uploaded case set to attach (a new upload), with per-case score and group overrides. */
  upload: { version: string; cases: FormCase[] } | null;
  /** Language names, in the form's order. */
  languages: string[];
  tags: { id?: number; name: string; color?: string | null }[];
  templates: { lid: number; code: string; status: boolean }[];
}

const required = (value: string | null | undefined, field: string): string => {
  const v = (value ?? '').trim();
  if (!v) throw new OjError('PROBLEM_FIELD_REQUIRED', { field });
  return v;
};

const optionalText = (v: string | null | undefined): string | null => (v && v.trim() ? v : null);

/** An extra-file map: a JSON text (the original product) or an object; every name and content required. */
export function extraFiles(v: Record<string, string> | string | null | undefined, field: string): Record<string, string> | null {
  if (v === null || v === undefined || v === '') return null;
  let map: unknown = v;
  if (typeof v === 'string') {
    try {
      map = JSON.parse(v);
    } catch {
      throw new OjError('PROBLEM_FIELD_INVALID', { field, reason: 'NOT_JSON_OBJECT' });
    }
  }
  if (typeof map !== 'object' || map === null || Array.isArray(map)) throw new OjError('PROBLEM_FIELD_INVALID', { field, reason: 'NOT_JSON_OBJECT' });
  const out: Record<string, string> = {};
  for (const [name, content] of Object.entries(map)) {
    if (!name.trim() || typeof content !== 'string' || !content) throw new OjError('PROBLEM_FIELD_INVALID', { field, reason: 'EXTRA_FILE_EMPTY' });
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(name) || name === '.' || name === '..') throw new OjError('PROBLEM_FIELD_INVALID', { field, reason: 'FILE_NAME', name: JSON.stringify(name) });
    out[name] = content;
  }
  return Object.keys(out).length > 0 ? out : null;
}

const FILE_NAME = /^[A-Za-z0-9._-]{1,100}$/;

function fileIoNames(p: ProblemDTO['problem']): { isFileIO: boolean; ioReadFileName: string | null; ioWriteFileName: string | null } {
  if (!p.isFileIO) return { isFileIO: false, ioReadFileName: null, ioWriteFileName: null };
  const read = (p.ioReadFileName ?? '').trim();
  const write = (p.ioWriteFileName ?? '').trim();
  if (!read || !write) throw new OjError('PROBLEM_FILE_IO_NAMES');
  for (const n of [read, write]) if (!FILE_NAME.test(n) || n === '.' || n === '..') throw new OjError('PROBLEM_FIELD_INVALID', { field: 'fileIO', detail: n });
  return { isFileIO: true, ioReadFileName: read, ioWriteFileName: write };
}

/** Scores and groups of the cases as the judge-case mode and the problem type want them. */
function checkCases(cases: readonly FormCase[], oi: boolean, subtask: boolean): void {
  cases.forEach((c, i) => {
    const index = i + 1;
    if (oi && (!Number.isInteger(c.score) || c.score < 0)) throw new OjError('PROBLEM_CASE_SCORE', { index });
    if (subtask && (c.groupNum === null || !Number.isInteger(c.groupNum) || c.groupNum < 1)) throw new OjError('PROBLEM_CASE_GROUP', { index });
  });
}

const toCase = (c: NonNullable<ProblemDTO['samples']>[number], oi: boolean): FormCase => ({
  input: c.input,
  output: c.output,
  score: oi ? (c.score ?? Number.NaN) : (c.score ?? 0),
  groupNum: c.groupNum ?? null,
});

/** The built-in checker and its tolerances: judge mode default without ICPC validator flags only (else HOJ's). */
export function builtinCheckerValues(
  p: { checker?: BuiltinChecker; floatAbsoluteTolerance?: number | null; floatRelativeTolerance?: number | null },
  judgeMode: string,
  validatorFlags: string | null,
): Pick<ProblemValues['row'], 'checker' | 'floatAbsoluteTolerance' | 'floatRelativeTolerance'> {
  const checker = judgeMode === 'default' && validatorFlags === null ? (p.checker ?? 'default') : 'default';
  const float = checker === 'float';
  return { checker, floatAbsoluteTolerance: float ? (p.floatAbsoluteTolerance ?? null) : null, floatRelativeTolerance: float ? (p.floatRelativeTolerance ?? null) : null };
}

/** Subtask dependencies of the subtask modes, checked against the cases' groups (`groups`); null when there are none. */
export function subtaskDependenciesOf(deps: readonly SubtaskDependency[] | null | undefined, subtask: boolean, groups: readonly number[]): SubtaskDependency[] | null {
  if (!subtask || !deps || deps.length === 0) return null;
  const r = normalizeSubtaskDependencies(groups, deps);
  if (!r.ok) {
    if (r.problem.kind === 'cycle') throw new OjError('PROBLEM_SUBTASK_DEPENDENCY_CYCLE', { group: r.problem.group });
    throw new OjError('PROBLEM_SUBTASK_DEPENDENCY_UNKNOWN', { group: r.problem.dependency });
  }
  return r.value.length > 0 ? r.value : null;
}

/**
 * The form's rules. `current`: the stored case-set version of the problem being edited (an edit may keep its
 * uploaded cases without uploading again) and the group numbers of its stored cases (for subtask dependencies when
 * the form sends no case rows).
 */
export function problemValues(dto: ProblemDTO, current: { caseVersion: string | null; groups?: readonly number[] } | null): ProblemValues {
  const p = dto.problem;
  const problemId = required(p.problemId, 'problemId');
  if (/\s|\//.test(problemId)) throw new OjError('PROBLEM_FIELD_INVALID', { field: 'problemId', reason: 'NO_SPACES_OR_SLASHES' });
  const title = required(p.title, 'title');
  const input = required(p.input, 'input');
  const output = required(p.output, 'output');
  const judgeMode = dto.judgeMode ?? p.judgeMode ?? 'default';
  const judgeCaseMode = p.judgeCaseMode ?? 'default';
  const oi = p.type === ProblemType.OI;
  const subtask = judgeCaseMode === 'subtask_lowest' || judgeCaseMode === 'subtask_average';
  const io = fileIoNames(p);

  let spjLanguage: string | null = null;
  let spjCode: string | null = null;
  if (judgeMode !== 'default') {
    spjCode = (p.spjCode ?? '').trim() ? p.spjCode! : null;
    spjLanguage = (p.spjLanguage ?? '').trim() || null;
    if (!spjCode || !spjLanguage) throw new OjError('PROBLEM_CHECKER_REQUIRED');
    if (isCheckerOnlyProtocol(p.checkerProtocol) && (judgeMode !== 'spj' || isJavaScriptChecker(spjLanguage))) {
      throw new OjError('PROBLEM_CHECKER_ONLY_PROTOCOL', { protocol: p.checkerProtocol === 'hustoj' ? 'HUSTOJ' : 'QDUOJ' });
    }
  }

  const samples = (dto.samples ?? []).map((c) => toCase(c, oi));
  let cases: FormCase[] | null = null;
  let upload: ProblemValues['upload'] = null;
  if (!p.isRemote) {
    const uploaded = dto.isUploadTestCase ?? p.isUploadCase ?? false;
    if (uploaded) {
      const version = (dto.uploadTestcaseDir ?? '').trim();
      if (version) {
        if (!/^[0-9a-f]{64}$/.test(version)) throw new OjError('PROBLEM_FIELD_INVALID', { field: 'uploadTestcaseDir', reason: 'NOT_CASE_SET_VERSION' });
        if (samples.length === 0) throw new OjError('PROBLEM_CASES_REQUIRED');
        checkCases(samples, oi, subtask);
        upload = { version, cases: samples };
      } else if (!current?.caseVersion) {
        throw new OjError('PROBLEM_CASES_REQUIRED');
      } else if (samples.length > 0) {
        // Kept cases with new scores or groups.
        checkCases(samples, oi, subtask);
        upload = { version: current.caseVersion, cases: samples };
      }
    } else {
      if (samples.length === 0) throw new OjError('PROBLEM_CASES_REQUIRED');
      samples.forEach((c, i) => {
        if (!c.input.trim() && !c.output.trim()) throw new OjError('PROBLEM_CASE_EMPTY', { index: i + 1 });
      });
      checkCases(samples, oi, subtask);
      cases = samples;
    }
  }

  if (dto.languages.length === 0) throw new OjError('PROBLEM_LANGUAGE_REQUIRED');
  const languages = [...new Set(dto.languages.map((l) => l.name.trim()))];

  const seen = new Set<string>();
  const tags = (dto.tags ?? []).map((t) => {
    const name = t.name.trim();
    if (!name) throw new OjError('PROBLEM_FIELD_REQUIRED', { field: 'tag' });
    const key = name.toLowerCase();
    if (seen.has(key)) throw new OjError('TAG_DUPLICATE', { name });
    seen.add(key);
    return { ...(t.id !== undefined && { id: t.id }), name, color: t.color ?? null };
  });

  const templates = (dto.codeTemplates ?? []).map((t) => ({ lid: t.lid, code: t.code, status: t.status }));

  const caseScores = cases ?? upload?.cases ?? [];
  const groups = cases || upload ? [...new Set(caseScores.map((c) => c.groupNum ?? 0))] : (current?.groups ?? []);
  const validatorFlags = judgeMode === 'default' ? (p.validatorFlags == null ? null : p.validatorFlags.trim()) : p.checkerProtocol === 'kattis' ? optionalText(p.validatorFlags) : null;
  const ioScore = oi && caseScores.length > 0 ? fullScore(judgeCaseMode, caseScores.map((c) => ({ score: Number.isFinite(c.score) ? c.score : 0, groupNum: c.groupNum ?? null }))) : (p.ioScore ?? 100);

  return {
    row: {
      problemId,
      title,
      description: p.description ?? '',
      input,
      output,
      hint: optionalText(p.hint),
      source: optionalText(p.source),
      type: p.type,
      judgeMode,
      judgeCaseMode,
      timeLimit: p.timeLimit,
      memoryLimit: p.memoryLimit,
      stackLimit: p.stackLimit,
      difficulty: p.difficulty,
      auth: p.auth,
      codeShare: p.codeShare,
      isRemoveEndBlank: p.isRemoveEndBlank,
      openCaseResult: p.openCaseResult,
      ...io,
      examples: p.examples.filter((e) => e.input.trim() || e.output.trim()),
      spjLanguage,
      spjCode,
      checkerProtocol: judgeMode === 'default' ? 'testlib' : (p.checkerProtocol ?? 'testlib'),
      // The default validator's flags, or the extra arguments of an ICPC (kattis) validator.
      // '' (not null) in default mode: the ICPC default validator without flags; null: the usual comparison.
      validatorFlags,
      ...builtinCheckerValues(p, judgeMode, validatorFlags),
      subtaskDependencies: subtaskDependenciesOf(p.subtaskDependencies, oi && subtask, groups),
      userExtraFile: extraFiles(p.userExtraFile, 'userExtraFile'),
      judgeExtraFile: extraFiles(p.judgeExtraFile, 'judgeExtraFile'),
      ioScore,
    },
    cases,
    upload,
    languages,
    tags,
    templates,
  };
}
