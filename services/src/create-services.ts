// Wires the services of one process: one database pool, the bus, the outbox relay, the ingester and the
// periodic maintenance (stall watchdog, pruning).
import { createRemoteImports } from './remote-judge/remote-import-into.service';
import { createRemoteAccountsService } from './remote-judge/remote-accounts.service';
import { createSubmissionCodeService } from './submission/submission-code.service';
import pino, { type Logger } from 'pino';
import type { ServicesTransport, Stoppable } from '@oj/proto';
import type { OjServices } from './api';
import { createAccountService, type AccountServiceImpl } from './account/account.service';
import { createAccountFlows } from './account/account-flows.service';
import { createPostingGates } from './account/gates';
import { resolveServicesConfig, type ServicesConfig } from './config';
import type { ServiceContext } from './context';
import { openDb } from './db/client';
import { pruneSentOutbox, uncountContestSubmissions } from './judge/judging.repo';
import { JudgeIngester } from './judge/ingester';
import { OutboxRelay } from './judge/outbox-relay';
import { RunnerRegistry } from './judge/runner-registry';
import { createJudgeAdminService } from './judge/judge-admin.service';
import { RunnerStatusPublisher } from './judge/runner-status';
import { DashboardPublisher } from './dashboard/dashboard-publisher';
import { createDashboardService } from './dashboard/dashboard.service';
import { createTestJudgeService, pruneTestJudges, TestJudgeWorker } from './submission/test-judge.service';
import { createProblemService } from './problem/problem.service';
import { createPushService, prunePushEvents } from './push/push.service';
import { createSiteService } from './site/site.service';
import { createDiscussService } from './discuss/discuss.service';
import { createMessageService } from './discuss/message.service';
import { createEventFeedService } from './contest/event-feed/event-feed.service';
import { createHomeService } from './home/home.service';
import { createTestdataService } from './testdata/testdata.service';
import { createSubmissionService } from './submission/submission.service';
import { createContestService } from './contest/contest.service';
import { createContestAdminService } from './contest/contest-admin.service';
import { createAcCodeZipService } from './contest/ac-code-zip.service';
import { createContestOwnProblemService } from './contest/contest-own-problem.service';
import { createContestAnnouncementService } from './contest/announcement.service';
import { createGroupContestService } from './group/group-contest.service';
import { ContestClock } from './contest/contest-clock';
import { hashPlainContestPasswords } from './contest/contest-password';
import { BoardProjector } from './contest/scoreboard/projector';
import { createScoreboardService } from './contest/scoreboard/board.service';
import { createProblemAdminService } from './problem-admin/problem-admin.service';
import { ProblemQueuePublisher } from './problem-admin/problem-queue';
import { createSelfCheckService } from './problem-admin/self-check.service';
import { createTagService } from './tag/tag.service';
import { createMdFileService } from './md-file/md-file.service';
import { createProblemImportService } from './problem-import/import.service';
import { createProblemExportService } from './problem-import/export.service';
import { readArchive, writeHojArchive } from './problem-import';
import { createSiteAdmin } from './site-admin/site-admin';
import { createUserAdminService } from './user-admin/user-admin.service';
import { createUserImportService } from './user-admin/user-import.service';
import { createAccessService } from './user-admin/access.service';
import { createRolePermissions } from './user-admin/role-permissions';
import { pruneSheets } from './user-admin/user-admin.repo';
import { redactingLogger } from './log-redaction';
import { createRateLimits } from './rate-limit/rate-limit.service';
import { createTrainings } from './training';
import { createEducation } from './education';
import { countVerdicts, registerPool } from './ops/metrics';
import { createOpsService } from './ops/ops.service';
import { createGroupServices } from './group';

export interface CreateServicesOptions {
  databaseUrl: string;
  transport: ServicesTransport;
  logger?: Logger;
  config?: Partial<ServicesConfig>;
  /** Pool size of the database connection (default 10). */
  maxConnections?: number;
}

/** The services plus the parts infra and tests reach into. */
export interface OjServicesImpl extends OjServices {
  account: AccountServiceImpl;
  config: ServicesConfig;
  relay: OutboxRelay;
  ingester: JudgeIngester;
  runners: RunnerRegistry;
  testJudgeWorker: TestJudgeWorker;
  runnerStatus: RunnerStatusPublisher;
  /** Pushes `dashboard.live` (started with the workers). */
  dashboardLive: DashboardPublisher;
  /** Pushes `contest.status` at each contest's start, seal and end. */
  contestClock: ContestClock;
  /** The in-memory scoreboard projection of this process. */
  boards: BoardProjector;
  /** One pass of the periodic maintenance: stall watchdog, then pruning. */
  maintenance(): Promise<void>;
}

export async function createServices(opts: CreateServicesOptions): Promise<OjServicesImpl> {
  const config = resolveServicesConfig(opts.config);
  // Failed queries' parameters (mail bodies, hashes, session ids) never reach a log line (log-redaction.ts).
  const logger = redactingLogger(opts.logger ?? pino({ name: 'services' }));
  const handle = openDb(opts.databaseUrl, { max: opts.maxConnections });
  const ctx: ServiceContext = { db: handle.db, transport: opts.transport, config, logger };
  const runners = new RunnerRegistry(config.runnerTimeoutS * 1000);
  const relay = new OutboxRelay(ctx);
  const boards = new BoardProjector(ctx);
  const ingester = new JudgeIngester(ctx, relay, boards);
  const rolePermissions = createRolePermissions(handle.db);
  const account = createAccountService(ctx, rolePermissions);
  const accountFlows = createAccountFlows(ctx, account);
  account.setSlideCheck((a) => accountFlows.checkSlide(a));
  const runnerStatus = new RunnerStatusPublisher(ctx, runners);
  const testJudgeWorker = new TestJudgeWorker(ctx);
  const contestClock = new ContestClock(ctx);
  const problemQueue = new ProblemQueuePublisher(ctx);
  const testdata = createTestdataService(ctx);
  const dashboardLive = new DashboardPublisher(ctx, runners);
  ingester.onPublished = (msgs) => {
    dashboardLive.notePublished(msgs);
    countVerdicts(msgs);
  };
  const unregisterPool = registerPool(handle.poolStats);
  const siteAdmin = createSiteAdmin(ctx);
  const rateLimits = createRateLimits(handle.db);
  await siteAdmin.config.start(); // the stored site configuration, followed in this process from now on

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let started = false;
  // Every process (gateways too) follows the runners' heartbeats: the runner listing, the dashboard snapshot and
  // the languages offered are answered from this process's registry. Only the workers push about them.
  const heartbeatSub: Stoppable = await opts.transport.onHeartbeat((hb) => {
    runners.record(hb);
    if (!started) return;
    runnerStatus.poke();
    dashboardLive.poke();
  });
  // A gateway or worker that just (re)started knows the runners at once, not only after their next beat.
  await opts.transport.requestHeartbeats?.();

  async function maintenance(): Promise<void> {
    running ??= (async () => {
      try {
        await ingester.sweepStalled();
        await prunePushEvents(handle.db, config.pushRetentionS);
        await account.pruneSessions();
        await accountFlows.prune();
        await pruneTestJudges(handle.db);
        runnerStatus.poke();
        await pruneSentOutbox(handle.db);
        await pruneSheets(handle.db);
        await rateLimits.prune();
      } catch (err) {
        logger.error({ err }, 'services maintenance failed');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    account,
    accountFlows,
    gates: createPostingGates(ctx),
    site: createSiteService(ctx, runners),
    home: createHomeService(ctx),
    problems: createProblemService(ctx),
    submissions: createSubmissionService(ctx, relay, runners),
    submissionCode: createSubmissionCodeService(ctx),
    push: createPushService(ctx),
    discuss: createDiscussService(ctx),
    messages: createMessageService(ctx),
    eventFeed: createEventFeedService(ctx),
    judgeAdmin: createJudgeAdminService(ctx, relay, runners, boards),
    dashboard: createDashboardService(ctx, runners),
    scoreboards: createScoreboardService(ctx, boards),
    boards,
    testJudge: createTestJudgeService(ctx, runners),
    testdata,
    problemAdmin: createProblemAdminService(ctx, testdata),
    remoteImport: createRemoteImports(ctx),
    remoteAccounts: createRemoteAccountsService(ctx),
    selfCheck: createSelfCheckService(ctx, relay),
    tags: createTagService(ctx),
    mdFiles: createMdFileService(ctx),
    problemImport: createProblemImportService(ctx, testdata, readArchive),
    problemExport: createProblemExportService(ctx, writeHojArchive),
    contests: { ...createContestService(ctx, boards), ...createContestAdminService(ctx) },
    contestAnnouncements: createContestAnnouncementService(ctx),
    userAdmin: createUserAdminService(ctx, account),
    userImport: createUserImportService(ctx),
    rateLimits,
    access: createAccessService(ctx, rolePermissions, () => account.forgetAll()),
    ops: createOpsService(handle, opts.transport),
    contestOwnProblems: createContestOwnProblemService(ctx, testdata),
    groups: createGroupServices(ctx, testdata),
    groupContests: createGroupContestService(ctx, testdata),
    trainings: createTrainings(ctx),
    education: createEducation(ctx),
    contestAcCode: createAcCodeZipService(ctx),
    contestClock,
    siteAdmin,
    testJudgeWorker,
    runnerStatus,
    dashboardLive,
    config,
    relay,
    ingester,
    runners,
    maintenance,

    async startWorkers() {
      if (started) return;
      started = true;
      // Contest verdicts an older version counted into the public problem counters come out (docs/security.md).
      if ((await uncountContestSubmissions(handle.db)) > 0) logger.warn('contest verdicts taken out of the problem counters');
      // Contest passwords an older version stored in plain text are hashed (contest/contest-password.ts).
      if ((await hashPlainContestPasswords(handle.db)) > 0) logger.warn('plain contest passwords hashed');
      await testJudgeWorker.start();
      await ingester.start();
      relay.start();
      void relay.flush(); // rows left behind by a previous run
      contestClock.start();
      problemQueue.start();
      dashboardLive.start();
      timer = setInterval(() => void maintenance(), config.maintenanceIntervalMs);
      timer.unref();
    },

    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      await siteAdmin.config.stop();
      await heartbeatSub.stop();
      await dashboardLive.stop();
      await contestClock.stop();
      await problemQueue.stop();
      await runnerStatus.stop();
      await testJudgeWorker.stop();
      await ingester.stop();
      boards.close();
      await relay.stop();
      await running;
      unregisterPool();
      await handle.close();
    },
  };
}
