// The dashboard's verdict feed as site admins may see it: one feed for every root and admin, and an admin is not
// every contest's admin (they may even be a contestant), so a contest verdict the seal hides from the public board
// shows as −5 (Submitted Unknown Result) until the seal lifts. System Errors stay visible: they are our faults,
// not a judgement of anyone's code, and operators must see them during a contest.
import { JudgeStatus, type DashboardVerdict } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { findContests } from '../contest/contest.repo';
import { hiddenBySeal, maskedStatus } from '../contest/sealed-results';
import { toVerdict, type VerdictRow } from './dashboard.repo';

export async function dashboardVerdicts(db: DbOrTx, rows: readonly VerdictRow[], now = Date.now()): Promise<DashboardVerdict[]> {
  const cids = [...new Set(rows.filter((r) => r.cid > 0).map((r) => r.cid))];
  const contests = new Map((await findContests(db, cids)).map((c) => [c.id, c]));
  return rows.map(({ submitTime, ...row }) => {
    const v = toVerdict(row);
    const c = contests.get(row.cid);
    return c && row.status !== JudgeStatus.SYSTEM_ERROR && hiddenBySeal(c, submitTime, now) ? maskedStatus(v) : v;
  });
}
