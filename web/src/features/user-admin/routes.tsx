// The users, roles and permissions admin pages (super admin only: the server allows holders of user_admin and
// root; features/admin/routes.tsx puts them under the SuperAdminGuard).
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../../components/Spinner';

const UserAdminPage = lazy(() => import('./UserAdminPage').then((m) => ({ default: m.UserAdminPage })));
const RoleAdminPage = lazy(() => import('./RoleAdminPage').then((m) => ({ default: m.RoleAdminPage })));
const AuthAdminPage = lazy(() => import('./AuthAdminPage').then((m) => ({ default: m.AuthAdminPage })));
const RoleAuthPage = lazy(() => import('./RoleAuthPage').then((m) => ({ default: m.RoleAuthPage })));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

export const userAdminRootRoutes: RouteObject[] = [
  { path: 'user', element: page(<UserAdminPage />) },
  { path: 'role', element: page(<RoleAdminPage />) },
  { path: 'auth', element: page(<AuthAdminPage />) },
  { path: 'role_auth', element: page(<RoleAuthPage />) },
];
