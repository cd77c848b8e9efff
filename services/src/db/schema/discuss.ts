// Discussions, comments, replies, likes, user messages and system notices.
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { gmt } from './columns';
import { users } from './accounts';

/** The categories of discussions (the super admin keeps the list; a fresh install gets three, db/seed.ts). */
export const discussionCategory = pgTable('discussion_category', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  ...gmt,
});

export const discussion = pgTable('discussion', {
  id: serial('id').primaryKey(),
  uid: text('uid')
    .notNull()
    .references(() => users.uuid, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  content: text('content').notNull(),
  viewNum: integer('view_num').notNull().default(0),
  likeNum: integer('like_num').notNull().default(0),
  commentNum: integer('comment_num').notNull().default(0),
  /** The problem (display id) a discussion is about, if any (the problem page links to its discussions). */
  pid: text('pid'),
  /** Pinned by an admin: listed first. */
  topPriority: boolean('top_priority').notNull().default(false),
  /** 0 normal, 1 disabled by an admin (hidden from everyone but admins). */
  status: integer('status').notNull().default(0),
  /** The category (null when the super admin removed it since). */
  categoryId: integer('category_id').references(() => discussionCategory.id, { onDelete: 'set null' }),
  ...gmt,
});

/** Who liked which discussion (one like per user and discussion; `discussion.like_num` counts them). */
export const discussionLike = pgTable(
  'discussion_like',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    did: integer('did')
      .notNull()
      .references(() => discussion.id, { onDelete: 'cascade' }),
    ...gmt,
  },
  (t) => [primaryKey({ columns: [t.uid, t.did] })],
);

/**
 * When a viewer's look at a discussion last counted in `discussion.view_num`: a view counts once per viewer (a uid, or
 * a hash of an anonymous reader's address) per period (discussion-view.ts).
 */
export const discussionView = pgTable(
  'discussion_view',
  {
    did: integer('did')
      .notNull()
      .references(() => discussion.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.did, t.viewer] })],
);

export const comment = pgTable(
  'comment',
  {
    id: serial('id').primaryKey(),
    did: integer('did').references(() => discussion.id, { onDelete: 'cascade' }),
    cid: integer('cid'),
    fromUid: text('from_uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    likeNum: integer('like_num').notNull().default(0),
    ...gmt,
  },
  (t) => [index('comment_did_idx').on(t.did), index('comment_cid_idx').on(t.cid)],
);

export const reply = pgTable(
  'reply',
  {
    id: serial('id').primaryKey(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comment.id, { onDelete: 'cascade' }),
    fromUid: text('from_uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    toUid: text('to_uid').notNull(),
    content: text('content').notNull(),
    ...gmt,
  },
  (t) => [index('reply_comment_idx').on(t.commentId)],
);

export const commentLike = pgTable(
  'comment_like',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comment.id, { onDelete: 'cascade' }),
    ...gmt,
  },
  (t) => [primaryKey({ columns: [t.uid, t.commentId] })],
);

/** A user's Discuss / Reply / Like message: someone acted on their content. `state` true once read. */
export const userMsg = pgTable(
  'user_msg',
  {
    id: serial('id').primaryKey(),
    action: text('action').notNull(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    sourceId: integer('source_id').notNull(),
    sourceType: text('source_type').notNull(),
    sourceContent: text('source_content').notNull(),
    quoteId: integer('quote_id'),
    quoteType: text('quote_type'),
    quoteContent: text('quote_content'),
    state: boolean('state').notNull().default(false),
    ...gmt,
  },
  (t) => [index('user_msg_recipient_idx').on(t.recipientId, t.action, t.state)],
);

/** An admin notice; `Sys` goes to everyone, `Single` to one user (their Mine tab). */
export const adminNotice = pgTable('admin_notice', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  type: text('type').notNull(),
  adminId: text('admin_id').notNull(),
  recipientId: text('recipient_id'),
  ...gmt,
});

/** One user's copy of an admin notice, with its read state. */
export const userNotice = pgTable(
  'user_notice',
  {
    id: serial('id').primaryKey(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => adminNotice.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    /** `Sys` or `Mine`. */
    type: text('type').notNull(),
    state: boolean('state').notNull().default(false),
    ...gmt,
  },
  (t) => [index('user_notice_recipient_idx').on(t.recipientId, t.type, t.state)],
);
