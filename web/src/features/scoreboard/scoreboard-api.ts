// REST calls of the boards and the contest-day tools, answers decoded with proto's schemas.
import {
  AcInfoVO,
  CONTEST_LIMITS,
  ContestOutsideInfo,
  ContestProblemVO,
  decode,
  Page,
  PrintVO,
  RankPage,
  ScrollBoardInfo,
  ScrollBoardSubmission,
  type BoardWindowRequest,
  type PageOf,
} from '@oj/proto';
import { api, request } from '../../lib/api';
import { emitBoardWindow } from '../../lib/socket';
import { listOf } from '../../lib/decoders';
import { downloadFile } from '../../lib/download';

const acInfoPage = Page(AcInfoVO);
const printPage = Page(PrintVO);

export interface BoardQuery {
  cid: number;
  forceRefresh: boolean;
  containsEnd: boolean;
  /** The outside board (anonymous) instead of the in-contest one. */
  outside: boolean;
}

/**
 * The whole board in board order: pages of `maxRankLimit` rows until `total` is reached. Copies of pinned rows
 * (the server pins the caller's own row on the in-contest board) are dropped, keeping each row's real place.
 */
export async function loadWholeBoard(q: BoardQuery, silent = false): Promise<RankPage> {
  const path = q.outside ? '/get-contest-outside-scoreboard' : '/get-contest-rank';
  const limit = CONTEST_LIMITS.maxRankLimit;
  let first: RankPage | null = null;
  const records: RankPage['records'] = [];
  for (let currentPage = 1; currentPage <= 20; currentPage++) {
    const page = await api.post(
      path,
      { cid: q.cid, currentPage, limit, forceRefresh: q.forceRefresh, removeStar: false, concernedList: [], containsEnd: q.containsEnd },
      { decode: (x) => decode(RankPage, x), silent },
    );
    first ??= page;
    records.push(...page.records);
    if (page.records.length < limit || records.length >= page.total) break;
  }
  const page = first as RankPage;
  return { ...page, records: dropPinnedCopies(records) };
}

/**
 * A window of the board (ours): rows [offset, offset + limit) in board order, the caller's own row and the followed
 * users' rows, every star row, the problems' figures, and the topic seq they were read at. Read over the socket while
 * it is connected (`board.window`); over REST when it is not, or when the socket could not answer (a refusal is then
 * shown as REST shows it).
 */
export async function loadBoardWindow(q: BoardQuery, offset: number, limit: number, concernedList: readonly string[], silent = false): Promise<RankPage> {
  const window = { cid: q.cid, offset, limit, forceRefresh: q.forceRefresh, containsEnd: q.containsEnd, concernedList: [...concernedList] };
  const fromSocket = await readWindowOverSocket({ ...window, outside: q.outside });
  if (fromSocket) return fromSocket;
  return api.post(q.outside ? '/get-contest-outside-scoreboard' : '/get-contest-rank', { ...window, currentPage: 1 }, { decode: (x) => decode(RankPage, x), silent });
}

async function readWindowOverSocket(req: BoardWindowRequest): Promise<RankPage | null> {
  if (typeof DecompressionStream === 'undefined') return null;
  const ack = await emitBoardWindow(req);
  if (!ack?.ok) return null;
  try {
    const text = await new Response(new Blob([new Uint8Array(ack.gz)]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
    return decode(RankPage, JSON.parse(text));
  } catch {
    return null;
  }
}

/** Every row matching a keyword (the original product's search), in board order, without pinned copies. */
export async function searchBoard(q: BoardQuery, keyword: string, silent = true): Promise<RankPage> {
  const page = await api.post(
    q.outside ? '/get-contest-outside-scoreboard' : '/get-contest-rank',
    { cid: q.cid, currentPage: 1, limit: CONTEST_LIMITS.maxRankLimit, keyword, forceRefresh: q.forceRefresh, removeStar: false, concernedList: [], containsEnd: q.containsEnd },
    { decode: (x) => decode(RankPage, x), silent },
  );
  return { ...page, records: dropPinnedCopies(page.records) };
}

/** Keeps the last occurrence of each uid (pinned copies come first, the real row later). */
export function dropPinnedCopies<R extends { uid: string }>(rows: readonly R[]): R[] {
  const last = new Map<string, number>();
  rows.forEach((r, i) => last.set(r.uid, i));
  return rows.filter((r, i) => last.get(r.uid) === i);
}

export const getOutsideInfo = (cid: number): Promise<ContestOutsideInfo> =>
  api.get('/get-contest-outsize-info', { query: { cid }, decode: (x) => decode(ContestOutsideInfo, x) });

export const getBoardProblems = (cid: number, containsEnd = false): Promise<ContestProblemVO[]> =>
  api.get('/get-contest-problem', { query: { cid, containsEnd }, decode: listOf((x) => decode(ContestProblemVO, x)), silent: true });

// ---------- AC helper ----------

export const getAcInfo = (cid: number, currentPage: number, limit: number, silent = false): Promise<PageOf<AcInfoVO>> =>
  api.get('/get-contest-ac-info', { query: { cid, currentPage, limit }, decode: (x) => decode(acInfoPage, x), silent });

export async function checkAcInfo(id: number, cid: number, checked: boolean): Promise<void> {
  await api.put('/check-contest-ac-info', { id, cid, checked });
}

// ---------- print ----------

export async function submitPrint(cid: number, content: string): Promise<void> {
  await api.post('/submit-print-text', { cid, content });
}

export const getPrintList = (cid: number, currentPage: number, limit: number, silent = false): Promise<PageOf<PrintVO>> =>
  api.get('/get-contest-print', { query: { cid, currentPage, limit }, decode: (x) => decode(printPage, x), silent });

export async function checkPrint(id: number, cid: number): Promise<void> {
  await request('PUT', '/check-contest-print-status', { query: { id, cid } });
}

/** The print text as a file: binary on success, the JSON envelope on refusal. */
export const downloadPrint = (id: number): Promise<{ blob: Blob; fileName: string }> =>
  downloadFile('/file/download-contest-print-text', { id }, `print-${id}.txt`);

// ---------- rejudge ----------

export async function rejudgeContestProblem(cid: number, pid: number): Promise<void> {
  await api.get('/admin/judge/rejudge-contest-problem', { query: { cid, pid } });
}

// ---------- scroll board ----------

export const getScrollInfo = (cid: number): Promise<ScrollBoardInfo> =>
  api.get('/get-contest-scroll-board-info', { query: { cid }, decode: (x) => decode(ScrollBoardInfo, x) });

export const getScrollSubmissions = (cid: number, removeStar: boolean): Promise<ScrollBoardSubmission[]> =>
  api.get('/get-contest-scroll-board-submission', { query: { cid, removeStar }, decode: listOf((x) => decode(ScrollBoardSubmission, x)) });
