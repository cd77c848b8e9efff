// Contest routes inside the site layout: /contest and /contest/:contestID/* (the admin contest pages are in
// admin/routes.tsx, inside the admin shell); and the full-screen problem page, which lives outside the layout. Pages load on first visit.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { ContestVO } from '@oj/proto';
import { Loading } from '../../components/Spinner';
import { useContestShell } from './contest-context';

const ContestListPage = lazy(() => import('./ContestListPage').then((m) => ({ default: m.ContestListPage })));
const ContestShell = lazy(() => import('./ContestShell').then((m) => ({ default: m.ContestShell })));
const ContestOverviewTab = lazy(() => import('./ContestOverviewTab').then((m) => ({ default: m.ContestOverviewTab })));
const ContestProblemsTab = lazy(() => import('./ContestProblemsTab').then((m) => ({ default: m.ContestProblemsTab })));
const ContestProblemPage = lazy(() => import('./ContestProblemPage').then((m) => ({ default: m.ContestProblemPage })));
const ContestFullScreenProblemPage = lazy(() => import('./ContestProblemPage').then((m) => ({ default: m.ContestFullScreenProblemPage })));
const ContestSubmissionsTab = lazy(() => import('./ContestSubmissionsTab').then((m) => ({ default: m.ContestSubmissionsTab })));
const ContestAnnouncementsTab = lazy(() => import('./ContestAnnouncementsTab').then((m) => ({ default: m.ContestAnnouncementsTab })));
const ContestCommentTab = lazy(() => import('./ContestCommentTab').then((m) => ({ default: m.ContestCommentTab })));
const SubmissionDetailPage = lazy(() => import('../submission/SubmissionDetailPage').then((m) => ({ default: m.SubmissionDetailPage })));


// The tabs built with the scoreboards (web/src/features/scoreboard/).
type BoardTabProps = { contest: ContestVO; isAdmin: boolean };
const ContestRankTab = lazy(() => import('../scoreboard/ContestRankTab').then((m): { default: ComponentType<BoardTabProps> } => ({ default: m.ContestRankTab })));
const AcInfoTab = lazy(() => import('../scoreboard/AcInfoTab').then((m): { default: ComponentType<BoardTabProps> } => ({ default: m.AcInfoTab })));
const PrintTab = lazy(() => import('../scoreboard/PrintTab').then((m): { default: ComponentType<BoardTabProps> } => ({ default: m.PrintTab })));
const AdminPrintTab = lazy(() => import('../scoreboard/AdminPrintTab').then((m): { default: ComponentType<BoardTabProps> } => ({ default: m.AdminPrintTab })));
const RejudgeTab = lazy(() => import('../scoreboard/RejudgeTab').then((m): { default: ComponentType<BoardTabProps> } => ({ default: m.RejudgeTab })));
const ScrollBoardSetupTab = lazy(() => import('../scoreboard/ScrollBoardSetupTab').then((m): { default: ComponentType<BoardTabProps> } => ({ default: m.ScrollBoardSetupTab })));

function BoardTab({ tab: Tab }: { tab: ComponentType<BoardTabProps> }) {
  const { contest, isAdmin } = useContestShell();
  return <Tab contest={contest} isAdmin={isAdmin} />;
}

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

export const contestRoutes: RouteObject[] = [
  { path: 'contest', element: page(<ContestListPage />) },
  {
    path: 'contest/:contestID',
    element: page(<ContestShell />),
    children: [
      { index: true, element: page(<ContestOverviewTab />) },
      { path: 'problems', element: page(<ContestProblemsTab />) },
      { path: 'problem/:problemID', element: page(<ContestProblemPage />) },
      { path: 'submissions', element: page(<ContestSubmissionsTab />) },
      { path: 'problem/:problemID/submission-detail/:submitID', element: page(<SubmissionDetailPage />) },
      { path: 'announcements', element: page(<ContestAnnouncementsTab />) },
      { path: 'comment', element: page(<ContestCommentTab />) },
      { path: 'rank', element: page(<BoardTab tab={ContestRankTab} />) },
      { path: 'ac-info', element: page(<BoardTab tab={AcInfoTab} />) },
      { path: 'print', element: page(<BoardTab tab={PrintTab} />) },
      { path: 'admin-print', element: page(<BoardTab tab={AdminPrintTab} />) },
      { path: 'rejudge', element: page(<BoardTab tab={RejudgeTab} />) },
      { path: 'scroll-board', element: page(<BoardTab tab={ScrollBoardSetupTab} />) },
    ],
  },
];

/** Outside the site layout: the full-screen problem page of a contest. */
export const contestFullScreenRoutes: RouteObject[] = [
  { path: 'contest/:contestID/problem/:problemID/full-screen', element: page(<ContestFullScreenProblemPage />) },
];
