// The admin dashboard's calls: the counts (in the browser's time zone) and the live panels' snapshot.
import type { DashboardInfo, DashboardLive } from '@oj/proto';
import { api } from '../../lib/api';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const dashboardInfo = () => api.get<DashboardInfo>('/admin/dashboard/get-dashboard-info', { query: { tz: browserZone() } });
/** Silent: the live panels fall back to it while the socket is down. */
export const dashboardLive = () => api.get<DashboardLive>('/admin/dashboard/get-dashboard-live', { silent: true });
