// The problem form's "Compile" of a checker or interactor: the helper is built exactly as judging builds it (in the
// sandbox, cached by its hash, so a later judgement reuses the binary) and the answer says whether it compiled.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { JudgeStatus, type JudgeJob, type TestJudgeRunnerResult } from '@oj/proto';
import { prepareJudgeMode } from './judge-modes';
import type { LanguageDef } from './languages';
import type { Sandbox } from './sandbox/types';

export async function runCompileCheck(job: JudgeJob, deps: { sandbox: Sandbox; languages: readonly LanguageDef[]; workRoot: string; dirPrefix?: string; judger: string }): Promise<TestJudgeRunnerResult> {
  const key = job.testJudge?.key;
  if (!key || !job.compileCheck) throw new Error('not a compile check');
  const answer = (status: number, stderr: string): TestJudgeRunnerResult => ({ key, judger: deps.judger, status, time: null, memory: null, userOutput: '', stderr });
  if (job.problem.judgeMode === 'default') return answer(JudgeStatus.COMPILE_ERROR, 'the judge mode has no checker to compile');
  const dir = await mkdtemp(path.join(deps.workRoot, `${deps.dirPrefix ?? ''}compile-check-`));
  try {
    // The sandbox's uid must reach the build directory, as in judging.
    await chmod(dir, 0o711);
    const io = path.join(dir, 'io');
    const prepared = await prepareJudgeMode(job, { sandbox: deps.sandbox, languages: deps.languages, workRoot: deps.workRoot, dir, io });
    if (!prepared.ok) return answer(JudgeStatus.COMPILE_ERROR, prepared.message);
    await prepared.mode.close();
    return answer(JudgeStatus.ACCEPTED, '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
