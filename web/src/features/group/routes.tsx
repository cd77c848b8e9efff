// Group routes inside the site layout: /group and /group/:groupID/* (the shell and its tabs, a problem inside the
// group, the problem form); the full-screen problem page lives outside the layout. Pages load on first visit.
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../../components/Spinner';
import { PlaceholderPage } from '../home/PlaceholderPage';
import type { MessageId } from '../../i18n/zh-CN';

const GroupListPage = lazy(() => import('./GroupListPage').then((m) => ({ default: m.GroupListPage })));
const GroupShell = lazy(() => import('./GroupShell').then((m) => ({ default: m.GroupShell })));
const GroupHomeTab = lazy(() => import('./GroupHomeTab').then((m) => ({ default: m.GroupHomeTab })));
const GroupProblemsTab = lazy(() => import('./GroupProblemsTab').then((m) => ({ default: m.GroupProblemsTab })));
const GroupProblemPage = lazy(() => import('./GroupProblemPage').then((m) => ({ default: m.GroupProblemPage })));
const GroupFullScreenProblemPage = lazy(() => import('./GroupProblemPage').then((m) => ({ default: m.GroupFullScreenProblemPage })));
const GroupProblemFormPage = lazy(() => import('./GroupProblemFormPage').then((m) => ({ default: m.GroupProblemFormPage })));
const GroupMembersTab = lazy(() => import('./GroupMembersTab').then((m) => ({ default: m.GroupMembersTab })));
const GroupAnnouncementsTab = lazy(() => import('./GroupAnnouncementsTab').then((m) => ({ default: m.GroupAnnouncementsTab })));
const GroupSettingTab = lazy(() => import('./GroupSettingTab').then((m) => ({ default: m.GroupSettingTab })));
// group contests (issue 19, item 7)
const GroupContestsTab = lazy(() => import('./GroupContestsTab').then((m) => ({ default: m.GroupContestsTab })));
const GroupContestFormPage = lazy(() => import('./GroupContestFormPage').then((m) => ({ default: m.GroupContestFormPage })));
const GroupContestProblemsPage = lazy(() => import('./GroupContestProblemsPage').then((m) => ({ default: m.GroupContestProblemsPage })));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;
/** The tabs of issue 19's items 6–8 (trainings, contests, status, discussions, rank): the site's placeholder until then. */
const later = (what: MessageId) => <PlaceholderPage key={what} title={what} />;

export const groupRoutes: RouteObject[] = [
  { path: 'group', element: page(<GroupListPage />) },
  {
    path: 'group/:groupID',
    element: page(<GroupShell />),
    children: [
      { index: true, element: page(<GroupHomeTab />) },
      { path: 'problem', element: page(<GroupProblemsTab />) },
      { path: 'problem/create', element: page(<GroupProblemFormPage />) },
      { path: 'problem/:problemId/edit', element: page(<GroupProblemFormPage />) },
      { path: 'problem/:problemID', element: page(<GroupProblemPage />) },
      { path: 'member', element: page(<GroupMembersTab />) },
      { path: 'announcement', element: page(<GroupAnnouncementsTab />) },
      { path: 'setting', element: page(<GroupSettingTab />) },
      { path: 'training', element: later('group.tab.training') },
      { path: 'contest', element: page(<GroupContestsTab />) },
      { path: 'contest/create', element: page(<GroupContestFormPage />) },
      { path: 'contest/:contestId/edit', element: page(<GroupContestFormPage />) },
      { path: 'contest/:contestId/problems', element: page(<GroupContestProblemsPage />) },
      { path: 'status', element: later('group.tab.status') },
      { path: 'discussion', element: later('group.tab.discussion') },
      { path: 'rank', element: later('group.tab.rank') },
    ],
  },
];

/** Outside the site layout: the full-screen problem page of a group. */
export const groupFullScreenRoutes: RouteObject[] = [{ path: 'group/:groupID/problem/:problemID/full-screen', element: page(<GroupFullScreenProblemPage />) }];
