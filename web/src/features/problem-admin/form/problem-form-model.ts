// The problem form's state and rules in the browser: defaults of the specification's problem form, loading a stored
// problem, the checks the server repeats (first broken rule → its message), the OI score spread, and the body sent.
import { checkerProtocolOf, type AdminProblemDetail, type CheckerProtocol, type ProblemCase, type ProblemDTO } from '@oj/proto';
import type { MessageId } from '../../../i18n/zh-CN';
import { checkerProblem, checkerStateFromDetail, checkerToDTO, newCheckerState, type CheckerState } from './checker-model';

export type JudgeMode = 'default' | 'spj' | 'interactive';
export type JudgeCaseMode = 'default' | 'subtask_lowest' | 'subtask_average' | 'ergodic_without_error';

export interface FormCase {
  input: string;
  output: string;
  /** Text as typed (OI scores are checked as integers ≥ 0). */
  score: string;
  groupNum: string;
}

export interface TemplateState {
  lid: number;
  code: string;
  enabled: boolean;
}

/** The checker fields (built-in checker, tolerances, subtask dependencies) are in CheckerState (checker-model.ts). */
export interface ProblemFormState extends CheckerState {
  id?: number;
  problemId: string;
  title: string;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  author: string;
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  difficulty: number;
  auth: number;
  type: 0 | 1;
  codeShare: boolean;
  examples: { input: string; output: string }[];
  judgeMode: JudgeMode;
  judgeCaseMode: JudgeCaseMode;
  spjLanguage: string;
  spjCode: string;
  checkerProtocol: CheckerProtocol;
  validatorFlags: string;
  /** Default mode: judge with the ICPC default output validator (with `validatorFlags`) instead of the usual comparison. */
  icpcValidator: boolean;
  /** The checker as loaded or last compiled successfully; a different one must be compiled before saving. */
  compiledChecker: string | null;
  isRemoveEndBlank: boolean;
  openCaseResult: boolean;
  isUploadCase: boolean;
  /** The case-set version of a new upload (`fileListDir`), or null. */
  uploadDir: string | null;
  /** The problem's stored case set (edit), kept unless a new zip is uploaded. */
  storedVersion: string | null;
  cases: FormCase[];
  isFileIO: boolean;
  ioReadFileName: string;
  ioWriteFileName: string;
  userExtraFile: { name: string; content: string }[];
  judgeExtraFile: { name: string; content: string }[];
  /** Language ids. */
  languages: number[];
  templates: TemplateState[];
  tags: { id?: number; name: string }[];
}

export const checkerKey = (s: Pick<ProblemFormState, 'judgeMode' | 'spjLanguage' | 'spjCode'>) => `${s.judgeMode}\0${s.spjLanguage}\0${s.spjCode}`;

export function newProblemForm(languageIds: number[]): ProblemFormState {
  return {
    problemId: '',
    title: '',
    description: '',
    input: '',
    output: '',
    hint: '',
    source: '',
    author: '',
    timeLimit: 1000,
    memoryLimit: 256,
    stackLimit: 128,
    difficulty: 0,
    auth: 1,
    type: 0,
    codeShare: true,
    examples: [{ input: '', output: '' }],
    judgeMode: 'default',
    judgeCaseMode: 'default',
    spjLanguage: 'C++',
    spjCode: '',
    checkerProtocol: 'testlib',
    validatorFlags: '',
    icpcValidator: false,
    compiledChecker: null,
    isRemoveEndBlank: true,
    openCaseResult: true,
    isUploadCase: true,
    uploadDir: null,
    storedVersion: null,
    cases: [],
    isFileIO: false,
    ioReadFileName: '',
    ioWriteFileName: '',
    userExtraFile: [],
    judgeExtraFile: [],
    languages: languageIds,
    templates: [],
    tags: [],
    ...newCheckerState(),
  };
}

const mapEntries = (m: Record<string, string> | null | undefined) => Object.entries(m ?? {}).map(([name, content]) => ({ name, content }));

export function formFromDetail(d: AdminProblemDetail, cases: readonly ProblemCase[]): ProblemFormState {
  const judgeMode = d.judgeMode as JudgeMode;
  const form: ProblemFormState = {
    id: d.id,
    problemId: d.problemId,
    title: d.title,
    description: d.description,
    input: d.input,
    output: d.output,
    hint: d.hint ?? '',
    source: d.source ?? '',
    author: d.author ?? '',
    timeLimit: d.timeLimit,
    memoryLimit: d.memoryLimit,
    stackLimit: d.stackLimit,
    difficulty: d.difficulty,
    auth: d.auth,
    type: d.type === 1 ? 1 : 0,
    codeShare: d.codeShare,
    examples: d.examples.length > 0 ? d.examples.map((e) => ({ ...e })) : [{ input: '', output: '' }],
    judgeMode,
    judgeCaseMode: d.judgeCaseMode as JudgeCaseMode,
    spjLanguage: d.spjLanguage ?? 'C++',
    spjCode: d.spjCode ?? '',
    checkerProtocol: checkerProtocolOf(d.checkerProtocol),
    validatorFlags: d.validatorFlags ?? '',
    icpcValidator: d.validatorFlags !== null,
    compiledChecker: null,
    isRemoveEndBlank: d.isRemoveEndBlank,
    openCaseResult: d.openCaseResult,
    isUploadCase: d.isUploadCase,
    uploadDir: null,
    storedVersion: d.isUploadCase ? d.caseVersion : null,
    cases: cases.map((c) => ({ input: c.input, output: c.output, score: String(c.score ?? 0), groupNum: c.groupNum === null || c.groupNum === undefined ? '' : String(c.groupNum) })),
    isFileIO: d.isFileIO,
    ioReadFileName: d.ioReadFileName ?? '',
    ioWriteFileName: d.ioWriteFileName ?? '',
    userExtraFile: mapEntries(d.userExtraFile),
    judgeExtraFile: mapEntries(d.judgeExtraFile),
    languages: d.languages.map((l) => l.id),
    templates: d.codeTemplates.map((t) => ({ lid: t.lid, code: t.code, enabled: t.status })),
    tags: d.tags.map((t) => ({ id: t.id, name: t.name })),
    ...checkerStateFromDetail(d),
  };
  // The stored checker is the one the judge already uses.
  if (judgeMode !== 'default') form.compiledChecker = checkerKey(form);
  return form;
}

/** 100 split over `n` cases: integer division, the remainder to the last ones (as the original form does). */
export function spreadScores(n: number, total = 100): number[] {
  if (n <= 0) return [];
  const base = Math.floor(total / n);
  const extra = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i >= n - extra ? 1 : 0));
}

/** Switching the type: to OI the scores are spread evenly; back to ACM they stay (unused). */
export function withType(s: ProblemFormState, type: 0 | 1): ProblemFormState {
  if (type === s.type) return s;
  if (type === 0) return { ...s, type };
  const scores = spreadScores(s.cases.length);
  return { ...s, type, cases: s.cases.map((c, i) => ({ ...c, score: String(scores[i]) })) };
}

export interface FormProblem {
  id: MessageId;
  values?: Record<string, string | number>;
}

const isScore = (v: string) => /^\d+$/.test(v.trim());
const isGroup = (v: string) => /^[1-9]\d*$/.test(v.trim());

/** The first broken rule of the form, or null. `languageName` names a language id for the messages. */
export function validateProblemForm(s: ProblemFormState, languageName: (lid: number) => string): FormProblem | null {
  const required: [string, MessageId][] = [
    [s.problemId, 'problemAdmin.form.problemId'],
    [s.title, 'problemAdmin.form.title'],
    [s.input, 'problemAdmin.form.inputDescription'],
    [s.output, 'problemAdmin.form.outputDescription'],
  ];
  for (const [value, field] of required) if (!value.trim()) return { id: 'problemAdmin.form.required', values: { field } };
  if (s.isFileIO && (!s.ioReadFileName.trim() || !s.ioWriteFileName.trim())) return { id: 'problemAdmin.form.fileIoNames' };
  if (s.isUploadCase) {
    if (!s.uploadDir && !s.storedVersion) return { id: 'problemAdmin.form.uploadRequired' };
  } else {
    if (s.cases.length === 0) return { id: 'problemAdmin.form.casesRequired' };
    const empty = s.cases.findIndex((c) => !c.input.trim() && !c.output.trim());
    if (empty >= 0) return { id: 'problemAdmin.form.caseEmpty', values: { index: empty + 1 } };
  }
  if (s.type === 1) {
    const bad = s.cases.findIndex((c) => !isScore(c.score));
    if (bad >= 0) return { id: 'problemAdmin.form.caseScore', values: { index: bad + 1 } };
  }
  if (s.judgeCaseMode === 'subtask_lowest' || s.judgeCaseMode === 'subtask_average') {
    const bad = s.cases.findIndex((c) => !isGroup(c.groupNum));
    if (bad >= 0) return { id: 'problemAdmin.form.caseGroup', values: { index: bad + 1 } };
  }
  const checker = checkerProblem(s);
  if (checker) return checker;
  if (s.judgeMode !== 'default') {
    if (!s.spjCode.trim()) return { id: 'problemAdmin.form.checkerRequired' };
    if (s.compiledChecker !== checkerKey(s)) return { id: 'problemAdmin.form.checkerNotCompiled' };
  }
  for (const f of [...s.userExtraFile, ...s.judgeExtraFile]) if (!f.name.trim() || !f.content) return { id: 'problemAdmin.form.extraFileRequired' };
  if (s.languages.length === 0) return { id: 'problemAdmin.form.languageRequired' };
  const emptyTemplate = s.templates.find((t) => t.enabled && s.languages.includes(t.lid) && !t.code.trim());
  if (emptyTemplate) return { id: 'problemAdmin.form.templateEmpty', values: { language: languageName(emptyTemplate.lid) } };
  return null;
}

const extra = (list: { name: string; content: string }[]) => (list.length > 0 ? Object.fromEntries(list.map((f) => [f.name.trim(), f.content])) : null);

export function formToDTO(s: ProblemFormState, languageName: (lid: number) => string): ProblemDTO {
  const oi = s.type === 1;
  const samples = s.cases.map((c) => ({
    input: c.input,
    output: c.output,
    score: oi ? Number(c.score) : 0,
    groupNum: c.groupNum.trim() ? Number(c.groupNum) : null,
  }));
  return {
    problem: {
      ...(s.id !== undefined && { id: s.id }),
      problemId: s.problemId.trim(),
      title: s.title.trim(),
      description: s.description,
      input: s.input,
      output: s.output,
      hint: s.hint || null,
      source: s.source || null,
      author: s.author.trim() || null,
      timeLimit: s.timeLimit,
      memoryLimit: s.memoryLimit,
      stackLimit: s.stackLimit,
      difficulty: s.difficulty,
      auth: s.auth,
      type: s.type,
      codeShare: s.codeShare,
      examples: s.examples.filter((e) => e.input.trim() || e.output.trim()),
      judgeMode: s.judgeMode,
      judgeCaseMode: s.judgeCaseMode,
      spjLanguage: s.judgeMode === 'default' ? null : s.spjLanguage,
      spjCode: s.judgeMode === 'default' ? null : s.spjCode,
      checkerProtocol: s.checkerProtocol,
      // Absent, not null, for "no flags": the gateway's type coercion reads a null string as '' (the ICPC validator).
      ...(validatorFlagsOf(s) !== null && { validatorFlags: validatorFlagsOf(s) }),
      ...checkerToDTO(s),
      isRemoveEndBlank: s.isRemoveEndBlank,
      openCaseResult: s.openCaseResult,
      isUploadCase: s.isUploadCase,
      isFileIO: s.isFileIO,
      ioReadFileName: s.isFileIO ? s.ioReadFileName.trim() : null,
      ioWriteFileName: s.isFileIO ? s.ioWriteFileName.trim() : null,
      userExtraFile: extra(s.userExtraFile),
      judgeExtraFile: extra(s.judgeExtraFile),
    },
    // Uploaded cases keep their files; the rows carry the scores and groups. Unchanged stored cases need no rows.
    samples: s.isUploadCase && !s.uploadDir && s.cases.length === 0 ? [] : samples,
    isUploadTestCase: s.isUploadCase,
    uploadTestcaseDir: s.isUploadCase ? s.uploadDir : null,
    judgeMode: s.judgeMode,
    languages: s.languages.map((id) => ({ id, name: languageName(id) })),
    tags: s.tags.map((t) => ({ ...(t.id !== undefined && { id: t.id }), name: t.name })),
    codeTemplates: s.templates.filter((t) => s.languages.includes(t.lid) && (t.enabled || t.code.trim())).map((t) => ({ lid: t.lid, code: t.code, status: t.enabled })),
  };
}

/** What the form sends as `validatorFlags`: '' or flags when the ICPC validator is on (or kattis flags given), null otherwise. */
export function validatorFlagsOf(s: Pick<ProblemFormState, 'judgeMode' | 'checkerProtocol' | 'validatorFlags' | 'icpcValidator'>): string | null {
  const flags = s.validatorFlags.trim();
  if (s.judgeMode === 'default') return s.icpcValidator ? flags : null;
  return s.checkerProtocol === 'kattis' && flags ? flags : null;
}
