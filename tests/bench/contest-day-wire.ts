// Bytes on the wire for the contest-day benchmark (h), measured on the running stack, not guessed:
// - a REST call's request and answer as they cross the TCP connection (headers included; the answer gzip-compressed
//   as the gateway sends it to a browser that accepts gzip), from the socket's byte counters;
// - the board's frames: real verdicts (final judge events on NATS, judged into the real 2,000-row board by the
//   ingester and projector) relayed by the gateway to sockets on `board:<cid>:public` (coalesced, compact) and on
//   `scoreboard:<cid>` (one JSON frame per delta, as before); each frame's payload as Socket.IO wrote it, checked
//   against one socket's TCP byte counter;
// - what permessage-deflate would make of those frames (a deflate stream per socket with context takeover, as `ws`
//   runs it): bytes, CPU per frame and socket, memory per socket. The gateway does not negotiate it (docs/benchmarks.md).
import http from 'node:http';
import zlib from 'node:zlib';
import { connect as natsConnect } from '@nats-io/transport-node';
import type postgres from 'postgres';
import { io, type Socket } from 'socket.io-client';
import { compactDelta, JudgeStatus, SUBJECTS, topics, type BoardWindowRequest, type ClientToServerEvents, type PushMessage, type ServerToClientEvents } from '@oj/proto';
import { monoMs } from './contest-fanout';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What a browser sends with each API call besides the body (Chromium's headers, the session cookie and CSRF proof). */
const BROWSER_HEADERS: Record<string, string> = {
  accept: 'application/json, text/plain, */*',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'sec-ch-ua': '"Chromium";v="131", "Not_A Brand";v="24"',
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Linux"',
  'sec-fetch-dest': 'empty',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
  'url-type': 'general',
  referer: 'https://oj.example.edu/contest/1/rank',
  cookie: `oj_session=${'x'.repeat(180)}; oj_csrf=${'y'.repeat(43)}; lang=zh-CN`,
  'x-csrf-token': 'y'.repeat(43),
};

export interface WireBytes {
  /** Client → server: request line, headers, body. */
  up: number;
  /** Server → client: status line, headers, body as sent (gzip when the gateway compresses it). */
  down: number;
  /** Content-Encoding of the answer. */
  encoding: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One call over a kept-alive connection, counted at the socket. The token goes as `Authorization` (the API's way). */
export function wireCall(baseUrl: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<WireBytes> {
  const u = new URL(path, baseUrl);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, method, agent, headers: { ...BROWSER_HEADERS, ...(payload && { 'content-type': 'application/json', 'content-length': payload.length }), ...(token && { authorization: token }) } },
      (res) => {
        const sock = res.socket;
        const w0 = (sock as { __w0?: number }).__w0 ?? 0;
        const r0 = (sock as { __r0?: number }).__r0 ?? 0;
        res.on('data', () => undefined);
        res.on('end', () => {
          // The counters include everything this connection carried: take the difference since the last call.
          setImmediate(() => {
            const up = sock.bytesWritten - w0;
            const down = sock.bytesRead - r0;
            (sock as { __w0?: number }).__w0 = sock.bytesWritten;
            (sock as { __r0?: number }).__r0 = sock.bytesRead;
            resolve({ up, down, encoding: String(res.headers['content-encoding'] ?? 'identity') });
          });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Bytes of one call, after a call that brings the counters of the kept connection to a known point. */
export async function measureWire(baseUrl: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<WireBytes> {
  await wireCall(baseUrl, 'GET', '/healthz', undefined);
  return wireCall(baseUrl, method, path, token, body);
}

export interface BoardFrames {
  /** Real deltas relayed: how many verdicts, and the batch frames they made on `board:<cid>:public`. */
  verdicts: number;
  batchFrames: number;
  batchDeltas: number;
  /** Mean payload bytes of one compact delta in a batch, and a batch frame's bytes besides its deltas (WebSocket header included). */
  deltaBytes: number;
  frameOverhead: number;
  /** Mean bytes of one `scoreboard.delta` frame on `scoreboard:<cid>` (WebSocket header included). */
  legacyFrameBytes: number;
  /** Bytes one board socket received over TCP against the frames' counted bytes (the check of the count). */
  tcpCheck: { tcp: number; counted: number };
  /** A socket's handshake and subscribe, both ways. */
  handshakeBytes: number;
  deflate: DeflateCost;
  /** The real deltas as published on the bus (for the CPU blast). */
  captured: PushMessage[];
  note: string;
}

export interface DeflateCost {
  batchFrameBytes: number;
  legacyFrameBytes: number;
  /** CPU µs to compress one frame for one socket, and memory of one socket's deflate stream. */
  cpuUs: number;
  memoryKb: number;
}

const wsHeader = (n: number) => (n < 126 ? 2 : n < 65536 ? 4 : 10);
const payloadOf = (event: string, frame: unknown) => Buffer.byteLength(`42${JSON.stringify([event, frame])}`);
const tcpRead = (s: ClientSocket) => ((s.io.engine.transport as unknown as { ws?: { _socket?: { bytesRead: number; bytesWritten: number } } }).ws?._socket ?? { bytesRead: 0, bytesWritten: 0 });

/** A socket of the bench on the stack (its token, or anonymous), connected. */
export async function openBenchSocket(baseUrl: string, token?: string): Promise<ClientSocket> {
  const s: ClientSocket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, ...(token && { auth: { token } }) });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

/**
 * Real verdicts on the seeded board: pending submissions of real contestants written as the contest service writes
 * them, then their final judge events published on NATS, as a runner does: `spaced` one every 400 ms (one delta a
 * frame), then `burst` at once (coalesced).
 */
export async function measureBoardFrames(opts: { baseUrl: string; natsUrl: string; sql: postgres.Sql; cid: number; spaced: number; burst: number; sockets: number }): Promise<BoardFrames> {
  const { baseUrl, sql, cid } = opts;
  const board: ClientSocket[] = [];
  const legacy: ClientSocket[] = [];
  const batchSizes: { bytes: number; deltas: number[] }[] = [];
  const legacySizes: number[] = [];
  const captured: PushMessage[] = [];
  const connect = async (topic: string, into: ClientSocket[]) => {
    const s = await openBenchSocket(baseUrl);
    into.push(s);
    const ack = await s.timeout(10_000).emitWithAck('subscribe', { topic });
    if (!ack.ok) throw new Error(`subscribe ${topic} refused: ${ack.code}`);
  };
  const nc = await natsConnect({ servers: opts.natsUrl });
  try {
    await connect(topics.board(cid, 'public'), board);
    const hs = tcpRead(board[0]!);
    const handshakeBytes = hs.bytesRead + hs.bytesWritten;
    for (let i = 1; i < opts.sockets; i++) await connect(topics.board(cid, 'public'), board);
    for (let i = 0; i < opts.sockets; i++) await connect(topics.scoreboard(cid), legacy);
    board[0]!.on('scoreboard.batch', (f) => batchSizes.push({ bytes: payloadOf('scoreboard.batch', f), deltas: f.data.deltas.map((d) => Buffer.byteLength(JSON.stringify(d))) }));
    legacy[0]!.on('scoreboard.delta', (f) => legacySizes.push(payloadOf('scoreboard.delta', f)));
    const sub = nc.subscribe(SUBJECTS.push(topics.scoreboard(cid)));
    void (async () => {
      for await (const m of sub) {
        const msg = m.json<PushMessage>();
        if (msg.event === 'scoreboard.delta') captured.push(msg);
      }
    })();
    const tcp0 = tcpRead(board[0]!).bytesRead;

    // Contestants and problems of the board; each verdict a new submission (AC or WA) of a random contestant.
    const users = await sql<{ uid: string; username: string }[]>`select uuid as uid, username from users where username like 'team%' order by username`;
    const cps = await sql<{ id: number; pid: number; display_id: string }[]>`select id, pid, display_id from contest_problem where cid = ${cid} order by display_id`;
    const [c] = await sql<{ start: Date }[]>`select start_time as start from contest where id = ${cid}`;
    let k = 0;
    const verdict = async () => {
      const u = users[(k * 7919) % users.length]!;
      const cp = cps[k % cps.length]!;
      const status = k % 3 === 0 ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER;
      k++;
      const at = new Date();
      const [j] = await sql<{ submit_id: number }[]>`
        insert into judge (pid, display_pid, uid, username, submit_time, status, length, code, language, cid, cpid, lane, version)
        values (${cp.pid}, ${cp.display_id}, ${u.uid}, ${u.username}, ${at}, ${JudgeStatus.PENDING}, 20, '// bench verdict', 'C++', ${cid}, ${cp.id}, 'contest', 1)
        returning submit_id`;
      await sql`insert into contest_record (cid, uid, pid, display_id, submit_id, status, time, submit_time, language)
        values (${cid}, ${u.uid}, ${cp.pid}, ${cp.display_id}, ${j!.submit_id}, null, ${Math.floor((at.getTime() - c!.start.getTime()) / 1000)}, ${at}, 'C++')`;
      nc.publish(
        SUBJECTS.result(j!.submit_id),
        JSON.stringify({ kind: 'final', submitId: j!.submit_id, version: 1, judger: 'bench', status, score: null, time: 15, memory: 4096, errorMessage: null, cases: [] }),
      );
    };
    for (let i = 0; i < opts.spaced; i++) {
      await verdict();
      await new Promise((r) => setTimeout(r, 400));
    }
    await Promise.all(Array.from({ length: opts.burst }, () => verdict()));
    const want = opts.spaced + opts.burst;
    const deadline = monoMs() + 30_000;
    while (batchSizes.reduce((a, b) => a + b.deltas.length, 0) < want && monoMs() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    sub.unsubscribe();

    const frames = batchSizes.length;
    const deltas = batchSizes.flatMap((b) => b.deltas);
    const deltaBytes = deltas.reduce((a, b) => a + b, 0) / Math.max(1, deltas.length) + 1;
    const overhead = batchSizes.reduce((a, b) => a + b.bytes + wsHeader(b.bytes) - b.deltas.reduce((x, y) => x + y + 1, 0), 0) / Math.max(1, frames);
    const counted = batchSizes.reduce((a, b) => a + b.bytes + wsHeader(b.bytes), 0);
    const legacyFrameBytes = legacySizes.reduce((a, b) => a + b + wsHeader(b), 0) / Math.max(1, legacySizes.length);

    // permessage-deflate, as `ws` would run it for this socket: one raw deflate stream, a sync flush per message.
    const deflate = await deflateCost(captured, batchSizes.length > 0);
    return {
      verdicts: want,
      batchFrames: frames,
      batchDeltas: deltas.length,
      deltaBytes,
      frameOverhead: overhead,
      legacyFrameBytes,
      tcpCheck: { tcp: tcpRead(board[0]!).bytesRead - tcp0, counted },
      handshakeBytes,
      deflate,
      captured,
      note: `${opts.sockets} sockets on board:${cid}:public and ${opts.sockets} on scoreboard:${cid}; ${want} real verdicts (${opts.spaced} spaced 400 ms, ${opts.burst} at once)`,
    };
  } finally {
    await nc.close();
    for (const s of [...board, ...legacy]) s.close();
  }
}

/** One deflate stream of a socket, as `ws` keeps it (context takeover): a sync flush per message. */
function deflateStream() {
  const d = zlib.createDeflateRaw({ windowBits: 15, memLevel: 8 });
  const chunks: Buffer[] = [];
  d.on('data', (b: Buffer) => chunks.push(b));
  return {
    /** Bytes on the wire of one message: the flush's output less its trailing 00 00 ff ff, plus a 2-byte header. */
    send: (text: string) =>
      new Promise<number>((resolve) => {
        d.write(text);
        d.flush(zlib.constants.Z_SYNC_FLUSH, () => {
          const n = chunks.reduce((a, b) => a + b.length, 0);
          chunks.length = 0;
          resolve(Math.max(0, n - 4) + 2);
        });
      }),
    close: () => d.close(),
  };
}

/** Compressed sizes of the captured frames through one per-socket deflate stream, its CPU per frame and memory. */
async function deflateCost(captured: readonly PushMessage[], any: boolean): Promise<DeflateCost> {
  const none = { batchFrameBytes: NaN, legacyFrameBytes: NaN, cpuUs: NaN, memoryKb: NaN };
  if (!any || captured.length === 0) return none;
  const batch = captured.map((m) => `42${JSON.stringify(['scoreboard.batch', { topic: 'board:1:public', seq: m.seq, from: m.seq - 1, data: { type: 0, deltas: [compactDelta(m.seq, m.data as never)] } }])}`);
  const legacy = captured.map((m) => `42${JSON.stringify(['scoreboard.delta', { topic: m.topic, seq: m.seq, data: m.data }])}`);
  const run = async (texts: string[]) => {
    const d = deflateStream();
    let bytes = 0;
    const t0 = process.cpuUsage();
    for (const t of texts) bytes += await d.send(t);
    const t = process.cpuUsage(t0);
    d.close();
    return { bytes: bytes / texts.length, cpuUs: (t.user + t.system) / texts.length };
  };
  try {
    const b = await run(batch);
    const l = await run(legacy);
    // Memory of 200 sockets' deflate streams after their first message.
    const m0 = process.memoryUsage().rss;
    const streams = Array.from({ length: 200 }, () => deflateStream());
    await Promise.all(streams.map((d) => d.send(batch[0]!)));
    const memoryKb = (process.memoryUsage().rss - m0) / 200 / 1024;
    for (const d of streams) d.close();
    return { batchFrameBytes: b.bytes, legacyFrameBytes: l.bytes, cpuUs: b.cpuUs, memoryKb };
  } catch {
    return none;
  }
}

/**
 * A board window read over the socket (`board.window`): the server's answer decoded, and the bytes the request and
 * its binary ack took on the socket's TCP connection (WebSocket headers included; the gzip as the gateway sends it).
 */
export async function socketWindowRead(s: ClientSocket, req: BoardWindowRequest): Promise<{ status: number; msg: string; text: string; wire: WireBytes }> {
  const tcp = tcpRead(s);
  const r0 = tcp.bytesRead;
  const w0 = tcp.bytesWritten;
  const ack = await s.emitWithAck('board.window', req);
  // The binary attachment arrives in its own frame before the ack fires; the counters are read after it.
  const wire = { up: tcpRead(s).bytesWritten - w0, down: tcpRead(s).bytesRead - r0, encoding: 'gzip, WebSocket' };
  if (!ack.ok) return { status: 400, msg: `${ack.code}: ${ack.msg ?? ''}`, text: '', wire };
  return { status: 200, msg: 'success', text: zlib.gunzipSync(ack.gz as Uint8Array).toString('utf8'), wire };
}
