// Writes a validated import plan in one transaction: the read-only contest, one contest-only placeholder
// problem per feed problem (`EF<cid>-<label>`), one user per shown team (username = the feed's team id, reused
// when it exists, otherwise created with a password hash nothing can match), and one contest record per
// submission. The contest's board version is bumped so every board projection rebuilds from the records.
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { ROLE_CODE } from '@oj/proto';
import type { Viewer } from '../../account/viewer';
import type { Db, Tx } from '../../db/client';
import { contest, contestProblem, contestRecord, problems, userRole, users } from '../../db/schema';
import { newUid } from '../../db/seed';
import type { ImportPlan } from './validator';

const CHUNK = 1000;

function chunks<T>(xs: readonly T[], n = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

/** A stored password no password verifies against (not of the `scrypt$…` form): imported teams cannot log in. */
const unusablePassword = () => `event-feed$${randomBytes(24).toString('base64url')}`;

/** uid of every team (by feed id), creating the users that do not exist yet. */
async function teamUsers(tx: Tx, teams: ImportPlan['teams']): Promise<Map<string, string>> {
  const uidOf = new Map<string, string>();
  const readExisting = async (names: string[]) => {
    for (const part of chunks(names)) {
      const rows = await tx.select({ uuid: users.uuid, username: users.username }).from(users).where(inArray(users.username, part));
      for (const r of rows) uidOf.set(r.username, r.uuid);
    }
  };
  await readExisting(teams.map((t) => t.externalId));
  const missing = teams.filter((t) => !uidOf.has(t.externalId));
  for (const part of chunks(missing, 500)) {
    const rows = part.map((t) => ({ uuid: newUid(), username: t.externalId, password: unusablePassword(), nickname: t.name, school: t.school }));
    // A user created meanwhile by someone else keeps its row; it is read back below.
    const created = await tx.insert(users).values(rows).onConflictDoNothing({ target: users.username }).returning({ uuid: users.uuid, username: users.username });
    if (created.length > 0) await tx.insert(userRole).values(created.map((u) => ({ uid: u.uuid, roleId: ROLE_CODE.default_user })));
    for (const u of created) uidOf.set(u.username, u.uuid);
  }
  await readExisting(missing.filter((t) => !uidOf.has(t.externalId)).map((t) => t.externalId));
  return uidOf;
}

/** Creates the contest of `plan`; returns its id. */
export async function writeImport(db: Db, plan: ImportPlan, viewer: Viewer): Promise<number> {
  return db.transaction(async (tx) => {
    const c = plan.contest;
    const [row] = await tx
      .insert(contest)
      .values({
        uid: viewer.uid,
        author: viewer.username,
        title: c.title,
        description: `由 CLICS 事件流导入（比赛 "${c.externalId}"），只读。\n\nImported from a CLICS event feed (contest "${c.externalId}"), read-only.`,
        type: c.type,
        auth: 0,
        startTime: c.startTime,
        endTime: c.endTime,
        duration: c.durationS,
        sealRank: c.sealRank,
        sealRankTime: c.sealRankTime,
        autoRealRank: c.autoRealRank,
        visible: true,
        openRank: true,
        // Boards show the feed's team names.
        rankShowName: 'nickname',
        imported: true,
      })
      .returning({ id: contest.id });
    const cid = row!.id;

    const pidOf = new Map<string, number>();
    if (plan.problems.length > 0) {
      const inserted = await tx
        .insert(problems)
        .values(
          plan.problems.map((p) => ({
            problemId: `EF${cid}-${p.label}`,
            title: p.name,
            author: viewer.username,
            source: c.title,
            auth: 3,
            ...(p.timeLimitMs !== null ? { timeLimit: p.timeLimitMs } : {}),
          })),
        )
        .returning({ id: problems.id, problemId: problems.problemId });
      const byProblemId = new Map(inserted.map((r) => [r.problemId, r.id]));
      for (const p of plan.problems) pidOf.set(p.label, byProblemId.get(`EF${cid}-${p.label}`)!);
      await tx.insert(contestProblem).values(
        plan.problems.map((p) => ({ cid, pid: pidOf.get(p.label)!, displayId: p.label, displayTitle: p.name, color: p.color })),
      );
    }

    const uidOf = await teamUsers(tx, plan.teams);
    for (const part of chunks(plan.records)) {
      await tx.insert(contestRecord).values(
        part.map((r) => ({
          cid,
          uid: uidOf.get(r.teamId)!,
          pid: pidOf.get(r.label)!,
          displayId: r.label,
          status: r.status,
          time: r.time,
          submitTime: r.submitTime,
          score: r.score,
          useTime: r.useTime,
          language: r.language,
          externalId: r.externalId,
        })),
      );
    }
    await tx
      .update(contest)
      .set({ boardVersion: sql`${contest.boardVersion} + 1` })
      .where(eq(contest.id, cid));
    return cid;
  });
}
