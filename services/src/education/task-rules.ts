// The rules of homework and exams that need no database: a student's times over their classes, the phase, lateness,
// a grid cell from the submissions, the exam's score and what an unreleased exam shows its students.
import { JudgeStatus, type TaskCellVO, type TaskKind } from '@oj/proto';

export interface Window {
  start: Date | null;
  end: Date;
}

/** A student in several assigned classes gets the widest window: the earliest start and the latest end. */
export function windowOf(rows: readonly { startAt: Date | null; endAt: Date }[]): Window | null {
  if (rows.length === 0) return null;
  const starts = rows.map((r) => r.startAt).filter((d): d is Date => d !== null);
  return {
    start: starts.length === rows.length ? new Date(Math.min(...starts.map((d) => d.getTime()))) : null,
    end: new Date(Math.max(...rows.map((r) => r.endAt.getTime()))),
  };
}

export type Phase = 'before' | 'open' | 'ended';

export function phaseOf(w: Window, now: Date): Phase {
  if (w.start && now < w.start) return 'before';
  return now <= w.end ? 'open' : 'ended';
}

/** Whether a submission at `now` is refused: an exam only while open; a homework always (late after the deadline). */
export function submitRefusal(kind: TaskKind, w: Window, now: Date): 'EDU_EXAM_NOT_STARTED' | 'EDU_EXAM_ENDED' | null {
  if (kind !== 'exam') return null;
  const p = phaseOf(w, now);
  return p === 'before' ? 'EDU_EXAM_NOT_STARTED' : p === 'ended' ? 'EDU_EXAM_ENDED' : null;
}

export const isLate = (kind: TaskKind, w: Window, at: Date): boolean => kind === 'homework' && at > w.end;

export interface FiledSubmission {
  pid: number;
  status: number;
  score: number | null;
  late: boolean;
}

/**
 * A problem's cell from one student's submissions (oldest first): accepted when any is (late when the first
 * accepted one was), else the best score's (OI) or the latest one's status.
 */
export function cellOf(pid: number, subs: readonly FiledSubmission[]): TaskCellVO {
  const mine = subs.filter((s) => s.pid === pid);
  const base = { pid, submitCount: mine.length };
  if (mine.length === 0) return { ...base, status: null, score: null, late: false };
  const ac = mine.find((s) => s.status === JudgeStatus.ACCEPTED);
  const scores = mine.map((s) => s.score).filter((x): x is number => x !== null);
  const score = scores.length > 0 ? Math.max(...scores) : null;
  if (ac) return { ...base, status: ac.status, score, late: ac.late };
  const best = score !== null ? mine.filter((s) => s.score === score).at(-1)! : mine.at(-1)!;
  return { ...base, status: best.status, score, late: best.late };
}

/** A cell as an unreleased exam shows it to its student: submitted (−5) or nothing, no score. */
export function maskedCell(c: TaskCellVO): TaskCellVO {
  return { ...c, status: c.submitCount > 0 ? JudgeStatus.SUBMITTED_UNKNOWN_RESULT : null, score: null };
}

/** An exam's points for a cell: an OI problem's best score, an ACM problem's 100 when accepted. */
export function pointsOf(cell: TaskCellVO, problemType: number): number {
  if (problemType === 1) return cell.score ?? 0;
  return cell.status === JudgeStatus.ACCEPTED ? 100 : 0;
}

export const solvedCount = (cells: readonly TaskCellVO[]): number => cells.filter((c) => c.status === JudgeStatus.ACCEPTED).length;

export const percentOf = (solved: number, total: number): number => (total === 0 ? 0 : Math.round((solved * 100) / total));
