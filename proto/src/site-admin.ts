// Site administration contracts: the website, SMTP and switch configuration (`/api/admin/config/*`,
// `/api/admin/switch/*`), home announcements and carousel, system notices, discussion admin and reports.
import { Type, type Static } from '@sinclair/typebox';
import { INT4_MAX } from './contest/common';
import { WebsiteConfig } from './dto';

const Bool = Type.Boolean();
const Text = (max: number) => Type.String({ maxLength: max });
const Id = Type.Integer({ minimum: 1, maximum: INT4_MAX });
const QInt = Type.Optional(Id);
const Limit = Type.Optional(Type.Integer({ minimum: 1, maximum: 100 }));
const AcGate = Type.Integer({ minimum: 0, maximum: 100_000 });

// ---------- website, SMTP, switches ----------

/** `get-web-config` / `set-web-config` (WebConfigDTO of the original product, plus `email`). */
export const WebConfigDTO = Type.Object({
  baseUrl: Type.String({ maxLength: 500, pattern: '^(https?://\\S+)?$' }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  shortName: Type.String({ minLength: 1, maxLength: 30 }),
  description: Text(1000),
  register: Bool,
  recordName: Text(200),
  recordUrl: Text(500),
  projectName: Text(100),
  projectUrl: Text(500),
  email: Text(200),
});
export type WebConfigDTO = Static<typeof WebConfigDTO>;

/**
 * `get-email-config` answers this: the password never leaves the server, only whether one is set.
 * `set-email-config` takes `EmailConfigBody`: `emailPassword` absent keeps the stored one, '' clears it.
 */
export const EmailConfigVO = Type.Object({
  emailHost: Type.String(),
  emailPort: Type.Integer(),
  emailUsername: Type.String(),
  emailSsl: Bool,
  /** The sender address (`From:`). */
  emailFrom: Type.String(),
  emailPasswordSet: Bool,
});
export type EmailConfigVO = Static<typeof EmailConfigVO>;

export const EmailConfigBody = Type.Object({
  emailHost: Type.String({ maxLength: 255, pattern: '^[A-Za-z0-9.:\\[\\]_-]*$' }),
  emailPort: Type.Integer({ minimum: 1, maximum: 65_535 }),
  emailUsername: Text(255),
  emailSsl: Bool,
  emailFrom: Text(255),
  emailPassword: Type.Optional(Text(255)),
});
export type EmailConfigBody = Static<typeof EmailConfigBody>;

/** `POST /api/admin/config/test-email`. */
export const TestEmailBody = Type.Object({ email: Type.String({ minLength: 3, maxLength: 200, pattern: '^[^\\s@]+@[^\\s@]+$' }) });
export type TestEmailBody = Static<typeof TestEmailBody>;

/**
 * `/api/admin/switch/info` and `/api/admin/switch/update` (SwitchConfigDTO of the original product, the parts this
 * product has). `register` is the same stored value as the website config's; the AC gates are distinct accepted
 * problems needed (admins skip them); `defaultSubmitInterval` is seconds between non-contest submissions.
 */
export const SwitchConfig = Type.Object({
  openPublicDiscussion: Bool,
  openGroupDiscussion: Bool,
  openContestComment: Bool,
  register: Bool,
  openCodeShare: Bool,
  defaultCreateDiscussionACInitValue: AcGate,
  defaultCreateCommentACInitValue: AcGate,
  /** Discussions a user may post per day (admins excepted; 0: no limit). Optional on update: absent keeps it. */
  defaultCreateDiscussionDailyLimit: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  defaultCreateGroupACInitValue: AcGate,
  defaultSubmitInterval: Type.Integer({ minimum: 0, maximum: 86_400 }),
});
export type SwitchConfig = Static<typeof SwitchConfig>;

/** What `site.config` pushes on the public `site` topic: the public website config (as `get-website-config`). */
export const SiteConfigEvent = WebsiteConfig;
export type SiteConfigEvent = Static<typeof SiteConfigEvent>;

// ---------- announcements and carousel ----------

/** `POST /api/admin/announcement` (no id) and `PUT` (with id); status 0 visible, 1 hidden. DELETE takes the contests' `AnnouncementIdQuery` (`aid`). */
export const AnnouncementBody = Type.Object({
  id: QInt,
  title: Type.String({ minLength: 1, maxLength: 255 }),
  content: Type.String({ minLength: 1, maxLength: 65_535 }),
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
export type AnnouncementBody = Static<typeof AnnouncementBody>;
export const AdminPageQuery = Type.Object({ currentPage: QInt, limit: Limit, keyword: Type.Optional(Text(100)) });
export type AdminPageQuery = Static<typeof AdminPageQuery>;

/** `home.announcements` on the `site` topic: the home page's visible announcements changed; reload them. */
export const AnnouncementsChanged = Type.Object({ aid: Type.Integer() });
export type AnnouncementsChanged = Static<typeof AnnouncementsChanged>;

export const CarouselIdQuery = Type.Object({ id: Id });
/** `PUT /api/admin/config/home-carousel-order`: every carousel id, in the new order. */
export const CarouselOrderBody = Type.Object({ ids: Type.Array(Id, { maxItems: 100 }) });
export type CarouselOrderBody = Static<typeof CarouselOrderBody>;

// ---------- system notices ----------

/**
 * Who gets an admin notice: `All` every user (SysMsg tab), `Single` the chosen users (`recipients`, usernames; their
 * Mine tab, as the original product's single notice), `Admin` every user with an admin role (SysMsg tab). The old
 * `Sys` is `All`.
 */
export const NOTICE_TYPES = ['All', 'Single', 'Admin'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export const AdminNoticeSendBody = Type.Object({
  id: QInt,
  title: Type.String({ minLength: 1, maxLength: 255 }),
  content: Type.String({ minLength: 1, maxLength: 65_535 }),
  type: Type.Optional(Type.Union([...NOTICE_TYPES.map((t) => Type.Literal(t)), Type.Literal('Sys')])),
  /** Usernames, for `Single`. */
  recipients: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 1000 })),
  /** One uid, for `Single` (the original product's field). */
  recipientId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type AdminNoticeSendBody = Static<typeof AdminNoticeSendBody>;

export const AdminNoticeVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  type: Type.String(),
  adminId: Type.String(),
  adminName: Type.Union([Type.String(), Type.Null()]),
  recipientCount: Type.Integer(),
  /** Usernames of the chosen recipients of a `Single` notice (at most 20). */
  recipients: Type.Array(Type.String()),
  gmtCreate: Type.String(),
});
export type AdminNoticeVO = Static<typeof AdminNoticeVO>;
export const NoticeListQuery = Type.Object({ currentPage: QInt, limit: Limit, type: Type.Optional(Type.Union(NOTICE_TYPES.map((t) => Type.Literal(t)))) });
export type NoticeListQuery = Static<typeof NoticeListQuery>;
export const NoticeIdQuery = Type.Object({ id: Id });

/** `notice.sys` on the `site` topic: a notice for every user was stored; signed-in clients reload their unread counts. */
export const SysNoticeEvent = Type.Object({ noticeId: Type.Integer() });
export type SysNoticeEvent = Static<typeof SysNoticeEvent>;

/** `GET /api/admin/user/search?keyword=`: usernames for the notice recipient picker. */
export const UserSearchQuery = Type.Object({ keyword: Type.String({ minLength: 1, maxLength: 100 }) });
export const UserPick = Type.Object({ uid: Type.String(), username: Type.String(), nickname: Type.Union([Type.String(), Type.Null()]) });
export type UserPick = Static<typeof UserPick>;

// ---------- discussion admin and reports ----------

/** `PUT /api/admin/discussion`: pin (`topPriority`) and disable (`status` 1) or enable (0). */
export const AdminDiscussionBody = Type.Object({
  id: Id,
  topPriority: Type.Optional(Bool),
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
export type AdminDiscussionBody = Static<typeof AdminDiscussionBody>;
/** `DELETE /api/admin/discussion`: the ids (a JSON array, as the original product). */
export const AdminDiscussionDeleteBody = Type.Array(Id, { minItems: 1, maxItems: 100 });

export const AdminDiscussionVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  author: Type.String(),
  uid: Type.String(),
  topPriority: Bool,
  status: Type.Integer(),
  viewNum: Type.Integer(),
  likeNum: Type.Integer(),
  commentNum: Type.Integer(),
  reportCount: Type.Integer(),
  gmtCreate: Type.String(),
});
export type AdminDiscussionVO = Static<typeof AdminDiscussionVO>;

/** The report tags of the original product, in its order. */
export const REPORT_TAGS = ['spam', 'illegal', 'vulgar', 'fraud', 'abuse', 'plagiarism'] as const;
export const REPORT_REASON_MAX = 200;

/** `POST /api/discussion-report`: at least one tag or a reason; `cid` names a reported comment of the discussion. */
export const DiscussionReportBody = Type.Object({
  did: Id,
  commentId: QInt,
  tags: Type.Optional(Type.Array(Type.Union(REPORT_TAGS.map((t) => Type.Literal(t))), { maxItems: REPORT_TAGS.length })),
  content: Type.Optional(Type.String({ maxLength: REPORT_REASON_MAX })),
  /** Ignored (the original client sends its username): the reporter is the caller. */
  reporter: Type.Optional(Type.String({ maxLength: 100 })),
});
export type DiscussionReportBody = Static<typeof DiscussionReportBody>;

export const DiscussionReportVO = Type.Object({
  id: Type.Integer(),
  did: Type.Integer(),
  discussionTitle: Type.String(),
  commentId: Type.Union([Type.Integer(), Type.Null()]),
  commentContent: Type.Union([Type.String(), Type.Null()]),
  reporter: Type.String(),
  tags: Type.Array(Type.String()),
  content: Type.String(),
  /** false open, true resolved. */
  status: Bool,
  gmtCreate: Type.String(),
});
export type DiscussionReportVO = Static<typeof DiscussionReportVO>;
export const ReportListQuery = Type.Object({ currentPage: QInt, limit: Limit, status: Type.Optional(Bool) });
export type ReportListQuery = Static<typeof ReportListQuery>;
export const ReportResolveBody = Type.Object({ id: Id, status: Bool });
export type ReportResolveBody = Static<typeof ReportResolveBody>;
