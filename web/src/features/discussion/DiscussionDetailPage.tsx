// /discussion/:did: the discussion (markdown), its Report button and its comment section.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { Discussion } from '@oj/proto';
import { Markdown } from '../../components/Markdown';
import { Loading } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { NotFoundPage } from '../home/NotFoundPage';
import { CommentSection } from './CommentSection';
import { getDiscussion } from './discussion-api';
import { ReportButton } from './ReportDialog';

export function DiscussionDetailPage() {
  const did = Number(useParams().did);
  const valid = Number.isInteger(did) && did > 0;
  const [d, setD] = useState<Discussion | null | 'missing'>(null);
  usePageTitle(d && d !== 'missing' ? d.title : '');
  useEffect(() => {
    if (valid) void getDiscussion(did).then(setD, () => setD('missing'));
  }, [did, valid]);
  if (!valid || d === 'missing') return <NotFoundPage />;
  if (d === null) return <Loading />;
  return (
    <div className="mx-auto max-w-screen-lg px-4 py-6" data-testid="discussion-detail">
      <h1 className="text-2xl font-bold text-slate-800">{d.title}</h1>
      <div className="mb-4 flex items-center gap-3 text-xs text-slate-500">
        <span>
          {d.author} · {formatDateTime(d.gmtCreate)}
        </span>
        <ReportButton did={d.id} />
      </div>
      <Markdown text={d.content} />
      <CommentSection did={d.id} />
    </div>
  );
}
