// The contest admin pages, children of the admin shell (features/admin/routes.tsx).
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../../../components/Spinner';

const AdminContestListPage = lazy(() => import('./AdminContestListPage').then((m) => ({ default: m.AdminContestListPage })));
const AdminContestFormPage = lazy(() => import('./AdminContestFormPage').then((m) => ({ default: m.AdminContestFormPage })));
const AdminContestProblemsPage = lazy(() => import('./AdminContestProblemsPage').then((m) => ({ default: m.AdminContestProblemsPage })));
const ProblemFormPage = lazy(() => import('../../problem-admin/form/ProblemFormPage').then((m) => ({ default: m.ProblemFormPage })));
const AdminContestAnnouncementPage = lazy(() => import('./AdminContestAnnouncementPage').then((m) => ({ default: m.AdminContestAnnouncementPage })));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

export const contestAdminRoutes: RouteObject[] = [
  { path: 'contest', element: page(<AdminContestListPage />) },
  { path: 'contest/create', element: page(<AdminContestFormPage />) },
  { path: 'contest/:contestId/edit', element: page(<AdminContestFormPage />) },
  { path: 'contest/:contestId/problems', element: page(<AdminContestProblemsPage />) },
  { path: 'contest/:contestId/announcement', element: page(<AdminContestAnnouncementPage />) },
  // The problem form in the contest's context (features/problem-admin/form/ProblemFormPage.tsx).
  { path: 'contest/:contestId/problem/create', element: page(<ProblemFormPage />) },
  { path: 'contest/:contestId/problem/edit/:problemId', element: page(<ProblemFormPage />) },
];
