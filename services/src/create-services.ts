// Wires the services of one process: one database pool, the bus, the outbox relay, the ingester and the
// periodic maintenance (stall watchdog, pruning).
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
import { pruneSentOutbox } from './judge/judging.repo';
import { JudgeIngester } from './judge/ingester';
import { OutboxRelay } from './judge/outbox-relay';
import { RunnerRegistry } from './judge/runner-registry';
import { createJudgeAdminService } from './judge/judge-admin.service';
import { RunnerStatusPublisher } from './judge/runner-status';
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
import { ContestClock } from './contest/contest-clock';
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
  /** Pushes `contest.status` at each contest's start, seal and end. */
  contestClock: ContestClock;
  /** The in-memory scoreboard projection of this process. */
  boards: BoardProjector;
  /** One pass of the periodic maintenance: stall watchdog, then pruning. */
  maintenance(): Promise<void>;
}

export async function createServices(opts: CreateServicesOptions): Promise<OjServicesImpl> {
  const config = resolveServicesConfig(opts.config);
  const logger = opts.logger ?? pino({ name: 'services' });
  const handle = openDb(opts.databaseUrl, { max: opts.maxConnections });
  const ctx: ServiceContext = { db: handle.db, transport: opts.transport, config, logger };
  const runners = new RunnerRegistry();
  const relay = new OutboxRelay(ctx);
  const boards = new BoardProjector(ctx);
  const ingester = new JudgeIngester(ctx, relay, boards);
  const account = createAccountService(ctx);
  const accountFlows = createAccountFlows(ctx, account);
  account.setSlideCheck((a) => accountFlows.checkSlide(a));
  const runnerStatus = new RunnerStatusPublisher(ctx, runners);
  const testJudgeWorker = new TestJudgeWorker(ctx);
  const contestClock = new ContestClock(ctx);
  const problemQueue = new ProblemQueuePublisher(ctx);
  const testdata = createTestdataService(ctx);

  let heartbeatSub: Stoppable | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let started = false;

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
    scoreboards: createScoreboardService(ctx, boards),
    boards,
    testJudge: createTestJudgeService(ctx, runners),
    testdata,
    problemAdmin: createProblemAdminService(ctx, testdata),
    selfCheck: createSelfCheckService(ctx, relay),
    tags: createTagService(ctx),
    mdFiles: createMdFileService(ctx),
    problemImport: createProblemImportService(ctx, testdata, readArchive),
    problemExport: createProblemExportService(ctx, writeHojArchive),
    contests: { ...createContestService(ctx, boards), ...createContestAdminService(ctx) },
    contestAnnouncements: createContestAnnouncementService(ctx),
    contestOwnProblems: createContestOwnProblemService(ctx, testdata),
    contestAcCode: createAcCodeZipService(ctx),
    contestClock,
    testJudgeWorker,
    runnerStatus,
    config,
    relay,
    ingester,
    runners,
    maintenance,

    async startWorkers() {
      if (started) return;
      started = true;
      heartbeatSub = await opts.transport.onHeartbeat((hb) => {
        runners.record(hb);
        runnerStatus.poke();
      });
      await testJudgeWorker.start();
      await ingester.start();
      relay.start();
      void relay.flush(); // rows left behind by a previous run
      contestClock.start();
      problemQueue.start();
      timer = setInterval(() => void maintenance(), config.maintenanceIntervalMs);
      timer.unref();
    },

    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      await heartbeatSub?.stop();
      await contestClock.stop();
      await problemQueue.stop();
      await runnerStatus.stop();
      await testJudgeWorker.stop();
      await ingester.stop();
      boards.close();
      await relay.stop();
      await running;
      await handle.close();
    },
  };
}
