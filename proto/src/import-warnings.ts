// The problem importer's warnings: one stable code each, with the English sentence that the import answer's
// `message` carries. Its `{name}` placeholders are the code's params (the type below reads them off the sentence);
// the web shows `import.warn.<CODE>` from its catalogues with the same params.
import { fillPlaceholders, placeholderNames, type PlaceholderParams } from './placeholders';

export const IMPORT_WARNINGS = {
  // any format
  PROBLEM_ID_TAKEN: 'the display id {base} was taken; imported as {problemId}',
  IMAGE_NOT_IMPORTED: 'image {file} was not imported (not a gif, jpg, png, bmp or webp image of at most {maxBytes} bytes)',
  NO_TEST_CASES: 'no test cases: upload them before judging',
  EXAMPLE_NOT_SHOWN: 'an example was too long (or there were more than {max}) and is not shown in the statement',
  // HOJ (and our own export)
  HOJ_UNKNOWN_LANGUAGES: 'languages this judge does not have (ignored on import): {languages}',
  // QDUOJ
  QDUOJ_TEMPLATE_JOINED: 'template prepend / append code was joined into the template; students can now edit it',
  QDUOJ_UNKNOWN_LANGUAGES: 'templates or answers in languages this judge does not have were skipped: {languages}',
  QDUOJ_EMPTY_OUTPUTS: '{count} SPJ test case(s) had no expected output; empty ones were created',
  QDUOJ_SPJ_PROTOCOL: 'the SPJ comes from QDUOJ and is judged as QDUOJ judges it: arguments input, user output (the input also on stdin); exit 0 accepts, 1 is Wrong Answer, any other exit code is a System Error',
  // FPS
  FPS_SPJ_HUSTOJ: 'the SPJ comes from an FPS file and is judged as HUSTOJ judges it: arguments input, expected output, user output; exit 0 accepts, any other exit code is Wrong Answer',
  FPS_UNKNOWN_LANGUAGES: 'solutions or templates in languages this judge does not have were skipped: {languages}',
  FPS_PREPEND_APPEND_DROPPED: 'prepend / append code is not supported and was dropped',
  FPS_REMOTE_NO_DATA: 'the FPS item has no test data: its site judged it remotely on {remote}, which this judge cannot reach',
  FPS_EMPTY_OUTPUTS: 'the test cases have no expected outputs; empty ones were created for the SPJ',
  // Hydro
  HYDRO_NO_STATEMENT: 'the problem has no statement (problem.md)',
  HYDRO_OTHER_STATEMENTS: 'statements in other languages were not imported: {files}',
  HYDRO_LINK_NOT_IMAGE: '{where}: the statement links file://{ref}, which is not an image and was not carried over',
  HYDRO_LINK_MISSING: '{where}: the statement links file://{ref}, which the archive does not hold',
  HYDRO_CHECKER_KIND: "the checker is of Hydro's {kind} kind; check it against our testlib-style protocol",
  HYDRO_CHECKER_TYPE_NO_FILE: 'checker_type {checkerType} without a checker file: the default comparison is used',
  HYDRO_UNKNOWN_LANGUAGES: 'languages this judge does not have were skipped: {languages}',
  HYDRO_CASE_LIMITS: "per-case limits ({input}) are not supported; the problem's limits apply",
  HYDRO_SUBTASK_SCORING: 'subtask scoring {types} is judged as the lowest case of each subtask',
  HYDRO_DEPENDENCIES_DROPPED: 'subtask dependencies (if) need subtask scoring; they were dropped',
  // ICPC package
  ICPC_NO_STATEMENT: 'the package has no problem statement',
  ICPC_PDF_STATEMENT: 'the statement is only a PDF ({file}); write it into the problem',
  ICPC_LATEX_STATEMENT: 'the statement was converted from LaTeX ({file}); check its formatting',
  ICPC_IMAGE_MISSING: '{where}: the statement shows {ref}, which the package does not hold as an image',
  ICPC_NO_TIME_LIMIT: 'the package sets no time limit; 1 s is used',
  ICPC_NO_TIME_LIMIT_MULTIPLIER: 'the package sets no time limit; 1 s is used (the time_multiplier needs the judge solutions\u2019 times, which are not known here)',
  ICPC_NO_MEMORY_LIMIT: 'the package sets no memory limit; {mb} MB is used',
  ICPC_SCORING_PASS_FAIL: 'a scoring problem is judged pass-fail here',
  ICPC_VALIDATOR_IGNORED: 'output_validators/ is ignored: problem.yaml asks for the default validator',
  ICPC_INTERACTION_FILES: '{count} .interaction file(s) (sample dialogues) are not shown in the statement',
  ICPC_EXTRA_VALIDATORS: 'only the first output validator ({used}) is used; {ignored} ignored',
  ICPC_VALIDATOR_FILES_UNUSED: 'validator files not used: {files}',
  ICPC_VALIDATOR_ONE_SOURCE: 'the validator is built from {main} alone; the other sources are only available to it as judge extra files',
  ICPC_JAVA_RENAMED: 'Java programs whose class is named after the file run here as class Main (renamed): {files}',
  ICPC_SUBMISSIONS_SKIPPED: 'submissions not carried over (multi-file, unknown verdict folder, or a language this judge does not have such as Python 2): {files}',
  ICPC_UNUSED_FOLDERS: 'not used here: {folders}',
  // Codeforces Polygon package
  POLYGON_NO_STATEMENT: 'the package has no statement (no problem-properties.json under statements/ and no statement-sections/)',
  POLYGON_TEX_UNKNOWN: 'the statement uses TeX commands that were left as written: {commands}; check its formatting',
  POLYGON_IMAGE_MISSING: '{where}: the statement shows {ref}, which the package does not hold as an image',
  POLYGON_INTERACTOR_CHECKER: 'the checker of the interactive problem is not used: the interactor alone decides each test',
  POLYGON_FILE_IO_PARTIAL: 'only one of input-file / output-file is set ({file}); the problem reads standard input and writes standard output',
  POLYGON_POINTS_ROUNDED: 'fractional points were rounded to whole points: {tests}',
  POLYGON_SOLUTIONS_SKIPPED: 'solutions not carried over (a language or a tag this judge does not have): {files}',
} as const satisfies Record<string, string>;

export type ImportWarningCode = keyof typeof IMPORT_WARNINGS;

/** The params a code takes: each placeholder of its sentence, a string or a number (lists are joined into one string). */
export type ImportWarningParams<C extends ImportWarningCode> = PlaceholderParams<(typeof IMPORT_WARNINGS)[C]>;

export function isImportWarningCode(s: unknown): s is ImportWarningCode {
  return typeof s === 'string' && Object.hasOwn(IMPORT_WARNINGS, s);
}

/** The names of the params a code takes (its sentence's placeholders), in order of first use. */
export function importWarningParams(code: ImportWarningCode): string[] {
  return placeholderNames(IMPORT_WARNINGS[code]);
}

/** The English sentence of a warning, its params filled in. */
export function formatImportWarning<C extends ImportWarningCode>(code: C, params: ImportWarningParams<C>): string {
  return fillPlaceholders(IMPORT_WARNINGS[code], params);
}
