// The problem bank's admin pages (list, create, edit, tags, import and export), mounted in the admin shell.
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../../components/Spinner';

const ProblemFormPage = lazy(() => import('./form/ProblemFormPage').then((m) => ({ default: m.ProblemFormPage })));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

/** Children of the `/admin` route. */
export const problemAdminRoutes: RouteObject[] = [
  { path: 'problem/create', element: page(<ProblemFormPage />) },
  { path: 'problem/edit/:problemId', element: page(<ProblemFormPage />) },
];
