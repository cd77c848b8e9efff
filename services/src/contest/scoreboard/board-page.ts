// One page of a board as a caller reads it: which view (live for contest admins who force it, `-end` only where
// allowed and not sealed), the rows of the page with the caller's pins, and the page's metadata, as an object or
// as JSON text in parts. Without a keyword the rows come from the per-version cache (board-cache.ts).
import { CONTEST_LIMITS, pageBoard, problemStats, type AwardConfig, type BoardRow, type BoardView, type ContestRankBody, type RankPage, type RankVO } from '@oj/proto';
import { pagePlan, viewCache, withUser, type JsonPart, type ViewCache } from './board-cache';
import { shownName } from './board-data';
import type { BoardState } from './projector';

/** The view a caller reads: live for contest admins who force it, `-end` only when allowed and not sealed. */
export function pickView(s: BoardState, live: boolean, containsEnd: boolean): { view: BoardView; sealed: boolean } {
  const sealed = !live && s.sealed;
  const end = containsEnd && s.contest.allowEndSubmit && !sealed;
  const view: BoardView = live ? (end ? 'live-end' : 'live') : end ? 'public-end' : 'public';
  return { view: s.views.has(view) ? view : live ? 'live' : 'public', sealed };
}

/** A keyword search matches the school or the name the board shows. */
function matcher(s: BoardState) {
  return (row: BoardRow, kw: string) => {
    const u = s.users.get(row.uid);
    if (!u) return false;
    return (u.school ?? '').toLowerCase().includes(kw) || shownName(s.contest, u).toLowerCase().includes(kw);
  };
}

/** A page of the board in state `s`; without a keyword read from the per-version cache, else filtered here. */
export function boardPage<T extends 'object' | 'json'>(s: BoardState, live: boolean, body: ContestRankBody, pins: string[], as: T): T extends 'json' ? JsonPart[] : RankPage {
  type Out = T extends 'json' ? JsonPart[] : RankPage;
  const { view, sealed } = pickView(s, live, body.containsEnd === true);
  const limit = body.limit ?? CONTEST_LIMITS.rankPageSize;
  const current = body.currentPage ?? 1;
  const meta = (total: number) => ({
    total,
    size: limit,
    current,
    pages: Math.ceil(total / limit),
    seq: live ? s.seq.admin : s.seq.public,
    sealed,
    view,
    version: s.version,
    rankConfig: { starUids: s.starUids, awardType: s.contest.awardType, awards: s.views.get(view)!.config.awards as AwardConfig[] },
  });
  if (body.offset !== undefined) return windowPage(s, view, body.offset, limit, pins, meta, as) as Out;
  if ((body.keyword?.trim() ?? '') !== '') {
    const { records, total } = pageBoard(s.views.get(view)!.rows(), {
      currentPage: current,
      limit,
      keyword: body.keyword,
      removeStar: body.removeStar === true,
      starUids: s.starUids,
      pinUids: pins,
      match: matcher(s),
    });
    const out: RankPage = { records: records.map((r) => withUser(r, s.users.get(r.uid))), ...meta(total) };
    return (as === 'json' ? [JSON.stringify(out)] : out) as Out;
  }
  const vc = viewCache(s, view, body.removeStar === true);
  const plan = pagePlan(vc, pins, current, limit);
  if (as === 'object') {
    const records: RankVO[] = plan.pinned.map((i) => vc.vo(i));
    for (let i = plan.from; i < plan.to; i++) records.push(vc.vo(i));
    return { records, ...meta(plan.total) } as Out;
  }
  const parts: JsonPart[] = ['{"records":[' + plan.pinned.map((i) => vc.text(i)).join(',')];
  if (plan.to > plan.from) {
    if (plan.pinned.length > 0) parts.push(',');
    parts.push(vc.slice(plan.from, plan.to));
  }
  parts.push('],' + JSON.stringify(meta(plan.total)).slice(1));
  return parts as Out;
}

type PageMeta = Omit<RankPage, 'records'>;

/** The figures of a view's problems, once per cached version. */
const statsOf = new WeakMap<ViewCache, RankPage['stats']>();

/**
 * A window read: rows [offset, offset + limit) of the view (star rows included, no copies), the pinned users' rows
 * and every star row with their places, and the problems' figures.
 */
function windowPage(s: BoardState, view: BoardView, offset: number, limit: number, pins: readonly string[], meta: (total: number) => PageMeta, as: 'object' | 'json') {
  const vc = viewCache(s, view, false);
  const n = vc.rows.length;
  const from = Math.min(offset, n);
  const to = Math.min(n, from + limit);
  const placed = (uids: Iterable<string>) => {
    const out: number[] = [];
    for (const uid of new Set(uids)) {
      const i = vc.indexOf(uid);
      if (i >= 0) out.push(i);
    }
    return out;
  };
  const pinned = placed(pins);
  const stars = placed(s.starUids);
  let stats = statsOf.get(vc);
  if (!stats) {
    stats = problemStats(vc.rows, s.displayIds, s.contest.type === 1 ? 1 : 0);
    statsOf.set(vc, stats);
  }
  const extra = { ...meta(n), offset: from, stats };
  if (as === 'object') {
    const records: RankVO[] = [];
    for (let i = from; i < to; i++) records.push(vc.vo(i));
    const at = (i: number) => ({ index: i, row: vc.vo(i) });
    return { records, ...extra, pins: pinned.map(at), stars: stars.map(at) } satisfies RankPage;
  }
  const list = (idx: number[]) => '[' + idx.map((i) => `{"index":${i},"row":${vc.text(i)}}`).join(',') + ']';
  const parts: JsonPart[] = ['{"records":['];
  if (to > from) parts.push(vc.slice(from, to));
  parts.push(`],"pins":${list(pinned)},"stars":${list(stars)},` + JSON.stringify(extra).slice(1));
  return parts;
}
