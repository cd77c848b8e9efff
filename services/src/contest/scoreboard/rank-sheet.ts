// The rank download as a table with the board's columns (rank, the name the board shows, username, real name,
// school, solved and penalty or score and time, one cell per problem, award), written as CSV or XLSX by
// export/sheet.ts. The original product sends only an .xlsx; CSV stays the default here, as it was.
import type { AcmRow, BoardRow, OiRow } from '@oj/proto';
import { toCsv, toXlsx, type SheetCell } from '../../export/sheet';
import type { ContestRow } from '../access';
import { shownName, type RankUser } from './board-data';

/** ACM cell text: `minute` (with `*` after the contest), `(-n)` rejections, `FB` first blood; `-n` / `+t` unsolved. */
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

const oiCellText = (o: OiRow, d: string): string =>
  o.submissionInfo[d] === undefined ? '' : `${o.submissionInfo[d]}${o.timeInfo[d] !== undefined ? ` (${o.timeInfo[d]} ms)` : ''}`;

/** The header and one row per board row, in board order; numbers stay numbers (XLSX keeps them numeric). */
export function rankTable(c: ContestRow, displayIds: readonly string[], rows: readonly (BoardRow & RankUser)[]): SheetCell[][] {
  const acm = c.type === 0;
  const head = ['Rank', 'Name', 'Username', 'Realname', 'School', ...(acm ? ['AC', 'Total Time (min)'] : ['Total Score', 'Total Time (ms)']), ...displayIds, 'Award'];
  const out: SheetCell[][] = [head];
  for (const r of rows) {
    const base: SheetCell[] = [r.rank === -1 ? '*' : r.rank, shownName(c, r), r.username, r.realname, r.school];
    const a = r as AcmRow & RankUser;
    const o = r as OiRow & RankUser;
    const totals: SheetCell[] = acm ? [a.ac, Math.floor(a.totalTime / 60)] : [o.totalScore, o.totalTime];
    const cells = displayIds.map((d) => (acm ? acmCellText(a.submissionInfo[d]) : oiCellText(o, d)));
    out.push([...base, ...totals, ...cells, r.awardName ?? '']);
  }
  return out;
}

export type RankFormat = 'csv' | 'xlsx';

export const RANK_MIME: Record<RankFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file: CSV (UTF-8 with BOM; text cells a spreadsheet would run as formulas defused) or a one-sheet XLSX. */
export function rankFileBody(format: RankFormat, c: ContestRow, table: SheetCell[][]): Buffer {
  return format === 'xlsx' ? toXlsx([{ name: `Contest ${c.id}`, rows: table }]) : toCsv(table);
}
