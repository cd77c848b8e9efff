// The admin area, outside the site layout: /admin/login (open) and every admin page inside the guarded admin shell.
// Feature folders list their admin pages (contest, problem bank); any other /admin path goes to the admin login.
// The whole area renders once the admin pages' messages have loaded (loadAdminMessages): the public pages never
// download them, and the guards' notices are in them.
import { lazy, Suspense, type ReactNode } from 'react';
import { readPromise } from '../../lib/read-promise';
import { Navigate, type RouteObject } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { loadAdminMessages } from '../../i18n/locale';
import { sessionState } from '../../stores/session';
import { Loading } from '../../components/Spinner';
import { contestAdminRoutes } from '../contest/admin/routes';
import { trainingAdminRoutes } from '../training/admin/routes';
import { educationAdminRoutes } from '../education/admin/routes';
import { taskAdminRoutes } from '../edu-task/routes';
import { problemAdminRoutes, problemAdminRootRoutes } from '../problem-admin/routes';
import { siteAdminRootRoutes, siteAdminRoutes } from '../site-admin/routes';
import { userAdminRootRoutes } from '../user-admin/routes';
import { adminHome } from './admin-menu';
import { AdminGuard, SiteAdminGuard, SuperAdminGuard } from './AdminGuard';

const AdminLoginPage = lazy(() => import('./AdminLoginPage').then((m) => ({ default: m.AdminLoginPage })));
const AdminLayout = lazy(() => import('./AdminLayout').then((m) => ({ default: m.AdminLayout })));
const DashboardPage = lazy(() => import('../dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

function WithAdminMessages({ children }: { children: ReactNode }) {
  readPromise(loadAdminMessages());
  return children;
}
const area = (node: ReactNode) => page(<WithAdminMessages>{node}</WithAdminMessages>);

/** `/admin`: the caller's admin home. */
function AdminIndex() {
  const { roles } = useSnapshot(sessionState);
  return <Navigate to={adminHome(roles)} replace />;
}

export const adminRoutes: RouteObject[] = [
  { path: 'admin/login', element: area(<AdminLoginPage />) },
  {
    path: 'admin',
    element: area(<AdminGuard>{page(<AdminLayout />)}</AdminGuard>),
    children: [
      { index: true, element: <AdminIndex /> },
      // Root and admins; a problem admin reaches the problem bank only.
      { element: <SiteAdminGuard />, children: [{ path: 'dashboard', element: page(<DashboardPage />) }, ...contestAdminRoutes, ...trainingAdminRoutes, ...siteAdminRoutes, ...educationAdminRoutes, ...taskAdminRoutes] },
      ...problemAdminRoutes,
      { element: <SuperAdminGuard />, children: problemAdminRootRoutes },
      { element: <SuperAdminGuard />, children: siteAdminRootRoutes },
      { element: <SuperAdminGuard />, children: userAdminRootRoutes },
    ],
  },
  { path: 'admin/*', element: <Navigate to="/admin/login" replace /> },
];
