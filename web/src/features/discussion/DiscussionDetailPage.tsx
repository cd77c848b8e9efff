// /discussion-detail/:did: the post (title, Go to problem, author with the title and role badges, category link,
// likes with Like / Liked, views, time, Report, Edit for the author, Delete for the author or an admin, the pin switch
// for site admins), its sanitised markdown body and its comments, all following `discussion:<did>` live.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { isSiteAdminRole, type Discussion } from '@oj/proto';
import { Markdown } from '../../components/Markdown';
import { Loading } from '../../components/Spinner';
import { ignoreRefusal } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { useLatestRead } from '../../lib/useLatestRead';
import { sessionState } from '../../stores/session';
import { showToast } from '../../stores/ui';
import { NotFoundPage } from '../home/NotFoundPage';
import { CommentSectionView } from './CommentSection';
import { DiscussionCounts, GoToProblem, PinnedMark } from './DiscussionCard';
import { DiscussionEditDialog, type EditTarget } from './DiscussionEditDialog';
import { deleteDiscussion, getDiscussion, likeDiscussion, pinDiscussion, type CommentTarget } from './discussion-api';
import { useCategories, useDiscussionRights, useLoginFirst } from './discussion-hooks';
import { ReportButton } from './ReportDialog';
import { RoleBadge } from './RoleBadge';
import { useComments } from './useComments';
import { useLiveDiscussion } from './useLiveDiscussion';
import { ThumbUpIcon } from '../../components/ThumbUpIcon';

function TitleBadge({ name, color }: { name: string | null | undefined; color: string | null | undefined }) {
  if (!name) return null;
  return (
    <span className="ml-1 rounded px-1.5 text-xs text-white" style={{ backgroundColor: color || '#64748b' }} data-testid="title-badge">
      {name}
    </span>
  );
}

function Actions({ d, onChanged, onEdit }: { d: Discussion; onChanged: (patch: Partial<Discussion>) => void; onEdit: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { groupID } = useParams();
  const loginFirst = useLoginFirst();
  const session = useSnapshot(sessionState);
  const rights = useDiscussionRights(d);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    await work()
      .catch(ignoreRefusal)
      .finally(() => setBusy(false));
  };
  const like = () =>
    loginFirst() &&
    run(async () => {
      await likeDiscussion(d.id, !d.hasLike);
      onChanged({ hasLike: !d.hasLike, likeNum: Math.max(0, d.likeNum + (d.hasLike ? -1 : 1)) });
    });
  const pin = (on: boolean) =>
    run(async () => {
      await pinDiscussion(d.id, on);
      onChanged({ topPriority: on });
      showToast('success', intl.formatMessage({ id: on ? 'discussion.detail.pinnedOn' : 'discussion.detail.pinnedOff' }));
    });
  const remove = () => {
    if (!window.confirm(intl.formatMessage({ id: 'discussion.card.deleteConfirm' }))) return;
    void run(async () => {
      await deleteDiscussion(d.id);
      showToast('success', intl.formatMessage({ id: 'discussion.card.deleted' }));
      navigate(groupID ? `/group/${groupID}/discussion` : '/discussion');
    });
  };
  const btn = 'rounded border px-3 py-1 text-sm disabled:opacity-50';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" disabled={busy} data-testid="discussion-like" aria-pressed={d.hasLike === true} className={`${btn} ${d.hasLike ? 'border-blue-600 bg-blue-50 text-blue-700' : 'border-slate-300 text-slate-700'}`} onClick={() => void like()}>
        <ThumbUpIcon /> <FormattedMessage id={d.hasLike ? 'discussion.detail.liked' : 'discussion.detail.like'} />
      </button>
      <ReportButton did={d.id} />
      {rights.edit && (
        <button type="button" className={`${btn} border-slate-300 text-slate-700`} data-testid="discussion-edit" onClick={onEdit}>
          <FormattedMessage id="discussion.card.edit" />
        </button>
      )}
      {rights.remove && (
        <button type="button" disabled={busy} className={`${btn} border-red-300 text-red-600`} data-testid="discussion-delete" onClick={remove}>
          <FormattedMessage id="discussion.card.delete" />
        </button>
      )}
      {isSiteAdminRole(session.roles) && (
        <label className="flex items-center gap-1 text-sm text-slate-700">
          <input type="checkbox" role="switch" disabled={busy} data-testid="discussion-pin" checked={d.topPriority} onChange={(e) => void pin(e.target.checked)} />
          <FormattedMessage id="discussion.detail.pin" />
        </label>
      )}
    </div>
  );
}

export function DiscussionDetailPage() {
  const { did: didParam, groupID } = useParams();
  const did = Number(didParam);
  const valid = Number.isInteger(did) && did > 0;
  const [d, setD] = useState<Discussion | null | 'missing'>(null);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [categories] = useCategories();
  usePageTitle(d && d !== 'missing' ? d.title : '');
  const target = useMemo<CommentTarget>(() => ({ did }), [did]);
  const comments = useComments(target);
  const latest = useLatestRead();
  const reload = useCallback((silent = true) => latest(getDiscussion(did, silent), setD, () => setD('missing')), [did, latest]);
  useEffect(() => {
    if (valid) void reload(false);
  }, [valid, reload]);
  const patch = (p: Partial<Discussion>) => setD((cur) => (cur && cur !== 'missing' ? { ...cur, ...p } : cur));
  useLiveDiscussion(valid && d !== 'missing' ? did : null, { comments, reload, onCounts: patch });

  // Inside a group's routes (/group/:gid/discussion-detail/:did) only that group's discussion is shown.
  if (!valid || d === 'missing' || (d !== null && groupID !== undefined && d.gid !== Number(groupID))) return <NotFoundPage />;
  if (d === null) return <Loading />;
  return (
    <div className="mx-auto max-w-screen-lg px-4 py-6" data-testid="discussion-detail">
      <div className="flex flex-wrap items-center gap-2">
        <PinnedMark on={d.topPriority} />
        <h1 className="text-2xl font-bold break-all text-slate-800" data-testid="discussion-heading">
          {d.title}
        </h1>
        <GoToProblem pid={d.pid} large />
      </div>
      {d.status !== 0 && (
        <p className="mt-2 rounded bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="discussion-disabled">
          <FormattedMessage id="discussion.detail.disabled" />
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
        <span className="flex items-center text-slate-700" data-testid="discussion-author">
          {d.avatar && <img src={d.avatar} alt="" className="mr-1 h-6 w-6 rounded-full" />}
          {d.author}
          <TitleBadge name={d.titleName} color={d.titleColor} />
          <RoleBadge role={d.role} />
        </span>
        {d.categoryId != null ? (
          <Link to={`/discussion?cid=${d.categoryId}`} className="text-blue-600 hover:underline" data-testid="discussion-category">
            {d.categoryName}
          </Link>
        ) : (
          <span data-testid="discussion-category">
            <FormattedMessage id="discussion.card.noCategory" />
          </span>
        )}
        <DiscussionCounts d={d} />
        <span>{formatDateTime(d.gmtCreate)}</span>
      </div>
      <p className="mt-2 text-sm text-slate-600">{d.description}</p>
      <div className="my-3">
        <Actions d={d} onChanged={patch} onEdit={() => setEditing({ kind: 'edit', discussion: d })} />
      </div>
      <article className="rounded border border-slate-100 p-4" data-testid="discussion-body">
        <Markdown text={d.content ?? ''} />
      </article>
      <CommentSectionView target={target} comments={comments} />
      <DiscussionEditDialog
        target={editing}
        categories={categories}
        onClose={() => setEditing(null)}
        onDone={() => {
          setEditing(null);
          void reload();
        }}
      />
    </div>
  );
}
