// Site administration: the stored configuration (website, SMTP, switches), the home carousel and discussion reports.
import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { gmt } from './columns';
import { users } from './accounts';
import { comment, discussion } from './discuss';

/**
 * One row per configuration part (`web`, `email`, `switch`): the values an admin saved, overlaid on the process's
 * environment defaults (so a fresh install runs on its environment until an admin saves).
 */
export const siteSetting = pgTable('site_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  ...gmt,
});

/** Home carousel images in display order; `fileId` is the stored image (md_file) when uploaded here. */
export const homeCarousel = pgTable('home_carousel', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  fileId: integer('file_id'),
  rank: integer('rank').notNull().default(0),
  ...gmt,
});

/** A user's report of a discussion (or of one of its comments); `status` true once an admin resolved it. */
export const discussionReport = pgTable(
  'discussion_report',
  {
    id: serial('id').primaryKey(),
    did: integer('did')
      .notNull()
      .references(() => discussion.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comment.id, { onDelete: 'set null' }),
    reporterUid: text('reporter_uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    content: text('content').notNull().default(''),
    status: boolean('status').notNull().default(false),
    ...gmt,
  },
  (t) => [index('discussion_report_status_idx').on(t.status, t.id)],
);
