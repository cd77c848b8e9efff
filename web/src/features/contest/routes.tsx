// Contest routes inside the site layout (issue 5): /contest, /contest/:contestID/* and the admin contest pages.
import type { RouteObject } from 'react-router-dom';

export const contestRoutes: RouteObject[] = [];
