// Where a case's input and expected output come from: the cached test-data version when the job names one
// (files stay in the runner's root-only cache; the program only ever gets the input as its stdin), otherwise
// the job's inline text, its input written into the submission's root-only data dir.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSafeCaseName, type JudgeCaseInput, type JudgeJob } from '@oj/proto';
import type { CachedTestdata, TestdataCache } from './cache';

export interface CaseData {
  /** File fed to the program as stdin. */
  inputFile: string;
  /** The answer's bytes, as uploaded (an inline answer as its UTF-8). */
  expected: Buffer;
}

/**
 * Holds the job's test-data version in the cache, or null when the job carries its cases inline (an online
 * test on a problem with uploaded data names the version but brings its one case inline).
 */
export async function acquireTestdata(job: JudgeJob, cache: TestdataCache | undefined): Promise<CachedTestdata | null> {
  const td = job.problem.testdata;
  if (!td || !job.problem.cases.some((c) => c.inputName !== undefined)) return null;
  if (!cache) throw new Error(`job needs test data ${td.version} but this runner has no test-data cache`);
  return cache.acquire(td.version);
}

export async function caseData(c: JudgeCaseInput, dataDir: string, testdata: CachedTestdata | null): Promise<CaseData> {
  const { inputName, outputName } = c;
  if (inputName !== undefined || outputName !== undefined) {
    if (!testdata) throw new Error(`case ${c.index} names test-data files but the job names no version`);
    if (!inputName || !outputName || !isSafeCaseName(inputName) || !isSafeCaseName(outputName)) throw new Error(`case ${c.index} names no valid test-data files`);
    return { inputFile: path.join(testdata.dir, inputName), expected: await readFile(path.join(testdata.dir, outputName)) };
  }
  // Only the input is a file (the answer is compared as text), one file written over for every case (cases are judged
  // one after another, each done with its input before the next is written): every file made costs an inode on the
  // runner's disk, slow to allocate on a busy ext4 without a journal.
  const inputFile = path.join(dataDir, 'inline.in');
  await writeFile(inputFile, c.input, { mode: 0o600 });
  return { inputFile, expected: Buffer.from(c.output, 'utf8') };
}
