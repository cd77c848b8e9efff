// The chaos tests' accounting: waits until every submission is final, then counts submitted, judged, lost, System
// Error and wrong verdicts, the final verdicts the sockets missed, and whether the contest board is exact.
import { isInProgress, JudgeStatus, type RankVO } from '@oj/proto';
import { startTestDatabase } from '../support/pg';
import { boardFromScratch, rowOf, type BoardFixture } from '../integration/contest-board-fixture';
import { PROGRAMS, startChaosDeployment, type ChaosDeployment, type ChaosOptions, type Submitted } from './chaos-deployment';

export * from './chaos-deployment';

/** The chaos deployment on a database of the suite's PostgreSQL, or (`ownPostgres`) on a PostgreSQL of its own. */
export function startTestChaos(opts: Omit<ChaosOptions, 'database'> & { ownPostgres?: boolean } = {}): Promise<ChaosDeployment> {
  const { ownPostgres, ...rest } = opts;
  return startChaosDeployment({ ...rest, ...(ownPostgres ? {} : { database: startTestDatabase }) });
}

export interface ChaosCounts {
  submitted: number;
  judged: number;
  lost: number;
  systemError: number;
  wrongVerdict: number;
  missedBySocket: number;
  boardExact: boolean;
}

/** Waits (bounded) until every submission is final, then counts and compares the board with one built from scratch. */
export async function account(d: ChaosDeployment, subs: Submitted[], timeoutMs: number): Promise<ChaosCounts & { details: string[] }> {
  const ids = subs.map((s) => s.submitId);
  const deadline = Date.now() + timeoutMs;
  let rows: { submit_id: number; status: number }[] = [];
  for (;;) {
    rows = await d.sql<{ submit_id: number; status: number }[]>`select submit_id, status from judge where submit_id in ${d.sql(ids)}`;
    if (rows.every((r) => !isInProgress(r.status)) || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  // The sockets get a moment for the last pushes.
  const socketDeadline = Date.now() + 15_000;
  while (subs.some((s) => !s.watcher.finals.has(s.submitId)) && Date.now() < socketDeadline) await new Promise((r) => setTimeout(r, 250));
  const status = new Map(rows.map((r) => [r.submit_id, r.status]));
  const details: string[] = [];
  let judged = 0;
  let systemError = 0;
  let wrongVerdict = 0;
  let missedBySocket = 0;
  for (const s of subs) {
    const st = status.get(s.submitId);
    if (st === undefined || isInProgress(st)) {
      details.push(`${s.submitId} (${s.key}) not judged: ${st}`);
      continue;
    }
    judged++;
    if (st === JudgeStatus.SYSTEM_ERROR) systemError++;
    if (st !== PROGRAMS[s.key].verdict) {
      wrongVerdict++;
      details.push(`${s.submitId} (${s.key}) judged ${st}`);
    }
    const pushed = s.watcher.finals.get(s.submitId);
    if (pushed !== st) {
      missedBySocket++;
      details.push(`${s.submitId} (${s.key}) pushed ${pushed} for ${st}`);
    }
  }
  const boardExact = await boardMatches(d, details);
  return { submitted: subs.length, judged, lost: subs.length - judged, systemError, wrongVerdict, missedBySocket, boardExact, details };
}

/** The contest board a gateway answers equals the one the scoreboard engine builds from the contest records. */
async function boardMatches(d: ChaosDeployment, details: string[]): Promise<boolean> {
  const r = await d.root.call<{ records: RankVO[] }>('POST', '/api/get-contest-rank', { cid: d.cid, currentPage: 1, limit: 500 });
  if (r.status !== 200) {
    details.push(`board: ${r.msg}`);
    return false;
  }
  const expected = await boardFromScratch({ sql: d.sql } as BoardFixture, { cid: d.cid, creator: '', start: new Date(), displayIds: d.displayIds, pids: {} });
  const got = r.data.records.map(rowOf);
  const same = JSON.stringify(got) === JSON.stringify(expected);
  // The records themselves must hold every verdict: each contest record carries its submission's status.
  const [stale] = await d.sql<{ n: number }[]>`select count(*)::int as n from contest_record r join judge j on j.submit_id = r.submit_id where r.cid = ${d.cid} and r.status is distinct from j.status`;
  if (!same) details.push(`board differs: ${JSON.stringify(got).slice(0, 400)} vs ${JSON.stringify(expected).slice(0, 400)}`);
  if (stale!.n > 0) details.push(`${stale!.n} contest records disagree with their submission`);
  return same && stale!.n === 0 && expected.length > 0;
}

export function printCounts(label: string, c: ChaosCounts): void {
  console.log(
    `[chaos] ${label}: submitted ${c.submitted}, judged ${c.judged}, lost ${c.lost}, System Error ${c.systemError}, wrong verdict ${c.wrongVerdict}, ` +
      `final verdicts missed by sockets ${c.missedBySocket}, board exact ${c.boardExact ? 'yes' : 'NO'}`,
  );
}
