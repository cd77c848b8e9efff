// /group/:groupID (login required): the tabs (members only past Home; Announcement for group admins, Setting for the
// group's root), the routed tab, and the side card (avatar, name, owner, auth and Hidden tags, created date, group
// number) with the role's action button: apply (a 400 px dialog: the code of a private group, a reason unless
// public), applying / refused, exit, disband (owner or super admin). `group:<gid>` keeps it live: an application
// accepted turns the applicant's screen into a member's without a reload.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { GroupDetail, GroupMemberEvent } from '@oj/proto';
import { Loading } from '../../components/Spinner';
import type { MessageId } from '../../i18n/zh-CN';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { useLatestRead } from '../../lib/useLatestRead';
import { isLoggedIn, sessionState } from '../../stores/session';
import { siteState } from '../../stores/ui';
import { LoginRequired } from '../auth/LoginRequired';
import { ApplyDialog } from './ApplyDialog';
import { GroupAuthTag, GroupAvatar, HiddenTag } from './GroupBadges';
import { GroupShellContext, type GroupShellValue } from './group-context';
import { addGroupMember, deleteGroup, exitGroup, getGroup, getGroupAuth } from './group-api';
import { groupAction, groupStanding, groupTabs, type GroupTab } from './group-roles';
import { useGroupAction } from './useGroupAction';
import { useGroupLive } from './useGroupLive';

const TAB_LABEL: Record<GroupTab, MessageId> = {
  home: 'group.tab.home',
  problem: 'group.tab.problem',
  training: 'group.tab.training',
  contest: 'group.tab.contest',
  status: 'group.tab.status',
  discussion: 'group.tab.discussion',
  member: 'group.tab.member',
  announcement: 'group.tab.announcement',
  setting: 'group.tab.setting',
  rank: 'group.tab.rank',
};

/** The tab a path under /group/:id belongs to ('' is Home; a problem page is the Problem tab's). */
export function tabOfPath(rest: string): GroupTab {
  const first = rest.split('/').filter(Boolean)[0] ?? '';
  // A submission's and a discussion's pages inside the group belong to the Status and Discussion tabs (and their rules).
  if (first === 'submission-detail') return 'status';
  if (first === 'discussion-detail') return 'discussion';
  return first === '' ? 'home' : ((Object.keys(TAB_LABEL) as GroupTab[]).find((t) => t === first) ?? 'home');
}

export function GroupShell() {
  const session = useSnapshot(sessionState);
  if (!isLoggedIn(session)) return <LoginRequired />;
  return <GroupShellLoaded />;
}

function GroupShellLoaded() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const { groupID = '' } = useParams();
  const gid = Number(groupID);
  const valid = Number.isInteger(gid) && gid > 0;
  const session = useSnapshot(sessionState);
  const site = useSnapshot(siteState);
  const [group, setGroup] = useState<GroupDetail | null>(null);
  const [auth, setAuth] = useState(0);
  const [failed, setFailed] = useState(false);
  const [membersVersion, setMembersVersion] = useState(0);
  const [announcementsVersion, setAnnouncementsVersion] = useState(0);
  const [rankVersion, setRankVersion] = useState(0);
  const [discussionsVersion, setDiscussionsVersion] = useState(0);
  const [applying, setApplying] = useState(false);
  const { run } = useGroupAction();
  usePageTitle(group?.name ?? intl.formatMessage({ id: 'group.list.title' }));

  const latest = useLatestRead();
  const reload = useCallback(async () => {
    if (!valid) return;
    await latest(
      Promise.all([getGroup(gid), getGroupAuth(gid)]),
      ([g, a]) => {
        setGroup(g);
        setAuth(a);
        setFailed(false);
      },
      (e) => {
        if (!(e instanceof ApiError)) throw e;
        setFailed(true);
      },
    );
  }, [gid, valid, latest]);
  useEffect(() => {
    setGroup(null);
    void reload();
  }, [reload]);

  const uid = session.user?.uid ?? null;
  const onMember = useCallback(
    (ev: GroupMemberEvent) => {
      setMembersVersion((v) => v + 1);
      // Our own relation changed (accepted, refused, removed): the tabs and the button follow at once.
      if (ev.uid === uid) void reload();
    },
    [uid, reload],
  );
  useGroupLive(gid, group !== null, {
    onMember,
    onAnnouncement: () => setAnnouncementsVersion((v) => v + 1),
    // group trainings, status and rank (issue 19, items 6 and 8): a verdict inside the group moves the rank
    onRank: () => setRankVersion((v) => v + 1),
    onDiscussion: () => setDiscussionsVersion((v) => v + 1),
    reload: async () => {
      await reload();
      setMembersVersion((v) => v + 1);
      setAnnouncementsVersion((v) => v + 1);
      setDiscussionsVersion((v) => v + 1);
    },
  });

  const standing = useMemo(() => groupStanding(auth, session.roles, uid, group?.uid ?? ''), [auth, session.roles, uid, group?.uid]);
  const value = useMemo<GroupShellValue | null>(
    () => (group ? { group, standing, membersVersion, announcementsVersion, rankVersion, discussionsVersion, reload: () => void reload() } : null),
    [group, standing, membersVersion, announcementsVersion, rankVersion, discussionsVersion, reload],
  );

  if (!valid || (failed && !group)) {
    return (
      <div className="py-16 text-center text-slate-500" data-testid="group-load-failed">
        <p>
          <FormattedMessage id="group.shell.notFound" />
        </p>
        <Link to="/group" className="mt-3 inline-block text-blue-600 hover:underline">
          <FormattedMessage id="group.shell.backToList" />
        </Link>
      </div>
    );
  }
  if (!group || !value) return <Loading />;

  const tabs = groupTabs(standing, site.config?.openGroupDiscussion !== false);
  const rest = location.pathname.slice(`/group/${groupID}`.length);
  const current = tabOfPath(rest);
  const tab = tabs.find((t) => t.tab === current);
  // A problem page, the problem form, a training's pages: the window's width, no side card.
  const wide = (current === 'problem' && /^\/problem\/[^/]+/.test(rest)) || /^\/training\/\d+/.test(rest);

  const act = async (call: () => Promise<unknown>, done: MessageId, after: () => void) => {
    if (await run(call, done)) after();
  };
  const apply = () => (group.auth === 1 ? void act(() => addGroupMember(gid, '', ''), 'group.apply.done', () => void reload()) : setApplying(true));
  const exit = () => window.confirm(intl.formatMessage({ id: 'group.shell.exitConfirm' })) && void act(() => exitGroup(gid), 'group.shell.exited', () => void reload());
  const disband = () => window.confirm(intl.formatMessage({ id: 'group.shell.disbandConfirm' })) && void act(() => deleteGroup(gid), 'group.shell.disbanded', () => navigate('/group'));

  return (
    <GroupShellContext.Provider value={value}>
      <div className="mx-auto max-w-screen-2xl px-4 py-6" data-testid="group-shell" data-gid={gid} data-auth={auth}>
        <nav className="mb-4 flex overflow-x-auto rounded-lg border border-slate-200 bg-white" data-testid="group-tabs">
          {tabs.map((t) => {
            const base = 'whitespace-nowrap border-b-2 px-4 py-2.5 text-sm';
            return t.enabled ? (
              <NavLink
                key={t.tab}
                end={t.tab === 'home'}
                to={t.tab === 'home' ? `/group/${gid}` : `/group/${gid}/${t.tab}`}
                data-testid={`group-tab-${t.tab}`}
                className={({ isActive }) => `${base} ${isActive || (t.tab === current && t.tab !== 'home') ? 'border-blue-600 font-medium text-blue-700' : 'border-transparent text-slate-600 hover:text-blue-600'}`}
              >
                <FormattedMessage id={TAB_LABEL[t.tab]} />
              </NavLink>
            ) : (
              <span key={t.tab} data-testid={`group-tab-${t.tab}`} aria-disabled="true" className={`${base} cursor-not-allowed border-transparent text-slate-300`}>
                <FormattedMessage id={TAB_LABEL[t.tab]} />
              </span>
            );
          })}
        </nav>
        <div className={wide ? '' : 'grid gap-4 md:grid-cols-[1fr_18rem]'}>
          <main className="min-w-0 rounded-lg border border-slate-200 bg-white">
            {tab?.enabled ? (
              <Outlet />
            ) : (
              <p className="px-5 py-10 text-center text-sm text-amber-800" data-testid="group-no-access">
                <FormattedMessage id="group.shell.noAccess" />
              </p>
            )}
          </main>
          {!wide && <SideCard group={group} action={groupAction(standing, true)} onApply={apply} onExit={exit} onDisband={disband} />}
        </div>
      </div>
      {applying && <ApplyDialog group={group} onClose={() => setApplying(false)} onApplied={() => void reload()} />}
    </GroupShellContext.Provider>
  );
}

interface SideCardProps {
  group: GroupDetail;
  action: ReturnType<typeof groupAction>;
  onApply: () => void;
  onExit: () => void;
  onDisband: () => void;
}

function SideCard({ group, action, onApply, onExit, onDisband }: SideCardProps) {
  const row = 'flex items-center justify-between gap-3 border-t border-slate-100 py-2 text-sm';
  const btn = 'w-full rounded px-3 py-1.5 text-sm text-white disabled:cursor-not-allowed';
  return (
    <aside className="h-fit rounded-lg border border-slate-200 bg-white p-4" data-testid="group-side-card">
      <div className="mb-3 flex justify-center">
        <GroupAvatar avatar={group.avatar} name={group.name} size={130} />
      </div>
      <div className={row}>
        <span className="text-slate-500">
          <FormattedMessage id="group.side.name" />
        </span>
        {/* About 26 character widths, then an ellipsis; the whole name in the tooltip. */}
        <span className="max-w-[13rem] truncate font-medium text-slate-800" title={group.name} data-testid="group-side-name">
          {group.name}
        </span>
      </div>
      <div className={row}>
        <span className="text-slate-500">
          <FormattedMessage id="group.side.owner" />
        </span>
        <Link to={`/user-home?username=${encodeURIComponent(group.owner)}`} className="text-blue-600 hover:underline" data-testid="group-side-owner">
          {group.owner}
        </Link>
      </div>
      <div className={row}>
        <span className="text-slate-500">
          <FormattedMessage id="group.side.auth" />
        </span>
        <span className="flex gap-1">
          <GroupAuthTag auth={group.auth} />
          {!group.visible && <HiddenTag />}
        </span>
      </div>
      <div className={row}>
        <span className="text-slate-500">
          <FormattedMessage id="group.side.created" />
        </span>
        <span>{formatDateTime(group.gmtCreate).slice(0, 10)}</span>
      </div>
      <div className={row}>
        <span className="text-slate-500">
          <FormattedMessage id="group.side.number" />
        </span>
        <span data-testid="group-side-id">{group.id}</span>
      </div>
      <div className="mt-3" data-testid="group-action" data-action={action}>
        {action === 'disband' && (
          <button type="button" className={`${btn} bg-red-600 hover:bg-red-700`} onClick={onDisband} data-testid="group-disband">
            <FormattedMessage id="group.shell.disband" />
          </button>
        )}
        {action === 'exit' && (
          <button type="button" className={`${btn} bg-red-600 hover:bg-red-700`} onClick={onExit} data-testid="group-exit">
            <FormattedMessage id="group.shell.exit" />
          </button>
        )}
        {action === 'apply' && (
          <button type="button" className={`${btn} bg-blue-600 hover:bg-blue-700`} onClick={onApply} data-testid="group-apply">
            <FormattedMessage id="group.shell.apply" />
          </button>
        )}
        {action === 'applying' && (
          <button type="button" disabled className={`${btn} bg-amber-500`} data-testid="group-applying">
            <FormattedMessage id="group.shell.applying" />
          </button>
        )}
        {action === 'refused' && (
          <>
            <button type="button" disabled className={`${btn} bg-slate-400`} data-testid="group-refused">
              <FormattedMessage id="group.shell.refused" />
            </button>
            <button type="button" className="mt-2 w-full text-xs text-blue-600 hover:underline" onClick={onApply} data-testid="group-apply-again">
              <FormattedMessage id="group.shell.applyAgain" />
            </button>
          </>
        )}
      </div>
    </aside>
  );
}
