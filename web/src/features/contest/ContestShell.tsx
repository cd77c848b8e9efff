// /contest/:contestID: login required; the header (title, auth tag, participants, rule,
// start and end, progress and a countdown ticking each second from the server's clock), the tabs gated by role and
// flags, the routed tab, and the live link (status changes, announcements as persistent notifications).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { CONTEST_AUTH, CONTEST_STATUS, type ContestAnnouncementVO, type ContestStatusEvent, type ContestVO } from '@oj/proto';
import { Loading } from '../../components/Spinner';
import { LoginRequired } from '../auth/LoginRequired';
import type { MessageId } from '../../i18n/zh-CN';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { isLoggedIn, sessionState } from '../../stores/session';
import { showToast, siteState } from '../../stores/ui';
import { loadReadIds, markRead } from './announcement-read';
import { ContestAnnouncementNotices } from './ContestAnnouncementNotices';
import { AuthTag, Icon, RuleBadge } from './ContestBadges';
import { getContest, getContestAccess, getNotReadAnnouncements, markAnnouncementsRead } from './contest-api';
import { ContestShellContext, type ContestShellValue } from './contest-context';
import { canEnter, contestTabs, isContestAdmin, isSuperAdmin, tabOfPath, type ContestTabName } from './contest-tabs';
import { clockOffset, formatClock, progressAt, remainingAt, type ContestStatus } from './contest-time';
import { useContestLive } from './useContestLive';
import { useContestStatus, useTick } from './useContestClock';
import { forgetBoardColumns } from '../scoreboard/board-columns';

export const TAB_LABEL: Record<ContestTabName, MessageId> = {
  overview: 'contest.tab.overview',
  problems: 'contest.tab.problems',
  submissions: 'contest.tab.submissions',
  rank: 'contest.tab.rank',
  announcements: 'contest.tab.announcements',
  comment: 'contest.tab.comment',
  print: 'contest.tab.print',
  'ac-info': 'contest.tab.acInfo',
  'admin-print': 'contest.tab.adminPrint',
  rejudge: 'contest.tab.rejudge',
  'scroll-board': 'contest.tab.scrollBoard',
};


/** An access-closed route (contest comment while closed) goes home with the No_Access message. */
function NoAccessRedirect() {
  const intl = useIntl();
  useEffect(() => showToast('warning', intl.formatMessage({ id: 'contest.shell.noAccess' })), [intl]);
  return <Navigate to="/home" replace />;
}

const COUNTDOWN_LABEL: Record<ContestStatus, MessageId> = {
  [CONTEST_STATUS.SCHEDULED]: 'contest.clock.startsIn',
  [CONTEST_STATUS.RUNNING]: 'contest.clock.endsIn',
  [CONTEST_STATUS.ENDED]: 'contest.clock.ended',
};
const COUNTDOWN_STYLE: Record<ContestStatus, string> = {
  [CONTEST_STATUS.SCHEDULED]: 'bg-amber-100 text-amber-800 border-amber-300',
  [CONTEST_STATUS.RUNNING]: 'bg-green-100 text-green-800 border-green-300',
  [CONTEST_STATUS.ENDED]: 'bg-slate-100 text-slate-600 border-slate-300',
};

/** Progress bar and countdown tag: re-rendered each second on their own, not the whole shell. */
function ContestClock({ contest, status, serverNow }: { contest: ContestVO; status: ContestStatus; serverNow: () => number }) {
  const intl = useIntl();
  const startMs = Date.parse(contest.startTime);
  const endMs = Date.parse(contest.endTime);
  const now = useTick(serverNow, status === CONTEST_STATUS.ENDED);
  // The status shown may be a push a tick ahead of `now`: both follow it.
  const progress = progressAt(startMs, endMs, now, status);
  const left = remainingAt(startMs, endMs, now, status);
  return (
    <div className="mt-4">
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={intl.formatMessage({ id: 'contest.clock.progress' })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        data-testid="contest-progress"
      >
        <div
          className={`h-full transition-[width] duration-1000 ease-linear ${status === CONTEST_STATUS.RUNNING ? 'bg-green-500' : status === CONTEST_STATUS.ENDED ? 'bg-slate-400' : 'bg-amber-400'}`}
          style={{ width: `${progress}%` }}
        />
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <span>
          <FormattedMessage id="contest.shell.start" />: {formatDateTime(contest.startTime)}
        </span>
        <span
          data-testid="contest-countdown"
          data-status={status}
          className={`rounded border px-3 py-0.5 font-mono text-sm ${COUNTDOWN_STYLE[status]}`}
        >
          <FormattedMessage id={COUNTDOWN_LABEL[status]} values={{ time: formatClock(left) }} />
        </span>
        <span>
          <FormattedMessage id="contest.shell.end" />: {formatDateTime(contest.endTime)}
        </span>
      </div>
    </div>
  );
}

function ContestHeader({ contest, status, serverNow }: { contest: ContestVO; status: ContestStatus; serverNow: () => number }) {
  const intl = useIntl();
  return (
    <section className="rounded-lg border border-slate-200 bg-white px-5 py-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-bold text-slate-800" data-testid="contest-title">
          {contest.title}
        </h1>
        <AuthTag auth={contest.auth} />
        <span className="inline-flex items-center gap-1 text-sm text-slate-500" title={intl.formatMessage({ id: 'contest.list.participants' })} data-testid="contest-participants">
          <Icon name="user" /> {contest.count}
        </span>
        <RuleBadge type={contest.type} oiRankScoreType={contest.oiRankScoreType} testId="contest-rule" />
      </div>
      <ContestClock contest={contest} status={status} serverNow={serverNow} />
    </section>
  );
}

function ContestTabs({ cid, tabs }: { cid: number; tabs: ReturnType<typeof contestTabs> }) {
  const base = 'whitespace-nowrap border-b-2 px-3 py-2 text-sm';
  return (
    <nav className="flex overflow-x-auto border-b border-slate-200" data-testid="contest-tabs">
      {tabs.map((t) =>
        t.enabled ? (
          <NavLink
            key={t.name}
            end={t.name === 'overview'}
            to={t.path ? `/contest/${cid}/${t.path}` : `/contest/${cid}`}
            data-testid={`contest-tab-${t.name}`}
            className={({ isActive }) => `${base} ${isActive ? 'border-blue-600 font-medium text-blue-700' : 'border-transparent text-slate-600 hover:text-blue-600'}`}
          >
            <FormattedMessage id={TAB_LABEL[t.name]} />
          </NavLink>
        ) : (
          <span key={t.name} data-testid={`contest-tab-${t.name}`} aria-disabled="true" className={`${base} cursor-not-allowed border-transparent text-slate-300`}>
            <FormattedMessage id={TAB_LABEL[t.name]} />
          </span>
        ),
      )}
    </nav>
  );
}

function ClosedNotice({ message }: { message: MessageId }) {
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-5 py-8 text-center text-sm text-amber-800" data-testid="contest-closed">
      <FormattedMessage id={message} />
    </div>
  );
}

export function ContestShell() {
  const session = useSnapshot(sessionState);
  if (!isLoggedIn(session)) return <LoginRequired />;
  return <ContestShellLoaded />;
}

function ContestShellLoaded() {
  const { contestID = '' } = useParams();
  const cid = Number(contestID);
  const valid = Number.isInteger(cid) && cid > 0;
  const intl = useIntl();
  const session = useSnapshot(sessionState);
  const site = useSnapshot(siteState);
  const location = useLocation();
  const [contest, setContest] = useState<ContestVO | null>(null);
  const [failed, setFailed] = useState(false);
  const [offset, setOffset] = useState(0);
  const [registered, setRegistered] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [pushedStatus, setPushedStatus] = useState<ContestStatus | null>(null);
  const [notices, setNotices] = useState<ContestAnnouncementVO[]>([]);
  const [announcementVersion, setAnnouncementVersion] = useState(0);
  usePageTitle(contest?.title ?? intl.formatMessage({ id: 'contest.list.title' }));

  const viewer = { uid: session.user?.uid ?? null, username: session.user?.username ?? null, roles: session.roles };
  const isAdmin = contest !== null && isContestAdmin(viewer, contest);
  const superAdmin = isSuperAdmin(viewer);

  // The board tab's kept problem columns live as long as this contest page (scoreboard/board-columns.ts).
  useEffect(() => () => forgetBoardColumns(cid), [cid]);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    getContest(cid)
      .then((c) => {
        if (!live) return;
        setOffset(clockOffset(c.now, Date.now()));
        setContest(c);
        setPushedStatus(null);
        setFailed(false);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [cid, valid, reloadKey]);

  // A password contest: is this user registered? (Admins and public contests need no registration.)
  const needsCheck = contest !== null && contest.auth !== CONTEST_AUTH.PUBLIC && !isAdmin;
  useEffect(() => {
    if (!needsCheck) return;
    let live = true;
    getContestAccess(cid).then(
      (ok) => live && setRegistered(ok),
      () => live && setRegistered(false),
    );
    return () => {
      live = false;
    };
  }, [cid, needsCheck, reloadKey]);

  const serverNow = useCallback(() => Date.now() + offset, [offset]);
  const startMs = contest ? Date.parse(contest.startTime) : 0;
  const endMs = contest ? Date.parse(contest.endTime) : 0;
  const clockStatus = useContestStatus(startMs, endMs, serverNow);
  const status: ContestStatus = pushedStatus ?? clockStatus;
  const isRegistered = contest !== null && (contest.auth === CONTEST_AUTH.PUBLIC || isAdmin || registered);
  const enterable = contest !== null && canEnter(contest, status, isAdmin, isRegistered);

  // ---------- announcements: persistent notifications, read ids per user and contest ----------
  const uid = session.user?.uid ?? '';
  const raise = useCallback(
    (list: ContestAnnouncementVO[]) => {
      if (!uid || list.length === 0) return;
      const fresh = new Set(markRead(uid, cid, list.map((a) => a.id)));
      if (fresh.size === 0) return;
      setNotices((cur) => [...cur, ...list.filter((a) => fresh.has(a.id) && !cur.some((c) => c.id === a.id))]);
      setAnnouncementVersion((v) => v + 1);
      void markAnnouncementsRead(cid, [...fresh]).catch(() => undefined);
    },
    [uid, cid],
  );
  const catchUp = useCallback(async () => {
    if (!uid) return;
    try {
      raise(await getNotReadAnnouncements(cid, loadReadIds(uid, cid)));
    } catch {
      // Not reachable now: the next push, resync or poll tries again.
    }
  }, [uid, cid, raise]);
  const onStatus = useCallback(
    (ev: ContestStatusEvent) => {
      setOffset(clockOffset(ev.now, Date.now()));
      setPushedStatus(ev.status as ContestStatus);
      // Times may have changed (an admin edit): read the contest again.
      setReloadKey((k) => k + 1);
    },
    [],
  );
  useContestLive(cid, valid && contest !== null && enterable, { onStatus, onAnnouncement: (a) => raise([a]), catchUp });

  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  const value = useMemo<ContestShellValue | null>(
    () =>
      contest
        ? { contest, status, serverNow, isAdmin, isSuperAdmin: superAdmin, registered: isRegistered, enterable, announcementVersion, reload }
        : null,
    [contest, status, serverNow, isAdmin, superAdmin, isRegistered, enterable, announcementVersion, reload],
  );

  if (!valid || (failed && !contest)) {
    return (
      <div className="py-16 text-center text-slate-500" data-testid="contest-load-failed">
        <FormattedMessage id="contest.shell.loadFailed" />
      </div>
    );
  }
  if (!contest || !value) return <Loading />;

  const openComment = site.config?.openContestComment === true;
  const tabs = contestTabs({ contest, isAdmin, isSuperAdmin: superAdmin, openContestComment: openComment, enterable });
  const rest = location.pathname.slice(`/contest/${contestID}`.length);
  const current = tabOfPath(rest);
  const tab = tabs.find((t) => t.name === current);

  let body = <Outlet />;
  if (current === 'comment' && !openComment && site.config !== null) body = <NoAccessRedirect />;
  else if (!tab) body = <ClosedNotice message="contest.shell.noAccess" />;
  else if (!tab.enabled)
    body = <ClosedNotice message={status === CONTEST_STATUS.SCHEDULED && !isAdmin ? 'contest.shell.notStarted' : 'contest.shell.registerFirst'} />;

  // The Rank tab takes the window's whole width (a contest may have many problem columns).
  const width = current === 'rank' ? 'max-w-none' : 'max-w-screen-2xl';
  return (
    <ContestShellContext.Provider value={value}>
      <div className={`mx-auto space-y-4 px-4 py-6 ${width}`} data-testid="contest-shell" data-cid={cid} data-status={status}>
        <ContestHeader contest={contest} status={status} serverNow={serverNow} />
        <div className="rounded-lg border border-slate-200 bg-white">
          <ContestTabs cid={cid} tabs={tabs} />
          <div className="min-h-64">{body}</div>
        </div>
      </div>
      <ContestAnnouncementNotices cid={cid} items={notices} onClose={(id) => setNotices((cur) => cur.filter((a) => a.id !== id))} />
    </ContestShellContext.Provider>
  );
}
