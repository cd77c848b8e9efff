// The training rank's rules, free of the database: a cell per problem (0 with the best accepted run time once
// accepted, else the latest verdict), solved count and total run time per member, the order (solved descending,
// total run time ascending, no penalty: hoj-rules.md §6), the search, and real names for the training's admins only.
import type { TrainingCell, TrainingRankVO } from '@oj/proto';
import type { MemberRow, StandingRow } from './training-rank.repo';

/** The cell a standing shows. */
export function cellOf(s: Pick<StandingRow, 'ac' | 'acTime' | 'lastStatus' | 'lastTime'>): TrainingCell {
  return s.ac ? { status: 0, runTime: s.acTime } : { status: s.lastStatus, runTime: s.lastTime };
}

/** Solved problems and the sum of their best accepted run times, over one user's standings. */
export function totalsOf(rows: readonly Pick<StandingRow, 'ac' | 'acTime'>[]): { ac: number; totalRunTime: number } {
  let ac = 0;
  let totalRunTime = 0;
  for (const r of rows) {
    if (!r.ac) continue;
    ac++;
    totalRunTime += r.acTime ?? 0;
  }
  return { ac, totalRunTime };
}

export interface RankOptions {
  /** Problem id → display id, the training's problems (cells of other problems are left out). */
  displayIds: ReadonlyMap<number, string>;
  /** The caller administers the training: real names are shown (and searched). */
  admin: boolean;
  keyword?: string;
}

/** Every member's row in rank order, numbered 1.. (ties share a number), then filtered by the search. */
export function buildRank(members: readonly MemberRow[], rows: readonly StandingRow[], o: RankOptions): TrainingRankVO[] {
  const byUser = new Map<string, StandingRow[]>();
  for (const r of rows) {
    if (!o.displayIds.has(r.pid)) continue;
    const list = byUser.get(r.uid) ?? [];
    list.push(r);
    byUser.set(r.uid, list);
  }
  const ranked: TrainingRankVO[] = members.map((m) => {
    const mine = byUser.get(m.uid) ?? [];
    const submissionInfo: Record<string, TrainingCell> = {};
    for (const r of mine) submissionInfo[o.displayIds.get(r.pid)!] = cellOf(r);
    return {
      rank: 0,
      uid: m.uid,
      username: m.username,
      realname: o.admin ? m.realname : null,
      nickname: m.nickname,
      school: m.school,
      gender: m.gender,
      avatar: m.avatar,
      ...totalsOf(mine),
      submissionInfo,
    };
  });
  ranked.sort((a, b) => b.ac - a.ac || a.totalRunTime - b.totalRunTime || a.username.localeCompare(b.username));
  ranked.forEach((r, i) => {
    const prev = ranked[i - 1];
    r.rank = prev && prev.ac === r.ac && prev.totalRunTime === r.totalRunTime ? prev.rank : i + 1;
  });
  const keyword = o.keyword?.trim().toLowerCase();
  if (!keyword) return ranked;
  return ranked.filter((r) => [r.username, r.nickname, r.school, r.realname].some((s) => s?.toLowerCase().includes(keyword)));
}
