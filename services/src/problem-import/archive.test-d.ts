// Type tests of the refusal helper, checked by `tsc` (pnpm typecheck): a code of IMPORT_FAILURES takes exactly the
// params its English sentence names, and nothing else is a code.
import { expectTypeOf } from 'vitest';
import type { ImportFailureParams } from '@oj/proto';
import { importFailed } from './archive';

expectTypeOf<ImportFailureParams<'ICPC_CASE_UNPAIRED'>>().toEqualTypeOf<{ where: string | number; file: string | number; partner: string | number }>();
expectTypeOf<keyof ImportFailureParams<'NO_PROBLEMS'>>().toEqualTypeOf<never>();

importFailed('NO_PROBLEMS');
importFailed('TOO_MANY_PROBLEMS', { count: 101, max: 100 });
// @ts-expect-error a code whose sentence names params needs them
importFailed('TOO_MANY_PROBLEMS');
// @ts-expect-error every param it names
importFailed('ICPC_CASE_UNPAIRED', { where: 'p', file: 'data/secret/1.in' });
// @ts-expect-error and no other
importFailed('NO_TEST_CASES', { where: 'p', detail: 'x' });
// @ts-expect-error a code without params takes none
importFailed('NO_PROBLEMS', {});
// @ts-expect-error only the codes of IMPORT_FAILURES (not an English sentence)
importFailed('the archive holds no problem');
