// /training/:trainingID: login required; the header (title and the caller's progress bar, whose colour steps every
// 20 %; inside a group, links back to the group's home and trainings), the tabs Introduction / Problem List / Record List (the last only for a private training; the two lists
// disabled until the password is accepted), the routed tab, and the live link to `training:<tid>`.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { TrainingDetail, TrainingProgressEvent } from '@oj/proto';
import { Loading } from '../../components/Spinner';
import type { MessageId } from '../../i18n/zh-CN';
import { usePageTitle } from '../../lib/usePageTitle';
import { useLatestRead } from '../../lib/useLatestRead';
import { isLoggedIn, sessionState } from '../../stores/session';
import { openLoginDialog, showToast } from '../../stores/ui';
import { CategoryTag, TrainingAuthTag, TrainingProgress } from './TrainingBadges';
import { getTrainingDetail } from './training-api';
import { TrainingShellContext, useTrainingBase, type TrainingShellValue } from './training-context';
import { trainingTabs, tabOfPath } from './training-tabs';
import { useTrainingLive } from './useTrainingLive';

const TAB_LABEL: Record<'intro' | 'problems' | 'rank', MessageId> = {
  intro: 'training.tab.intro',
  problems: 'training.tab.problems',
  rank: 'training.tab.rank',
};

/** A login-required route without a session goes home, with the message and the login dialog. */
export function TrainingLoginRequired() {
  const intl = useIntl();
  useEffect(() => {
    showToast('warning', intl.formatMessage({ id: 'error.AUTH_NOT_LOGGED_IN' }));
    openLoginDialog('login');
  }, [intl]);
  return <Navigate to="/training" replace />;
}

export function TrainingShell() {
  const session = useSnapshot(sessionState);
  if (!isLoggedIn(session)) return <TrainingLoginRequired />;
  return <TrainingShellLoaded />;
}

function TrainingShellLoaded() {
  const { trainingID = '' } = useParams();
  const tid = Number(trainingID);
  const valid = Number.isInteger(tid) && tid > 0;
  const intl = useIntl();
  const myUid = useSnapshot(sessionState).user?.uid ?? null;
  const location = useLocation();
  const { base: home, routeGid } = useTrainingBase(tid);
  const [training, setTraining] = useState<TrainingDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [progress, setProgress] = useState<TrainingProgressEvent | null>(null);
  const [version, setVersion] = useState(0);
  usePageTitle(training?.title ?? intl.formatMessage({ id: 'training.list.title' }));

  const latest = useLatestRead();
  const reload = useCallback(
    () =>
      latest(
        getTrainingDetail(tid, true),
        (d) => {
          setTraining(d);
          setFailed(false);
          setVersion((v) => v + 1);
        },
        () => setFailed(true),
      ),
    [tid, latest],
  );
  useEffect(() => {
    if (!valid) return;
    setTraining(null);
    void reload();
  }, [valid, reload]);

  // The link starts from the seq of the snapshot in hand when it opens (the engine reads it once per topic).
  useTrainingLive(tid, training?.seq ?? null, training?.access === true, {
    onProgress: (ev) => {
      if (ev.uid === myUid) setTraining((t) => (t ? { ...t, acCount: ev.ac } : t));
      setProgress(ev);
    },
    onChanged: () => void reload(),
    reload,
  });

  const value = useMemo<TrainingShellValue | null>(
    () => (training ? { training, reload: () => void reload(), progress, version, base: home } : null),
    [training, reload, progress, version, home],
  );

  // A group's training lives inside its group (the server's rules decide who reads it; the route must name its group).
  const rest = location.pathname.slice(home.length);
  if (training && routeGid === null && training.gid !== null) return <Navigate to={`/group/${training.gid}/training/${tid}${rest}`} replace />;
  if (!valid || (failed && !training) || (training && routeGid !== null && training.gid !== routeGid)) {
    return (
      <div className="py-16 text-center text-slate-500" data-testid="training-load-failed">
        <FormattedMessage id="training.shell.loadFailed" />
      </div>
    );
  }
  if (!training || !value) return <Loading />;

  const tabs = trainingTabs(training);
  const current = tabOfPath(rest);
  // The lists open once the password is accepted (a public training's rank, not in its tabs, still opens by its path).
  const closed = current !== 'intro' && !training.access;
  return (
    <TrainingShellContext.Provider value={value}>
      <div className={`mx-auto space-y-4 px-4 py-6 ${current === 'rank' ? 'max-w-none' : 'max-w-screen-2xl'}`} data-testid="training-shell" data-tid={tid} data-access={training.access}>
        <section className="rounded-lg border border-slate-200 bg-white px-5 py-4">
          {routeGid !== null && <GroupCrumbs gid={routeGid} />}
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="mr-auto text-xl font-bold text-slate-800" data-testid="training-title">
              {training.title}
            </h1>
            <TrainingAuthTag auth={training.auth} />
            <CategoryTag name={training.categoryName} color={training.categoryColor} />
          </div>
          <div className="mt-3">
            <TrainingProgress wide ac={training.acCount ?? 0} total={training.problemCount} />
          </div>
        </section>
        <div className="rounded-lg border border-slate-200 bg-white">
          <nav className="flex overflow-x-auto border-b border-slate-200" data-testid="training-tabs">
            {tabs.map((t) => {
              const base = 'whitespace-nowrap border-b-2 px-3 py-2 text-sm';
              return t.enabled ? (
                <NavLink
                  key={t.name}
                  end={t.name === 'intro'}
                  to={t.path ? `${home}/${t.path}` : home}
                  data-testid={`training-tab-${t.name}`}
                  className={({ isActive }) => `${base} ${isActive ? 'border-blue-600 font-medium text-blue-700' : 'border-transparent text-slate-600 hover:text-blue-600'}`}
                >
                  <FormattedMessage id={TAB_LABEL[t.name]} />
                </NavLink>
              ) : (
                <span key={t.name} data-testid={`training-tab-${t.name}`} aria-disabled="true" className={`${base} cursor-not-allowed border-transparent text-slate-300`}>
                  <FormattedMessage id={TAB_LABEL[t.name]} />
                </span>
              );
            })}
          </nav>
          <div className="min-h-64">
            {closed ? (
              <div className="m-4 rounded-lg border border-amber-200 bg-amber-50 px-5 py-8 text-center text-sm text-amber-800" data-testid="training-closed">
                <FormattedMessage id="training.shell.registerFirst" />
              </div>
            ) : (
              <Outlet />
            )}
          </div>
        </div>
      </div>
    </TrainingShellContext.Provider>
  );
}

/** The header's way back when the training is opened inside its group: the group's home and its trainings. */
function GroupCrumbs({ gid }: { gid: number }) {
  const link = 'text-blue-600 hover:underline';
  return (
    <nav className="mb-2 flex gap-2 text-xs text-slate-500" data-testid="training-group-crumbs">
      <Link to={`/group/${gid}`} className={link} data-testid="training-group-home">
        <FormattedMessage id="groupTraining.shell.groupHome" />
      </Link>
      <span>/</span>
      <Link to={`/group/${gid}/training`} className={link} data-testid="training-group-list">
        <FormattedMessage id="groupTraining.shell.trainings" />
      </Link>
    </nav>
  );
}
