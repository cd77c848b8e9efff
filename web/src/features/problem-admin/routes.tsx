// The problem bank's admin pages, children of the admin shell (features/admin/routes.tsx): the list, create and
// edit, tags, the package self-check; import and export for super admins only (the server allows root only).
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../../components/Spinner';

const ProblemFormPage = lazy(() => import('./form/ProblemFormPage').then((m) => ({ default: m.ProblemFormPage })));
const AdminProblemListPage = lazy(() => import('./list/AdminProblemListPage').then((m) => ({ default: m.AdminProblemListPage })));
const TagAdminPage = lazy(() => import('./tag/TagAdminPage').then((m) => ({ default: m.TagAdminPage })));
const SelfCheckPage = lazy(() => import('./self-check/SelfCheckPage').then((m) => ({ default: m.SelfCheckPage })));
const GroupProblemApplyPage = lazy(() => import('./group-apply/GroupProblemApplyPage').then((m) => ({ default: m.GroupProblemApplyPage })));
const BatchOperationPage = lazy(() => import('./batch/BatchOperationPage').then((m) => ({ default: m.BatchOperationPage })));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

/** Pages for every admin role (the server checks ownership for problem admins). */
export const problemAdminRoutes: RouteObject[] = [
  { path: 'problems', element: page(<AdminProblemListPage />) },
  { path: 'problem/create', element: page(<ProblemFormPage />) },
  { path: 'problem/edit/:problemId', element: page(<ProblemFormPage />) },
  { path: 'problem/tag', element: page(<TagAdminPage />) },
  { path: 'problem/:pid/self-check', element: page(<SelfCheckPage />) },
  // Group problems applying to be public: root and problem admins (the page sends an admin home).
  { path: 'group-problem/apply', element: page(<GroupProblemApplyPage />) },
];

/** Super admin only. */
export const problemAdminRootRoutes: RouteObject[] = [{ path: 'problem/batch-operation', element: page(<BatchOperationPage />) }];
