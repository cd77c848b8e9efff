// Routes, the locale provider, and the unread counts followed for whoever is signed in.
import { lazy, Suspense, useMemo } from 'react';
import { IntlProvider } from 'react-intl';
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { DEFAULT_LOCALE } from '@oj/proto';
import { LogoutPage } from './features/auth/LogoutPage';
import { IntroductionPage } from './features/home/IntroductionPage';
import { NotFoundPage } from './features/home/NotFoundPage';
import { Layout } from './features/layout/Layout';
import { useLiveUnread } from './features/message/useLiveUnread';
import { discussionRoutes } from './features/discussion/routes';
import { useLiveSite } from './features/site/useLiveSite';
import { adminRoutes } from './features/admin/routes';
import { contestFullScreenRoutes, contestRoutes } from './features/contest/routes';
import { groupFullScreenRoutes, groupRoutes } from './features/group/routes';
import { trainingFullScreenRoutes, trainingRoutes } from './features/training/routes';
import { educationRoutes } from './features/education/routes';
import { taskRoutes } from './features/edu-task/routes';
import { standaloneBoardRoutes } from './features/scoreboard/routes';
import { Loading } from './components/Spinner';
import { catalogueOf, localeState } from './i18n/locale';

// The editor (CodeMirror) is the heaviest part: load it with the problem page only.
// Every page but the smallest (introduction, logout, not found) loads on first visit, keeping the
// first download small on slow networks (docs/benchmarks.md, "First load").
const ResetPasswordPage = lazy(() => import('./features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const SettingPage = lazy(() => import('./features/setting/SettingPage').then((m) => ({ default: m.SettingPage })));
const DeveloperPage = lazy(() => import('./features/home/DeveloperPage').then((m) => ({ default: m.DeveloperPage })));
const HomePage = lazy(() => import('./features/home/HomePage').then((m) => ({ default: m.HomePage })));
const HelpPage = lazy(() => import('./features/help/HelpPage').then((m) => ({ default: m.HelpPage })));
const RankPage = lazy(() => import('./features/rank/RankPage').then((m) => ({ default: m.RankPage })));
const UserHomePage = lazy(() => import('./features/user/UserHomePage').then((m) => ({ default: m.UserHomePage })));
const MessagePage = lazy(() => import('./features/message/MessagePage').then((m) => ({ default: m.MessagePage })));
const SubmissionDetailPage = lazy(() => import('./features/submission/SubmissionDetailPage').then((m) => ({ default: m.SubmissionDetailPage })));
const ProblemDetailPage = lazy(() => import('./features/problem/ProblemDetailPage').then((m) => ({ default: m.ProblemDetailPage })));
const ProblemListPage = lazy(() => import('./features/problem/ProblemListPage').then((m) => ({ default: m.ProblemListPage })));
const StatusListPage = lazy(() => import('./features/submission/StatusListPage').then((m) => ({ default: m.StatusListPage })));

// The declarative router (BrowserRouter + useRoutes): the app uses no loader, action or fetcher, and the data router's
// machinery is ≈ 40 KiB of JavaScript more in every first load (docs/benchmarks.md, "Third pass").
const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', element: <HomePage /> },
      { path: 'problem', element: <ProblemListPage /> },
      {
        path: 'problem/:problemID',
        element: (
          <Suspense fallback={<Loading />}>
            <ProblemDetailPage />
          </Suspense>
        ),
      },
      { path: 'status', element: <StatusListPage /> },
      { path: 'submission-detail/:submitID', element: <SubmissionDetailPage /> },
      { path: 'introduction', element: <IntroductionPage /> },
      { path: 'developer', element: <DeveloperPage /> },
      { path: 'help', element: <HelpPage /> },
      { path: 'acm-rank', element: <RankPage key="acm" kind="acm" /> },
      { path: 'oi-rank', element: <RankPage key="oi" kind="oi" /> },
      { path: 'user-home', element: <UserHomePage /> },
      { path: 'logout', element: <LogoutPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'setting', element: <SettingPage /> },
      ...discussionRoutes,
      { path: 'message', element: <Navigate to="/message/discuss" replace /> },
      { path: 'message/:tab', element: <MessagePage /> },
      ...contestRoutes,
      ...groupRoutes,
      ...trainingRoutes,
      ...educationRoutes,
      ...taskRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  ...adminRoutes,
  ...standaloneBoardRoutes,
  ...contestFullScreenRoutes,
  ...groupFullScreenRoutes,
  ...trainingFullScreenRoutes,
];

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  const { locale, revision } = useSnapshot(localeState);
  // A new revision: a part of the catalogue (the admin pages' messages) has joined it.
  const messages = useMemo(() => catalogueOf(locale), [locale, revision]);
  useLiveUnread();
  useLiveSite();
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages}>
      {/* Navigations render at once, not in a React transition: preact/compat (the runtime, docs/architecture.md) has no
          transitions, so a page still loading shows its spinner on every runtime alike. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </IntlProvider>
  );
}
