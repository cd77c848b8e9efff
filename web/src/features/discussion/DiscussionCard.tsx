// One discussion in the list: pinned mark, title (to the post), Go to problem, description, author with the role badge,
// comment / like / view counts, category, time, and the Edit (author) / Delete (author or admin) menu.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { Discussion } from '@oj/proto';
import { formatDateTime } from '../../lib/format';
import { useDiscussionRights } from './discussion-hooks';
import { RoleBadge } from './RoleBadge';

interface Props {
  d: Discussion;
  onEdit: (d: Discussion) => void;
  onDelete: (d: Discussion) => void;
  /** A group's moderator (its admins): deletes any and pins (the group's Discussion tab). */
  onPin?: ((d: Discussion) => void) | undefined;
}

export function DiscussionCounts({ d }: { d: Pick<Discussion, 'commentNum' | 'likeNum' | 'viewNum'> }) {
  return (
    <span className="flex gap-3">
      <span data-testid="discussion-comments">
        <FormattedMessage id="discussion.card.comments" values={{ count: d.commentNum }} />
      </span>
      <span data-testid="discussion-likes">
        <FormattedMessage id="discussion.card.likes" values={{ count: d.likeNum }} />
      </span>
      <span data-testid="discussion-views">
        <FormattedMessage id="discussion.card.views" values={{ count: d.viewNum }} />
      </span>
    </span>
  );
}

/** The pinned mark and the Go to problem link, as the card and the post show them around the title. */
export function PinnedMark({ on }: { on: boolean }) {
  if (!on) return null;
  return (
    <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs text-red-600" data-testid="discussion-pinned">
      <FormattedMessage id="discussion.list.pinned" />
    </span>
  );
}

export function GoToProblem({ pid, large = false }: { pid: string | null | undefined; large?: boolean }) {
  if (!pid) return null;
  return (
    <Link to={`/problem/${encodeURIComponent(pid)}`} className={`rounded border border-blue-200 text-blue-600 hover:bg-blue-50 ${large ? 'px-2 py-0.5 text-sm' : 'px-1.5 text-xs'}`} data-testid="discussion-go-problem">
      <FormattedMessage id="discussion.list.goProblem" />
    </Link>
  );
}

function Menu({ d, onEdit, onDelete, onPin }: Props) {
  const intl = useIntl();
  const own = useDiscussionRights(d);
  const rights = { edit: own.edit, remove: own.remove || onPin !== undefined };
  const [open, setOpen] = useState(false);
  if (!rights.edit && !rights.remove) return null;
  const item = 'block w-full px-3 py-1.5 text-left text-sm hover:bg-slate-100';
  return (
    <div className="relative" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOpen(false)}>
      <button type="button" aria-haspopup="menu" aria-expanded={open} className="rounded px-2 text-slate-500 hover:bg-slate-100" data-testid="discussion-menu" title={intl.formatMessage({ id: 'discussion.card.menu' })} onClick={() => setOpen((o) => !o)}>
        ⋯
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-10 mt-1 w-28 rounded border border-slate-200 bg-white py-1 shadow">
          {rights.edit && (
            <button type="button" role="menuitem" className={item} data-testid="discussion-edit" onClick={() => {
                setOpen(false);
                onEdit(d);
              }}>
              <FormattedMessage id="discussion.card.edit" />
            </button>
          )}
          {onPin && (
            <button type="button" role="menuitem" className={item} data-testid="discussion-pin" onClick={() => {
                setOpen(false);
                onPin(d);
              }}>
              <FormattedMessage id={d.topPriority ? 'groupDiscuss.list.unpin' : 'groupDiscuss.list.pin'} />
            </button>
          )}
          {rights.remove && (
            <button type="button" role="menuitem" className={`${item} text-red-600`} data-testid="discussion-delete" onClick={() => {
                setOpen(false);
                onDelete(d);
              }}>
              <FormattedMessage id="discussion.card.delete" />
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** A discussion's page: inside its group's routes when the card is shown inside a group. */
export const discussionHref = (groupID: string | undefined, did: number): string => (groupID ? `/group/${groupID}/discussion-detail/${did}` : `/discussion-detail/${did}`);

export function DiscussionCard({ d, onEdit, onDelete, onPin }: Props) {
  const { groupID } = useParams();
  return (
    <li className="py-4" data-testid="discussion-item" data-did={d.id}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <PinnedMark on={d.topPriority} />
            {d.status !== 0 && (
              <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                <FormattedMessage id="discussion.card.disabled" />
              </span>
            )}
            <Link to={discussionHref(groupID, d.id)} className="font-medium break-all text-blue-700 hover:underline" data-testid="discussion-title">
              {d.title}
            </Link>
            <GoToProblem pid={d.pid} />
          </div>
          <p className="mt-1 text-sm break-words text-slate-600" data-testid="discussion-description">
            {d.description}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
            <span data-testid="discussion-author">
              {d.author}
              <RoleBadge role={d.role} />
            </span>
            <DiscussionCounts d={d} />
            <span data-testid="discussion-category">{d.categoryName ?? <FormattedMessage id="discussion.card.noCategory" />}</span>
            <span>{formatDateTime(d.gmtCreate)}</span>
          </div>
        </div>
        <Menu d={d} onEdit={onEdit} onDelete={onDelete} onPin={onPin} />
      </div>
    </li>
  );
}
