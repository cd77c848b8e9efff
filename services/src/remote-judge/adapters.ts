// The adapters by site key. A site without an adapter yet answers REMOTE_OJ_UNSUPPORTED on import and System Error
// for a submission (docs/remote-judge.md lists which sites are done).
import type { RemoteOj } from '@oj/proto';
import type { RemoteAdapter } from './adapter';
import { createCodeforcesAdapter } from './sites/codeforces';
import { createHduAdapter } from './sites/hdu';
import { createPojAdapter } from './sites/poj';
import { createSpojAdapter } from './sites/spoj';

export function createAdapters(): Partial<Record<RemoteOj, RemoteAdapter>> {
  return {
    CF: createCodeforcesAdapter('CF'),
    GYM: createCodeforcesAdapter('GYM'),
    HDU: createHduAdapter(),
    POJ: createPojAdapter(),
    SPOJ: createSpojAdapter(),
  };
}
