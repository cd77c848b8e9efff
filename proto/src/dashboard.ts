// Contracts of the admin dashboard: the counts of `get-dashboard-info`, the live panels' snapshot
// (`get-dashboard-live`) and the `dashboard.live` event of the `admin-dashboard` topic that keeps it current.
import { Type, type Static } from '@sinclair/typebox';
import { LANES, RunnerJob, SandboxDriverName } from './nats';
import { RemoteJudgeStatus } from './remote-judge';

/** `GET /api/admin/dashboard/get-dashboard-info?tz=`: the day and week start in this IANA time zone. */
export const DashboardInfoQuery = Type.Object({
  tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_+/-]+$' })),
});
export type DashboardInfoQuery = Static<typeof DashboardInfoQuery>;

/** A contest in the dashboard's running / upcoming lists. */
export const DashboardContest = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  /** 0 ACM, 1 OI. */
  type: Type.Integer(),
  /** 0 public, 1 private, 2 protected. */
  auth: Type.Integer(),
});
export type DashboardContest = Static<typeof DashboardContest>;

/**
 * The original's map {userNum, recentContestNum, todayJudgeNum}, plus this week's submissions, this week's new
 * users and the running and upcoming contests themselves.
 */
export const DashboardInfo = Type.Object({
  userNum: Type.Integer(),
  /** Contests running now or starting within the next 14 days. */
  recentContestNum: Type.Integer(),
  todayJudgeNum: Type.Integer(),
  weekJudgeNum: Type.Integer(),
  newUserWeekNum: Type.Integer(),
  running: Type.Array(DashboardContest),
  upcoming: Type.Array(DashboardContest),
  /** The start of today and of this week (Monday) the counts used, ISO. */
  todayStart: Type.String(),
  weekStart: Type.String(),
  tz: Type.String(),
});
export type DashboardInfo = Static<typeof DashboardInfo>;

/** One live runner on the dashboard. `lastSeen` is the server's clock (epoch ms) when its last heartbeat came. */
export const DashboardRunner = Type.Object({
  runnerId: Type.String(),
  version: Type.String(),
  languages: Type.Array(Type.String()),
  slots: Type.Integer(),
  freeSlots: Type.Integer(),
  /** Its sandbox driver, when the runner reports it. */
  sandbox: Type.Optional(SandboxDriverName),
  jobs: Type.Array(RunnerJob),
  lastSeen: Type.Integer(),
});
export type DashboardRunner = Static<typeof DashboardRunner>;

/** Unjudged work of one queue lane: waiting (Pending) and being judged (Compiling, Judging). */
export const DashboardLane = Type.Object({
  lane: Type.Union(LANES.map((l) => Type.Literal(l))),
  waiting: Type.Integer(),
  judging: Type.Integer(),
});
export type DashboardLane = Static<typeof DashboardLane>;

/** A final verdict as the dashboard lists it. */
export const DashboardVerdict = Type.Object({
  submitId: Type.Integer(),
  uid: Type.String(),
  username: Type.String(),
  pid: Type.Integer(),
  displayPid: Type.String(),
  cid: Type.Integer(),
  status: Type.Integer(),
  time: Type.Union([Type.Integer(), Type.Null()]),
  memory: Type.Union([Type.Integer(), Type.Null()]),
  judger: Type.Union([Type.String(), Type.Null()]),
  /** When it was judged, ISO. */
  judgedAt: Type.String(),
});
export type DashboardVerdict = Static<typeof DashboardVerdict>;

/** How many verdicts the dashboard keeps. */
export const DASHBOARD_VERDICTS = 20;

/** `GET /api/admin/dashboard/get-dashboard-live`: the live panels, and the topic seq they are current at. */
export const DashboardLive = Type.Object({
  seq: Type.Integer(),
  /** The server's clock (epoch ms) when answered: the client measures heartbeat ages against it. */
  now: Type.Integer(),
  /** A runner silent this long is removed. */
  runnerTimeoutMs: Type.Integer(),
  runners: Type.Array(DashboardRunner),
  lanes: Type.Array(DashboardLane),
  verdicts: Type.Array(DashboardVerdict),
  /** The remote judges per site (last verdict, queue, failing accounts). */
  remote: RemoteJudgeStatus,
});
export type DashboardLive = Static<typeof DashboardLive>;

/** What changed among the runners: new or changed state, only a new heartbeat, or gone. */
export const DashboardRunnersDiff = Type.Object({
  changed: Type.Array(DashboardRunner),
  seen: Type.Array(Type.Object({ runnerId: Type.String(), lastSeen: Type.Integer() })),
  removed: Type.Array(Type.String()),
});
export type DashboardRunnersDiff = Static<typeof DashboardRunnersDiff>;

/**
 * `dashboard.live` on `admin-dashboard`: at most two a second per publishing process, each with only what moved
 * since the last: the runners' diff, every lane when a count changed, the verdicts stored since (oldest first).
 */
export const DashboardLiveEvent = Type.Object({
  now: Type.Integer(),
  runners: Type.Optional(DashboardRunnersDiff),
  lanes: Type.Optional(Type.Array(DashboardLane)),
  verdicts: Type.Optional(Type.Array(DashboardVerdict, { maxItems: DASHBOARD_VERDICTS })),
  /** The whole remote panel, when anything in it changed. */
  remote: Type.Optional(RemoteJudgeStatus),
});
export type DashboardLiveEvent = Static<typeof DashboardLiveEvent>;

/** The live panels as a client holds them. */
export interface DashboardPanels {
  runners: DashboardRunner[];
  lanes: DashboardLane[];
  /** Newest first, at most `DASHBOARD_VERDICTS`. */
  verdicts: DashboardVerdict[];
  remote?: RemoteJudgeStatus;
}

const byRunnerId = (a: DashboardRunner, b: DashboardRunner) => a.runnerId.localeCompare(b.runnerId);

/**
 * Applies one `dashboard.live` event: runners upserted, refreshed or removed by id; lanes replaced; verdicts put
 * in front (a verdict of a submission already listed, e.g. a rejudge or one also in the snapshot, replaces it).
 */
export function applyDashboardLive(p: DashboardPanels, ev: DashboardLiveEvent): DashboardPanels {
  let { runners, lanes, verdicts, remote } = p;
  if (ev.runners) {
    const { changed, seen, removed } = ev.runners;
    const replaced = new Set([...removed, ...changed.map((r) => r.runnerId)]);
    const seenAt = new Map(seen.map((s) => [s.runnerId, s.lastSeen]));
    const kept = runners.filter((r) => !replaced.has(r.runnerId)).map((r) => ({ ...r, lastSeen: seenAt.get(r.runnerId) ?? r.lastSeen }));
    runners = [...kept, ...changed].sort(byRunnerId);
  }
  if (ev.lanes) lanes = ev.lanes;
  if (ev.remote) remote = ev.remote;
  if (ev.verdicts?.length) {
    const fresh = [...ev.verdicts].reverse();
    const ids = new Set(fresh.map((v) => v.submitId));
    verdicts = [...fresh, ...verdicts.filter((v) => !ids.has(v.submitId))].slice(0, DASHBOARD_VERDICTS);
  }
  return { runners, lanes, verdicts, ...(remote && { remote }) };
}
