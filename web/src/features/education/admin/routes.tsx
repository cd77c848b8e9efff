// The education admin pages (teachers: holders of lesson_*), children of the admin shell (features/admin/routes.tsx).
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../../../components/Spinner';

const GradesPage = lazy(() => import('./GradesPage').then((m) => ({ default: m.GradesPage })));
const ClassesPage = lazy(() => import('./ClassesPage').then((m) => ({ default: m.ClassesPage })));
const ClassPage = lazy(() => import('./ClassPage').then((m) => ({ default: m.ClassPage })));
const CoursesPage = lazy(() => import('./CoursesPage').then((m) => ({ default: m.CoursesPage })));
const CourseContentPage = lazy(() => import('./CourseContentPage').then((m) => ({ default: m.CourseContentPage })));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

export const educationAdminRoutes: RouteObject[] = [
  { path: 'grades', element: page(<GradesPage />) },
  { path: 'grades/:gradeId', element: page(<ClassesPage />) },
  { path: 'classes', element: page(<ClassesPage />) },
  { path: 'classes/:classId', element: page(<ClassPage />) },
  { path: 'course', element: page(<CoursesPage />) },
  { path: 'courses/:courseId/detail', element: page(<CourseContentPage />) },
];
