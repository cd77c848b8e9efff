// The admin area, outside the site layout: /admin/login (open) and every admin page inside the guarded admin shell.
// Feature folders list their admin pages (contest, problem bank); any other /admin path goes to the admin login.
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Loading } from '../../components/Spinner';
import { contestAdminRoutes } from '../contest/admin/routes';
import { problemAdminRoutes, problemAdminRootRoutes } from '../problem-admin/routes';
import { siteAdminRootRoutes, siteAdminRoutes } from '../site-admin/routes';
import { userAdminRootRoutes } from '../user-admin/routes';
import { ADMIN_HOME } from './admin-menu';
import { AdminGuard, SuperAdminGuard } from './AdminGuard';
import { AdminLoginPage } from './AdminLoginPage';

const AdminLayout = lazy(() => import('./AdminLayout').then((m) => ({ default: m.AdminLayout })));
const DashboardPage = lazy(() => import('../dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

export const adminRoutes: RouteObject[] = [
  { path: 'admin/login', element: <AdminLoginPage /> },
  {
    path: 'admin',
    element: <AdminGuard>{page(<AdminLayout />)}</AdminGuard>,
    children: [
      { index: true, element: <Navigate to={ADMIN_HOME} replace /> },
      { path: 'dashboard', element: page(<DashboardPage />) },
      ...contestAdminRoutes,
      ...problemAdminRoutes,
      { element: <SuperAdminGuard />, children: problemAdminRootRoutes },
      ...siteAdminRoutes,
      { element: <SuperAdminGuard />, children: siteAdminRootRoutes },
      { element: <SuperAdminGuard />, children: userAdminRootRoutes },
    ],
  },
  { path: 'admin/*', element: <Navigate to="/admin/login" replace /> },
];
