// The services' public face, as the gateway and infra use it. `createServices()` (index.ts) returns one.
// Each service module owns its interface; this file only gathers them (nothing imports it back).
// Every method validates its business rules and throws `OjError` from the catalogue on failure.
import type { SubmissionCodeService } from './submission/submission-code.service';
import type { AccountService } from './account/account.service';
import type { ProblemService } from './problem/problem.service';
import type { PushService } from './push/push.service';
import type { SiteService } from './site/site.service';
import type { SubmissionService } from './submission/submission.service';
import type { DiscussService } from './discuss/discuss.service';
import type { MessageService } from './discuss/message.service';
import type { AccountFlows } from './account/account-flows.service';
import type { PostingGates } from './account/gates';
import type { JudgeAdminService } from './judge/judge-admin.service';
import type { DashboardService } from './dashboard/dashboard.service';
import type { HomeService } from './home/home.service';
import type { TestJudgeService } from './submission/test-judge.service';
import type { TestdataService } from './testdata/testdata.service';
import type { ContestService } from './contest/contest.service';
import type { ContestAdminService } from './contest/contest-admin.service';
import type { ContestAnnouncementService } from './contest/announcement.service';
import type { AcCodeZipService } from './contest/ac-code-zip.service';
import type { ContestOwnProblemService } from './contest/contest-own-problem.service';
import type { EventFeedService } from './contest/event-feed/event-feed.service';
import type { ScoreboardService } from './contest/scoreboard/board.service';
import type { ProblemAdminService } from './problem-admin/problem-admin.service';
import type { RemoteImports } from './remote-judge/remote-import-into.service';
import type { RemoteAccountsService } from './remote-judge/remote-accounts.service';
import type { SelfCheckService } from './problem-admin/self-check.service';
import type { TagService } from './tag/tag.service';
import type { MdFileService } from './md-file/md-file.service';
import type { ProblemImportService } from './problem-import/import.service';
import type { ProblemExportService } from './problem-import/export.service';
import type { SiteAdmin } from './site-admin/site-admin';
import type { UserAdminService } from './user-admin/user-admin.service';
import type { UserImportService } from './user-admin/user-import.service';
import type { AccessService } from './user-admin/access.service';
import type { RateLimits } from './rate-limit/rate-limit.service';
import type { Trainings } from './training';
import type { Education } from './education';
import type { OpsService } from './ops/ops.service';
import type { GroupServices } from './group';
import type { GroupContestService } from './group/group-contest.service';

export interface OjServices {
  account: AccountService;
  /** Registration, reset, captchas, settings, avatars, mail outbox. */
  accountFlows: AccountFlows;
  /** Role and AC-count gates for posting discussions and commenting. */
  gates: PostingGates;
  /** Rejudge, cancel, manual judge, resubmit, runner listing. */
  judgeAdmin: JudgeAdminService;
  /** The admin dashboard: counts and the live panels' snapshot. */
  dashboard: DashboardService;
  /** The online test. */
  testJudge: TestJudgeService;
  /** Test-case zip upload and download. */
  testdata: TestdataService;
  /** The problem bank's admin side: list, form, delete, auth, cases, checker compile. */
  problemAdmin: ProblemAdminService;
  /** Importing remote judges' problems into the bank (docs/remote-judge.md). */
  remoteImport: RemoteImports;
  /** Remote judges' accounts (the switch config) and the per-site status panel. */
  remoteAccounts: RemoteAccountsService;
  /** Judging an imported package's programs against their expected verdicts. */
  selfCheck: SelfCheckService;
  /** Tags and tag classifications. */
  tags: TagService;
  /** Statement images and files. */
  mdFiles: MdFileService;
  problemImport: ProblemImportService;
  problemExport: ProblemExportService;
  site: SiteService;
  /** Home page, user home, global ranks. */
  home: HomeService;
  problems: ProblemService;
  submissions: SubmissionService;
  submissionCode: SubmissionCodeService;
  push: PushService;
  /** Discussions, comments, replies, likes. */
  discuss: DiscussService;
  /** The message center and its unread counts. */
  messages: MessageService;
  /** CLICS event-feed import and export of contests. */
  eventFeed: EventFeedService;
  /** Contests: the contestants' side and the admin side (CRUD, problems). */
  contests: ContestService & ContestAdminService;
  /** Contest announcements: admin CRUD, list, unread and read marks. */
  contestAnnouncements: ContestAnnouncementService;
  /** A contest's own problems (created and edited inside the contest). */
  contestOwnProblems: ContestOwnProblemService;
  /** Groups: the group, its members, announcements and problems, the examination of public applications. */
  groups: GroupServices;
  groupContests: GroupContestService;
  /** The contest's accepted code as a streamed zip. */
  contestAcCode: AcCodeZipService;
  /** Contest boards (in-contest, outside, scroll board, rank download), the AC helper and contest printing. */
  scoreboards: ScoreboardService;
  /** Site administration: config and switches, announcements and carousel, notices, discussion admin. */
  siteAdmin: SiteAdmin;
  /** The users admin: list, edit (revoking sessions), delete. */
  userAdmin: UserAdminService;
  /** CSV import with its preview, generate-user and its one-time download. */
  userImport: UserImportService;
  /** Roles, permission strings and their assignment (the table every access check reads). */
  access: AccessService;
  /** The shared request counters every rate limit uses (PostgreSQL, so all gateways count together). */
  rateLimits: RateLimits;
  /** Trainings: the users' side (list, details, registration, problems, rank) and the admin side (form, problems, categories). */
  trainings: Trainings;
  /** Education: grades, classes and students, courses with chapters, resources and invites, the students' side. */
  education: Education;
  /** Readiness of this instance's database and bus (`/readyz`). */
  ops: OpsService;
  /** Starts the background workers (outbox relay, judge-event ingester, pruning). */
  startWorkers(): Promise<void>;
  close(): Promise<void>;
}

export type { Viewer } from './account/viewer';
export type { AccountService, LoginResult } from './account/account.service';
export type { ProblemService } from './problem/problem.service';
export type { PushService } from './push/push.service';
export type { SiteService } from './site/site.service';
export type { SubmissionService } from './submission/submission.service';
