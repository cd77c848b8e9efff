// The browser's side of a board: the ranking config read off a page, search, header figures, cells, the list's
// places, and the small helpers of the tool tabs (the window itself: proto's board-window tests).
import { describe, expect, it } from 'vitest';
import { type AcmCell, type AcmRankVO, type BoardRow } from '@oj/proto';
import { acmCellView, boardList, matcher, oiScoreClass, problemStats, rankConfigOf, shownName, type RankRow } from './board-model';
import { upsertRow } from './live-list';
import { printProblem } from './print-validation';
import { parseScrollParams, scrollBoardUrl } from './scroll/scroll-input';
import { visibleRange } from './virtual-range';
import { dropPinnedCopies } from './scoreboard-api';

const user = (uid: string) => ({ username: `name-${uid}`, realname: `Real ${uid}`, nickname: null, school: uid === 'u1' ? 'North School' : null, gender: null, avatar: null });
const withUser = (r: BoardRow): RankRow => ({ ...r, ...user(r.uid) }) as RankRow;

describe('rankConfigOf', () => {
  it('reads stars and award levels off the rows when the answer has no config', () => {
    const row = (uid: string, rank: number, award: string | null) =>
      ({ uid, rank, isWinAward: award !== null, awardName: award, awardBackground: award ? '#111' : null, awardColor: award ? '#fff' : null }) as RankRow;
    const cfg = rankConfigOf({ records: [row('a', 1, 'Gold'), row('b', 2, 'Silver'), row('c', 3, 'Silver'), row('s', -1, null), row('d', 4, null)] }, 0);
    expect(cfg.starUids).toEqual(['s']);
    expect(cfg.awardType).toBe(2);
    expect(cfg.awards.map((a) => [a.name, a.num])).toEqual([
      ['Gold', 1],
      ['Silver', 2],
    ]);
  });
});

describe('cells and columns', () => {
  const cell = (c: Partial<AcmCell>): AcmCell => ({ errorNum: 0, tryNum: 0, isAC: false, isFirstAC: false, ACTime: null, isAfterContest: false, ...c });

  it('shows AC minutes, tries and pending tries', () => {
    expect(acmCellView(cell({ isAC: true, isFirstAC: true, ACTime: 3599, errorNum: 2 }))).toMatchObject({ cls: 'first-ac', minute: 59, tries: 3 });
    expect(acmCellView(cell({ isAC: true, ACTime: 18_030, isAfterContest: true }))).toMatchObject({ cls: 'after-ac', minute: 300, afterContest: true });
    expect(acmCellView(cell({ errorNum: 1, tryNum: 2 }))).toMatchObject({ cls: 'try', pending: { errors: 1, hidden: 2 } });
    expect(acmCellView(cell({ errorNum: 2 }))).toMatchObject({ cls: 'wa', tries: 2 });
    expect(acmCellView(cell({})).cls).toBe('none');
    expect(acmCellView(undefined).cls).toBe('none');
    expect([oiScoreClass(100), oiScoreClass(0), oiScoreClass(40), oiScoreClass(undefined)]).toEqual(['full', 'zero', 'partial', 'none']);
  });

  it('counts accepted, rejected and pending per problem', () => {
    const row = (info: Record<string, AcmCell>) => ({ uid: 'x', submissionInfo: info }) as unknown as AcmRankVO;
    const stats = problemStats([row({ A: cell({ isAC: true, errorNum: 1 }) }), row({ A: cell({ errorNum: 2, tryNum: 1 }), B: cell({ tryNum: 1 }) })], ['A', 'B'], 0);
    expect(stats).toEqual({ A: { ac: 1, rejected: 3, pending: 1, total: 5 }, B: { ac: 0, rejected: 0, pending: 1, total: 1 } });
  });

  it('searches the shown name and the school', () => {
    const r = withUser({ uid: 'u1' } as BoardRow);
    expect(shownName(r, 'realname')).toBe('Real u1');
    expect(matcher('realname')(r, 'real u1')).toBe(true);
    expect(matcher('username')(r, 'real')).toBe(false);
    expect(matcher('username')(r, 'north')).toBe(true);
  });
});

describe('tool helpers', () => {
  it('inserts pushed rows unhandled first, newest first, once', () => {
    const row = (id: number, checked: boolean, t: string) => ({ id, checked, submitTime: `2025-01-01T00:00:${t}Z` });
    const list = [row(3, false, '30'), row(1, false, '10'), row(2, true, '20')];
    const a = upsertRow(list, row(4, false, '40'), (r) => r.checked, 20);
    expect(a.rows.map((r) => r.id)).toEqual([4, 3, 1, 2]);
    expect(a.added).toBe(true);
    const b = upsertRow(a.rows, row(4, true, '40'), (r) => r.checked, 20);
    expect(b.rows.map((r) => r.id)).toEqual([3, 1, 4, 2]);
    expect(b.added).toBe(false);
    expect(upsertRow(list, row(5, false, '50'), (r) => r.checked, 3).rows).toHaveLength(3);
  });

  it('checks the print text', () => {
    expect(printProblem('   ')).toBe('board.print.empty');
    expect(printProblem('x'.repeat(49))).toBe('board.print.tooShort');
    expect(printProblem('x'.repeat(50))).toBeNull();
  });

  it('round-trips the scroll board link', () => {
    const url = scrollBoardUrl({ cid: 9, removeStar: true, medals: { gold: 1, silver: 2, bronze: 3 } });
    expect(url).toBe('/scroll-board?cid=9&removeStar=true&medals%5B%5D=1&medals%5B%5D=2&medals%5B%5D=3');
    expect(parseScrollParams(url.slice(url.indexOf('?')))).toEqual({ cid: 9, removeStar: true, medals: { gold: 1, silver: 2, bronze: 3 } });
    expect(parseScrollParams('?cid=abc')).toBeNull();
  });

  it('windows a fixed-height list', () => {
    expect(visibleRange(2000, 50, 0, 500, 5)).toEqual({ start: 0, end: 15 });
    expect(visibleRange(2000, 50, 50_000, 500, 5)).toEqual({ start: 995, end: 1015 });
    expect(visibleRange(2000, 50, 200_000, 500, 5)).toEqual({ start: 2000, end: 2000 });
    expect(visibleRange(0, 50, 0, 500, 5)).toEqual({ start: 0, end: 0 });
  });

  it('drops pinned copies of rows, keeping their real place', () => {
    expect(dropPinnedCopies([{ uid: 'b' }, { uid: 'a' }, { uid: 'b' }, { uid: 'c' }]).map((r) => r.uid)).toEqual(['a', 'b', 'c']);
  });
});

describe('boardList', () => {
  it('maps list places to board places, skipping star rows when they are removed', () => {
    const l = boardList(6, [1, 4], [], true);
    expect(l.boardCount).toBe(4);
    expect([0, 1, 2, 3].map((j) => l.place(j))).toEqual([0, 2, 3, 5]);
    expect(boardList(6, [1, 4], [], false).place(3)).toBe(3);
  });
});
