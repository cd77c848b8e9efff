// Columns every table shares: creation and modification times.
import { timestamp } from 'drizzle-orm/pg-core';

export const gmt = {
  gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
};
