// Accounts: users, roles, sessions, login failures, mail codes and outbox, captchas, avatars.
import { boolean, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { gmt } from './columns';

export const users = pgTable('users', {
  uuid: text('uuid').primaryKey(),
  username: text('username').notNull().unique(),
  password: text('password').notNull(),
  email: text('email').unique(),
  /** Mobile number; null until set. */
  mobile: text('mobile'),
  nickname: text('nickname'),
  realname: text('realname'),
  school: text('school'),
  course: text('course'),
  number: text('number'),
  gender: text('gender'),
  signature: text('signature'),
  github: text('github'),
  blog: text('blog'),
  cfUsername: text('cf_username'),
  avatar: text('avatar'),
  titleName: text('title_name'),
  titleColor: text('title_color'),
  /** 0 ok, 1 banned. */
  status: integer('status').notNull().default(0),
  /** Bumped when an admin changes the password, role or ban: sessions opened under an older epoch are revoked. */
  sessionEpoch: integer('session_epoch').notNull().default(0),
  ...gmt,
});

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  role: text('role').notNull().unique(),
  description: text('description'),
  status: integer('status').notNull().default(0),
  ...gmt,
});

export const userRole = pgTable(
  'user_role',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    ...gmt,
  },
  (t) => [primaryKey({ columns: [t.uid, t.roleId] })],
);

export const revokedSession = pgTable('revoked_session', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Failed logins per username + ip (20 failures lock the pair for 30 minutes, each further lock twice as long). */
export const loginFailure = pgTable(
  'login_failure',
  {
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    count: integer('count').notNull().default(0),
    /** Locks the pair reached without a successful login between them (the next lasts 2^locks × 30 minutes). */
    locks: integer('locks').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.username, t.ip] })],
);

/** Emailed codes: one live code per (purpose, email). `sentAt` enforces the resend wait server-side. */
export const emailCode = pgTable(
  'email_code',
  {
    purpose: text('purpose').notNull(), // register | reset | change_email
    email: text('email').notNull(),
    code: text('code').notNull(),
    uid: text('uid'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.purpose, t.email] })],
);

/** Every mail the site sends; `sent` is true when SMTP accepted it. Admins read the recipient, subject and `redacted` only. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('body').notNull(),
  /** The body with its secrets (codes, reset links' codes) masked: what admins may read. Null for mails of older versions. */
  redacted: text('redacted_body'),
  sent: boolean('sent').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-use captchas: `image` (reset dialog, answer text) and `slide` (login, answer the gap's x). */
export const captcha = pgTable('captcha', {
  key: text('key').primaryKey(),
  kind: text('kind').notNull(),
  answer: text('answer').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Uploaded avatars, served at `/api/public/img/<name>` (kept in the database so every gateway serves them). */
export const avatarFile = pgTable('avatar_file', {
  name: text('name').primaryKey(),
  uid: text('uid')
    .notNull()
    .references(() => users.uuid, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  dataB64: text('data_b64').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
