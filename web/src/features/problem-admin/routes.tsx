// The problem bank's admin pages (list, create, edit, tags, import and export), mounted in the admin shell.
import type { RouteObject } from 'react-router-dom';

/** Children of the `/admin` route. */
export const problemAdminRoutes: RouteObject[] = [];
