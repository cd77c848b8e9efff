// Business constants and limits of the original product: page sizes, code and text limits, polling periods,
// token lifetimes, roles and their permissions.

export const LIMITS = {
  requestTimeoutMs: 90_000,
  registerResendWaitS: 60,
  resetResendWaitS: 90,
  slideVerifyAfterFailedLogins: 5,
  usernameMax: 20,
  passwordMin: 6,
  passwordMax: 20,
  registerCodeLength: 6,
  codeMin: 50,
  codeMax: 65_535,
  testInputMax: 1000,
  commentMax: 10_000,
  avatarMaxBytes: 2_097_152,
  submitIntervalS: 8,
} as const;

/** Languages exempt from the 50-character minimum code length. */
export function isShortCodeLanguage(language: string): boolean {
  return /Py|PHP|Ruby|Rust|JavaScript/.test(language);
}

export const PAGE_SIZES = {
  options: [10, 15, 30, 50, 100],
  problemList: 30,
  submissionList: 15,
  mySubmissionList: 10,
  contestList: 10,
  rankList: 30,
  comments: 10,
  announcements: 5,
  messages: 6,
  systemMessages: 8,
  /** Admin tables. */
  adminList: 10,
} as const;

/** Fallback polling intervals; used only while the socket is down. */
export const POLLING = {
  submissionMs: 2000,
  submissionMaxPolls: 300,
  testJudgeMs: 1000,
  unreadMs: 120_000,
  scoreboardMs: 30_000,
  contestAnnouncementMs: 60_000,
  adminHelperMs: 10_000,
  judgeQueueMs: 5000,
  /** A group's membership and announcements (`group:<gid>`). */
  groupMs: 60_000,
  /** An open discussion (its post and comment page) while the socket is down. */
  discussionMs: 30_000,
} as const;

/** JWT lifetime and refresh point. */
export const JWT = { expireS: 86_400, refreshAfterS: 43_200 } as const;

export const ROLE = {
  ROOT: 'root',
  ADMIN: 'admin',
  PROBLEM_ADMIN: 'problem_admin',
  DEFAULT_USER: 'default_user',
  NO_SUBMIT_USER: 'no_subimit_user',
  NO_DISCUSS_USER: 'no_discuss_user',
  MUTE_USER: 'mute_user',
  NO_SUBMIT_NO_DISCUSS_USER: 'no_submit_no_discuss_user',
  NO_SUBMIT_MUTE_USER: 'no_submit_mute_user',
} as const;
export type RoleName = (typeof ROLE)[keyof typeof ROLE];

/** Numeric role codes (1000 root … 1008) of the original product. */
export const ROLE_CODE: Record<RoleName, number> = {
  root: 1000,
  admin: 1001,
  default_user: 1002,
  no_subimit_user: 1003,
  no_discuss_user: 1004,
  mute_user: 1005,
  no_submit_no_discuss_user: 1006,
  no_submit_mute_user: 1007,
  problem_admin: 1008,
};

export const PERMISSIONS = [
  'problem_admin',
  'submit',
  'contest_admin',
  'rejudge',
  'announcement_admin',
  'user_admin',
  'system_info_admin',
  'discussion_add',
  'discussion_del',
  'discussion_edit',
  'comment_add',
  'reply_add',
  'group_add',
  'group_del',
  // The education side's fine-grained strings (the second spec document; docs/education.md).
  'course_learn',
  'lesson_add',
  'lesson_allocate',
  'lesson_update',
  'lesson_delete',
  // Homework and exams of a course, combined with the lesson_* string of the action (docs/education.md).
  'homework_manage',
  'exam_manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const p = (...ids: number[]): Permission[] => ids.map((i) => PERMISSIONS[i - 1]!);
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/**
 * Which permissions each role holds at first start: the seed of the `role_auth` table, which the super admin edits
 * at /admin/role_auth (the server's checks read the table, not this).
 */
export const ROLE_PERMISSIONS: Record<RoleName, Permission[]> = {
  root: p(...range(1, 21)),
  admin: p(1, 2, 3, ...range(8, 21)),
  problem_admin: p(1, 2, 3, ...range(8, 14)),
  // course_learn (15): every user role may learn in the courses a teacher invites them to (issue 20).
  default_user: p(2, ...range(8, 14), 15),
  no_subimit_user: p(...range(8, 12), 15),
  no_discuss_user: p(2, ...range(9, 12), 15),
  mute_user: p(2, 9, 10, 15),
  no_submit_no_discuss_user: p(...range(9, 12), 15),
  no_submit_mute_user: p(9, 10, 15),
};

export const ADMIN_ROLES: readonly RoleName[] = [ROLE.ROOT, ROLE.ADMIN, ROLE.PROBLEM_ADMIN];
/** Root and admins: the admin area but the problem bank is theirs alone (a problem admin reaches the bank only). */
export const SITE_ADMIN_ROLES: readonly RoleName[] = [ROLE.ROOT, ROLE.ADMIN];
export function isSiteAdminRole(roles: readonly string[]): boolean {
  return roles.some((r) => (SITE_ADMIN_ROLES as readonly string[]).includes(r));
}
export function isAdminRole(roles: readonly string[]): boolean {
  return roles.some((r) => (ADMIN_ROLES as readonly string[]).includes(r));
}

/** Oj key of our own problems and languages. */
export const OWN_OJ = 'ME';
/** The remote judges' keys (problem ids `HDU-1000`, `CF-1A`, …; the problem lists' OJ filter). */
export const REMOTE_OJ_KEYS = ['HDU', 'CF', 'GYM', 'POJ', 'SPOJ', 'AC', 'LIBRE'] as const;
