// The intermediate form every problem-archive reader produces (QDUOJ, FPS, HOJ, Hydro, ICPC, Polygon, our own export),
// and what the import service stores. Readers are pure: bytes in, problems (or an OjError) out; nothing touches
// the database or the object store until every problem of the archive has been read and checked.
import type { BuiltinChecker, CheckerProtocol, ExpectedVerdict, SubtaskDependency } from '@oj/proto';
import type { ProblemWarning } from './warning';

export type ImportFormat = 'hoj' | 'qduoj' | 'fps' | 'hydro' | 'icpc' | 'polygon';

/** The ICPC package's expected verdict for a program of `submissions/<folder>/`. */
export type { ExpectedVerdict };

export interface ImportedCase {
  /** File names in `files`. */
  input: string;
  output: string;
  score?: number;
  groupNum?: number | null;
  /** An ICPC `data/sample` case (also shown as an example). */
  sample?: boolean;
}

export interface ImportedProblem {
  /** Display id the archive suggests (may clash; the service makes it unique). */
  problemId?: string;
  title: string;
  description: string;
  input: string;
  output: string;
  hint?: string;
  source?: string;
  author?: string;
  timeLimitMs: number;
  memoryLimitMb: number;
  stackLimitMb?: number;
  /** 0 ACM, 1 OI. */
  type: 0 | 1;
  difficulty?: number;
  examples: { input: string; output: string }[];
  judgeMode: 'default' | 'spj' | 'interactive';
  judgeCaseMode?: 'default' | 'subtask_lowest' | 'subtask_average' | 'ergodic_without_error';
  /**
   * Checker (spj) or interactor (interactive). `protocol` kattis: ICPC output validator (exit 42 AC / 43 WA); hustoj: a
   * HUSTOJ special judge (input, answer, user output; exit 0 AC).
   */
  checker?: { language: string; code: string; protocol: CheckerProtocol };
  /** ICPC default output validator flags (e.g. `float_tolerance 1e-6 case_sensitive`), judgeMode default only. */
  validatorFlags?: string;
  /** The built-in checker of judgeMode default (our extension; absent: HOJ's comparison) and the float tolerances. */
  builtinChecker?: BuiltinChecker;
  floatAbsoluteTolerance?: number | null;
  floatRelativeTolerance?: number | null;
  /** Subtask dependencies by group number (our export, Hydro's `if`). */
  subtaskDependencies?: SubtaskDependency[];
  isFileIO?: boolean;
  ioReadFileName?: string;
  ioWriteFileName?: string;
  isRemoveEndBlank?: boolean;
  openCaseResult?: boolean;
  codeShare?: boolean;
  userExtraFile?: Record<string, string>;
  judgeExtraFile?: Record<string, string>;
  /** Tag names. */
  tags: string[];
  /** Allowed languages by our names (proto LOCAL_LANGUAGES); empty: all of them. */
  languages: string[];
  /** Per-language code templates by our language names. */
  codeTemplates: { language: string; code: string; enabled: boolean }[];
  cases: ImportedCase[];
  /** Case file bytes by name (the names `cases` use). */
  files: Map<string, Buffer>;
  /** Images the statement embeds; the statement refers to each as `import-image:<key>` (the service stores them and rewrites the links). */
  images: { key: string; fileName: string; data: Buffer }[];
  /** ICPC `submissions/`: programs with the verdict they must get (for the package self-check). */
  submissions: { path: string; language: string; code: string; expected: ExpectedVerdict }[];
  /** What the archive had that we could not carry over, or advice to check what was (shown in the import report). */
  warnings: ProblemWarning[];
}

/** Limits every reader enforces before inflating anything (zip bombs, path escapes). */
export interface ImportLimits {
  /** Bytes of the archive itself. */
  archiveBytes: number;
  /** Uncompressed bytes of all entries together. */
  totalBytes: number;
  /** Uncompressed bytes of one entry. */
  fileBytes: number;
  /** Entries in one archive. */
  entries: number;
  /** Largest uncompressed / compressed ratio of one entry (zip bombs). */
  maxRatio: number;
  /** Problems in one archive. */
  problems: number;
}

export const IMPORT_LIMITS: ImportLimits = {
  archiveBytes: 256 * 1024 * 1024,
  totalBytes: 1024 * 1024 * 1024,
  fileBytes: 256 * 1024 * 1024,
  entries: 20_000,
  maxRatio: 100,
  problems: 500,
};
