// The admin dashboard: the original's `get-dashboard-info` (any admin role), extended with this week's counts and
// the contests themselves, and `get-dashboard-live`, the snapshot of the live panels (runners, queue lanes, latest
// verdicts) that the `admin-dashboard` topic then keeps current. The services check the role again.
import { ADMIN_ROLES, DashboardInfoQuery, ok } from '@oj/proto';
import { roleHook } from './role-hook';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerDashboardRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const admins = [auth.login, roleHook([...ADMIN_ROLES])];
  app.get('/api/admin/dashboard/get-dashboard-info', { schema: { querystring: DashboardInfoQuery }, preHandler: admins }, async (req) =>
    ok(await services.dashboard.info(requireViewer(req), req.query.tz)),
  );
  app.get('/api/admin/dashboard/get-dashboard-live', { preHandler: admins }, async (req) => ok(await services.dashboard.live(requireViewer(req))));
}
