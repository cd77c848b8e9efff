// What a reader test expects of a refused archive: IMPORT_FAILED with its reason (a code of proto's IMPORT_FAILURES)
// and exactly that code's params, and the English message (`english`: the refusal's sentence, or a pattern of it).
import { expect } from 'vitest';
import type { ImportFailureCode, ImportFailureParams, ParamsArgs } from '@oj/proto';

export function refusal<C extends ImportFailureCode>(reason: C, english: string | RegExp, ...[params]: ParamsArgs<ImportFailureParams<C>>) {
  const message = typeof english === 'string' ? `Import failed: ${english}` : expect.stringMatching(english);
  return expect.objectContaining({ code: 'IMPORT_FAILED', params: { ...params, reason }, message });
}
