// The SQL of test data: making a stored case set a problem's cases.
import { eq } from 'drizzle-orm';
import type { SubtaskDependency } from '@oj/proto';
import type { Tx } from '../db/client';
import { problemCase, problems } from '../db/schema';

export interface CaseFiles {
  input: string;
  output: string;
  score: number;
  groupNum: number | null;
}

/**
 * Replaces problem `pid`'s cases with `cases` (in judging order) and makes `version` its uploaded case set; false
 * when the problem is gone. The problem row is locked first, so concurrent attaches apply one after the other.
 */
/** `subtaskDependencies`: set them too (an upload's info.json); absent: the problem keeps its own. */
export async function replaceCases(tx: Tx, pid: number, version: string, cases: readonly CaseFiles[], subtaskDependencies?: SubtaskDependency[]): Promise<boolean> {
  const [p] = await tx.select({ id: problems.id }).from(problems).where(eq(problems.id, pid)).for('update');
  if (!p) return false;
  await tx.delete(problemCase).where(eq(problemCase.pid, pid));
  await tx.insert(problemCase).values(cases.map((c, i) => ({ pid, ...c, seq: i + 1 })));
  await tx.update(problems).set({ isUploadCase: true, caseVersion: version, gmtModified: new Date(), ...(subtaskDependencies && { subtaskDependencies }) }).where(eq(problems.id, pid));
  return true;
}
