// The admin dashboard (any admin role, as the original's get-dashboard-info): the counts of today and this week,
// the running and upcoming contests, and the snapshot of the live panels that `dashboard.live` then updates.
import { DASHBOARD_VERDICTS, isSiteAdminRole, OjError, topics, type DashboardInfo, type DashboardLive } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { RunnerRegistry } from '../judge/runner-registry';
import { latestSeqOf } from '../push/push.repo';
import { remoteJudgeStatus } from '../remote-judge/remote-accounts.service';
import { dashboardContests, laneQueues, latestVerdicts, submissionCounts, userCounts } from './dashboard.repo';
import { toDashboardRunner } from './runner-diff';
import { dashboardVerdicts } from './sealed-verdicts';
import { dayAndWeekStart, isTimeZone } from './time-zone';

export interface DashboardService {
  /** The counts; "today" and "this week" (from Monday) in time zone `tz` (default: the server's). */
  info(viewer: Viewer, tz?: string): Promise<DashboardInfo>;
  /** The live panels now, with the `admin-dashboard` seq they are current at. */
  live(viewer: Viewer): Promise<DashboardLive>;
}

function requireAdmin(viewer: Viewer): void {
  if (!isSiteAdminRole(viewer.roles)) throw new OjError('AUTH_FORBIDDEN');
}

export function createDashboardService(ctx: ServiceContext, registry: RunnerRegistry): DashboardService {
  const { db } = ctx;
  return {
    async info(viewer, tz) {
      requireAdmin(viewer);
      const zone = tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (!isTimeZone(zone)) throw new OjError('VALIDATION_FAILED', { detail: 'tz' });
      const now = new Date();
      const { today, week } = dayAndWeekStart(zone, now.getTime());
      const [users, subs, contests] = await Promise.all([
        userCounts(db, new Date(week)),
        submissionCounts(db, new Date(today), new Date(week)),
        dashboardContests(db, now),
      ]);
      return {
        userNum: users.total,
        recentContestNum: contests.recent,
        todayJudgeNum: subs.today,
        weekJudgeNum: subs.week,
        newUserWeekNum: users.since,
        running: contests.running,
        upcoming: contests.upcoming,
        todayStart: new Date(today).toISOString(),
        weekStart: new Date(week).toISOString(),
        tz: zone,
      };
    },

    async live(viewer) {
      requireAdmin(viewer);
      // The seq first: an event committed after it is replayed on top of this snapshot (idempotently).
      const seq = await latestSeqOf(db, topics.adminDashboard());
      const now = Date.now();
      const runners = registry
        .seen(now)
        .map(toDashboardRunner)
        .sort((a, b) => a.runnerId.localeCompare(b.runnerId));
      const [lanes, rows, remote] = await Promise.all([laneQueues(db), latestVerdicts(db, DASHBOARD_VERDICTS), remoteJudgeStatus(db, now)]);
      return { seq, now, runnerTimeoutMs: registry.ttlMs, runners, lanes, verdicts: await dashboardVerdicts(db, rows, now), remote };
    },
  };
}
