// Groups: the group, its members (every relation: applying, refused, member, admin, root) and its announcements.
// A group's problems are rows of `problems` with its `gid` and `is_group`; its trainings, contests and discussions
// hang off the same `gid` column of their tables.
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt } from './columns';
import { users } from './accounts';

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    /** `/api/public/img/<name>` of the cropped avatar; null: the default picture. */
    avatar: text('avatar'),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    brief: text('brief').notNull(),
    description: text('description'),
    /** The owner's uid (who created it; may disband it). */
    uid: text('uid')
      .notNull()
      .references(() => users.uuid),
    /** The owner's username when the group was created. */
    owner: text('owner').notNull(),
    /** 1 public, 2 protected, 3 private. */
    auth: integer('auth').notNull(),
    /** The invitation code (6 characters) of a protected or private group. */
    code: text('code'),
    /** Shown in the group list to everyone; a hidden group is seen by its members only. */
    visible: boolean('visible').notNull().default(true),
    /** 0 normal, 1 banned (by a super admin). */
    status: integer('status').notNull().default(0),
    ...gmt,
  },
  (t) => [uniqueIndex('groups_name_idx').on(t.name), uniqueIndex('groups_short_name_idx').on(t.shortName), index('groups_uid_idx').on(t.uid, t.gmtCreate)],
);

export const groupMember = pgTable(
  'group_member',
  {
    id: serial('id').primaryKey(),
    gid: integer('gid')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    /** 1 applying, 2 refused, 3 member, 4 group admin, 5 group root. */
    auth: integer('auth').notNull(),
    /** The application's reason. */
    reason: text('reason'),
    ...gmt,
  },
  (t) => [uniqueIndex('group_member_gid_uid_idx').on(t.gid, t.uid), index('group_member_uid_idx').on(t.uid, t.auth)],
);

export const groupAnnouncement = pgTable(
  'group_announcement',
  {
    id: serial('id').primaryKey(),
    gid: integer('gid')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** 0 visible, 1 hidden. */
    status: integer('status').notNull().default(0),
    /** The author. */
    uid: text('uid')
      .notNull()
      .references(() => users.uuid),
    username: text('username').notNull(),
    ...gmt,
  },
  (t) => [index('group_announcement_gid_idx').on(t.gid, t.id)],
);
