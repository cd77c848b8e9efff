// Users administration: the permission strings, which role holds which (seeded from ROLE_PERMISSIONS, edited at
// /admin/role_auth), and the generated accounts waiting for their one download.
import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { gmt } from './columns';
import { roles } from './accounts';

/** A permission string (`submit`, `course_learn`, …). */
export const auth = pgTable('auth', {
  id: serial('id').primaryKey(),
  permission: text('permission').notNull().unique(),
  description: text('description'),
  /** 0 in use, 1 disabled (held by no role while disabled). */
  status: integer('status').notNull().default(0),
  ...gmt,
});

export const roleAuth = pgTable(
  'role_auth',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    authId: integer('auth_id')
      .notNull()
      .references(() => auth.id, { onDelete: 'cascade' }),
    ...gmt,
  },
  (t) => [primaryKey({ columns: [t.roleId, t.authId] })],
);

/** Accounts made by `generate-user`: username + plain password, downloadable once by the admin who made them. */
export const generatedUserSheet = pgTable('generated_user_sheet', {
  key: text('key').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  rows: jsonb('rows').$type<[string, string][]>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
