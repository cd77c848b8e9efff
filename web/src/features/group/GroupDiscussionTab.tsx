// The group's Discussion tab (issue 19, item 8): its discussions as the public list's cards (pinned first, 10 a page;
// the group's admins see disabled ones too, pin and delete any), the post button with the public form (the category
// optional), and a discussion opens on the detail page inside the group (/group/:gid/discussion-detail/:did), where
// the server applies the group's rules; /group/:gid/discussion/:pid lists one problem's discussions.
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { DISCUSSION_LIMITS, type Discussion, type PageOf } from '@oj/proto';
import { Pager } from '../../components/Pager';
import { Empty, Loading } from '../../components/Spinner';
import { ignoreRefusal } from '../../lib/api';
import { useLatestRead } from '../../lib/useLatestRead';
import { showToast } from '../../stores/ui';
import { DiscussionCard, discussionHref } from '../discussion/DiscussionCard';
import { DiscussionEditDialog, type EditTarget } from '../discussion/DiscussionEditDialog';
import { deleteGroupDiscussion, getDiscussion, getGroupDiscussionList, pinGroupDiscussion } from '../discussion/discussion-api';
import { useCategories } from '../discussion/discussion-hooks';
import { useGroupShell } from './group-context';

const PAGE = DISCUSSION_LIMITS.pageSize;

export function GroupDiscussionTab() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { group, standing, discussionsVersion } = useGroupShell();
  // /group/:gid/discussion/:pid: the discussions about one problem.
  const { pid } = useParams();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<PageOf<Discussion> | null>(null);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [categories] = useCategories();
  const moderator = standing.admin;

  const latest = useLatestRead();
  const load = useCallback(
    () => latest(getGroupDiscussionList(group.id, page, PAGE, moderator, pid), setData, ignoreRefusal),
    // discussionsVersion: a discussion of the group changed (pushed on `group:<gid>`, or the shell's poll).
    [group.id, page, moderator, pid, discussionsVersion, latest],
  );
  useEffect(() => void load(), [load]);

  const act = async (run: () => Promise<void>, done: 'discussion.card.deleted' | 'discussion.form.saved') => {
    try {
      await run();
    } catch (e) {
      return ignoreRefusal(e);
    }
    showToast('success', intl.formatMessage({ id: done }));
    await load();
  };
  const onDelete = (d: Discussion) => {
    if (window.confirm(intl.formatMessage({ id: 'discussion.card.deleteConfirm' }))) void act(() => deleteGroupDiscussion(d.id), 'discussion.card.deleted');
  };
  const onEdit = async (d: Discussion) => {
    const full = await getDiscussion(d.id).catch(ignoreRefusal);
    if (full) setEditing({ kind: 'edit', discussion: full });
  };

  return (
    <div className="p-4" data-testid="group-discussion">
      <div className="mb-2 flex justify-end">
        <button type="button" className="rounded bg-blue-600 px-3 py-1.5 text-sm text-white hover:bg-blue-700" data-testid="group-discussion-post" onClick={() => setEditing({ kind: 'create', gid: group.id })}>
          <FormattedMessage id="groupDiscuss.list.post" />
        </button>
      </div>
      {data === null ? (
        <Loading />
      ) : data.records.length === 0 ? (
        <Empty />
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.records.map((d) => (
            <DiscussionCard
              key={d.id}
              d={d}
              onEdit={(x) => void onEdit(x)}
              onDelete={onDelete}
              onPin={moderator ? (x) => void act(() => pinGroupDiscussion(x.id, !x.topPriority), 'discussion.form.saved') : undefined}
            />
          ))}
        </ul>
      )}
      {data && data.total > PAGE && <Pager page={page} size={PAGE} total={data.total} sizeSelect={false} onChange={setPage} />}
      <DiscussionEditDialog
        target={editing}
        categories={categories}
        onClose={() => setEditing(null)}
        onDone={(did) => {
          const created = editing?.kind === 'create';
          setEditing(null);
          if (created) navigate(discussionHref(String(group.id), did));
          else void load();
        }}
      />
    </div>
  );
}
