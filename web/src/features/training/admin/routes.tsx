// The training admin pages, children of the admin shell (features/admin/routes.tsx), for root and admins.
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../../../components/Spinner';

const AdminTrainingListPage = lazy(() => import('./AdminTrainingListPage').then((m) => ({ default: m.AdminTrainingListPage })));
const AdminTrainingFormPage = lazy(() => import('./AdminTrainingFormPage').then((m) => ({ default: m.AdminTrainingFormPage })));
const AdminTrainingProblemsPage = lazy(() => import('./AdminTrainingProblemsPage').then((m) => ({ default: m.AdminTrainingProblemsPage })));
const AdminTrainingCategoryPage = lazy(() => import('./AdminTrainingCategoryPage').then((m) => ({ default: m.AdminTrainingCategoryPage })));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

export const trainingAdminRoutes: RouteObject[] = [
  { path: 'training', element: page(<AdminTrainingListPage />) },
  { path: 'training/create', element: page(<AdminTrainingFormPage />) },
  { path: 'training/category', element: page(<AdminTrainingCategoryPage />) },
  { path: 'training/:trainingId/edit', element: page(<AdminTrainingFormPage />) },
  { path: 'training/:trainingId/problems', element: page(<AdminTrainingProblemsPage />) },
];
