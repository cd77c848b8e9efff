// Group routes inside the site layout: /group and /group/:groupID/* (the shell and its tabs, a problem inside the
// group, the problem form); the full-screen problem page lives outside the layout. Pages load on first visit.
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../../components/Spinner';
import { trainingFullScreen, trainingPages } from '../training/routes';

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
const GroupContestAnnouncementList = lazy(() => import('./GroupContestAnnouncementList').then((m) => ({ default: m.GroupContestAnnouncementList })));
// group trainings, status and rank (issue 19, items 6 and 8)
const GroupTrainingsTab = lazy(() => import('./GroupTrainingsTab').then((m) => ({ default: m.GroupTrainingsTab })));
const GroupTrainingAdmin = lazy(() => import('./GroupTrainingsTab').then((m) => ({ default: m.GroupTrainingAdmin })));
const AdminTrainingListPage = lazy(() => import('../training/admin/AdminTrainingListPage').then((m) => ({ default: m.AdminTrainingListPage })));
const AdminTrainingFormPage = lazy(() => import('../training/admin/AdminTrainingFormPage').then((m) => ({ default: m.AdminTrainingFormPage })));
const AdminTrainingProblemsPage = lazy(() => import('../training/admin/AdminTrainingProblemsPage').then((m) => ({ default: m.AdminTrainingProblemsPage })));
const GroupStatusTab = lazy(() => import('./GroupStatusTab').then((m) => ({ default: m.GroupStatusTab })));
const GroupRankTab = lazy(() => import('./GroupRankTab').then((m) => ({ default: m.GroupRankTab })));
// group discussions (issue 19, item 8)
const GroupDiscussionTab = lazy(() => import('./GroupDiscussionTab').then((m) => ({ default: m.GroupDiscussionTab })));
// a submission's and a discussion's pages inside the group (issue 19, item 8)
const SubmissionDetailPage = lazy(() => import('../submission/SubmissionDetailPage').then((m) => ({ default: m.SubmissionDetailPage })));
const DiscussionDetailPage = lazy(() => import('../discussion/DiscussionDetailPage').then((m) => ({ default: m.DiscussionDetailPage })));
const trainingAdmin = (node: ReactNode) => page(<GroupTrainingAdmin>{page(node)}</GroupTrainingAdmin>);

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

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
      { path: 'contest', element: page(<GroupContestsTab />) },
      { path: 'contest/create', element: page(<GroupContestFormPage />) },
      { path: 'contest/:contestId/edit', element: page(<GroupContestFormPage />) },
      { path: 'contest/:contestId/problems', element: page(<GroupContestProblemsPage />) },
      { path: 'contest/:contestId/announcement', element: page(<GroupContestAnnouncementList />) },
      { path: 'contest/:contestId/problem/create', element: page(<GroupProblemFormPage />) },
      // group trainings, status and rank (issue 19, items 6 and 8)
      { path: 'training', element: page(<GroupTrainingsTab />) },
      { path: 'training/admin', element: trainingAdmin(<AdminTrainingListPage />) },
      { path: 'training/admin/create', element: trainingAdmin(<AdminTrainingFormPage />) },
      { path: 'training/admin/:trainingId/edit', element: trainingAdmin(<AdminTrainingFormPage />) },
      { path: 'training/admin/:trainingId/problems', element: trainingAdmin(<AdminTrainingProblemsPage />) },
      // the site's training pages inside the group (issue 19, item 6)
      trainingPages('training/:trainingID'),
      { path: 'status', element: page(<GroupStatusTab />) },
      { path: 'rank', element: page(<GroupRankTab />) },
      { path: 'discussion', element: page(<GroupDiscussionTab />) },
      // the shell maps these paths to the Status and Discussion tabs, whose rules (members; the switch) they follow
      { path: 'submission-detail/:submitID', element: page(<SubmissionDetailPage />) },
      { path: 'discussion/:pid', element: page(<GroupDiscussionTab />) },
      { path: 'discussion-detail/:did', element: page(<DiscussionDetailPage />) },
    ],
  },
];

/** Outside the site layout: the full-screen problem pages of a group and of a group's training. */
export const groupFullScreenRoutes: RouteObject[] = [
  { path: 'group/:groupID/problem/:problemID/full-screen', element: page(<GroupFullScreenProblemPage />) },
  trainingFullScreen('group/:groupID/training/:trainingID/problem/:problemID/full-screen'),
];
