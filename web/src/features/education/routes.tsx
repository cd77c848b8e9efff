// The students' course pages inside the site layout: /course, /courses/:courseId/detail, /courses/:courseId/invite.
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../../components/Spinner';

const CourseListPage = lazy(() => import('./CourseListPage').then((m) => ({ default: m.CourseListPage })));
const CourseDetailPage = lazy(() => import('./CourseDetailPage').then((m) => ({ default: m.CourseDetailPage })));
const CourseInvitePage = lazy(() => import('./CourseInvitePage').then((m) => ({ default: m.CourseInvitePage })));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

export const educationRoutes: RouteObject[] = [
  { path: 'course', element: page(<CourseListPage />) },
  { path: 'courses/:courseId/detail', element: page(<CourseDetailPage />) },
  { path: 'courses/:courseId/invite', element: page(<CourseInvitePage />) },
];
