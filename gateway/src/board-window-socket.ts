// `board.window` over the socket: the board window read of the REST routes (`POST /api/get-contest-rank` and
// `/api/get-contest-outside-scoreboard` with `offset`), by the same service under the same rules, answered with the
// gzip of its JSON text as binary. A connected board spares an HTTP request (its parsing, token, log line, headers) per
// read; the rows of a board version are compressed once for every reader, as over REST (routes/json-parts.ts).
import { BoardWindowRequest, decode, OjError, type BoardWindowAck, type ContestRankBody } from '@oj/proto';
import type { OjServices, Viewer } from '@oj/services';
import { gzipParts } from './routes/json-parts';

/** Reads the window `raw` asks for as `viewer` (null: anonymous, which only the outside board admits). */
export async function readBoardWindow(services: OjServices, raw: unknown, viewer: Viewer | null): Promise<BoardWindowAck> {
  const { outside, ...window } = decode(BoardWindowRequest, raw);
  const body: ContestRankBody = { ...window, currentPage: 1 };
  if (outside) return { ok: true, gz: gzipParts(await services.scoreboards.outsideRankJson(body, viewer)) };
  if (!viewer) throw new OjError('AUTH_NOT_LOGGED_IN');
  return { ok: true, gz: gzipParts(await services.scoreboards.rankJson(body, viewer)) };
}
