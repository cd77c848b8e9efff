// The sandbox driver the hostile suite and the verdict matrix run with: bwrap (the default, the one CI runs), or
// nsjail when `OJ_SANDBOX=nsjail` (`pnpm test:nsjail`), found at `OJ_NSJAIL_PATH` or on PATH.
import type { SandboxDriver } from '@oj/judge-runner';

export const TEST_SANDBOX_DRIVER: SandboxDriver = process.env.OJ_SANDBOX === 'nsjail' ? 'nsjail' : 'bwrap';
export const TEST_NSJAIL_PATH: string | undefined = process.env.OJ_NSJAIL_PATH || undefined;
