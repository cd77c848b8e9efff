// The comment and reply section: comments paged at 10, likes, replies collapsed after 3 with
// show-all / pick-up, delete with confirmation (author, or a site admin), and the login and empty-content prompts.
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { COMMENT_MAX_LENGTH, REPLIES_SHOWN, type CommentVO, type ReplyVO } from '@oj/proto';
import { Pager } from '../../components/Pager';
import { Empty, Loading } from '../../components/Spinner';
import { ignoreRefusal } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { isAdmin, isLoggedIn, sessionState } from '../../stores/session';
import { openLoginDialog, showToast } from '../../stores/ui';
import { addComment, addReply, deleteComment, deleteReply, likeComment, type CommentTarget } from './discussion-api';
import { RoleBadge } from './RoleBadge';
import { COMMENT_PAGE, useComments, type CommentsState } from './useComments';
import { ThumbUpIcon } from '../../components/ThumbUpIcon';

/** Checks the content rules (not blank, at most 10,000 characters) before sending; returns the trimmed text or null after warning. */
function useContentCheck() {
  const intl = useIntl();
  const session = useSnapshot(sessionState);
  return (raw: string): string | null => {
    if (!isLoggedIn(session)) {
      showToast('warning', intl.formatMessage({ id: 'error.AUTH_NOT_LOGGED_IN' }));
      openLoginDialog('login');
      return null;
    }
    const text = raw.trim();
    if (!text) {
      showToast('warning', intl.formatMessage({ id: 'error.COMMENT_EMPTY' }));
      return null;
    }
    if (text.length > COMMENT_MAX_LENGTH) {
      showToast('warning', intl.formatMessage({ id: 'error.COMMENT_TOO_LONG' }, { max: COMMENT_MAX_LENGTH }));
      return null;
    }
    return text;
  };
}

function Editor({ onSubmit, testId, placeholder }: { onSubmit: (text: string) => Promise<boolean>; testId: string; placeholder: string }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <textarea
        data-testid={`${testId}-input`}
        value={text}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        className="min-h-20 w-full rounded border border-slate-300 p-2 text-sm"
      />
      <button
        type="button"
        data-testid={`${testId}-submit`}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onSubmit(text)
            .then((ok) => ok && setText(''), ignoreRefusal)
            .finally(() => setBusy(false));
        }}
        className="self-end rounded bg-blue-600 px-4 py-1 text-sm text-white hover:bg-blue-700 disabled:opacity-50"
      >
        <FormattedMessage id="comment.section.send" />
      </button>
    </div>
  );
}

/** The author with the spec's role badge: SPA for root, ADM for admin. */
function Author({ name, role }: { name: string; role: string | null }) {
  return (
    <span className="font-medium text-slate-800">
      {name}
      <RoleBadge role={role} />
    </span>
  );
}

function CommentItem({ target, c, liked, onChanged }: { target: CommentTarget; c: CommentVO; liked: boolean; onChanged: () => Promise<void> }) {
  const intl = useIntl();
  const session = useSnapshot(sessionState);
  const check = useContentCheck();
  const [showAll, setShowAll] = useState(false);
  const [replyTo, setReplyTo] = useState<{ id: number; type: 'Comment' | 'Reply'; name: string } | null>(null);
  const mayDelete = (uid: string) => session.user?.uid === uid || isAdmin(session);
  const replies: readonly ReplyVO[] = showAll ? c.replyList : c.replyList.slice(0, REPLIES_SHOWN);

  async function toggleLike() {
    if (!isLoggedIn(session)) {
      showToast('warning', intl.formatMessage({ id: 'error.AUTH_NOT_LOGGED_IN' }));
      openLoginDialog('login');
      return;
    }
    await likeComment(c.id, !liked, target);
    await onChanged();
  }

  async function remove(kind: 'comment' | 'reply', id: number) {
    if (!window.confirm(intl.formatMessage({ id: 'comment.section.confirmDelete' }))) return;
    if (kind === 'comment') await deleteComment(id, target);
    else await deleteReply(id, target);
    showToast('success', intl.formatMessage({ id: 'comment.section.deleted' }));
    await onChanged();
  }

  return (
    <li className="py-4" data-testid="comment-item">
      <div className="text-sm">
        <Author name={c.fromName} role={c.fromRole} /> <span className="text-xs text-slate-400">{formatDateTime(c.gmtCreate)}</span>
      </div>
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{c.content}</p>
      <div className="mt-1 flex gap-4 text-xs text-slate-500">
        <button type="button" data-testid="comment-like" onClick={() => void toggleLike()} className={liked ? 'text-blue-600' : ''}>
          <ThumbUpIcon className="h-3.5 w-3.5" /> {c.likeNum}
        </button>
        <button type="button" data-testid="comment-reply" onClick={() => setReplyTo({ id: c.id, type: 'Comment', name: c.fromName })}>
          <FormattedMessage id="comment.section.reply" />
        </button>
        {mayDelete(c.fromUid) && (
          <button type="button" data-testid="comment-delete" onClick={() => void remove('comment', c.id)} className="text-red-600">
            <FormattedMessage id="comment.section.delete" />
          </button>
        )}
      </div>
      {c.replyList.length > 0 && (
        <ul className="mt-2 ml-6 space-y-2 border-l-2 border-slate-100 pl-3" data-testid="reply-list">
          {replies.map((r) => (
            <li key={r.id} className="text-sm" data-testid="reply-item">
              <Author name={r.fromName} role={r.fromRole} /> <FormattedMessage id="comment.section.replyTo" /> <span className="text-slate-600">{r.toName}</span>
              <span className="ml-2 text-xs text-slate-400">{formatDateTime(r.gmtCreate)}</span>
              <p className="break-words whitespace-pre-wrap text-slate-800">{r.content}</p>
              <div className="flex gap-4 text-xs text-slate-500">
                <button type="button" onClick={() => setReplyTo({ id: r.id, type: 'Reply', name: r.fromName })}>
                  <FormattedMessage id="comment.section.reply" />
                </button>
                {mayDelete(r.fromUid) && (
                  <button type="button" onClick={() => void remove('reply', r.id)} className="text-red-600">
                    <FormattedMessage id="comment.section.delete" />
                  </button>
                )}
              </div>
            </li>
          ))}
          {c.replyList.length > REPLIES_SHOWN && (
            <li>
              <button type="button" data-testid="reply-toggle" onClick={() => setShowAll((s) => !s)} className="text-xs text-blue-600">
                {showAll ? <FormattedMessage id="comment.section.pickUp" /> : <FormattedMessage id="comment.section.showAll" values={{ count: c.replyList.length }} />}
              </button>
            </li>
          )}
        </ul>
      )}
      {replyTo && (
        <div className="mt-2 ml-6">
          <Editor
            testId="reply"
            placeholder={intl.formatMessage({ id: 'comment.section.replyPlaceholder' }, { name: replyTo.name })}
            onSubmit={async (raw) => {
              const text = check(raw);
              if (text === null) return false;
              await addReply(target, c.id, text, replyTo);
              showToast('success', intl.formatMessage({ id: 'comment.section.replied' }));
              setReplyTo(null);
              await onChanged();
              return true;
            }}
          />
        </div>
      )}
    </li>
  );
}

/** The comments of a discussion (`did`) or of a contest's Q&A (`cid`), with their own state. */
export function CommentSection({ did, cid }: { did?: number; cid?: number }) {
  const target = useMemo<CommentTarget>(() => (did !== undefined ? { did } : { cid: cid ?? 0 }), [did, cid]);
  return <CommentSectionView target={target} comments={useComments(target)} />;
}

/** The comment section over a state its page keeps (a discussion page applies pushed events to it). */
export function CommentSectionView({ target, comments }: { target: CommentTarget; comments: CommentsState }) {
  const intl = useIntl();
  const check = useContentCheck();
  const { data, page, setPage, load } = comments;

  return (
    <section className="mt-8" data-testid="comment-section">
      <h2 className="mb-3 text-lg font-semibold text-slate-800">
        <FormattedMessage id="comment.section.title" />
      </h2>
      <Editor
        testId="comment"
        placeholder={intl.formatMessage({ id: 'comment.section.placeholder' })}
        onSubmit={async (raw) => {
          const text = check(raw);
          if (text === null) return false;
          await addComment(target, text);
          showToast('success', intl.formatMessage({ id: 'comment.section.commented' }));
          await load();
          return true;
        }}
      />
      {data === null ? (
        <Loading />
      ) : data.commentList.records.length === 0 ? (
        <Empty />
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.commentList.records.map((c) => (
            <CommentItem key={c.id} target={target} c={c} liked={data.commentLikeMap[String(c.id)] === true} onChanged={load} />
          ))}
        </ul>
      )}
      {data && data.commentList.total > COMMENT_PAGE && <Pager page={page} size={COMMENT_PAGE} total={data.commentList.total} onChange={(p) => setPage(p)} />}
    </section>
  );
}
