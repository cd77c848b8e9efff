// A judge row as the callers may see it: the `Submission` DTO with code and messages shown or withheld, a contest
// submission under its view (hidden result, hidden details), list items, case data previews and subtask groups.
import { JudgeStatus, type JudgeCase, type JudgeCaseResult, type Submission, type SubmissionListItem } from '@oj/proto';
import type { SubmissionView } from '../contest/contest-view';
import type { judge } from '../db/schema';

export type JudgeRow = typeof judge.$inferSelect;

/** Test data shown in case results is cut to this many characters. */
export const CASE_DATA_PREVIEW = 2048;

export function preview(s: string | null | undefined): string | null {
  if (s === null || s === undefined) return null;
  return s.length > CASE_DATA_PREVIEW ? `${s.slice(0, CASE_DATA_PREVIEW)}…` : s;
}

export function toSubmission(r: JudgeRow, show: { code: boolean; errorMessage: boolean }): Submission {
  return {
    submitId: r.submitId,
    pid: r.pid,
    displayPid: r.displayPid,
    uid: r.uid,
    username: r.username,
    submitTime: r.submitTime.toISOString(),
    status: r.status,
    share: r.share,
    errorMessage: show.errorMessage ? r.errorMessage : null,
    time: r.time,
    memory: r.memory,
    score: r.score,
    length: r.length,
    code: show.code ? r.code : null,
    language: r.language,
    cid: r.cid,
    cpid: r.cpid,
    gid: r.gid,
    judger: r.judger,
    version: r.version,
    oiRankScore: r.oiRankScore,
    isManual: r.isManual,
    gmtCreate: r.gmtCreate.toISOString(),
    gmtModified: r.gmtModified.toISOString(),
  };
}

/** A contest submission as `view` allows: −5 and no result when hidden; no details of others while running. */
export function contestSubmission(j: JudgeRow, view: SubmissionView): Submission {
  const s = toSubmission(j, { code: view.code, errorMessage: view.code && !view.hideResult && !view.hideDetails });
  if (view.hideDetails) Object.assign(s, { time: null, memory: null });
  if (view.hideResult) Object.assign(s, { status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, time: null, memory: null, score: null, oiRankScore: null, judger: null, errorMessage: null });
  return s;
}

/** A row of the practice status list. */
export function toListItem(j: JudgeRow, title: string): SubmissionListItem {
  return {
    uid: j.uid,
    submitId: j.submitId,
    username: j.username,
    pid: j.pid,
    displayPid: j.displayPid,
    title,
    displayId: null,
    submitTime: j.submitTime.toISOString(),
    status: j.status,
    share: j.share,
    time: j.time,
    memory: j.memory,
    score: j.score,
    oiRankScore: j.oiRankScore,
    length: j.length,
    language: j.language,
    cid: j.cid,
    cpid: j.cpid,
    judger: j.judger,
    isManual: j.isManual,
  };
}

/** Groups subtask cases by groupNum: lowest takes the worst case's score, average the mean. */
export function groupSubtasks(list: JudgeCase[], mode: 'subtask_lowest' | 'subtask_average'): JudgeCaseResult['subTaskJudgeCaseVoList'] {
  const groups = new Map<number, JudgeCase[]>();
  for (const c of list) {
    const g = c.groupNum ?? 0;
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([groupNum, cases]) => {
      const scores = cases.map((c) => c.score ?? 0);
      const firstBad = cases.find((c) => c.status !== JudgeStatus.ACCEPTED);
      const maxOf = (xs: (number | null)[]) => (xs.some((x) => x !== null) ? Math.max(...xs.map((x) => x ?? 0)) : null);
      return {
        groupNum,
        time: maxOf(cases.map((c) => c.time)),
        memory: maxOf(cases.map((c) => c.memory)),
        score: mode === 'subtask_lowest' ? Math.min(...scores) : Math.round(scores.reduce((a, b) => a + b, 0) / scores.length),
        status: firstBad ? firstBad.status : JudgeStatus.ACCEPTED,
        ac: cases.filter((c) => c.status === JudgeStatus.ACCEPTED).length,
        total: cases.length,
        subtaskDetailList: cases,
      };
    });
}
