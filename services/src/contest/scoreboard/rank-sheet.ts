// The rank download: the original product sends an .xlsx; we send CSV (RFC 4180),
// which Excel and every spreadsheet open, with the same columns as the board.
import type { AcmRow, BoardRow, OiRow } from '@oj/proto';
import type { ContestRow } from '../access';
import { shownName, type RankUser } from './board-data';

/**
 * Quotes a field when needed. In text users wrote (names, schools) a leading =, +, - or @ is defused so a
 * spreadsheet never runs it as a formula; `trusted` is for the cells we format ourselves.
 */
export function csvField(v: string | number | null | undefined, trusted = false): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (!trusted && typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** ACM cell text: `minute` (with `*` after the contest) and `(-n)` rejections, `-n` unsolved, `+t` pending tries. */
export function acmCellText(cell: AcmRow['submissionInfo'][string] | undefined): string {
  if (!cell) return '';
  if (cell.isAC) {
    const min = Math.floor((cell.ACTime ?? 0) / 60);
    return `${min}${cell.isAfterContest ? '*' : ''}${cell.errorNum > 0 ? ` (-${cell.errorNum})` : ''}${cell.isFirstAC ? ' FB' : ''}`;
  }
  const parts: string[] = [];
  if (cell.errorNum > 0) parts.push(`-${cell.errorNum}`);
  if (cell.tryNum > 0) parts.push(`+${cell.tryNum}`);
  return parts.join(' ');
}

export function rankCsv(c: ContestRow, displayIds: readonly string[], rows: readonly (BoardRow & RankUser)[]): string {
  const acm = c.type === 0;
  const head = ['Rank', 'Name', 'Username', 'Realname', 'School', ...(acm ? ['AC', 'Total Time (min)'] : ['Total Score', 'Total Time (ms)']), ...displayIds, 'Award'];
  const lines = [head.map((h) => csvField(h)).join(',')];
  for (const r of rows) {
    const award = r.awardName ?? '';
    const base = [r.rank === -1 ? '*' : r.rank, shownName(c, r), r.username, r.realname, r.school].map((v) => csvField(v));
    let rest: (string | number)[];
    if (acm) {
      const a = r as AcmRow & RankUser;
      rest = [a.ac, Math.floor(a.totalTime / 60), ...displayIds.map((d) => acmCellText(a.submissionInfo[d]))];
    } else {
      const o = r as OiRow & RankUser;
      rest = [o.totalScore, o.totalTime, ...displayIds.map((d) => (o.submissionInfo[d] === undefined ? '' : `${o.submissionInfo[d]}${o.timeInfo[d] !== undefined ? ` (${o.timeInfo[d]} ms)` : ''}`))];
    }
    lines.push([...base, ...rest.map((v) => csvField(v, true)), csvField(award)].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
