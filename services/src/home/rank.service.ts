// The global ranks: ACM (distinct problems accepted outside contests, then fewer submissions) and OI (the sum of each
// problem's best score), and the last seven days' top ten. Rank pages without a search are cached 60 s.
import { PAGE_SIZES, RANK_CACHE_MS, RankType, type ACMRankVO, type OIRankVO, type PageOf, type RankListQuery } from '@oj/proto';
import type { ServiceContext } from '../context';
import { pageOf, pageOffset } from '../db/paging';
import { rankPage, sevenDayRank, type RankRow } from './home.repo';

export interface RankService {
  rankList(q: RankListQuery): Promise<PageOf<ACMRankVO> | PageOf<OIRankVO>>;
  /** Top 10 by distinct problems accepted (outside contests) in the last 7 days. */
  recentSevenAcRank(): Promise<ACMRankVO[]>;
}

export function toRank(r: RankRow): OIRankVO {
  return {
    uid: r.uid,
    username: r.username,
    nickname: r.nickname,
    signature: r.signature,
    avatar: r.avatar,
    titleName: r.title_name,
    titleColor: r.title_color,
    total: Number(r.total),
    ac: Number(r.ac),
    score: Number(r.score),
  };
}

export function toAcm(r: RankRow): ACMRankVO {
  const { score: _score, ...acm } = toRank(r);
  return { ...acm, rating: null };
}

export function createRankService(ctx: ServiceContext): RankService {
  const { db } = ctx;
  const rankCache = new Map<string, { at: number; page: PageOf<ACMRankVO> | PageOf<OIRankVO> }>();

  async function computeRank(q: RankListQuery, current: number, size: number) {
    const offset = pageOffset(current, size);
    if (offset === null) return pageOf([], 0, current, size);
    const { rows, total } = await rankPage(db, q.type, q.searchUser?.trim() || undefined, size, offset);
    return q.type === RankType.ACM ? pageOf(rows.map(toAcm), total, current, size) : pageOf(rows.map(toRank), total, current, size);
  }

  return {
    async rankList(q) {
      const current = q.currentPage ?? 1;
      const size = q.limit ?? PAGE_SIZES.rankList;
      const cacheable = !q.searchUser?.trim();
      const key = `${q.type}:${size}:${current}`;
      const hit = cacheable ? rankCache.get(key) : undefined;
      if (hit && Date.now() - hit.at < RANK_CACHE_MS) return hit.page;
      const page = await computeRank(q, current, size);
      if (cacheable) {
        if (rankCache.size > 1000) rankCache.clear();
        rankCache.set(key, { at: Date.now(), page });
      }
      return page;
    },

    async recentSevenAcRank() {
      const rows = await sevenDayRank(db);
      return rows.map(toAcm);
    },
  };
}
