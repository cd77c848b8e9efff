// Push topics: the seq of each topic and the replay log of its events.
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const pushTopic = pgTable('push_topic', {
  topic: text('topic').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});

export const pushEvent = pgTable(
  'push_event',
  {
    topic: text('topic').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    event: text('event').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.topic, t.seq] }), index('push_event_created_idx').on(t.createdAt)],
);
