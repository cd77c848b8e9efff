// Routes and the locale provider.
import { lazy, Suspense } from 'react';
import { IntlProvider } from 'react-intl';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { DEFAULT_LOCALE } from '@oj/proto';
import { LogoutPage } from './features/auth/LogoutPage';
import { DeveloperPage } from './features/home/DeveloperPage';
import { HomePage } from './features/home/HomePage';
import { IntroductionPage } from './features/home/IntroductionPage';
import { NotFoundPage } from './features/home/NotFoundPage';
import { PlaceholderPage } from './features/home/PlaceholderPage';
import { Layout } from './features/layout/Layout';
import { ProblemListPage } from './features/problem/ProblemListPage';
import { StatusListPage } from './features/submission/StatusListPage';
import { SubmissionDetailPage } from './features/submission/SubmissionDetailPage';
import { Loading } from './components/Spinner';
import { CATALOGUES, localeState } from './i18n/locale';
import type { MessageId } from './i18n/zh-CN';

// The editor (CodeMirror) is the heaviest part: load it with the problem page only.
const ProblemDetailPage = lazy(() => import('./features/problem/ProblemDetailPage').then((m) => ({ default: m.ProblemDetailPage })));

const PLACEHOLDERS: [string, MessageId][] = [
  ['/training', 'layout.header.training'],
  ['/contest', 'layout.header.contest'],
  ['/acm-rank', 'layout.header.acmRank'],
  ['/oi-rank', 'layout.header.oiRank'],
  ['/discussion', 'layout.header.discussion'],
  ['/group', 'layout.header.group'],
  ['/user-home', 'layout.header.userHome'],
  ['/setting', 'layout.header.setting'],
  ['/admin', 'layout.header.admin'],
];

const router = createBrowserRouter([
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
      { path: 'logout', element: <LogoutPage /> },
      ...PLACEHOLDERS.map(([path, title]) => ({ path: path.slice(1), element: <PlaceholderPage key={path} title={title} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function App() {
  const { locale } = useSnapshot(localeState);
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={CATALOGUES[locale]}>
      <RouterProvider router={router} />
    </IntlProvider>
  );
}
