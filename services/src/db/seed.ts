// First-start data: the 9 roles, the local languages, the super admin `root`, the demo problems, the welcome
// announcement and the discussion categories.
// Idempotent: every part is inserted only when missing, under an advisory lock.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { LIMITS, LOCAL_LANGUAGES, OWN_OJ, ROLE_CODE, type RoleName } from '@oj/proto';
import { hashPassword } from '../account/password';
import { openDb, type DbOrTx, type Tx } from './client';
import { languages, problemCase, problemLanguage, problems, problemTag, roles, tags, userRole, users } from './schema';
import { SEED_PROBLEMS, SEED_TAGS } from './seed-problems';
import { seedAnnouncements } from './seed-home';
import { seedDiscussionCategories } from './seed-discussion';
import { seedAccess } from '../user-admin/access.repo';

const SEED_LOCK = 770_002;

const ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  root: 'super admin',
  admin: 'admin',
  default_user: 'default user',
  no_subimit_user: 'user who may not submit',
  no_discuss_user: 'user who may not post discussions',
  mute_user: 'muted user',
  no_submit_no_discuss_user: 'user who may neither submit nor post discussions',
  no_submit_mute_user: 'muted user who may not submit',
  problem_admin: 'problem admin',
};

/** A fresh user id in HOJ's form (a uuid without dashes). */
export function newUid(): string {
  return randomUUID().replaceAll('-', '');
}

export async function seed(databaseUrl: string, opts: { adminPassword?: string } = {}): Promise<{ adminPasswordGenerated?: string }> {
  if (opts.adminPassword !== undefined) {
    const n = opts.adminPassword.length;
    if (n < LIMITS.passwordMin || n > LIMITS.passwordMax) {
      throw new Error(`The admin password must be ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters long`);
    }
  }
  const h = openDb(databaseUrl, { max: 1 });
  try {
    return await h.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      await seedRoles(tx);
      await seedLanguages(tx);
      const generated = await seedRoot(tx, opts.adminPassword);
      await seedProblems(tx);
      await seedAnnouncements(tx);
      await seedDiscussionCategories(tx);
      return generated === undefined ? {} : { adminPasswordGenerated: generated };
    });
  } finally {
    await h.close();
  }
}

/** The nine roles and their permissions (reference data every database has). */
export async function seedRoles(tx: DbOrTx): Promise<void> {
  const rows = (Object.entries(ROLE_CODE) as [RoleName, number][]).map(([role, id]) => ({
    id,
    role,
    description: ROLE_DESCRIPTIONS[role],
  }));
  await tx.insert(roles).values(rows).onConflictDoNothing();
  await seedAccess(tx);
}

async function seedLanguages(tx: Tx): Promise<void> {
  const rows = LOCAL_LANGUAGES.map((l) => ({
    name: l.name,
    description: l.description,
    compileCommand: l.compileCommand,
    contentType: l.contentType,
    template: l.template,
    isSpj: l.isSpj,
    oj: OWN_OJ,
    seq: l.seq,
  }));
  await tx.insert(languages).values(rows).onConflictDoNothing();
}

/** Creates `root` when missing; returns the generated password when none was given. */
async function seedRoot(tx: Tx, adminPassword: string | undefined): Promise<string | undefined> {
  const existing = await tx.select({ uuid: users.uuid }).from(users).where(eq(users.username, 'root'));
  if (existing.length > 0) return undefined;
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const uid = newUid();
  await tx.insert(users).values({ uuid: uid, username: 'root', password: await hashPassword(password), nickname: 'root' });
  await tx.insert(userRole).values({ uid, roleId: ROLE_CODE.root });
  return adminPassword === undefined ? password : undefined;
}

async function seedProblems(tx: Tx): Promise<void> {
  await tx.insert(tags).values(SEED_TAGS.map((t) => ({ ...t, oj: OWN_OJ }))).onConflictDoNothing();
  const tagRows = await tx.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.oj, OWN_OJ));
  const tagId = new Map(tagRows.map((t) => [t.name, t.id]));
  const langRows = await tx.select({ id: languages.id }).from(languages).where(eq(languages.oj, OWN_OJ));

  for (const p of SEED_PROBLEMS) {
    const inserted = await tx
      .insert(problems)
      .values({
        problemId: p.problemId,
        title: p.title,
        author: 'root',
        type: p.type,
        timeLimit: p.timeLimit,
        memoryLimit: p.memoryLimit,
        difficulty: p.difficulty,
        description: p.description,
        input: p.input,
        output: p.output,
        examples: p.examples,
        hint: p.hint,
        source: p.source,
        auth: 1,
        ioScore: 100,
      })
      .onConflictDoNothing()
      .returning({ id: problems.id });
    const pid = inserted[0]?.id;
    if (pid === undefined) continue; // already seeded: leave admins' edits alone
    await tx.insert(problemCase).values(p.cases.map((c, i) => ({ pid, input: c.input, output: c.output, score: c.score, seq: i + 1 })));
    await tx.insert(problemLanguage).values(langRows.map((l) => ({ pid, lid: l.id })));
    const tids = p.tags.map((t) => tagId.get(t)).filter((x): x is number => x !== undefined);
    if (tids.length > 0) await tx.insert(problemTag).values(tids.map((tid) => ({ pid, tid })));
  }
}
