// The services' configuration: read from the environment once, validated with TypeBox; the only place
// in this package that reads `process.env`.
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { isRemoteOj, LIMITS, type RemoteOj, type WebsiteConfig } from '@oj/proto';

export interface ServicesConfig {
  /** A submission with no judge progress for this long gets its job re-enqueued (OJ_JUDGE_STALL_S). */
  judgeStallS: number;
  /** How often the stall watchdog re-enqueues before the submission ends as System Error. */
  judgeMaxRequeues: number;
  /** Minimum seconds between a user's non-contest submissions (OJ_SUBMIT_INTERVAL_S). */
  submitIntervalS: number;
  /** Period of the outbox relay's sweep for jobs a crash left behind. */
  outboxIntervalMs: number;
  /** Period of the stall watchdog and of the pruning of old push events and sessions. */
  maintenanceIntervalMs: number;
  /** How long push events are kept for replay (OJ_PUSH_RETENTION_S). */
  pushRetentionS: number;
  /** How long a `verifySession` answer is cached in memory. */
  sessionCacheMs: number;
  /** How long a contest page's shared reads (contest row, problem list, problem page) are cached in memory (contest-reads.ts). */
  contestCacheMs: number;
  site: WebsiteConfig;
  /** SMTP server for account mails (OJ_SMTP_URL, e.g. smtp://user:pass@host:587); unset: mails stay in the outbox table. */
  smtpUrl?: string;
  /** Sender of account mails (OJ_MAIL_FROM). */
  mailFrom: string;
  /** Accepted problems needed before posting discussions (OJ_POST_MIN_AC, default 10). */
  postMinAc: number;
  /** Accepted problems needed before commenting or replying (OJ_COMMENT_MIN_AC, default 10). */
  commentMinAc: number;
  /** Discussions a user may post per day, admins excepted (OJ_DISCUSSION_DAILY_LIMIT, default 5; 0: no limit). */
  discussionDailyLimit: number;
  /** Whether users may share their practice code (the code-sharing switch; stored by admins, default true). */
  openCodeShare: boolean;
  /** Accepted problems needed before creating a group, admins excepted (OJ_GROUP_MIN_AC, default 20; stored by admins). */
  createGroupMinAc: number;
  /** Groups a user may create per day, admins excepted (OJ_GROUP_DAILY_LIMIT, default 2; 0: no limit; stored by admins). */
  createGroupDailyLimit: number;
  /** Groups a user may own in all, admins excepted (OJ_GROUP_TOTAL_LIMIT, default 5; 0: no limit; stored by admins). */
  createGroupLimit: number;
  /** SMTP server saved by an admin (`/admin/conf`); when set it wins over `smtpUrl`. */
  smtp?: SmtpSettings;
  /** Largest test-case zip accepted, in MiB (OJ_TESTDATA_MAX_ZIP_MB, default 1024). */
  testdataMaxZipMb: number;
  /** Largest uncompressed total of one upload's case files, in MiB (OJ_TESTDATA_MAX_TOTAL_MB, default 2048). */
  testdataMaxTotalMb: number;
  /** Where uploads are spooled while they are checked (OJ_UPLOAD_TMP_DIR; default the OS temp dir). */
  uploadTmpDir?: string;
  /** A judge runner silent this long is dropped from the listings and the dashboard (OJ_RUNNER_TIMEOUT_S, default 30). */
  runnerTimeoutS: number;
  /** Remote judging (docs/remote-judge.md). */
  remote: RemoteJudgeConfig;
}

export interface RemoteJudgeConfig {
  /** A site's address instead of its real one, by site key (OJ_REMOTE_BASE_URLS=CF=http://127.0.0.1:9000,…). */
  baseUrls: Partial<Record<RemoteOj, string>>;
  /** How long one request to a site may take (OJ_REMOTE_TIMEOUT_MS, default 20000). */
  timeoutMs: number;
  /** Remote submissions one worker judges at once (OJ_REMOTE_CONCURRENCY, default 8; each holds an account). */
  concurrency: number;
}

export interface SmtpSettings {
  host: string;
  port: number;
  ssl: boolean;
  username: string;
  password: string;
  from: string;
}

const Digits = Type.Optional(Type.String({ pattern: '^[0-9]+$' }));

const EnvSchema = Type.Object({
  OJ_JUDGE_STALL_S: Digits,
  OJ_JUDGE_MAX_REQUEUES: Digits,
  OJ_SUBMIT_INTERVAL_S: Digits,
  OJ_OUTBOX_INTERVAL_MS: Digits,
  OJ_MAINTENANCE_INTERVAL_MS: Digits,
  OJ_PUSH_RETENTION_S: Digits,
  OJ_SESSION_CACHE_MS: Digits,
  OJ_CONTEST_CACHE_MS: Digits,
  OJ_SITE_NAME: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  OJ_SITE_SHORT_NAME: Type.Optional(Type.String({ minLength: 1, maxLength: 30 })),
  OJ_SITE_DESCRIPTION: Type.Optional(Type.String({ maxLength: 1000 })),
  OJ_BASE_URL: Type.Optional(Type.String({ maxLength: 500 })),
  OJ_SITE_EMAIL: Type.Optional(Type.String({ maxLength: 200 })),
  OJ_SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://', maxLength: 500 })),
  OJ_MAIL_FROM: Type.Optional(Type.String({ minLength: 3, maxLength: 200 })),
  OJ_POST_MIN_AC: Digits,
  OJ_DISCUSSION_DAILY_LIMIT: Digits,
  OJ_COMMENT_MIN_AC: Digits,
  OJ_GROUP_MIN_AC: Digits,
  OJ_GROUP_DAILY_LIMIT: Digits,
  OJ_GROUP_TOTAL_LIMIT: Digits,
  OJ_REGISTER: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  OJ_TESTDATA_MAX_ZIP_MB: Digits,
  OJ_TESTDATA_MAX_TOTAL_MB: Digits,
  OJ_UPLOAD_TMP_DIR: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
  OJ_RUNNER_TIMEOUT_S: Digits,
  OJ_REMOTE_BASE_URLS: Type.Optional(Type.String({ pattern: '^[A-Za-z]+=https?://[^,=]+(,[A-Za-z]+=https?://[^,=]+)*$', maxLength: 2000 })),
  OJ_REMOTE_TIMEOUT_MS: Digits,
  OJ_REMOTE_CONCURRENCY: Digits,
});
type Env = Static<typeof EnvSchema>;

export const DEFAULT_SITE: WebsiteConfig = {
  baseUrl: 'http://localhost:8080',
  name: 'Realtime OJ',
  shortName: 'ROJ',
  description: 'An online judge whose verdicts are pushed case by case.',
  register: true,
  recordName: '',
  recordUrl: '',
  projectName: 'Realtime OJ',
  projectUrl: '',
  email: '',
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
};

export const DEFAULT_SERVICES_CONFIG: ServicesConfig = {
  judgeStallS: 300,
  judgeMaxRequeues: 3,
  submitIntervalS: LIMITS.submitIntervalS,
  outboxIntervalMs: 5000,
  maintenanceIntervalMs: 30_000,
  pushRetentionS: 3600,
  sessionCacheMs: 5000,
  contestCacheMs: 5000,
  site: DEFAULT_SITE,
  mailFrom: 'Realtime OJ <noreply@localhost>',
  postMinAc: 10,
  commentMinAc: 10,
  discussionDailyLimit: 5,
  openCodeShare: true,
  createGroupMinAc: 20,
  createGroupDailyLimit: 2,
  createGroupLimit: 5,
  testdataMaxZipMb: 1024,
  testdataMaxTotalMb: 2048,
  runnerTimeoutS: 30,
  remote: { baseUrls: {}, timeoutMs: 20_000, concurrency: 8 },
};

const MINIMUMS: Partial<Record<keyof Env, number>> = {
  OJ_JUDGE_STALL_S: 1,
  OJ_OUTBOX_INTERVAL_MS: 100,
  OJ_MAINTENANCE_INTERVAL_MS: 100,
  OJ_PUSH_RETENTION_S: 1,
  OJ_TESTDATA_MAX_ZIP_MB: 1,
  OJ_TESTDATA_MAX_TOTAL_MB: 1,
  // Runners heartbeat every 5 s.
  OJ_RUNNER_TIMEOUT_S: 6,
  OJ_REMOTE_TIMEOUT_MS: 100,
  OJ_REMOTE_CONCURRENCY: 1,
};

/** `CF=http://127.0.0.1:9000,GYM=…` → base URL by site key (an unknown key stops the process). */
function parseBaseUrls(raw: string | undefined): Partial<Record<RemoteOj, string>> {
  const out: Partial<Record<RemoteOj, string>> = {};
  for (const pair of raw ? raw.split(',') : []) {
    const [key, url] = [pair.slice(0, pair.indexOf('=')).toUpperCase(), pair.slice(pair.indexOf('=') + 1)];
    if (!isRemoteOj(key)) throw new Error(`Invalid OJ_REMOTE_BASE_URLS: ${key} is not a remote judge (HDU, CF, GYM, POJ, SPOJ, AC, LIBRE)`);
    out[key] = url.replace(/\/+$/, '');
  }
  return out;
}

/** Validates the services' variables of `env`; throws an Error naming the first bad variable. */
export function loadServicesConfig(env: Record<string, string | undefined> = process.env): ServicesConfig {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const v = env[key];
    if (v !== undefined && v !== '') picked[key] = v;
  }
  if (!Value.Check(EnvSchema, picked)) {
    const first = Value.Errors(EnvSchema, picked).First();
    const name = first?.path.replace(/^\//, '') || 'environment';
    throw new Error(`Invalid ${name}: ${first?.message ?? 'invalid value'} (got ${JSON.stringify(picked[name])})`);
  }
  const e = picked as Env;
  const num = (key: keyof Env, fallback: number): number => {
    const raw = e[key];
    if (raw === undefined) return fallback;
    const n = Number(raw);
    const min = MINIMUMS[key] ?? 0;
    if (!Number.isSafeInteger(n) || n < min) throw new Error(`Invalid ${key}: must be an integer >= ${min} (got "${raw}")`);
    return n;
  };
  const d = DEFAULT_SERVICES_CONFIG;
  return {
    judgeStallS: num('OJ_JUDGE_STALL_S', d.judgeStallS),
    judgeMaxRequeues: num('OJ_JUDGE_MAX_REQUEUES', d.judgeMaxRequeues),
    submitIntervalS: num('OJ_SUBMIT_INTERVAL_S', d.submitIntervalS),
    outboxIntervalMs: num('OJ_OUTBOX_INTERVAL_MS', d.outboxIntervalMs),
    maintenanceIntervalMs: num('OJ_MAINTENANCE_INTERVAL_MS', d.maintenanceIntervalMs),
    pushRetentionS: num('OJ_PUSH_RETENTION_S', d.pushRetentionS),
    sessionCacheMs: num('OJ_SESSION_CACHE_MS', d.sessionCacheMs),
    contestCacheMs: num('OJ_CONTEST_CACHE_MS', d.contestCacheMs),
    ...(e.OJ_SMTP_URL !== undefined && { smtpUrl: e.OJ_SMTP_URL }),
    mailFrom: e.OJ_MAIL_FROM ?? d.mailFrom,
    postMinAc: num('OJ_POST_MIN_AC', d.postMinAc),
    commentMinAc: num('OJ_COMMENT_MIN_AC', d.commentMinAc),
    discussionDailyLimit: num('OJ_DISCUSSION_DAILY_LIMIT', d.discussionDailyLimit),
    openCodeShare: d.openCodeShare,
    createGroupMinAc: num('OJ_GROUP_MIN_AC', d.createGroupMinAc),
    createGroupDailyLimit: num('OJ_GROUP_DAILY_LIMIT', d.createGroupDailyLimit),
    createGroupLimit: num('OJ_GROUP_TOTAL_LIMIT', d.createGroupLimit),
    testdataMaxZipMb: num('OJ_TESTDATA_MAX_ZIP_MB', d.testdataMaxZipMb),
    testdataMaxTotalMb: num('OJ_TESTDATA_MAX_TOTAL_MB', d.testdataMaxTotalMb),
    ...(e.OJ_UPLOAD_TMP_DIR !== undefined && { uploadTmpDir: e.OJ_UPLOAD_TMP_DIR }),
    runnerTimeoutS: num('OJ_RUNNER_TIMEOUT_S', d.runnerTimeoutS),
    remote: {
      baseUrls: parseBaseUrls(e.OJ_REMOTE_BASE_URLS),
      timeoutMs: num('OJ_REMOTE_TIMEOUT_MS', d.remote.timeoutMs),
      concurrency: num('OJ_REMOTE_CONCURRENCY', d.remote.concurrency),
    },
    site: {
      ...DEFAULT_SITE,
      ...(e.OJ_SITE_NAME !== undefined && { name: e.OJ_SITE_NAME, projectName: e.OJ_SITE_NAME }),
      ...(e.OJ_SITE_SHORT_NAME !== undefined && { shortName: e.OJ_SITE_SHORT_NAME }),
      ...(e.OJ_SITE_DESCRIPTION !== undefined && { description: e.OJ_SITE_DESCRIPTION }),
      ...(e.OJ_BASE_URL !== undefined && { baseUrl: e.OJ_BASE_URL }),
      ...(e.OJ_SITE_EMAIL !== undefined && { email: e.OJ_SITE_EMAIL }),
      ...(e.OJ_REGISTER !== undefined && { register: e.OJ_REGISTER === 'true' }),
    },
  };
}

/** Defaults overlaid with a partial config (the `site` part merges field by field). */
export function resolveServicesConfig(partial: Partial<ServicesConfig> = {}): ServicesConfig {
  return { ...DEFAULT_SERVICES_CONFIG, ...partial, site: { ...DEFAULT_SITE, ...partial.site } };
}
