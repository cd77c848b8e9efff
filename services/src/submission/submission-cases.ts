// A submission's case results (`get-all-case-result`) and the download of one case's test data. The input and
// expected output are shown only to those the rules allow (owner with `openCaseResult`, admins; in a contest its
// admins, or everyone who may see the submission when the problem opens its cases): cut to a preview, with each
// file's size so the page can offer the whole file for download. Cases of an uploaded case set are read from the
// store (previews cached per version); inline cases (typed in the form, seeded) come from the database.
import { OjError, subtaskSummaries, type JudgeCase, type JudgeCaseResult } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { DbOrTx } from '../db/client';
import type { JudgeRow } from '../db/schema';
import { isContestAdmin, type ContestRow } from '../contest/access';
import type { SubmissionView } from '../contest/contest-view';
import { previewText, type CasePreviewCache, type FilePreview } from '../testdata/case-preview';
import { practiceCaseDataVisible } from './submission-access';
import { caseRows } from './submission.repo';

export interface CaseAccessFacts {
  j: JudgeRow;
  openCaseResult: boolean;
  judgeCaseMode: string;
  /** The stored case set, when the problem's cases are uploaded ones. */
  caseVersion: string | null;
  contest: { c: ContestRow; view: SubmissionView } | null;
}

export type CaseDataKind = 'input' | 'output';

export interface CaseDataFile {
  fileName: string;
  bytes: number;
  body: AsyncIterable<Uint8Array>;
}

/** Subtask rows as the original product shows them (`subtaskSummaries`), each with its cases. */
export function groupSubtasks(list: JudgeCase[], mode: 'subtask_lowest' | 'subtask_average'): JudgeCaseResult['subTaskJudgeCaseVoList'] {
  const scored = list.map((c) => ({ ...c, index: c.seq, score: c.score ?? 0 }));
  return subtaskSummaries(mode, scored).map((g) => ({ ...g, subtaskDetailList: list.filter((c) => (c.groupNum ?? 0) === g.groupNum) }));
}

/** Whether `viewer` may see the test data of the submission's cases (the caller already passed the detail check). */
function caseDataVisible(f: CaseAccessFacts, viewer: Viewer | null): boolean {
  if (f.contest) {
    if (!f.contest.view.code) throw new OjError('SUBMISSION_FORBIDDEN');
    return isContestAdmin(viewer, f.contest.c) || f.openCaseResult;
  }
  return practiceCaseDataVisible(f.j, f.openCaseResult, viewer);
}

const inlinePreview = (text: string | null): FilePreview | null => (text === null ? null : previewText(text, Buffer.byteLength(text)));

export async function caseResults(db: DbOrTx, previews: CasePreviewCache, f: CaseAccessFacts, viewer: Viewer | null): Promise<JudgeCaseResult> {
  const { judgeCaseMode } = f;
  // Case results of a contest submission: its owner and the contest's admins, and not while its result is hidden.
  if (f.contest && !f.contest.view.code) throw new OjError('SUBMISSION_FORBIDDEN');
  if (f.contest?.view.hideResult) return { judgeCaseList: [], subTaskJudgeCaseVoList: [], judgeCaseMode };
  const full = caseDataVisible(f, viewer);
  const rows = await caseRows(db, f.j.submitId);
  const stored = full && f.caseVersion ? await previews.previews(f.caseVersion).catch(() => null) : null;
  const dataOf = (name: string | null): FilePreview | null => {
    if (!full || name === null) return null;
    return f.caseVersion ? (stored?.get(name) ?? null) : inlinePreview(name);
  };
  const list: JudgeCase[] = rows.map(({ c, input, output }) => {
    const inData = dataOf(input);
    const outData = dataOf(output);
    return {
      id: c.id,
      pid: c.pid,
      submitId: c.submitId,
      uid: c.uid,
      caseId: c.caseId,
      time: c.time,
      memory: c.memory,
      score: c.score,
      status: c.status,
      inputData: inData?.text ?? null,
      outputData: outData?.text ?? null,
      inputBytes: inData?.bytes ?? null,
      outputBytes: outData?.bytes ?? null,
      userOutput: full ? c.userOutput : null,
      groupNum: c.groupNum,
      seq: c.seq,
      mode: c.mode,
    };
  });
  if (judgeCaseMode === 'subtask_lowest' || judgeCaseMode === 'subtask_average') {
    return { judgeCaseList: [], subTaskJudgeCaseVoList: groupSubtasks(list, judgeCaseMode), judgeCaseMode };
  }
  return { judgeCaseList: list, subTaskJudgeCaseVoList: [], judgeCaseMode };
}

/** One case's whole input or expected output, for those who may see its preview. */
export async function caseDataFile(db: DbOrTx, previews: CasePreviewCache, f: CaseAccessFacts, caseId: number, kind: CaseDataKind, viewer: Viewer | null): Promise<CaseDataFile> {
  if (f.contest?.view.hideResult || !caseDataVisible(f, viewer)) throw new OjError('SUBMISSION_FORBIDDEN');
  const row = (await caseRows(db, f.j.submitId)).find((r) => r.c.caseId === caseId);
  const name = row ? (kind === 'input' ? row.input : row.output) : null;
  if (!row || name === null) throw new OjError('TESTCASE_NOT_FOUND');
  const fileName = `${f.j.submitId}_case${row.c.seq}.${kind === 'input' ? 'in' : 'out'}`;
  if (!f.caseVersion) {
    const data = Buffer.from(name);
    return { fileName, bytes: data.length, body: (async function* () { yield data; })() };
  }
  const file = await previews.file(f.caseVersion, name);
  if (!file) throw new OjError('TESTCASE_NOT_FOUND');
  return { fileName, bytes: file.bytes, body: file.body };
}
