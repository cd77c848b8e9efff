// The adapters by site key. A site without an adapter yet answers REMOTE_OJ_UNSUPPORTED on import and System Error
// for a submission (docs/remote-judge.md lists which sites are done).
import type { RemoteOj } from '@oj/proto';
import type { RemoteAdapter } from './adapter';
import { createAtCoderAdapter } from './sites/atcoder';
import { createCodeforcesAdapter } from './sites/codeforces';
import { createLibreOjAdapter } from './sites/libreoj';
import { createHduAdapter } from './sites/hdu';
import { createPojAdapter } from './sites/poj';
import { createSpojAdapter } from './sites/spoj';

export function createAdapters(): Partial<Record<RemoteOj, RemoteAdapter>> {
  return {
    CF: createCodeforcesAdapter('CF'),
    GYM: createCodeforcesAdapter('GYM'),
    AC: createAtCoderAdapter(),
    LIBRE: createLibreOjAdapter(),
    HDU: createHduAdapter(),
    POJ: createPojAdapter(),
    SPOJ: createSpojAdapter(),
  };
}
