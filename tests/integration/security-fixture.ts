// For the security-*.test.ts files only: the contest fixture (gateway, services, PostgreSQL, memory bus, sockets)
// with root, two site admins ("author" who creates the contests, "staff" who does not) and ordinary users signed
// in, and the moves those tests repeat: a verdict as a runner sends it, an edit of a contest as its author.
import { expect } from 'vitest';
import type { AdminContestVO } from '@oj/proto';
import { ROOT_PASSWORD, startContestFixture, type ContestFixture } from './contest-core-fixture';
import { waitFor } from '../support/live';

export interface SecurityFixture {
  fx: ContestFixture;
  /** Tokens by name: root, author, staff and the ordinary users asked for. */
  tok: Record<string, string>;
  uid: Record<string, string>;
  /** Sends the final verdict of attempt 1 of `submitId` on the bus, as a runner does, and waits until it is stored. */
  verdict(submitId: number, status: number, score?: number): Promise<void>;
  /** Saves contest `cid` as loaded by its admin page with `patch` over it (as the author, unless `token`). */
  edit(cid: number, patch: Partial<AdminContestVO>, token?: string): Promise<void>;
}

export async function startSecurityFixture(prefix: string, users: readonly string[]): Promise<SecurityFixture> {
  const fx = await startContestFixture();
  const tok: Record<string, string> = { root: await fx.login('root', ROOT_PASSWORD) };
  const uid: Record<string, string> = {};
  for (const name of ['author', 'staff', ...users]) {
    const admin = name === 'author' || name === 'staff';
    uid[name] = (await fx.createUser(`${prefix}_${name}`, admin ? ['admin'] : undefined)).uid;
    tok[name] = await fx.login(`${prefix}_${name}`);
  }
  return {
    fx,
    tok,
    uid,
    async verdict(submitId, status, score = 0) {
      await fx.bus.publishEvent({ kind: 'final', submitId, version: 1, judger: 'hand-runner', status, score, time: 7, memory: 1024, errorMessage: null, cases: [] });
      await waitFor(`the verdict of ${submitId}`, async () => ((await fx.sql`select status from judge where submit_id = ${submitId}`)[0]?.status === status ? true : undefined));
    },
    async edit(cid, patch, token = tok.author!) {
      const vo = (await fx.get(`/api/admin/contest?cid=${cid}`, token)).data as AdminContestVO;
      const r = await fx.put('/api/admin/contest', { ...vo, ...patch }, token);
      expect(r.status, r.msg).toBe(200);
    },
  };
}
