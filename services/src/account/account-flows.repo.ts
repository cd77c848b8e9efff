// The SQL of the account flows: users by email or name, mailed codes (one per purpose and email), captchas taken
// once, profile updates, avatars, and pruning.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { avatarFile, captcha, emailCode, loginFailure, users } from '../db/schema';
import type { UserRow } from './account.repo';

export type EmailCodeRow = typeof emailCode.$inferSelect;

/** The user with this email, compared in lower case (`email` already normalised). */
export async function userByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  return u;
}

export async function userById(db: DbOrTx, uid: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.uuid, uid));
  return u;
}

export async function usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  return (await db.select({ u: users.uuid }).from(users).where(eq(users.username, username))).length > 0;
}

export async function emailCodeOf(db: DbOrTx, purpose: string, email: string): Promise<EmailCodeRow | undefined> {
  const [prev] = await db.select().from(emailCode).where(and(eq(emailCode.purpose, purpose), eq(emailCode.email, email)));
  return prev;
}

/** The code of `purpose` for `email`, replacing the previous one. */
export async function putEmailCode(db: DbOrTx, values: typeof emailCode.$inferInsert): Promise<void> {
  await db.insert(emailCode).values(values).onConflictDoUpdate({ target: [emailCode.purpose, emailCode.email], set: values });
}

/** Deletes the code if it matches, has not expired (and belongs to `uid` when given); whether it did. */
export async function takeEmailCode(db: DbOrTx, purpose: string, email: string, code: string, uid?: string): Promise<boolean> {
  const gone = await db
    .delete(emailCode)
    .where(
      and(
        eq(emailCode.purpose, purpose),
        eq(emailCode.email, email),
        eq(emailCode.code, code),
        gt(emailCode.expiresAt, new Date()),
        ...(uid ? [eq(emailCode.uid, uid)] : []),
      ),
    )
    .returning({ email: emailCode.email });
  return gone.length === 1;
}

export async function storeCaptcha(db: DbOrTx, v: { key: string; kind: 'image' | 'slide'; answer: string; expiresAt: Date }): Promise<void> {
  await db.insert(captcha).values(v);
}

/** Deletes and answers the unexpired captcha `key` of `kind` (each is used once). */
export async function takeCaptcha(db: DbOrTx, key: string, kind: 'image' | 'slide') {
  const [row] = await db
    .delete(captcha)
    .where(and(eq(captcha.key, key), eq(captcha.kind, kind), gt(captcha.expiresAt, new Date())))
    .returning();
  return row;
}

export async function updateUser(db: DbOrTx, uid: string, set: Partial<typeof users.$inferInsert>): Promise<void> {
  await db
    .update(users)
    .set({ ...set, gmtModified: new Date() })
    .where(eq(users.uuid, uid));
}

/** A reset password also ends the failed-login counts of the username. */
export async function clearFailuresOfUsername(db: DbOrTx, username: string): Promise<void> {
  await db.delete(loginFailure).where(eq(loginFailure.username, username));
}

/** The user's avatar file, replacing the previous one, and the user's avatar URL. */
export async function replaceAvatar(db: DbOrTx, uid: string, file: { name: string; mime: string; dataB64: string }, url: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(avatarFile).where(eq(avatarFile.uid, uid));
    await tx.insert(avatarFile).values({ ...file, uid });
    await tx.update(users).set({ avatar: url, gmtModified: new Date() }).where(eq(users.uuid, uid));
  });
}

export async function findAvatar(db: DbOrTx, name: string) {
  const [row] = await db.select().from(avatarFile).where(eq(avatarFile.name, name));
  return row;
}

/** Forgets expired captchas, and codes expired for an hour. */
export async function pruneCodesAndCaptchas(db: DbOrTx): Promise<void> {
  await db.delete(captcha).where(lt(captcha.expiresAt, new Date()));
  await db.delete(emailCode).where(lt(emailCode.expiresAt, sql`now() - interval '1 hour'`));
}
