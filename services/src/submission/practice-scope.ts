// What counts as practice outside its own task: a submission filed under an exam whose results are not released is
// sealed inside the exam, so it must not move anything a practice submission moves (the problem list's own mark, the
// solved count and the AC gates, the ranks, training progress and rank, a course's progress, the last accepted code)
// until the teacher releases the results (docs/education.md, "Hidden results"). One predicate, used by every such
// query; `edu_task_submission`'s primary key is `submit_id`, so it is one index lookup per submission.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** "Not a submission of an exam whose results are not released", for the submission id `submitId` (a column or `j.submit_id`). */
export function notSealedExam(submitId: AnyColumn | SQL = sql`j.submit_id`): SQL {
  return sql`not exists (select 1 from edu_task_submission ts join edu_task t on t.id = ts.task_id where ts.submit_id = ${submitId} and t.kind = 'exam' and not t.released)`;
}

/** Whether submission `submitId` is filed under an exam whose results are not released (the problem counters skip it). */
export async function inSealedExam(db: DbOrTx, submitId: number): Promise<boolean> {
  const [row] = await db.execute<{ open: boolean }>(sql`select ${notSealedExam(sql`${submitId}::int`)} as open`);
  return row?.open === false;
}
