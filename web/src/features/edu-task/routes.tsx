// Homework and exam pages: the students' (and the grid / monitor of their teacher) inside the site layout, and the
// editor inside the admin shell (features/admin/routes.tsx).
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { TASK_KINDS } from '@oj/proto';
import { Loading } from '../../components/Spinner';

const TaskPage = lazy(() => import('./TaskPage').then((m) => ({ default: m.TaskPage })));
const TaskProblemPage = lazy(() => import('./TaskProblemPage').then((m) => ({ default: m.TaskProblemPage })));
const TaskStatusPage = lazy(() => import('./TaskStatusPage').then((m) => ({ default: m.TaskStatusPage })));
const TaskEditPage = lazy(() => import('./admin/TaskEditPage').then((m) => ({ default: m.TaskEditPage })));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

export const taskRoutes: RouteObject[] = TASK_KINDS.flatMap((kind) => [
  { path: `${kind}/:id`, element: page(<TaskPage key={kind} kind={kind} />) },
  { path: `${kind}/:id/problem/:problemId`, element: page(<TaskProblemPage key={kind} kind={kind} />) },
  { path: `${kind}/:id/status`, element: page(<TaskStatusPage key={kind} kind={kind} />) },
]);

export const taskAdminRoutes: RouteObject[] = TASK_KINDS.map((kind) => ({ path: `${kind}/:id`, element: page(<TaskEditPage key={kind} kind={kind} />) }));
