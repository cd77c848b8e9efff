// What the HTML-page sites (HDU, POJ, SPOJ) share: unquoted class attributes made readable for html.ts, the rows of a
// status table, time and memory as those pages write them, and a verdict string mapped through the site's table
// (an unknown string is a changed site, never a guess).
import { JudgeStatus } from '@oj/proto';
import type { RemotePoll, SiteCall } from '../adapter';
import { expectOk, RemoteSiteError } from '../http/remote-http';

/** `class=panel_title` → `class="panel_title"` (old sites write attributes without quotes). */
export const quoteClasses = (html: string): string => html.replace(/\bclass=([\w-]+)/gi, 'class="$1"');

/** The `<td>` cells (inner HTML) of every row of a table fragment. */
export function tableRows(table: string): string[][] {
  return [...table.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)].map((row) => [...row[1].matchAll(/<td\b[^>]*>([\s\S]*?)<\/td>/gi)].map((c) => c[1]));
}

/** `15MS` → 15; `0.01` (seconds) with `seconds` → 10; empty or a dash → null. */
export function msOf(text: string, seconds = false): number | null {
  const m = /([\d.]+)/.exec(text);
  if (!m) return null;
  return Math.round(Number(m[1]) * (seconds ? 1000 : 1));
}

/** `1404K` → 1404; `5.2M` → 5325; empty or a dash → null. In KB. */
export function kbOf(text: string): number | null {
  const m = /([\d.]+)\s*([KMG]?)/i.exec(text);
  if (!m) return null;
  const scale = { '': 1, K: 1, M: 1024, G: 1024 * 1024 }[m[2].toUpperCase() as '' | 'K' | 'M' | 'G'];
  return Math.round(Number(m[1]) * scale);
}

/** What a site's verdict string means: still queued, running, a final status, or one with a fixed message. */
export type SiteVerdict = 'queued' | 'judging' | number | { status: number; message: string };

/** Output Limit Exceeded, as the local runner reports it (the status table has no OLE). */
export const OUTPUT_LIMIT: SiteVerdict = { status: JudgeStatus.RUNTIME_ERROR, message: 'Output Limit Exceeded' };

/**
 * Maps a verdict string of a status page. `Runtime Error (ACCESS_VIOLATION)`: the table's `Runtime Error`, the cause
 * kept as the error message. A string the table does not have throws `changed`.
 */
export function pollOf(site: string, table: Record<string, SiteVerdict>, verdict: string, v: { time: number | null; memory: number | null; compileError: string }): RemotePoll {
  const cause = /^(.*?)\s*\(([^)]*)\)$/.exec(verdict);
  const key = verdict in table ? verdict : cause && cause[1] in table ? cause[1] : undefined;
  if (key === undefined) throw new RemoteSiteError('changed', `unknown ${site} verdict "${verdict}"`);
  const got = table[key];
  if (got === 'queued' || got === 'judging') return { state: got };
  if (typeof got === 'object') return { state: 'done', status: got.status, time: v.time, memory: v.memory, errorMessage: got.message };
  const errorMessage = got === JudgeStatus.COMPILE_ERROR ? v.compileError : key !== verdict && cause ? cause[2] : null;
  return { state: 'done', status: got, time: v.time, memory: v.memory, errorMessage };
}

/** A site whose problem ids are numbers (HDU, POJ): the id, or `not-found` before anything is asked. */
export function numericId(site: string, problemId: string): string {
  if (!/^[1-9]\d{0,8}$/.test(problemId)) throw new RemoteSiteError('not-found', `${problemId} is not a problem id of ${site} (a number, e.g. 1000)`);
  return problemId;
}

/** The run `pick` chooses among those of a status page (HDU, POJ); none is a changed site (`missing` says what). */
export async function runOnStatusPage<R>(call: SiteCall, url: string, parse: (html: string) => R[], pick: (r: R) => boolean, missing: string): Promise<R> {
  const page = expectOk(await call.http.request({ method: 'GET', url }), 'status page');
  const run = parse(page.body).find(pick);
  if (!run) throw new RemoteSiteError('changed', missing);
  return run;
}
