// The message center (/message/:tab, login required): five tabs with unread badges; user messages (6 a page)
// show sender, action, content, quote, time and a link to the source; system messages (8 a page) markdown.
import { useCallback, useEffect, useState } from 'react';
import { Link, NavLink, Navigate, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { MSG_PAGE_SIZE, type PageOf, type SysMsgVO, type UserMsgVO } from '@oj/proto';
import { Markdown } from '../../components/Markdown';
import { Pager } from '../../components/Pager';
import { Empty, Loading } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { refreshUnread } from './useLiveUnread';
import { useLatestRead } from '../../lib/useLatestRead';
import { usePageTitle } from '../../lib/usePageTitle';
import { isLoggedIn, sessionState } from '../../stores/session';
import { openLoginDialog, showToast } from '../../stores/ui';
import { unreadState } from '../../stores/unread';
import { Badge } from './MessageMenu';
import { cleanMsgs, getSysMsgs, getUserMsgs, MSG_TABS, TAB_INFO, type MsgTab } from './message-api';

const isMsgTab = (t: string | undefined): t is MsgTab => MSG_TABS.includes(t as MsgTab);
const isSysTab = (t: MsgTab): t is 'sys' | 'mine' => t === 'sys' || t === 'mine';
/** What the sender did: commented, replied, liked your comment, or liked your discussion (a like quoting `Discussion`). */
const actionMessage = (m: UserMsgVO) =>
  m.action === 'Discuss' ? 'message.action.discuss' : m.action === 'Reply' ? 'message.action.reply' : m.quoteType === 'Discussion' ? 'message.action.likeDiscussion' : 'message.action.like';

type Rows = { kind: 'user'; page: PageOf<UserMsgVO> } | { kind: 'sys'; page: PageOf<SysMsgVO> };

function UnreadDot({ read }: { read: boolean }) {
  return read ? <span className="inline-block h-2 w-2" /> : <span data-testid="msg-unread-dot" className="inline-block h-2 w-2 rounded-full bg-red-500" />;
}

export function MessagePage() {
  const intl = useIntl();
  const { tab } = useParams();
  const session = useSnapshot(sessionState);
  const { counts } = useSnapshot(unreadState);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Rows | null>(null);
  const current: MsgTab = isMsgTab(tab) ? tab : 'discuss';
  usePageTitle(intl.formatMessage({ id: `message.tab.${current}` }));
  const size = isSysTab(current) ? MSG_PAGE_SIZE.sys : MSG_PAGE_SIZE.user;
  const loggedIn = isLoggedIn(session);

  const latest = useLatestRead();
  // A failed re-read keeps the rows shown (the client showed why); a failed first read of a tab or page ends its
  // loading state.
  const load = useCallback(async () => {
    if (!loggedIn) return;
    const read: Promise<Rows> = isSysTab(current) ? getSysMsgs(current, page, size).then((p) => ({ kind: 'sys', page: p })) : getUserMsgs(current, page, size).then((p) => ({ kind: 'user', page: p }));
    await latest(read, setRows, () => setRows((r) => r ?? { kind: 'user', page: { records: [], total: 0, size, current: page, pages: 0 } }));
  }, [current, page, size, loggedIn, latest]);

  useEffect(() => setPage(1), [current]);
  useEffect(() => {
    // Another tab or page: its own loading state, not the last one's rows.
    setRows(null);
    void load();
  }, [load]);
  useEffect(() => {
    if (!loggedIn) openLoginDialog('login');
  }, [loggedIn]);

  if (tab !== undefined && !isMsgTab(tab)) return <Navigate to="/message/discuss" replace />;

  async function remove(id?: number) {
    const text = intl.formatMessage({ id: id === undefined ? 'message.center.confirmClean' : 'message.center.confirmDelete' });
    if (!window.confirm(text)) return;
    await cleanMsgs(TAB_INFO[current].type, id);
    showToast('success', intl.formatMessage({ id: 'message.center.deleted' }));
    void refreshUnread();
    await load();
  }

  return (
    <div className="mx-auto max-w-screen-lg px-4 py-6" data-testid="message-page">
      <div className="flex flex-wrap gap-1 border-b border-slate-200">
        {MSG_TABS.map((t) => (
          <NavLink
            key={t}
            to={`/message/${t}`}
            data-testid={`message-tab-${t}`}
            className={({ isActive }) => `flex items-center px-4 py-2 text-sm ${isActive || (t === 'discuss' && tab === undefined) ? 'border-b-2 border-blue-600 font-medium text-blue-700' : 'text-slate-600'}`}
          >
            <FormattedMessage id={`message.tab.${t}`} />
            <Badge n={counts[TAB_INFO[t].count]} />
          </NavLink>
        ))}
        <button type="button" data-testid="message-clean-all" onClick={() => void remove()} className="ml-auto px-3 py-2 text-sm text-red-600 hover:underline">
          <FormattedMessage id="message.center.cleanAll" />
        </button>
      </div>
      {!loggedIn ? (
        <p className="py-10 text-center text-slate-500">
          <FormattedMessage id="error.AUTH_NOT_LOGGED_IN" />
        </p>
      ) : rows === null ? (
        <Loading />
      ) : rows.page.records.length === 0 ? (
        <Empty />
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="message-list">
          {rows.kind === 'user'
            ? rows.page.records.map((m) => (
                <li key={m.id} className="flex gap-3 py-3" data-testid="message-item">
                  <UnreadDot read={m.state} />
                  <div className="min-w-0 flex-1">
                    <div className="text-sm text-slate-700">
                      <span className="font-medium">{m.senderUsername}</span>{' '}
                      <FormattedMessage id={actionMessage(m)} />{' '}
                      <Link to={m.url} className="text-blue-600 hover:underline">
                        {m.sourceTitle || intl.formatMessage({ id: 'message.center.source' })}
                      </Link>
                    </div>
                    {m.action !== 'Like' && <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{m.sourceContent}</p>}
                    {(m.quoteContent || (m.action === 'Like' && m.quoteType !== 'Discussion')) && (
                      <blockquote className="mt-1 border-l-4 border-slate-200 pl-2 text-xs text-slate-500">{m.quoteContent ?? m.sourceContent}</blockquote>
                    )}
                    <div className="mt-1 text-xs text-slate-400">{formatDateTime(m.gmtCreate)}</div>
                  </div>
                  <button type="button" data-testid="message-delete" onClick={() => void remove(m.id)} className="self-start text-xs text-red-600 hover:underline">
                    <FormattedMessage id="message.center.delete" />
                  </button>
                </li>
              ))
            : rows.page.records.map((m) => (
                <li key={m.id} className="flex gap-3 py-3" data-testid="message-item">
                  <UnreadDot read={m.state} />
                  <div className="min-w-0 flex-1">
                    <div className="font-medium text-slate-800">{m.title}</div>
                    <div className="text-xs text-slate-400">{formatDateTime(m.gmtCreate)}</div>
                    <div className="mt-1 text-sm">
                      <Markdown text={m.content} />
                    </div>
                  </div>
                  <button type="button" data-testid="message-delete" onClick={() => void remove(m.id)} className="self-start text-xs text-red-600 hover:underline">
                    <FormattedMessage id="message.center.delete" />
                  </button>
                </li>
              ))}
        </ul>
      )}
      {rows && rows.page.total > size && <Pager page={page} size={size} total={rows.page.total} onChange={(p) => setPage(p)} />}
    </div>
  );
}
