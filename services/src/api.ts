// The services' public face, as the gateway and infra use it. `createServices()` (index.ts) returns one.
// Every method validates its business rules and throws `OjError` from the catalogue on failure.
import type {
  CheckSubmissionsStatusBody,
  JudgeCaseResult,
  Language,
  PageOf,
  Permission,
  ProblemInfo,
  ProblemListQuery,
  ProblemVO,
  PushMessage,
  RoleName,
  SlideAnswer,
  Submission,
  SubmissionInfo,
  SubmissionListItem,
  SubmissionListQuery,
  SubmitBody,
  UserAuthInfo,
  UserInfo,
  WebsiteConfig,
} from '@oj/proto';
import type { DiscussService } from './discuss/discuss.service';
import type { MessageService } from './discuss/message.service';
import type { AccountFlows } from './account/account-flows.service';
import type { PostingGates } from './account/gates';
import type { JudgeAdminService } from './judge/judge-admin.service';
import type { HomeService } from './home/home.service';
import type { TestJudgeService } from './submission/test-judge.service';
import type { TestdataService } from './testdata/testdata.service';
import type { ContestService } from './contest/contest.service';
import type { ContestAdminService } from './contest/contest-admin.service';
import type { ContestAnnouncementService } from './contest/announcement.service';
import type { EventFeedService } from './contest/event-feed/event-feed.service';
import type { ScoreboardService } from './contest/scoreboard/board.service';

/** The caller as the services see it (from a verified JWT). */
export interface Viewer {
  uid: string;
  username: string;
  roles: RoleName[];
  permissions: Permission[];
}

export interface LoginResult {
  user: UserInfo;
  /** Unique id of the session, put in the JWT as `jti` so logout can revoke exactly this token. */
  sessionId: string;
}

export interface AccountService {
  /** `slide` is required from the 5th failed login of this username + ip (ACCOUNT_SLIDE_REQUIRED otherwise). */
  login(username: string, password: string, ip: string, slide?: SlideAnswer): Promise<LoginResult>;
  logout(viewer: Viewer, sessionId: string, expiresAt: Date): Promise<void>;
  /** Verifies that the user still exists, is not banned and the session is not revoked; null otherwise. */
  verifySession(uid: string, sessionId: string): Promise<Viewer | null>;
  authInfo(viewer: Viewer): Promise<UserAuthInfo>;
}

export interface SiteService {
  websiteConfig(): Promise<WebsiteConfig>;
  /** With `pid`, the languages of that problem if `viewer` may see it (none otherwise). */
  languages(q: { pid?: number; all?: boolean }, viewer?: Viewer | null): Promise<Language[]>;
}

export interface ProblemService {
  list(q: ProblemListQuery, viewer: Viewer | null): Promise<PageOf<ProblemVO>>;
  detail(problemId: string, viewer: Viewer | null): Promise<ProblemInfo>;
}

export interface SubmissionService {
  /** Persists the submission (Pending) and its judge job in one transaction; the job is sent right after. */
  submit(body: SubmitBody, viewer: Viewer, ip: string): Promise<Submission>;
  list(q: SubmissionListQuery, viewer: Viewer | null): Promise<PageOf<SubmissionListItem>>;
  detail(submitId: number, viewer: Viewer | null): Promise<SubmissionInfo>;
  caseResults(submitId: number, viewer: Viewer | null): Promise<JudgeCaseResult>;
  /** Map submitId → submission without code and errorMessage. */
  checkStatus(body: CheckSubmissionsStatusBody, viewer: Viewer | null): Promise<Record<string, Submission>>;
  /** Whether `viewer` may receive the live status events of this submission. */
  canWatch(submitId: number, viewer: Viewer | null): Promise<boolean>;
}

export interface PushService {
  /** The latest seq of a topic (0 when nothing was published on it yet). */
  latestSeq(topic: string): Promise<number>;
  /**
   * The events of `topic` after `since`, in seq order; null when some of them are no longer kept
   * (the client must resync from REST).
   */
  replay(topic: string, since: number): Promise<PushMessage[] | null>;
}

export interface OjServices {
  account: AccountService;
  /** Registration, reset, captchas, settings, avatars, mail outbox. */
  accountFlows: AccountFlows;
  /** Role and AC-count gates for posting discussions and commenting. */
  gates: PostingGates;
  /** Rejudge, cancel, manual judge, resubmit, runner listing. */
  judgeAdmin: JudgeAdminService;
  /** The online test. */
  testJudge: TestJudgeService;
  /** Test-case zip upload and download. */
  testdata: TestdataService;
  site: SiteService;
  /** Home page, user home, global ranks. */
  home: HomeService;
  problems: ProblemService;
  submissions: SubmissionService;
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
  /** Contest boards (in-contest, outside, scroll board, rank download), the AC helper and contest printing. */
  scoreboards: ScoreboardService;
  /** Starts the background workers (outbox relay, judge-event ingester, pruning). */
  startWorkers(): Promise<void>;
  close(): Promise<void>;
}
