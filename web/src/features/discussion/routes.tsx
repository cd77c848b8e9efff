// The public discussion routes inside the site layout, behind the site switch (DiscussionGate): the list, a problem's
// list (/discussion/:pid, where an old post link /discussion/<did> is sent on to the post) and the post
// (/discussion-detail/:did). Pages load on first visit.
import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { DiscussionGate } from './DiscussionGate';

const DiscussionDetailPage = lazy(() => import('./DiscussionDetailPage').then((m) => ({ default: m.DiscussionDetailPage })));
const DiscussionListPage = lazy(() => import('./DiscussionListPage').then((m) => ({ default: m.DiscussionListPage })));

const gated = (node: ReactNode) => <DiscussionGate>{node}</DiscussionGate>;

export const discussionRoutes: RouteObject[] = [
  { path: 'discussion', element: gated(<DiscussionListPage />) },
  { path: 'discussion/:pid', element: gated(<DiscussionListPage />) },
  { path: 'discussion-detail/:did', element: gated(<DiscussionDetailPage />) },
];
