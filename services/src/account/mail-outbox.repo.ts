// The SQL of the mail outbox: every account mail is stored, and marked sent once SMTP took it.
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';

export async function storeMail(db: DbOrTx, mail: { to: string; subject: string; text: string; redacted: string }): Promise<number> {
  const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  return row!.id;
}

export async function markMailSent(db: DbOrTx, id: number): Promise<void> {
  await db.update(mailOutbox).set({ sent: true }).where(eq(mailOutbox.id, id));
}

/** The latest stored mails (to `to` only when given), newest first: never the body, only its redacted copy. */
export async function recentMails(db: DbOrTx, to: string | undefined, limit: number) {
  return db
    .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, redacted: mailOutbox.redacted, sent: mailOutbox.sent, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}
