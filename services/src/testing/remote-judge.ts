// Helpers of the remote-judge tests: a site's recorded fixtures, the error an adapter call ends with, and a remote
// submission's settled row and pushed statuses.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { JudgeStatus, type PushMessage } from '@oj/proto';
import type { Db } from '../db/client';
import { judge } from '../db/schema';
import { RemoteSiteError } from '../remote-judge/http/remote-http';
import { loadFixture, replayHttp, type Fixture } from '../remote-judge/http/replay-http';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../remote-judge/fixtures');

/** The folder of a site's fixtures (`fixtures/<site>`). */
export const fixtureDir = (site: string) => path.join(FIXTURES, site);

/** `fixtures/<site>/<name>` read. */
export const siteFixture = (site: string, name: string): Fixture => loadFixture(path.join(fixtureDir(site), name));

/** A replay of `fixtures/<site>/<name>`. */
export const replayOf = (site: string) => (name: string) => replayHttp(siteFixture(site, name));

/** The RemoteSiteError an adapter call ends with (the test fails if it succeeds or throws anything else). */
export async function failure(p: Promise<unknown>): Promise<RemoteSiteError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(RemoteSiteError);
  return e as RemoteSiteError;
}

/** The submission's row once it is no longer Pending, Submitting or Judging (10 s at most). */
export async function settled(db: Db, submitId: number, tries = 400): Promise<typeof judge.$inferSelect> {
  for (let i = 0; i < tries; i++) {
    const [row] = await db.select().from(judge).where(eq(judge.submitId, submitId));
    if (row && ![JudgeStatus.PENDING, JudgeStatus.SUBMITTING, JudgeStatus.JUDGING].includes(row.status as never)) return row;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`submission ${submitId} never finished`);
}

/** The statuses pushed on the submission's topic, in order. */
export const statusesOf = (pushed: readonly PushMessage[], submitId: number): number[] =>
  pushed.filter((m) => m.topic === `submission:${submitId}` && m.event === 'submission.status').map((m) => (m.data as { status: number }).status);
