// The home page: announcements.
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { gmt } from './columns';
import { users } from './accounts';

/** Site announcements of the home page (markdown content); status 0 shown, 1 hidden. */
export const announcement = pgTable(
  'announcement',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    uid: text('uid').references(() => users.uuid, { onDelete: 'set null' }),
    status: integer('status').notNull().default(0),
    ...gmt,
  },
  (t) => [index('announcement_status_idx').on(t.status, t.id)],
);
