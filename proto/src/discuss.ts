// Discussions, comments, replies, likes and the message center: bodies, queries and answers.
import { Type, type Static } from '@sinclair/typebox';
import { Page } from './envelope';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
/** ids are PostgreSQL integers. */
const INT4_MAX = 2_147_483_647;
const QInt = Type.Optional(Type.Integer({ minimum: 1, maximum: INT4_MAX }));

/** Comment and reply content limit. */
export const COMMENT_MAX_LENGTH = 10_000;
/** Replies shown under a comment before the show-all toggle. */
export const REPLIES_SHOWN = 3;
/** Message center page sizes: user messages 6, system messages 8 (the original product's web). */
export const MSG_PAGE_SIZE = { user: 6, sys: 8 } as const;

// ---------- discussions ----------

/** The spec's limits of a discussion (characters) and its list's page size. */
export const DISCUSSION_LIMITS = { title: 255, description: 255, content: 65_535, categoryName: 50, categories: 50, pageSize: 10 } as const;

const Id = Type.Integer({ minimum: 1, maximum: INT4_MAX });

export const Discussion = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  /** The markdown body: in the detail, not in the list. */
  content: Type.Optional(Type.String()),
  uid: Type.String(),
  author: Type.String(),
  avatar: Nullable(Type.String()),
  /** The author's site role when it earns a badge: `root` (SPA) or `admin` (ADM); null otherwise. */
  role: Type.Optional(Nullable(Type.String())),
  /** The author's title badge (name and colour), if any. */
  titleName: Type.Optional(Nullable(Type.String())),
  titleColor: Type.Optional(Nullable(Type.String())),
  categoryId: Type.Optional(Nullable(Type.Integer())),
  categoryName: Type.Optional(Nullable(Type.String())),
  viewNum: Type.Integer(),
  likeNum: Type.Integer(),
  commentNum: Type.Integer(),
  /** Whether the caller liked it (false for anonymous callers). */
  hasLike: Type.Optional(Type.Boolean()),
  /** Pinned by an admin. */
  topPriority: Type.Boolean(),
  /** The problem (display id) it is about, or null. */
  pid: Type.Optional(Nullable(Type.String())),
  /** 0 normal, 1 disabled (only admins see a disabled discussion). */
  status: Type.Integer(),
  gmtCreate: Type.String(),
  /** The group it belongs to (in the detail only; null for a public discussion). */
  gid: Type.Optional(Nullable(Type.Integer())),
});
export type Discussion = Static<typeof Discussion>;

export const DiscussionListQuery = Type.Object({
  currentPage: QInt,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Searched in titles and descriptions. */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  /** Only the discussions of this problem (display id). */
  pid: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** Only this category (the original product's name for it). */
  cid: QInt,
  /** Only the caller's own discussions (ignored for anonymous callers). */
  onlyMine: Type.Optional(Type.Boolean()),
  /** The original client's flag; the admin list is `GET /api/admin/discussion`. */
  admin: Type.Optional(Type.Boolean()),
});
export type DiscussionListQuery = Static<typeof DiscussionListQuery>;
export const DiscussionDetailQuery = Type.Object({ did: Id });

/**
 * What a user writes. The lengths of the spec (title and description 255, content 65,535) and the required fields are
 * the services' checks, so the answer carries the spec's message; the schema only bounds the body.
 */
const DiscussionFields = {
  title: Type.String({ maxLength: 4 * DISCUSSION_LIMITS.title }),
  description: Type.Optional(Type.String({ maxLength: 4 * DISCUSSION_LIMITS.description })),
  content: Type.String({ maxLength: 4 * DISCUSSION_LIMITS.content }),
  categoryId: Type.Optional(Nullable(Id)),
  /** The problem (display id) it is about; it must exist and be visible to the poster. */
  pid: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
};
export const DiscussionBody = Type.Object(DiscussionFields);
export type DiscussionBody = Static<typeof DiscussionBody>;
/** `PUT /api/discussion`: the author's edit; the category and the problem stay as posted. */
export const DiscussionUpdateBody = Type.Object({ id: Id, ...DiscussionFields });
export type DiscussionUpdateBody = Static<typeof DiscussionUpdateBody>;
export const DiscussionDeleteQuery = Type.Object({ did: Id });
export const DiscussionLikeQuery = Type.Object({ did: Id, toLike: Type.Boolean() });
export type DiscussionLikeQuery = Static<typeof DiscussionLikeQuery>;

export const DiscussionCategory = Type.Object({ id: Type.Integer(), name: Type.String() });
export type DiscussionCategory = Static<typeof DiscussionCategory>;
/**
 * `POST /api/discussion-category` (super admin): the whole list. An entry with an `id` renames that category, one
 * without adds one, and a category left out is removed (its discussions keep no category).
 */
export const CategoryListBody = Type.Array(Type.Object({ id: Type.Optional(Id), name: Type.String({ maxLength: 4 * DISCUSSION_LIMITS.categoryName }) }), {
  maxItems: DISCUSSION_LIMITS.categories,
});
export type CategoryListBody = Static<typeof CategoryListBody>;

// ---------- comments and replies ----------

export const ReplyVO = Type.Object({
  id: Type.Integer(),
  commentId: Type.Integer(),
  content: Type.String(),
  fromUid: Type.String(),
  fromName: Type.String(),
  fromAvatar: Nullable(Type.String()),
  fromRole: Nullable(Type.String()),
  toUid: Type.String(),
  toName: Type.String(),
  gmtCreate: Type.String(),
});
export type ReplyVO = Static<typeof ReplyVO>;

export const CommentVO = Type.Object({
  id: Type.Integer(),
  did: Nullable(Type.Integer()),
  cid: Nullable(Type.Integer()),
  content: Type.String(),
  fromUid: Type.String(),
  fromName: Type.String(),
  fromAvatar: Nullable(Type.String()),
  /** `root` or `admin` when the author is one (shown as a tag). */
  fromRole: Nullable(Type.String()),
  fromTitleName: Nullable(Type.String()),
  fromTitleColor: Nullable(Type.String()),
  likeNum: Type.Integer(),
  gmtCreate: Type.String(),
  replyList: Type.Array(ReplyVO),
  totalReplyNum: Type.Integer(),
});
export type CommentVO = Static<typeof CommentVO>;

export const CommentListVO = Type.Object({
  commentList: Page(CommentVO),
  commentLikeMap: Type.Record(Type.String(), Type.Boolean()),
});
export type CommentListVO = Static<typeof CommentListVO>;

export const CommentListQuery = Type.Object({
  cid: QInt,
  did: QInt,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  currentPage: QInt,
});
export type CommentListQuery = Static<typeof CommentListQuery>;

/** Content is checked by the services (trimmed non-empty, ≤ 10,000) so the user gets the catalogue's message. */
export const CommentBody = Type.Object({
  did: Type.Optional(Type.Integer({ minimum: 1, maximum: INT4_MAX })),
  cid: Type.Optional(Type.Integer({ minimum: 1, maximum: INT4_MAX })),
  content: Type.String(),
});
export type CommentBody = Static<typeof CommentBody>;

export const CommentDeleteBody = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: INT4_MAX }),
  did: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  cid: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  fromUid: Type.Optional(Type.String()),
});
export type CommentDeleteBody = Static<typeof CommentDeleteBody>;

export const CommentLikeQuery = Type.Object({
  /** The comment id (the original product's name). */
  cid: Type.Integer({ minimum: 1, maximum: INT4_MAX }),
  toLike: Type.Boolean(),
  sourceId: Type.Optional(Type.Integer()),
  sourceType: Type.Optional(Type.Union([Type.Literal('Discussion'), Type.Literal('Contest')])),
});
export type CommentLikeQuery = Static<typeof CommentLikeQuery>;

export const ReplyBody = Type.Object({
  reply: Type.Object({
    commentId: Type.Integer({ minimum: 1, maximum: INT4_MAX }),
    content: Type.String(),
    toUid: Type.Optional(Type.String()),
    toName: Type.Optional(Type.String()),
    toAvatar: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  }),
  did: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  quoteId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  quoteType: Type.Optional(Type.Union([Type.Literal('Comment'), Type.Literal('Reply'), Type.Null()])),
});
export type ReplyBody = Static<typeof ReplyBody>;

export const ReplyDeleteBody = Type.Object({
  reply: Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT4_MAX }) }, { additionalProperties: true }),
  did: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});
export type ReplyDeleteBody = Static<typeof ReplyDeleteBody>;

export const ReplyListQuery = Type.Object({ commentId: Type.Integer({ minimum: 1, maximum: INT4_MAX }), cid: QInt });

// ---------- messages ----------

export const UnreadCounts = Type.Object({
  comment: Type.Integer(),
  reply: Type.Integer(),
  like: Type.Integer(),
  sys: Type.Integer(),
  mine: Type.Integer(),
});
export type UnreadCounts = Static<typeof UnreadCounts>;

/** Message kinds of `DELETE /api/msg/clean?type=`. */
export const MSG_TYPES = ['Discuss', 'Reply', 'Like', 'Sys', 'Mine'] as const;
export type MsgType = (typeof MSG_TYPES)[number];

export const UserMsgVO = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  sourceId: Type.Integer(),
  sourceType: Type.String(),
  sourceTitle: Type.String(),
  sourceContent: Type.String(),
  quoteId: Nullable(Type.Integer()),
  quoteType: Nullable(Type.String()),
  quoteContent: Nullable(Type.String()),
  url: Type.String(),
  state: Type.Boolean(),
  senderId: Type.String(),
  senderUsername: Type.String(),
  senderAvatar: Nullable(Type.String()),
  gmtCreate: Type.String(),
});
export type UserMsgVO = Static<typeof UserMsgVO>;

export const SysMsgVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  adminId: Type.String(),
  type: Type.String(),
  state: Type.Boolean(),
  gmtCreate: Type.String(),
});
export type SysMsgVO = Static<typeof SysMsgVO>;

export const MsgListQuery = Type.Object({ currentPage: QInt, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) });
export const MsgCleanQuery = Type.Object({
  type: Type.Union(MSG_TYPES.map((t) => Type.Literal(t))),
  id: Type.Optional(Type.Integer({ minimum: 1, maximum: INT4_MAX })),
});
export type MsgCleanQuery = Static<typeof MsgCleanQuery>;


// ---------- live events of one discussion (topic `discussion:<did>`) ----------

/** A new comment on the discussion, and the discussion's new comment count. */
export const DiscussionCommentEvent = Type.Object({ did: Type.Integer(), commentNum: Type.Integer(), comment: CommentVO });
export type DiscussionCommentEvent = Static<typeof DiscussionCommentEvent>;
/** A new reply under one of its comments. */
export const DiscussionReplyEvent = Type.Object({ did: Type.Integer(), reply: ReplyVO });
export type DiscussionReplyEvent = Static<typeof DiscussionReplyEvent>;
/** A like count changed: the discussion's (`commentId` null) or one comment's. */
export const DiscussionLikeEvent = Type.Object({ did: Type.Integer(), commentId: Nullable(Type.Integer()), likeNum: Type.Integer() });
export type DiscussionLikeEvent = Static<typeof DiscussionLikeEvent>;
/** A comment (`replyId` null) or a reply was deleted. */
export const DiscussionRemovedEvent = Type.Object({ did: Type.Integer(), commentNum: Type.Integer(), commentId: Type.Integer(), replyId: Nullable(Type.Integer()) });
export type DiscussionRemovedEvent = Static<typeof DiscussionRemovedEvent>;
/** The discussion itself changed (edited, pinned, disabled or enabled, deleted): reload it over REST. */
export const DiscussionChangedEvent = Type.Object({ did: Type.Integer() });
export type DiscussionChangedEvent = Static<typeof DiscussionChangedEvent>;
