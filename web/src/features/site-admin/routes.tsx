// The site administration pages, children of the admin shell (features/admin/routes.tsx): discussions for every
// admin; announcements, notices, config and switches for super admins only (as the server allows).
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../../components/Spinner';

const AnnouncementAdminPage = lazy(() => import('./AnnouncementAdminPage').then((m) => ({ default: m.AnnouncementAdminPage })));
const NoticeAdminPage = lazy(() => import('./NoticeAdminPage').then((m) => ({ default: m.NoticeAdminPage })));
const ConfigPage = lazy(() => import('./ConfigPage').then((m) => ({ default: m.ConfigPage })));
const SwitchPage = lazy(() => import('./SwitchPage').then((m) => ({ default: m.SwitchPage })));
const DiscussionAdminPage = lazy(() => import('./DiscussionAdminPage').then((m) => ({ default: m.DiscussionAdminPage })));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

export const siteAdminRoutes: RouteObject[] = [{ path: 'discussion', element: page(<DiscussionAdminPage />) }];

/** Super admin only. */
export const siteAdminRootRoutes: RouteObject[] = [
  { path: 'announcement', element: page(<AnnouncementAdminPage />) },
  { path: 'notice', element: page(<NoticeAdminPage />) },
  { path: 'conf', element: page(<ConfigPage />) },
  { path: 'switch', element: page(<SwitchPage />) },
];
