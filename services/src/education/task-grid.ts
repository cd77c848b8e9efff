// The teacher's view of a homework or exam: one row per student of the assigned classes with real name, username,
// per-problem cells, solved count and completion percent (homework), score and who is in (exam); and its XLSX.
import { JUDGE_STATUS_NAME, type JudgeStatusCode, type TaskProblemVO, type TaskRowVO, type TaskStatusVO } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { toXlsx, type SheetCell } from '../export/sheet';
import { latestSeqOf } from '../push/push.repo';
import type { LoadedTask } from './task-access';
import { taskTopic } from './task-live';
import * as repo from './task.repo';
import { cellOf, percentOf, pointsOf, solvedCount } from './task-rules';

export async function taskStatus(db: DbOrTx, t: LoadedTask): Promise<TaskStatusVO> {
  const problems = await repo.problemsOf(db, t.id);
  const [students, subs, entries, seq] = await Promise.all([
    repo.studentsOf(db, t.id),
    repo.submissionsOf(db, t.id),
    repo.entriesOf(db, t.id),
    latestSeqOf(db, taskTopic(t.kind, t.id)),
  ]);
  const byUid = new Map<string, typeof subs>();
  for (const s of subs) byUid.set(s.uid, [...(byUid.get(s.uid) ?? []), s]);
  const rows: TaskRowVO[] = students.map((s) => {
    const mine = byUid.get(s.uid) ?? [];
    const cells = problems.map((p) => cellOf(p.pid, mine));
    const solved = solvedCount(cells);
    return {
      uid: s.uid,
      username: s.username,
      realname: s.realname,
      className: s.className,
      cells,
      solved,
      percent: percentOf(solved, problems.length),
      score: cells.reduce((sum, c, i) => sum + pointsOf(c, problems[i]!.type), 0),
      enteredAt: entries.get(s.uid)?.toISOString() ?? null,
      lastSubmitTime: mine.at(-1)?.submitTime.toISOString() ?? null,
    };
  });
  const vos: TaskProblemVO[] = problems.map(({ pid, problemId, title }) => ({ pid, problemId, title }));
  return { id: t.id, kind: t.kind, title: t.title, courseId: t.courseId, released: t.released, problems: vos, rows, seq };
}

export function taskSheet(s: TaskStatusVO, lang: 'zh' | 'en'): Buffer {
  const zh = lang === 'zh';
  const head: SheetCell[] = [zh ? '真实姓名' : 'Real name', zh ? '用户名' : 'Username', zh ? '班级' : 'Class', ...s.problems.map((p) => p.problemId)];
  head.push(...(s.kind === 'exam' ? [zh ? '总分' : 'Score'] : [zh ? '完成数' : 'Solved', zh ? '完成率 %' : 'Completion %']));
  const lateMark = zh ? '（迟交）' : ' (late)';
  const rows = s.rows.map((r): SheetCell[] => [
    r.realname ?? '',
    r.username,
    r.className,
    ...r.cells.map((c) => (c.status === null ? '' : s.kind === 'exam' && c.score !== null ? c.score : `${JUDGE_STATUS_NAME[c.status as JudgeStatusCode] ?? c.status}${c.late ? lateMark : ''}`)),
    ...(s.kind === 'exam' ? [r.score] : [r.solved, r.percent]),
  ]);
  return toXlsx([{ name: s.title, rows: [head, ...rows] }]);
}
