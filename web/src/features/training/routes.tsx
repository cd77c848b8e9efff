// Training routes inside the site layout: /training and /training/:trainingID/* (the admin pages are in
// admin/routes.tsx, inside the admin shell); and the full-screen problem page, outside the layout. Pages load on
// first visit.
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../../components/Spinner';

const TrainingListPage = lazy(() => import('./TrainingListPage').then((m) => ({ default: m.TrainingListPage })));
const TrainingShell = lazy(() => import('./TrainingShell').then((m) => ({ default: m.TrainingShell })));
const TrainingIntroTab = lazy(() => import('./TrainingIntroTab').then((m) => ({ default: m.TrainingIntroTab })));
const TrainingProblemsTab = lazy(() => import('./TrainingProblemsTab').then((m) => ({ default: m.TrainingProblemsTab })));
const TrainingProblemPage = lazy(() => import('./TrainingProblemPage').then((m) => ({ default: m.TrainingProblemPage })));
const TrainingFullScreenProblemPage = lazy(() => import('./TrainingProblemPage').then((m) => ({ default: m.TrainingFullScreenProblemPage })));
const TrainingRankTab = lazy(() => import('./TrainingRankTab').then((m) => ({ default: m.TrainingRankTab })));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

/** A training's pages under `path`: here /training/:trainingID, and inside a group /group/:groupID/training/:trainingID. */
export const trainingPages = (path: string): RouteObject => ({
  path,
  element: page(<TrainingShell />),
  children: [
    { index: true, element: page(<TrainingIntroTab />) },
    { path: 'problems', element: page(<TrainingProblemsTab />) },
    { path: 'problem/:problemID', element: page(<TrainingProblemPage />) },
    { path: 'rank', element: page(<TrainingRankTab />) },
  ],
});

/** The full-screen problem page of a training under `path` (…/problem/:problemID/full-screen). */
export const trainingFullScreen = (path: string): RouteObject => ({ path, element: page(<TrainingFullScreenProblemPage />) });

export const trainingRoutes: RouteObject[] = [{ path: 'training', element: page(<TrainingListPage />) }, trainingPages('training/:trainingID')];

/** Outside the site layout: the full-screen problem page of a training. */
export const trainingFullScreenRoutes: RouteObject[] = [trainingFullScreen('training/:trainingID/problem/:problemID/full-screen')];
