// Full-page routes without the site layout: the outside scoreboards and the scroll board window.
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../../components/Spinner';

const OutsideBoardPage = lazy(() => import('./OutsideBoardPage').then((m) => ({ default: m.OutsideBoardPage })));
const ScrollBoardPage = lazy(() => import('./scroll/ScrollBoardPage').then((m) => ({ default: m.ScrollBoardPage })));

const page = (el: ReactNode) => <Suspense fallback={<Loading />}>{el}</Suspense>;

export const standaloneBoardRoutes: RouteObject[] = [
  { path: '/contest/acm-scoreboard/:contestID', element: page(<OutsideBoardPage key="acm" kind="acm" />) },
  { path: '/contest/oi-scoreboard/:contestID', element: page(<OutsideBoardPage key="oi" kind="oi" />) },
  { path: '/scroll-board', element: page(<ScrollBoardPage />) },
];
