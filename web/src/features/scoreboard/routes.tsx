// Full-page routes without the site layout (issue 5): the outside scoreboards and the scroll board window.
import type { RouteObject } from 'react-router-dom';

export const standaloneBoardRoutes: RouteObject[] = [];
