// The state of a comment section: the page shown, its REST snapshot, a reload, and `apply` for the pushed events a
// discussion page feeds it (comment-list.ts).
import { useCallback, useEffect, useState } from 'react';
import type { CommentListVO } from '@oj/proto';
import { getComments, type CommentTarget } from './discussion-api';
import { useLatestRead } from '../../lib/useLatestRead';

/** Comments per page (the spec). */
export const COMMENT_PAGE = 10;

export interface CommentsState {
  page: number;
  setPage: (page: number) => void;
  data: CommentListVO | null;
  /** Reloads the page shown (errors end there: the client showed them). */
  load: () => Promise<void>;
  apply: (change: (list: CommentListVO) => CommentListVO) => void;
}

export function useComments(target: CommentTarget): CommentsState {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<CommentListVO | null>(null);
  const latest = useLatestRead();
  const load = useCallback(() => latest(getComments(target, page, COMMENT_PAGE), setData), [target, page, latest]);
  useEffect(() => void load(), [load]);
  const apply = useCallback((change: (list: CommentListVO) => CommentListVO) => setData((d) => d && change(d)), []);
  return { page, setPage, data, load, apply };
}
