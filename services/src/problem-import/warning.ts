// The one way readers and the import service note something about a problem: a code of proto's IMPORT_WARNINGS with
// exactly the params its sentence names (a missing or unknown one does not compile), and the English sentence.
import { formatImportWarning, type ImportWarningCode, type ImportWarningParams, type ParamsArgs } from '@oj/proto';

/** A warning about one problem (the import answer adds the problem's display id). */
export interface ProblemWarning {
  code: ImportWarningCode;
  params: Record<string, string | number>;
  message: string;
}

/** A code's params as arguments: none for a code whose sentence names none. */
export type WarningArgs<C extends ImportWarningCode> = ParamsArgs<ImportWarningParams<C>>;

export function importWarning<C extends ImportWarningCode>(code: C, ...[params]: WarningArgs<C>): ProblemWarning {
  const values = (params ?? {}) as ImportWarningParams<C>;
  return { code, params: values, message: formatImportWarning(code, values) };
}

/** Adds a warning to problem `p`, once (a reader may meet the same thing several times). */
export function warn<C extends ImportWarningCode>(p: { warnings: ProblemWarning[] }, code: C, ...args: WarningArgs<C>): void {
  const w = importWarning(code, ...args);
  if (!p.warnings.some((o) => o.message === w.message)) p.warnings.push(w);
}
