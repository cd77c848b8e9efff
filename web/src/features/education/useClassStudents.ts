// The class-student list of one class, kept fresh by `class:<id>` (each change reloads the page) and, while the
// socket is down, by the spec's 15 s refresh.
import { useCallback, useEffect, useState } from 'react';
import { EDU_LIMITS, topics, type ClassStudentVO, type PageOf } from '@oj/proto';
import { useLiveTopic } from '../../lib/useLiveTopic';
import { useLatestRead } from '../../lib/useLatestRead';
import { listStudents } from './education-api';

export function useClassStudents(classId: number, q: { pageNum: number; keyword: string }, onFail: () => void) {
  const [page, setPage] = useState<PageOf<ClassStudentVO> | null>(null);
  const latest = useLatestRead();
  const load = useCallback(
    (silent: boolean) =>
      latest(listStudents(classId, { pageNum: q.pageNum, pageSize: EDU_LIMITS.studentPageSize, keyword: q.keyword || undefined }, true), setPage, () => {
        if (!silent) onFail();
      }),
    [classId, q.pageNum, q.keyword, latest],
  );
  useEffect(() => void load(false), [load]);
  useLiveTopic(topics.classStudents(classId), {
    events: { 'class.students': () => void load(true) },
    onResync: () => void load(true),
    poll: { intervalMs: EDU_LIMITS.studentRefreshMs, run: () => load(true) },
  });
  return { page, reload: () => load(false) };
}
