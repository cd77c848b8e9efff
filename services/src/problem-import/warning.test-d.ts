// Type tests of the warning helper, checked by `tsc` (pnpm typecheck): a code takes exactly the params its English
// sentence names, and nothing else is a code.
import { expectTypeOf } from 'vitest';
import type { ImportWarningParams } from '@oj/proto';
import { importWarning, warn, type WarningArgs } from './warning';

expectTypeOf<ImportWarningParams<'PROBLEM_ID_TAKEN'>>().toEqualTypeOf<{ base: string | number; problemId: string | number }>();
expectTypeOf<WarningArgs<'ICPC_NO_STATEMENT'>>().toEqualTypeOf<[]>();

const p = { warnings: [] };
warn(p, 'ICPC_NO_MEMORY_LIMIT', { mb: 1024 });
warn(p, 'ICPC_NO_STATEMENT');
// @ts-expect-error a code whose sentence names a param needs it
warn(p, 'ICPC_NO_MEMORY_LIMIT');
// @ts-expect-error every param it names
importWarning('PROBLEM_ID_TAKEN', { base: 'A' });
// @ts-expect-error and no other
importWarning('ICPC_NO_MEMORY_LIMIT', { mb: 1, gb: 1 });
// @ts-expect-error a code without params takes none
importWarning('ICPC_NO_STATEMENT', {});
// @ts-expect-error only the codes of IMPORT_WARNINGS
importWarning('NOT_A_CODE');
