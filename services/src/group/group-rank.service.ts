// A group's rank (`get-group-rank-list`, issue 19 item 8): the group's members, by what they solved inside the group
// (its problems and trainings: submissions with the group's `gid`), ACM or OI as the global rank (home.repo's
// `rankPage`), with the user search. Members only; not cached (a verdict pushes `group.rank` and pages read again).
import { PAGE_SIZES, RankType, type ACMRankVO, type GroupRankQuery, type OIRankVO, type PageOf } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { pageOf, pageOffset } from '../db/paging';
import { rankPage } from '../home/home.repo';
import { toAcm, toRank } from '../home/rank.service';
import { memberView } from './group-standing';

export interface GroupRankService {
  rank(q: GroupRankQuery, viewer: Viewer): Promise<PageOf<ACMRankVO> | PageOf<OIRankVO>>;
}

export function createGroupRankService(ctx: ServiceContext): GroupRankService {
  const { db } = ctx;
  return {
    async rank(q, viewer) {
      const { group } = await memberView(db, q.gid, viewer);
      const current = q.currentPage ?? 1;
      const size = q.limit ?? PAGE_SIZES.rankList;
      const offset = pageOffset(current, size);
      if (offset === null) return pageOf([], 0, current, size);
      const { rows, total } = await rankPage(db, q.type, q.searchUser?.trim() || undefined, size, offset, group.id);
      return q.type === RankType.ACM ? pageOf(rows.map(toAcm), total, current, size) : pageOf(rows.map(toRank), total, current, size);
    },
  };
}
