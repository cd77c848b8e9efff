// For hostile.test.ts: a runner that takes a uid, starts a run that never ends, and is then SIGKILLed by the test
// (a crash): what it leaves on the host must be cleaned by the next runner with the same uid.
// Usage: tsx crashing-runner.ts <cache dir> <work dir> <uid>
import path from 'node:path';
import { createSandboxFactory } from '@oj/judge-runner';
import { TEST_NSJAIL_PATH, TEST_SANDBOX_DRIVER } from '../support/sandbox-driver';

const [cacheDir, workDir, uid] = process.argv.slice(2);
if (!cacheDir || !workDir || !uid) throw new Error('usage: crashing-runner.ts <cache dir> <work dir> <uid>');
const sandboxes = await createSandboxFactory({ driver: TEST_SANDBOX_DRIVER, nsjailPath: TEST_NSJAIL_PATH, cacheDir, uidBase: Number(uid), slots: [0] });
const limits = { cpuMs: 60_000, wallMs: 60_000, memoryKb: 65_536, outputBytes: 1 << 20, processes: 8, stackKb: 8192 };
const io = path.dirname(workDir);
await sandboxes.forSlot(0).run({ argv: ['/usr/bin/sleep', '60'], workDir, writableWorkDir: false, stdoutFile: path.join(io, 'out'), stderrFile: path.join(io, 'err'), limits });
