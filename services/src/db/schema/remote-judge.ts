// Remote judging: the accounts the worker logs in with (per site, from the switch config) and the run each remote
// submission became on its site, so a redelivered job polls that run instead of submitting twice.
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt } from './columns';

/** One account of a site (`site`: hdu, cf, poj, atcoder, spoj, libreoj). Held by one submission at a time. */
export const remoteJudgeAccount = pgTable(
  'remote_judge_account',
  {
    id: serial('id').primaryKey(),
    site: text('site').notNull(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    /** Set aside after a refused login: not used until an admin saves the account again. */
    failing: boolean('failing').notNull().default(false),
    lastError: text('last_error'),
    /** The worker holding it and until when (a lease renewed while it polls; a dead worker's lease runs out). */
    busyBy: text('busy_by'),
    busyUntil: timestamp('busy_until', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    ...gmt,
  },
  (t) => [uniqueIndex('remote_judge_account_site_user_idx').on(t.site, t.username)],
);

/** The site's run of one judge version of a remote submission. */
export const remoteJudgeRun = pgTable(
  'remote_judge_run',
  {
    submitId: integer('submit_id').notNull(),
    version: integer('version').notNull(),
    oj: text('oj').notNull(),
    accountId: integer('account_id').notNull(),
    runId: text('run_id').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the site's verdict arrived (null while it runs). */
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    status: integer('status'),
  },
  (t) => [primaryKey({ columns: [t.submitId, t.version] }), index('remote_judge_run_oj_idx').on(t.oj, t.finishedAt)],
);
