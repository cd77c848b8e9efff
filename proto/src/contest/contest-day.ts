// The contest day: status and announcements, the AC helper, printing, rejudge, live events for admins, CLICS event feeds.
import { Type, type Static } from '@sinclair/typebox';
import { CONTEST_LIMITS, INT4_MAX, Id, Nullable, PageQuery } from './common';

// ---------- contest status and announcements ----------

/** `contest.status` on `contest:<cid>` and `scoreboard:<cid>`: the contest started, ended or its seal moved. */
export const ContestStatusEvent = Type.Object({
  cid: Type.Integer(),
  status: Type.Integer(),
  /** Server time (ms). */
  now: Type.Integer(),
  sealed: Type.Boolean(),
});
export type ContestStatusEvent = Static<typeof ContestStatusEvent>;

export const ContestAnnouncementVO = Type.Object({
  id: Type.Integer(),
  cid: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  uid: Type.String(),
  username: Type.String(),
  status: Type.Integer(),
  gmtCreate: Type.String(),
  gmtModified: Type.String(),
});
export type ContestAnnouncementVO = Static<typeof ContestAnnouncementVO>;

export const ContestAnnouncementListQuery = Type.Object({
  cid: Id,
  ...PageQuery,
});
export const NotReadAnnouncementBody = Type.Object({
  cid: Id,
  readAnnouncementList: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: INT4_MAX }), { maxItems: 10_000 })),
});
/** `POST|PUT /api/admin/contest/announcement`. */
export const ContestAnnouncementBody = Type.Object({
  cid: Id,
  announcement: Type.Object({
    id: Type.Optional(Id),
    title: Type.String({ minLength: 1, maxLength: 255 }),
    content: Type.String({ minLength: 1, maxLength: 65_535 }),
    status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  }),
});
export type ContestAnnouncementBody = Static<typeof ContestAnnouncementBody>;

// ---------- AC helper, print, rejudge ----------

/** The AC helper's row. */
export const AcInfoVO = Type.Object({
  id: Type.Integer(),
  cid: Type.Integer(),
  submitId: Type.Integer(),
  uid: Type.String(),
  username: Type.String(),
  realname: Nullable(Type.String()),
  displayId: Type.String(),
  color: Nullable(Type.String()),
  firstBlood: Type.Boolean(),
  checked: Type.Boolean(),
  /** Seconds from the start. */
  time: Type.Integer(),
  submitTime: Type.String(),
});
export type AcInfoVO = Static<typeof AcInfoVO>;

export const AcInfoQuery = Type.Object({
  cid: Id,
  ...PageQuery,
});
export const AcInfoCheckBody = Type.Object({ id: Id, cid: Id, checked: Type.Boolean() });

export const PrintBody = Type.Object({
  cid: Id,
  content: Type.String({ maxLength: CONTEST_LIMITS.printMaxLength }),
});
export const PrintVO = Type.Object({
  id: Type.Integer(),
  cid: Type.Integer(),
  username: Type.String(),
  realname: Nullable(Type.String()),
  /** 0 not printed, 1 printed. */
  status: Type.Integer(),
  gmtCreate: Type.String(),
});
export type PrintVO = Static<typeof PrintVO>;
export const PrintListQuery = AcInfoQuery;
export const PrintStatusQuery = Type.Object({ id: Id, cid: Id });

export const RejudgeContestProblemQuery = Type.Object({ cid: Id, pid: Id });

/** `GET /api/file/download-contest-rank` (the original product spells the after-contest switch `containEnd` here). */
export const DownloadContestRankQuery = Type.Object({
  cid: Id,
  forceRefresh: Type.Optional(Type.Boolean()),
  removeStar: Type.Optional(Type.Boolean()),
  containEnd: Type.Optional(Type.Boolean()),
  /** Extension: `xlsx` (the original product's file) or `csv` (the default here, as before). */
  format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('xlsx')])),
});
export type DownloadContestRankQuery = Static<typeof DownloadContestRankQuery>;
/** `GET /api/file/download-contest-ac-submission`: a zip of the accepted code, a folder per user or per problem. */
export const DownloadContestAcQuery = Type.Object({
  cid: Id,
  excludeAdmin: Type.Optional(Type.Boolean()),
  splitType: Type.Union([Type.Literal('user'), Type.Literal('problem')]),
});
export type DownloadContestAcQuery = Static<typeof DownloadContestAcQuery>;
/** `GET /api/file/download-contest-print-text?id=`. */
export const PrintTextQuery = Type.Object({ id: Id });

// ---------- live events for admins ----------

export const AcInfoNewEvent = AcInfoVO;
export const PrintNewEvent = PrintVO;

export const ContestEventFeedImportResult = Type.Object({ cid: Type.Integer() });

/** CLICS event-feed import and export. */
export const EVENT_FEED_LIMITS = {
  /** Largest accepted NDJSON upload. */
  maxBytes: 50 * 1024 * 1024,
  /** Longest line reported back in an error (characters). */
  detailMax: 200,
} as const;
export const EventFeedExportQuery = Type.Object({ cid: Id });
export type EventFeedExportQuery = Static<typeof EventFeedExportQuery>;
