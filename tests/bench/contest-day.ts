// Benchmark: the requests served during a simulated 5-hour, 2,000-contestant contest, with the polling of
// the original product against our push design, and what they cost our server.
//
//  1. A deterministic, time-compressed simulation of the contest day (seeded PRNG, no clock): contestants arrive,
//     read problems, look at the board, submit, print; admins keep the AC helper and admin print open; a projector
//     and some spectators show the outside board. It counts the HTTP requests each design makes and, for push, the
//     socket frames (events and heartbeats) separately.
//  2. The real stack (`startStackProcess`, as `pnpm start` runs it) on a 2,000-row, 13-problem board written straight
//     into its database: each request kind is replayed alone and timed, and the server's CPU (every process of the
//     stack, PostgreSQL and nats-server: all descendants of this process but itself) is read from /proc around it.
//     Socket frames and handshakes are measured the same way with 1,000 sockets.
//  3. Counts × costs: "polling: N requests ≈ X CPU-s; push: M requests + F frames ≈ Y CPU-s".
// Figures only: nothing asserts a time.
//
//   npx tsx tests/bench/contest-day.ts            (alone)
//   benchContestDay()                               (from run.ts)
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect as natsConnect } from '@nats-io/transport-node';
import postgres from 'postgres';
import { io, type Socket } from 'socket.io-client';
import { JudgeStatus, ROLE_CODE, SUBJECTS, type BoardWindowRequest, type ClientToServerEvents, type PushMessage, type ServerToClientEvents, type SubscribeAck, topics } from '@oj/proto';
import { hashPassword } from '@oj/services';
import { startEmbeddedPostgres } from '@oj/infra/processes';
import { api, createBenchContest, monoMs, sampleDelta } from './contest-fanout';
import { login, startStackProcess } from './stack-process';
import { measureBoardFrames, measureWire, openBenchSocket, socketWindowRead, type BoardFrames, type WireBytes } from './contest-day-wire';
import { mulberry32 as prng } from '@oj/proto/testing';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 2 : 1) : 'n/a');
const int = (n: number) => Math.round(n).toLocaleString('en-US');

// ---------- the model ----------

/** Every assumption of the simulation, printed with the figures (docs/benchmarks.md explains each). */
export const MODEL = {
  contestants: 2000,
  durationS: 5 * 3600,
  problems: 13,
  /** Submissions per contestant: uniform 4..12 (mean 8). */
  submissionsMin: 4,
  submissionsMax: 12,
  admins: 5,
  /** Outside board: the hall's projector for the whole contest, plus spectators (coaches) for 1 to 3 hours each. */
  projectors: 1,
  spectators: 30,
  announcements: 6,
  /** Share of contestants who print, and of those who print twice. */
  printShare: 0.2,
  printTwiceShare: 0.3,
  /** Share of contestants who leave 3 to 5 hours in. */
  leaveEarlyShare: 0.1,
  /** Share of contestants who keep the board open in a second browser tab from some point on. */
  secondRankTabShare: 0.1,
  /** Page visits of the contest tab: kind, probability, mean length (s, exponential). */
  visits: [
    { kind: 'problem', p: 0.55, meanS: 600 },
    { kind: 'rank', p: 0.25, meanS: 120 },
    { kind: 'status', p: 0.12, meanS: 60 },
    { kind: 'announcements', p: 0.08, meanS: 30 },
  ],
  /** Submit → final verdict (s): 70 % 2–4 s, 25 % 4–10 s, 5 % 10–60 s (queue at peaks). */
  judgeS: [
    { p: 0.7, from: 2, to: 4 },
    { p: 0.25, from: 4, to: 10 },
    { p: 0.05, from: 10, to: 60 },
  ],
  /** Original product: of the submissions, the share followed on the problem page (get-submission-detail) rather than the status list. */
  pollOnProblemPageShare: 0.5,
  /** Original product's polling periods, seconds. */
  poll: { rank: 10, outside: 30, announcements: 60, submission: 2, acHelper: 10, adminPrint: 10, navbarUnread: 120 },
  /** Ours: test cases per submission (`submission.case` frames), status changes pushed (compiling, judging, final). */
  casesPerSubmission: 10,
  statusChanges: 3,
  /** Ours: Socket.IO heartbeat (engine.io pingInterval 25 s: one ping and one pong a socket). */
  heartbeatS: 25,
  /** Ours: reconnects per contestant socket over the day (Wi-Fi drops; each one a new WebSocket handshake). */
  reconnectsPerSocket: 2,
  /** One whole-problem rejudge mid-contest: a `reset` delta, then every open board reloads its snapshot. */
  rejudgeAtS: 9000,
  sealS: 4 * 3600,
  /**
   * Ours: the board tab reads a window (the first 50 rows, own, followed and star rows), and one more window read per
   * this many seconds of a visit (scrolling). The page's socket is connected, so the reads go over it (`board.window`);
   * the same read over REST (a client without its socket) is measured beside it.
   */
  windowRows: 50,
  scrollReadEveryS: 60,
  /** Ours: the board tab's problem columns are read on its first visit in a contest page and kept (web/src/features/scoreboard/board-columns.ts); the original product reads them on every visit. */
  keepBoardColumns: true,
  /** Ours: board deltas of one view relayed within this window go out as one frame (OJ_BOARD_COALESCE_MS). */
  coalesceS: 0.2,
} as const;

type Design = 'poll' | 'push';
/** Request kinds that we can replay and time; others (submits, prints, admin actions) are the same in both designs. */
export type CostKey =
  | 'rank-50'
  | 'rank-full'
  | 'rank-window'
  | 'rank-window-rest'
  | 'outside-50'
  | 'outside-full'
  | 'outside-window'
  | 'outside-window-rest'
  | 'not-read-announcement'
  | 'submission-detail'
  | 'check-contest-submissions-status'
  | 'ac-info'
  | 'print-list'
  | 'msg-unread'
  | 'contest-info'
  | 'contest-problem-list'
  | 'contest-problem-details'
  | 'contest-submissions'
  | 'contest-announcement-list'
  | 'socket-handshake';
type FrameKey = 'frame-delta' | 'frame-batch' | 'frame-small' | 'heartbeat';

export interface SimSubmission {
  contestant: number;
  problem: number;
  /** Seconds from the start. */
  at: number;
  verdictAt: number;
  /** The verdict's instant, to the millisecond (the coalescing window is shorter than a second). */
  verdictAtS: number;
  status: number;
  useTime: number;
  firstAc: boolean;
}

export interface DesignTally {
  requests: Map<string, number>;
  frames: Map<string, number>;
  /** Requests per minute of the contest (for the peak rate). */
  perMinute: Float64Array;
}

export interface Simulation {
  submissions: SimSubmission[];
  prints: { contestant: number; at: number }[];
  poll: DesignTally;
  push: DesignTally;
  /** Which cost each request or frame kind is charged at (undefined: same in both designs, not costed). */
  costOf: Map<string, CostKey | FrameKey>;
  /** Request kinds that are periodic polls. */
  pollKinds: Set<string>;
  /** Ours: deltas carried by the board's batch frames, summed over the sockets that receive them. */
  batchDeltas: number;
}

export function simulateContestDay(m = MODEL): Simulation {
  const D = m.durationS;
  const minutes = Math.ceil(D / 60);
  const tally = (): DesignTally => ({ requests: new Map(), frames: new Map(), perMinute: new Float64Array(minutes + 1) });
  const t: Record<Design, DesignTally> = { poll: tally(), push: tally() };
  const costOf = new Map<string, CostKey | FrameKey>();
  const pollKinds = new Set<string>();

  const add = (d: Design, kind: string, at: number, n = 1, cost?: CostKey) => {
    t[d].requests.set(kind, (t[d].requests.get(kind) ?? 0) + n);
    t[d].perMinute[Math.min(minutes, Math.floor(at / 60))]! += n;
    if (cost) costOf.set(kind, cost);
  };
  const both = (kind: string, at: number, cost?: CostKey) => {
    add('poll', kind, at, 1, cost);
    add('push', kind, at, 1, cost);
  };
  /** Polls every `period` s over [from, to): the first one `period` after opening. */
  const poll = (kind: string, from: number, to: number, period: number, cost: CostKey) => {
    pollKinds.add(kind);
    for (let x = from + period; x < to; x += period) add('poll', kind, x, 1, cost);
  };
  const frames = (kind: string, n: number, cost: FrameKey) => {
    t.push.frames.set(kind, (t.push.frames.get(kind) ?? 0) + n);
    costOf.set(kind, cost);
  };

  // Who is subscribed to what, second by second (difference arrays): our design's fan-out counts.
  const diff = () => new Int32Array(D + 2);
  const rankSubs = diff(); // contestants' board tabs on scoreboard:<cid>
  const outsideSubs = diff(); // projector and spectators on scoreboard:<cid>
  const contestSubs = diff(); // contest tabs on contest:<cid> (the shell)
  const userSockets: [number, number][][] = []; // per contestant: when its sockets are open (each is in user:<uid>)
  const openSockets = (c: number, x: number) => userSockets[c]!.filter(([a, b]) => a <= x && x < b).length;
  const span = (a: Int32Array, from: number, to: number) => {
    if (to <= from) return;
    a[Math.max(0, Math.floor(from))]! += 1;
    a[Math.min(D + 1, Math.floor(to))]! -= 1;
  };
  let heartbeatFrames = 0;
  const socket = (from: number, to: number, reconnects: number) => {
    heartbeatFrames += 2 * Math.floor(Math.max(0, to - from) / m.heartbeatS);
    for (let i = 0; i <= reconnects; i++) add('push', 'socket handshake (WebSocket upgrade)', from, 1, 'socket-handshake');
  };

  const submissions: SimSubmission[] = [];
  const prints: { contestant: number; at: number }[] = [];
  const solvedAt = new Map<string, number>(); // first AC per contestant+problem (for AC info)
  const pick = <T extends { p: number }>(r: number, xs: readonly T[]): T => {
    let acc = 0;
    for (const x of xs) {
      acc += x.p;
      if (r < acc) return x;
    }
    return xs[xs.length - 1]!;
  };

  for (let c = 0; c < m.contestants; c++) {
    const rnd = prng(1000 + c);
    const arrive = Math.floor(rnd() * 300);
    const leave = rnd() < m.leaveEarlyShare ? Math.floor(3 * 3600 + rnd() * 2 * 3600) : D;
    const mine: [number, number][] = [];
    userSockets.push(mine);

    // The contest tab: the shell polls announcements and the navbar its unread counts for the whole session.
    both('GET get-contest-info (page load)', arrive, 'contest-info');
    both('GET get-contest-problem (page load)', arrive, 'contest-problem-list');
    poll('POST get-contest-not-read-announcement (60 s)', arrive, leave, m.poll.announcements, 'not-read-announcement');
    poll('GET msg/unread (navbar, 120 s)', arrive, leave, m.poll.navbarUnread, 'msg-unread');
    span(contestSubs, arrive, leave);
    mine.push([arrive, leave]);
    socket(arrive, leave, m.reconnectsPerSocket);

    let columnsRead = false;
    let at = arrive;
    while (at < leave) {
      const v = pick(rnd(), m.visits);
      const len = Math.max(5, Math.ceil(-Math.log(1 - rnd()) * v.meanS));
      const end = Math.min(leave, at + len);
      if (v.kind === 'problem') both('GET get-contest-problem-details (page load)', at, 'contest-problem-details');
      else if (v.kind === 'status') both('GET contest-submissions (page load)', at, 'contest-submissions');
      else if (v.kind === 'announcements') both('GET get-contest-announcement (page load)', at, 'contest-announcement-list');
      else {
        add('poll', 'GET get-contest-problem (board columns)', at, 1, 'contest-problem-list');
        if (!columnsRead || !m.keepBoardColumns) add('push', 'GET get-contest-problem (board columns)', at, 1, 'contest-problem-list');
        columnsRead = true;
        add('poll', 'POST get-contest-rank, 50 rows (page load)', at, 1, 'rank-50');
        poll('POST get-contest-rank, 50 rows (auto refresh 10 s)', at, end, m.poll.rank, 'rank-50');
        add('push', 'board.window over the socket (page load)', at, 1, 'rank-window');
        const scrolls = Math.floor((end - at) / m.scrollReadEveryS);
        if (scrolls > 0) add('push', 'board.window over the socket (scrolling)', at, scrolls, 'rank-window');
        span(rankSubs, at, end);
      }
      at = end;
    }

    if (rnd() < m.secondRankTabShare) {
      // A second browser tab kept on the board: its own shell, navbar and socket.
      const from = arrive + Math.floor(rnd() * Math.max(1, leave - arrive - 600));
      both('GET get-contest-info (page load)', from, 'contest-info');
      both('GET get-contest-problem (board columns)', from, 'contest-problem-list');
      add('poll', 'POST get-contest-rank, 50 rows (page load)', from, 1, 'rank-50');
      poll('POST get-contest-rank, 50 rows (auto refresh 10 s)', from, leave, m.poll.rank, 'rank-50');
      poll('POST get-contest-not-read-announcement (60 s)', from, leave, m.poll.announcements, 'not-read-announcement');
      poll('GET msg/unread (navbar, 120 s)', from, leave, m.poll.navbarUnread, 'msg-unread');
      add('push', 'board.window over the socket (page load)', from, 1, 'rank-window');
      span(rankSubs, from, leave);
      span(contestSubs, from, leave);
      mine.push([from, leave]);
      socket(from, leave, m.reconnectsPerSocket);
    }

    // Submissions: stratified over the session, on problems in order of difficulty; skill decides the verdicts.
    const skill = rnd();
    const n = m.submissionsMin + Math.floor(rnd() * (m.submissionsMax - m.submissionsMin + 1));
    let problem = 0;
    const first = Math.min(leave - 120, arrive + 600);
    for (let k = 0; k < n && problem < m.problems; k++) {
      const subAt = Math.floor(first + ((leave - 60 - first) * (k + rnd())) / n);
      const j = pick(rnd(), m.judgeS);
      const judgeS = j.from + rnd() * (j.to - j.from);
      const pAc = Math.min(0.85, Math.max(0.04, 0.2 + 0.6 * skill - (0.5 * problem) / m.problems));
      let status: number;
      if (rnd() < pAc) status = JudgeStatus.ACCEPTED;
      else {
        const r = rnd();
        status =
          r < 0.08
            ? JudgeStatus.COMPILE_ERROR
            : r < 0.7
              ? JudgeStatus.WRONG_ANSWER
              : r < 0.85
                ? JudgeStatus.TIME_LIMIT_EXCEEDED
                : r < 0.95
                  ? JudgeStatus.RUNTIME_ERROR
                  : JudgeStatus.MEMORY_LIMIT_EXCEEDED;
      }
      const verdictAt = Math.min(D, Math.ceil(subAt + judgeS));
      const key = `${c}:${problem}`;
      const firstAc = status === JudgeStatus.ACCEPTED && !solvedAt.has(key);
      if (firstAc) solvedAt.set(key, verdictAt);
      submissions.push({ contestant: c, problem, at: subAt, verdictAt, verdictAtS: Math.min(D, subAt + judgeS), status, useTime: 15 + Math.floor(rnd() * 900), firstAc });
      both('POST submit-problem-judge', subAt);
      if (rnd() < m.pollOnProblemPageShare) poll('GET get-submission-detail (2 s while judging)', subAt - m.poll.submission, verdictAt + m.poll.submission - 0.001, m.poll.submission, 'submission-detail');
      else poll('POST check-contest-submissions-status (2 s while judging)', subAt - m.poll.submission, verdictAt + m.poll.submission - 0.001, m.poll.submission, 'check-contest-submissions-status');
      if (status === JudgeStatus.ACCEPTED || rnd() < 0.25) problem++;
    }

    if (rnd() < m.printShare) {
      const times = rnd() < m.printTwiceShare ? 2 : 1;
      for (let k = 0; k < times; k++) prints.push({ contestant: c, at: Math.floor(arrive + rnd() * (leave - arrive)) });
    }
  }

  // Admins: AC helper and admin print open in two tabs for the whole contest.
  const adminSockets = 2 * m.admins;
  for (let a = 0; a < m.admins; a++) {
    for (const [load, refresh, cost, period] of [
      ['GET get-contest-ac-info (page load)', 'GET get-contest-ac-info (AC helper, 10 s)', 'ac-info', m.poll.acHelper],
      ['GET get-contest-print (page load)', 'GET get-contest-print (admin print, 10 s)', 'print-list', m.poll.adminPrint],
    ] as const) {
      both('GET get-contest-info (page load)', 0, 'contest-info');
      both(load, 0, cost);
      poll(refresh, 0, D, period, cost);
      poll('POST get-contest-not-read-announcement (60 s)', 0, D, m.poll.announcements, 'not-read-announcement');
      poll('GET msg/unread (navbar, 120 s)', 0, D, m.poll.navbarUnread, 'msg-unread');
      socket(0, D, 0);
    }
  }

  // Outside board: the projector all day, spectators for 1 to 3 hours.
  const outside = (from: number, to: number) => {
    add('poll', 'POST get-contest-outside-scoreboard, 50 rows (page load)', from, 1, 'outside-50');
    poll('POST get-contest-outside-scoreboard, 50 rows (30 s)', from, to, m.poll.outside, 'outside-50');
    add('push', 'board.window over the socket, outside board (page load)', from, 1, 'outside-window');
    both('GET get-contest-outsize-info (page load)', from, 'contest-info');
    span(outsideSubs, from, to);
    socket(from, to, 0);
  };
  for (let p = 0; p < m.projectors; p++) outside(0, D);
  const srnd = prng(77);
  for (let s = 0; s < m.spectators; s++) {
    const len = 3600 + Math.floor(srnd() * 7200);
    const from = Math.floor(srnd() * (D - len));
    outside(from, from + len);
  }

  // Running totals of the difference arrays: subscribers at each second.
  const prefix = (a: Int32Array) => {
    for (let i = 1; i < a.length; i++) a[i]! += a[i - 1]!;
    return a;
  };
  prefix(rankSubs);
  prefix(outsideSubs);
  prefix(contestSubs);

  // Pushed frames for each verdict, AC, print, announcement and status change.
  for (const s of submissions) {
    const x = Math.min(D, s.verdictAt);
    // Compile errors change no row (not counted in `total`); every other verdict changes one.
    if (s.status !== JudgeStatus.COMPILE_ERROR) frames('scoreboard.delta, live (contest-admin sockets)', adminSockets, 'frame-delta');
    if (s.firstAc) frames('acinfo.new (contest-admin sockets)', adminSockets, 'frame-small');
    // submission.status on user:<uid> (every socket of the contestant) and on submission:<id> (the watching tab).
    frames('submission.status', m.statusChanges * (openSockets(s.contestant, x) + 1), 'frame-small');
    if (s.status !== JudgeStatus.COMPILE_ERROR) frames('submission.case', m.casesPerSubmission, 'frame-small');
  }
  for (const p of prints) {
    both('POST submit-print-text', p.at);
    both('GET download-contest-print-text (admin)', p.at + 60);
    both('PUT check-contest-print-status (admin)', p.at + 60);
    frames('print.new (contest-admin sockets)', adminSockets, 'frame-small');
  }
  for (const s of submissions) if (s.firstAc) both('PUT check-contest-ac-info (admin)', s.verdictAt + 60);
  for (let k = 0; k < m.announcements; k++) {
    const x = Math.floor(((k + 0.5) * D) / m.announcements);
    both('POST admin/contest/announcement', x);
    frames('contest.announcement', contestSubs[x]! + adminSockets, 'frame-small');
  }
  for (const x of [0, m.sealS, D]) {
    const at = Math.min(D, x);
    frames('contest.status (start, seal, end)', contestSubs[at]! + adminSockets + rankSubs[at]! + outsideSubs[at]!, 'frame-small');
  }
  // Every open board gets the public view's deltas (every verdict but compile errors, which change no row) on
  // `board:<cid>:public`, coalesced as the gateway does: one after a quiet spell at once, the ones within the next
  // `coalesceS` together when that window ends (which opens the next window if it sent anything).
  let batchDeltas = 0;
  const instants = submissions.filter((x) => x.status !== JudgeStatus.COMPILE_ERROR).map((x) => x.verdictAtS).sort((a, b) => a - b);
  const batch = (at: number, k: number) => {
    const x = Math.min(D, Math.floor(at));
    const subs = rankSubs[x]! + outsideSubs[x]!;
    frames('scoreboard.batch, public (to open boards)', subs, 'frame-batch');
    batchDeltas += k * subs;
  };
  for (let i = 0; i < instants.length; ) {
    batch(instants[i]!, 1);
    let end = instants[i]! + m.coalesceS;
    i++;
    for (;;) {
      let j = i;
      while (j < instants.length && instants[j]! < end) j++;
      if (j === i) break;
      batch(end, j - i);
      i = j;
      end += m.coalesceS;
    }
  }
  // The rejudge: one reset delta, then every open board reads its window again.
  const r = m.rejudgeAtS;
  both('GET admin/judge/rejudge-contest-problem', r);
  frames('scoreboard.batch, public (to open boards)', rankSubs[r]! + outsideSubs[r]!, 'frame-batch');
  batchDeltas += rankSubs[r]! + outsideSubs[r]!;
  add('push', 'board.window over the socket (reload after a reset)', r, rankSubs[r]!, 'rank-window');
  add('push', 'board.window over the socket, outside board (reload after a reset)', r, outsideSubs[r]!, 'outside-window');
  frames('heartbeat (ping + pong every 25 s)', heartbeatFrames, 'heartbeat');

  return { submissions, prints, poll: t.poll, push: t.push, costOf, pollKinds, batchDeltas };
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

// ---------- the server's CPU, from /proc ----------

const CLK_TCK = 100;

/** CPU ms (user + system, plus reaped children) of every descendant of this process except itself. */
function serverCpuMs(): number {
  const parent = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(d), Number(f[1]));
      cpu.set(Number(d), Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]));
    } catch {
      /* exited meanwhile */
    }
  }
  let ticks = 0;
  for (const [pid, c] of cpu) {
    if (pid === process.pid) continue;
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) {
      if (p === process.pid) {
        ticks += c;
        break;
      }
    }
  }
  return (ticks * 1000) / CLK_TCK;
}

interface KindCost {
  /** Mean wall ms per request, one request in flight. */
  wallMs: number;
  /** Server CPU ms per request (idle CPU subtracted). */
  cpuMs: number;
  calls: number;
  /** Size of the answer's body. */
  bytes: number;
  /** On the wire: the request (headers and body) and the answer as sent (headers, gzip where the gateway compresses). */
  wire?: WireBytes;
  note?: string;
}

/** Server CPU per second when nothing is asked of it (runner heartbeats, PostgreSQL background, timers). */
async function idleCpuRate(ms = 3000): Promise<number> {
  const c0 = serverCpuMs();
  const t0 = monoMs();
  await new Promise((r) => setTimeout(r, ms));
  return (serverCpuMs() - c0) / (monoMs() - t0);
}

async function measureKind(call: () => Promise<void>, idlePerMs: number, bytes: number, budgetMs = 2500, maxCalls = 400): Promise<KindCost> {
  for (let i = 0; i < 3; i++) await call();
  const c0 = serverCpuMs();
  const t0 = monoMs();
  let calls = 0;
  while (calls < maxCalls && (calls < 10 || monoMs() - t0 < budgetMs)) {
    await call();
    calls++;
  }
  const wall = monoMs() - t0;
  const cpu = serverCpuMs() - c0 - idlePerMs * wall;
  return { wallMs: wall / calls, cpuMs: Math.max(0, cpu / calls), calls, bytes };
}

// ---------- seeding the 2,000-row board ----------

interface Seeded {
  cid: number;
  contestantToken: string;
  contestantSubmitId: number;
  announcementIds: number[];
  boardRows: number | null;
  notes: string[];
}

const PASSWORD = 'bench-team-pass';

async function seedBoard(baseUrl: string, sql: postgres.Sql, rootToken: string, sim: Simulation): Promise<Seeded | null> {
  const m = MODEL;
  const notes: string[] = [];
  // Thirteen public problems: the seeded ones plus copies of 1000.
  const existing = await sql<{ id: number }[]>`select id from problems where auth = 1 order by id`;
  const missing = m.problems - existing.length;
  if (missing > 0) {
    await sql`
      insert into problems (problem_id, title, description, input, output, examples, time_limit, memory_limit, auth)
      select 'BENCH' || g, 'Bench problem ' || g, description, input, output, examples, time_limit, memory_limit, 1
      from problems, generate_series(1, ${missing}) g where problem_id = '1000'`;
  }
  const pids = (await sql<{ id: number }[]>`select id from problems where auth = 1 order by id limit ${m.problems}`).map((r) => r.id);

  // A 5-hour contest that started 4 h 55 min ago, sealed for its last hour: the board as it stands near the end.
  const elapsedS = 5 * 3600 - 300;
  const contest = await createBenchContest(baseUrl, rootToken, {
    title: `contest day ${Date.now()}`,
    pids,
    startedAgoS: elapsedS,
    durationS: m.durationS,
    sealS: m.sealS,
  });
  if (!contest) return null;
  notes.push(...contest.notes);
  const { cid } = contest;
  const [c] = await sql<{ start: Date }[]>`select start_time as start from contest where id = ${cid}`;
  const start = c!.start.getTime();
  const cps = await sql<{ id: number; pid: number; displayId: string }[]>`
    select id, pid, display_id as "displayId" from contest_problem where cid = ${cid} order by display_id`;

  // 2,000 contestants (one password hash for all), registered.
  const hash = await hashPassword(PASSWORD);
  const uids: string[] = [];
  const userRows = Array.from({ length: m.contestants }, (_, i) => {
    const uuid = randomUUID().replaceAll('-', '');
    uids.push(uuid);
    return { uuid, username: `team${String(i + 1).padStart(4, '0')}`, password: hash, realname: `Team ${i + 1}`, school: `School ${i % 150}` };
  });
  for (let i = 0; i < userRows.length; i += 500) {
    const chunk = userRows.slice(i, i + 500);
    await sql`insert into users ${sql(chunk, 'uuid', 'username', 'password', 'realname', 'school')}`;
    await sql`insert into user_role ${sql(chunk.map((u) => ({ uid: u.uuid, role_id: ROLE_CODE.default_user })), 'uid', 'role_id')}`;
    await sql`insert into contest_register ${sql(chunk.map((u) => ({ cid, uid: u.uuid })), 'cid', 'uid')}`;
  }

  // Every simulated submission, judged, squeezed into the 4 h 55 min already run.
  const squeeze = (s: number) => Math.floor((s * (elapsedS - 60)) / m.durationS);
  const cpOf = (problem: number) => cps[problem] ?? cps[0];
  const judgeRows = sim.submissions.map((s) => {
    const cp = cpOf(s.problem)!;
    return {
      pid: cp.pid,
      display_pid: cp.displayId,
      uid: uids[s.contestant]!,
      username: userRows[s.contestant]!.username,
      submit_time: new Date(start + squeeze(s.at) * 1000),
      status: s.status,
      time: s.status === JudgeStatus.COMPILE_ERROR ? null : s.useTime,
      memory: s.status === JudgeStatus.COMPILE_ERROR ? null : 4096,
      length: 600,
      code: '// contest day benchmark\n',
      language: 'C++',
      cid,
      cpid: cp.id,
      lane: 'contest',
      counted_status: s.status,
      cases_total: MODEL.casesPerSubmission,
      cases_done: MODEL.casesPerSubmission,
    };
  });
  const submitIds: number[] = [];
  for (let i = 0; i < judgeRows.length; i += 1000) {
    const rows = await sql<{ submit_id: number }[]>`insert into judge ${sql(judgeRows.slice(i, i + 1000))} returning submit_id`;
    submitIds.push(...rows.map((r) => r.submit_id));
  }
  const records = sim.submissions.map((s, i) => {
    const cp = cpOf(s.problem)!;
    return {
      cid,
      uid: uids[s.contestant]!,
      pid: cp.pid,
      display_id: cp.displayId,
      submit_id: submitIds[i]!,
      status: s.status,
      time: squeeze(s.at),
      submit_time: new Date(start + squeeze(s.at) * 1000),
      score: null,
      use_time: s.status === JudgeStatus.COMPILE_ERROR ? null : s.useTime,
      language: 'C++',
    };
  });
  for (let i = 0; i < records.length; i += 1000) await sql`insert into contest_record ${sql(records.slice(i, i + 1000))}`;
  const firstBlood = new Set<number>();
  const acRows = sim.submissions.flatMap((s, i) => {
    if (!s.firstAc) return [];
    const fb = !firstBlood.has(s.problem);
    firstBlood.add(s.problem);
    return [
      {
        cid,
        uid: uids[s.contestant]!,
        display_id: cpOf(s.problem)!.displayId,
        submit_id: submitIds[i]!,
        time: squeeze(s.at),
        submit_time: new Date(start + squeeze(s.at) * 1000),
        first_blood: fb,
        checked: squeeze(s.at) < elapsedS - 900,
      },
    ];
  });
  for (let i = 0; i < acRows.length; i += 1000) await sql`insert into contest_ac_info ${sql(acRows.slice(i, i + 1000))} on conflict do nothing`;
  const printRows = sim.prints.map((p) => ({
    cid,
    uid: uids[p.contestant]!,
    content: `#include <bits/stdc++.h>\n// printed by team ${p.contestant + 1} for the contest day benchmark\nint main() { return 0; }\n`,
    status: squeeze(p.at) < elapsedS - 900 ? 1 : 0,
  }));
  if (printRows.length > 0) await sql`insert into contest_print ${sql(printRows)}`;
  const [root] = await sql<{ uuid: string }[]>`select uuid from users where username = 'root'`;
  const ann = await sql<{ id: number }[]>`
    insert into contest_announcement ${sql(
      Array.from({ length: m.announcements }, (_, k) => ({ cid, uid: root!.uuid, title: `Clarification ${k + 1}`, content: `Problem ${String.fromCharCode(65 + k)}: the input ends with a newline.` })),
    )} returning id`;
  // Whatever projection of the board a process holds is now stale.
  await sql`update contest set board_version = board_version + ${records.length} where id = ${cid}`;

  const contestant = await login(baseUrl, 'team0001', PASSWORD);
  const mineIdx = sim.submissions.findIndex((s) => s.contestant === 0);
  const probe = await api<{ total: number }>(baseUrl, 'POST', '/api/get-contest-rank', rootToken, { cid, currentPage: 1, limit: 1, forceRefresh: true });
  const boardRows = probe.status === 200 ? probe.data.total : null;
  if (probe.status !== 200) notes.push(`get-contest-rank answered ${probe.http}/${probe.status}: ${probe.msg}`);
  return { cid, contestantToken: contestant.token, contestantSubmitId: submitIds[mineIdx]!, announcementIds: ann.map((a) => a.id), boardRows, notes };
}

// ---------- socket frames and handshakes on the real stack ----------

interface FrameCosts {
  /** Bytes of a small (status) frame as Socket.IO sends it, WebSocket header included. */
  smallFrameBytes: number;
  handshakeCpuMs: number;
  deltaFrameCpuMs: number;
  smallFrameCpuMs: number;
  sockets: number;
  note: string;
}

async function measureFrames(baseUrl: string, natsUrl: string, idlePerMs: number, cid: number, captured: readonly PushMessage[], token: string | null, uid: string): Promise<FrameCosts> {
  const N = 1000;
  const sockets: ClientSocket[] = [];
  const boardTopic = topics.board(cid, 'public');
  const connectOne = (auth: string | null) => {
    const s: ClientSocket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, auth: auth ? { token: auth } : {} });
    sockets.push(s);
    return new Promise<ClientSocket>((resolve, reject) => {
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  };
  try {
    // Anonymous sockets on board:<cid>:public (what an open board tab follows) if its topic authorisation is there;
    // else sockets of one user, whose own user:<uid> room stands in for the board's room.
    const probe = await connectOne(null);
    const ack: SubscribeAck = await probe.timeout(10_000).emitWithAck('subscribe', { topic: boardTopic });
    const anonymous = ack.ok;
    probe.close();
    sockets.length = 0;
    const room = anonymous ? topics.scoreboard(cid) : topics.user(uid);
    const note = anonymous ? `anonymous sockets on ${boardTopic}` : `${boardTopic} refused (${ack.ok ? '' : ack.code}): sockets of one user on ${room}`;

    const c0 = serverCpuMs();
    const t0 = monoMs();
    for (let i = 0; i < N; i += 50) await Promise.all(Array.from({ length: 50 }, () => connectOne(anonymous ? null : token)));
    if (anonymous) await Promise.all(sockets.map((s) => s.timeout(30_000).emitWithAck('subscribe', { topic: boardTopic })));
    const handshakeCpuMs = (serverCpuMs() - c0 - idlePerMs * (monoMs() - t0)) / N;

    const nc = await natsConnect({ servers: natsUrl });
    // Messages one at a time, 300 ms apart (longer than the coalescing window): one frame per message and socket.
    const blast = async (messages: number, base: number, make: (seq: number, i: number) => PushMessage) => {
      let got = 0;
      const count = () => got++;
      for (const s of sockets) s.onAny(count);
      await new Promise((r) => setTimeout(r, 300));
      const b0 = serverCpuMs();
      const w0 = monoMs();
      for (let i = 0; i < messages; i++) {
        nc.publish(SUBJECTS.push(room), JSON.stringify(make(base + i, i)));
        await new Promise((r) => setTimeout(r, 300));
      }
      const deadline = monoMs() + 10_000;
      while (got < messages * N && monoMs() < deadline) await new Promise((r) => setTimeout(r, 50));
      const cpu = serverCpuMs() - b0 - idlePerMs * (monoMs() - w0);
      for (const s of sockets) s.offAny(count);
      return cpu / Math.max(1, got);
    };
    // The real deltas captured from the verdicts (the sample delta when none were), as the services publish them.
    const delta = (seq: number, i: number): PushMessage =>
      captured.length > 0 ? { ...captured[i % captured.length]!, topic: room, seq } : { topic: room, seq, event: 'scoreboard.delta', data: sampleDelta(cid, seq % 1000) };
    const small = (seq: number): PushMessage => ({ topic: room, seq, event: 'contest.status', data: { cid, status: 0, now: Date.now(), sealed: true } });
    const deltaFrameCpuMs = await blast(30, 50_000_000, delta);
    const smallFrameCpuMs = await blast(30, 60_000_000, small);
    await nc.close();
    const status = { topic: topics.user(uid), seq: 50_000_001, data: { submitId: 1, status: 7, time: null, memory: null, score: null, oiRankScore: null, judger: 'bench', isManual: false, casesDone: 3, casesTotal: 10, version: 1 } };
    const smallFrameBytes = Buffer.byteLength(`42${JSON.stringify(['submission.status', status])}`) + 2;
    return { smallFrameBytes, handshakeCpuMs, deltaFrameCpuMs, smallFrameCpuMs, sockets: N, note };
  } finally {
    for (const s of sockets) s.close();
  }
}

// ---------- the benchmark ----------

export interface MixResult {
  design: Design;
  requests: number;
  /** Server CPU ms per request: the per-kind costs summed over the drawn mix, and as measured running it. */
  predictedCpuMs: number;
  measuredCpuMs: number;
  /** Requests a second served with 8 in flight. */
  perSecond: number;
}

export interface ContestDayResult {
  sim: Simulation;
  costs: Map<CostKey, KindCost | null>;
  frames: FrameCosts | null;
  board: BoardFrames | null;
  mixes: MixResult[];
  boardRows: number | null;
  notes: string[];
}

export async function runContestDay(): Promise<ContestDayResult> {
  const sim = simulateContestDay();
  const notes: string[] = [];
  const costs = new Map<CostKey, KindCost | null>();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'oj-bench-day-'));
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), password: 'bench' });
  let stack: Awaited<ReturnType<typeof startStackProcess>> | null = null;
  let sql: postgres.Sql | null = null;
  const sockets: ClientSocket[] = [];
  try {
    await pg.createDatabase('oj');
    const databaseUrl = pg.urlFor('oj');
    stack = await startStackProcess({
      DATABASE_URL: databaseUrl,
      OJ_RUNNER_SLOTS: '1',
      OJ_RATE_LOGIN_IP_PER_MIN: '100000',
      OJ_RATE_LOGIN_USER_PER_MIN: '100000',
      // Every simulated contestant connects from 127.0.0.1.
      OJ_SOCKET_MAX_PER_IP: '1000000',
      // One bench socket makes the window reads of thousands of contestants back to back: its request allowance (2 ×
      // this + 10, refilled at a tenth of it a second) must not refuse them, or refusals would be timed.
      OJ_SOCKET_MAX_SUBSCRIPTIONS: '100000',
    });
    sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
    const root = await login(stack.baseUrl, 'root', stack.adminPassword);
    const base = stack.baseUrl;

    const seeded = await seedBoard(base, sql, root.token, sim);
    if (seeded) notes.push(...seeded.notes);
    else notes.push('POST /api/admin/contest missing (404): no contest, so only the practice request kinds were measured');

    // Let the bulk insert settle (autovacuum, the services' first look at the contest) before reading the idle rate.
    await new Promise((r) => setTimeout(r, 3000));
    const idleBefore = await idleCpuRate();

    type Run = (() => Promise<{ http: number; status: number; msg: string; bytes: number; data: unknown }>) & { wire: () => Promise<WireBytes> };
    type Call = { key: CostKey; run: Run };
    const calls: Call[] = [];
    const post = (url: string, token: string | undefined, body: unknown): Run => Object.assign(() => api(base, 'POST', url, token, body), { wire: () => measureWire(base, 'POST', url, token, body) });
    const get = (url: string, token: string | undefined): Run => Object.assign(() => api(base, 'GET', url, token), { wire: () => measureWire(base, 'GET', url, token) });
    const overSocket = (s: ClientSocket, req: BoardWindowRequest): Run =>
      Object.assign(
        async () => {
          const r = await socketWindowRead(s, req);
          if (r.status !== 200) throw new Error(`board.window refused: ${r.msg}`);
          return { http: 200, status: r.status, msg: r.msg, bytes: Buffer.byteLength(r.text), data: r.text ? JSON.parse(r.text) : null };
        },
        { wire: async () => (await socketWindowRead(s, req)).wire },
      );
    if (seeded) {
      const { cid, contestantToken: me, contestantSubmitId: sid } = seeded;
      const mine = await openBenchSocket(base, me);
      const anonymous = await openBenchSocket(base);
      sockets.push(mine, anonymous);
      const window = { cid, limit: MODEL.windowRows, offset: 0, concernedList: [] };
      calls.push(
        { key: 'rank-50', run: post('/api/get-contest-rank', me, { cid, currentPage: 1, limit: 50 }) },
        { key: 'rank-full', run: post('/api/get-contest-rank', me, { cid, currentPage: 1, limit: 5000 }) },
        { key: 'rank-window', run: overSocket(mine, { ...window, outside: false }) },
        { key: 'rank-window-rest', run: post('/api/get-contest-rank', me, { ...window, currentPage: 1 }) },
        { key: 'outside-50', run: post('/api/get-contest-outside-scoreboard', undefined, { cid, currentPage: 1, limit: 50 }) },
        { key: 'outside-window', run: overSocket(anonymous, { ...window, outside: true }) },
        { key: 'outside-window-rest', run: post('/api/get-contest-outside-scoreboard', undefined, { ...window, currentPage: 1 }) },
        { key: 'outside-full', run: post('/api/get-contest-outside-scoreboard', undefined, { cid, currentPage: 1, limit: 5000 }) },
        { key: 'not-read-announcement', run: post('/api/get-contest-not-read-announcement', me, { cid, readAnnouncementList: seeded.announcementIds }) },
        { key: 'submission-detail', run: get(`/api/get-submission-detail?submitId=${sid}`, me) },
        { key: 'check-contest-submissions-status', run: post('/api/check-contest-submissions-status', me, { cid, submitIds: [sid] }) },
        { key: 'ac-info', run: get(`/api/get-contest-ac-info?cid=${cid}&currentPage=1&limit=20`, root.token) },
        { key: 'print-list', run: get(`/api/get-contest-print?cid=${cid}&currentPage=1&limit=15`, root.token) },
        { key: 'msg-unread', run: get('/api/msg/unread', me) },
        { key: 'contest-info', run: get(`/api/get-contest-info?cid=${cid}`, me) },
        { key: 'contest-problem-list', run: get(`/api/get-contest-problem?cid=${cid}`, me) },
        { key: 'contest-problem-details', run: get(`/api/get-contest-problem-details?cid=${cid}&displayId=A`, me) },
        {
          key: 'contest-submissions',
          run: get(`/api/contest-submissions?contestID=${cid}&currentPage=1&limit=15&onlyMine=true&beforeContestSubmit=false`, me),
        },
        { key: 'contest-announcement-list', run: get(`/api/get-contest-announcement?cid=${cid}&currentPage=1&limit=10`, me) },
      );
    } else {
      // Without contests: the practice kinds that exist, on a submission of a fresh user.
      const [u] = await sql<{ uuid: string }[]>`select uuid from users where username = 'root'`;
      const [j] = await sql<{ submit_id: number }[]>`
        insert into judge (pid, display_pid, uid, username, status, length, code, language, counted_status)
        select id, problem_id, ${u!.uuid}, 'root', 0, 100, '// bench', 'C++', 0 from problems where problem_id = '1000' returning submit_id`;
      const sid = j!.submit_id;
      calls.push(
        { key: 'submission-detail', run: get(`/api/get-submission-detail?submitId=${sid}`, root.token) },
        { key: 'check-contest-submissions-status', run: post('/api/check-submissions-status', root.token, { submitIds: [sid], cid: 0 }) },
        { key: 'msg-unread', run: get('/api/msg/unread', root.token) },
      );
      notes.push('check-contest-submissions-status costed as the practice check-submissions-status');
    }
    for (const c of calls) {
      const first = await c.run();
      if (first.http === 404) {
        costs.set(c.key, null);
        notes.push(`${c.key}: route missing (404), not costed`);
        continue;
      }
      const cost = await measureKind(async () => void (await c.run()), 0, first.bytes); // idle subtracted below
      cost.wire = await c.run.wire();
      if (first.status !== 200) cost.note = `answered ${first.status}: ${first.msg}`;
      else if (c.key.endsWith('-full') || c.key.includes('-window')) cost.note = `${(first.data as { records?: unknown[] }).records?.length ?? '?'} rows`;
      costs.set(c.key, cost);
    }

    // The same costs in a mix: 1,000 requests drawn from each design's request mix, 8 in flight. Checks that the
    // per-kind costs add up, and shows how many requests a second the server keeps up with on these 2 cores.
    const mixes: MixResult[] = [];
    const mixWallMs: number[] = [];
    const mixPlans: CostKey[][] = [];
    for (const design of ['poll', 'push'] as const) {
      const runs = new Map(calls.filter((c) => costs.get(c.key)).map((c) => [c.key, c.run]));
      const weights: [CostKey, number][] = [];
      for (const [kind, n] of sim[design].requests) {
        const key = sim.costOf.get(kind) as CostKey | undefined;
        if (key && runs.has(key)) weights.push([key, n]);
      }
      if (weights.length === 0) continue;
      const total = weights.reduce((a, [, n]) => a + n, 0);
      const rnd = prng(design === 'poll' ? 11 : 12);
      const plan: CostKey[] = Array.from({ length: 1000 }, () => {
        let x = rnd() * total;
        for (const [k, n] of weights) if ((x -= n) < 0) return k;
        return weights[weights.length - 1]![0];
      });
      mixPlans.push(plan);
      const c0 = serverCpuMs();
      const t0 = monoMs();
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < plan.length) await runs.get(plan[next++]!)!();
        }),
      );
      const wall = monoMs() - t0;
      const measuredMs = serverCpuMs() - c0; // idle subtracted below
      mixes.push({ design, requests: plan.length, predictedCpuMs: 0, measuredCpuMs: measuredMs / plan.length, perSecond: (plan.length / wall) * 1000 });
      mixWallMs.push(wall);
    }

    // The server's own background (runner heartbeats, timers, PostgreSQL): the mean of an idle window before and
    // one after the replay, subtracted from every measurement for the time it took.
    const idleAfter = await idleCpuRate();
    const idle = (idleBefore + idleAfter) / 2;
    for (const c of costs.values()) if (c) c.cpuMs = Math.max(0, c.cpuMs - idle * c.wallMs);
    mixes.forEach((x, i) => {
      x.measuredCpuMs -= (idle * mixWallMs[i]!) / x.requests;
      x.predictedCpuMs = mixPlans[i]!.reduce((a, k) => a + costs.get(k)!.cpuMs, 0) / x.requests;
    });
    notes.push(
      `server idle CPU ${fmt(idleBefore * 1000)} ms/s before the replay and ${fmt(idleAfter * 1000)} ms/s after (their mean subtracted); load average ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores`,
    );
    let board: BoardFrames | null = null;
    if (seeded) {
      try {
        board = await measureBoardFrames({ baseUrl: base, natsUrl: stack.natsUrl, sql, cid: seeded.cid, spaced: 30, burst: 20, sockets: 50 });
      } catch (e) {
        notes.push(`board frames not measured: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    let frames: FrameCosts | null = null;
    try {
      frames = await measureFrames(base, stack.natsUrl, idle, seeded?.cid ?? 1, board?.captured ?? [], root.token, root.uid);
      costs.set('socket-handshake', { wallMs: NaN, cpuMs: frames.handshakeCpuMs, calls: frames.sockets, bytes: 0 });
    } catch (e) {
      notes.push(`socket frames not measured: ${e instanceof Error ? e.message : String(e)}`);
    }
    return { sim, costs, frames, board, mixes, boardRows: seeded?.boardRows ?? null, notes };
  } finally {
    for (const s of sockets) s.disconnect();
    await sql?.end();
    await stack?.stop();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** CPU-seconds and bytes of one design's requests and frames at the measured costs; which kinds had no cost. */
function estimate(sim: Simulation, design: Design, costs: Map<CostKey, KindCost | null>, frames: FrameCosts | null, board: BoardFrames | null) {
  const d = sim[design];
  let requestCpuMs = 0;
  let pollCpuMs = 0;
  let frameCpuMs = 0;
  let heartbeatCpuMs = 0;
  /** Uncompressed answer bodies and frame payloads, as before. */
  let bytes = 0;
  /** On the wire: requests and answers with their headers (gzip as sent), WebSocket frames, handshakes. */
  let wireDown = 0;
  let wireUp = 0;
  let polls = 0;
  const uncosted = new Set<string>();
  let sameInBoth = 0;
  /** CPU ms per request or frame kind (for the breakdown). */
  const byKind = new Map<string, number>();
  const charge = (kind: string, ms: number) => byKind.set(kind, (byKind.get(kind) ?? 0) + ms);
  for (const [kind, n] of d.requests) {
    const key = sim.costOf.get(kind) as CostKey | undefined;
    if (sim.pollKinds.has(kind)) polls += n;
    if (key === 'socket-handshake') {
      if (board) wireDown += n * board.handshakeBytes;
      requestCpuMs += n * (costs.get(key)?.cpuMs ?? 0);
      charge(kind, n * (costs.get(key)?.cpuMs ?? 0));
      continue;
    }
    if (!key) {
      sameInBoth += n;
      continue;
    }
    const c = costs.get(key);
    if (!c) {
      uncosted.add(key);
      continue;
    }
    requestCpuMs += n * c.cpuMs;
    charge(kind, n * c.cpuMs);
    if (sim.pollKinds.has(kind)) pollCpuMs += n * c.cpuMs;
    bytes += n * c.bytes;
    wireDown += n * (c.wire?.down ?? c.bytes);
    wireUp += n * (c.wire?.up ?? 0);
  }
  for (const [kind, n] of d.frames) {
    const key = sim.costOf.get(kind);
    if (!frames || !board) {
      uncosted.add('socket frames');
      continue;
    }
    charge(kind, n * (key === 'frame-batch' || key === 'frame-delta' ? frames.deltaFrameCpuMs : frames.smallFrameCpuMs));
    if (key === 'frame-batch') {
      frameCpuMs += n * frames.deltaFrameCpuMs;
      const b = n * board.frameOverhead + sim.batchDeltas * board.deltaBytes;
      bytes += b;
      wireDown += b;
    } else if (key === 'frame-delta') {
      frameCpuMs += n * frames.deltaFrameCpuMs;
      bytes += n * board.legacyFrameBytes;
      wireDown += n * board.legacyFrameBytes;
    } else if (key === 'heartbeat') {
      heartbeatCpuMs += n * frames.smallFrameCpuMs;
      // A ping ('2', 3 bytes with its frame header) down, a pong ('3', 7 bytes masked) up: half the frames each.
      bytes += n;
      wireDown += (n / 2) * 3;
      wireUp += (n / 2) * 7;
    } else {
      frameCpuMs += n * frames.smallFrameCpuMs;
      bytes += n * frames.smallFrameBytes;
      wireDown += n * frames.smallFrameBytes;
    }
  }
  return { requestCpuMs, pollCpuMs, polls, frameCpuMs, heartbeatCpuMs, bytes, wireDown, wireUp, uncosted: [...uncosted], sameInBoth, byKind };
}

export async function benchContestDay(): Promise<void> {
  const r = await runContestDay();
  const { sim } = r;
  const m = MODEL;
  const polled = sum(sim.poll.requests);
  const pushedReq = sum(sim.push.requests);
  const framesAll = sum(sim.push.frames);
  const heartbeats = sim.push.frames.get('heartbeat (ping + pong every 25 s)') ?? 0;
  const peak = (d: DesignTally) => Math.max(...d.perMinute) / 60;
  const p = estimate(sim, 'poll', r.costs, r.frames, r.board);
  const q = estimate(sim, 'push', r.costs, r.frames, r.board);
  const cpuS = (ms: number) => int(ms / 1000);
  const cores = (ms: number) => (ms / 1000 / m.durationS).toFixed(2);
  const gb = (b: number) => `${(b / 1e9).toFixed(2)} GB`;
  const partial = (e: ReturnType<typeof estimate>) => (e.uncosted.length > 0 ? ` [without ${e.uncosted.join(', ')}: not measured]` : '');

  console.log(
    `(h) contest day, simulated: ${int(m.contestants)} contestants, ${m.durationS / 3600} h, ${m.problems} problems, ${int(sim.submissions.length)} submissions, ${int(sim.prints.length)} prints, ${m.admins} admins (AC helper + admin print), ${m.projectors} projector + ${m.spectators} spectators on the outside board`,
  );
  console.log(`    original product (polling): ${int(polled)} requests, ${int(p.polls)} of them polls; busiest minute ${fmt(peak(sim.poll))} req/s`);
  for (const [k, n] of [...sim.poll.requests].sort((a, b) => b[1] - a[1]).slice(0, 7)) console.log(`      ${int(n).padStart(9)}  ${k}`);
  console.log(
    `    ours (push): ${int(pushedReq)} requests, no polls; busiest minute ${fmt(peak(sim.push))} req/s (the arrival); ${int(framesAll - heartbeats)} event frames + ${int(heartbeats)} heartbeat frames`,
  );
  for (const [k, n] of [...sim.push.requests].sort((a, b) => b[1] - a[1]).slice(0, 4)) console.log(`      ${int(n).padStart(9)}  ${k}`);
  for (const [k, n] of [...sim.push.frames].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`      ${int(n).padStart(9)}  frames: ${k}`);

  console.log(
    `    measured on the real stack${r.boardRows !== null ? ` (board of ${int(r.boardRows)} rows × ${m.problems} problems, sealed for contestants)` : ''}: wall ms per request (one in flight) / server CPU ms / answer size`,
  );
  for (const [key, c] of r.costs) {
    if (!c) console.log(`      ${key.padEnd(34)} not measured (route missing)`);
    else {
      const wall = Number.isNaN(c.wallMs) ? '—' : fmt(c.wallMs);
      const size = c.bytes > 0 ? `${fmt(c.bytes / 1024)} KB` : '—';
      const wire = c.wire ? ` / wire ${fmt(c.wire.up / 1024)} KB up + ${fmt(c.wire.down / 1024)} KB down (${c.wire.encoding})` : '';
      console.log(`      ${key.padEnd(34)} ${wall.padStart(7)} ms / ${fmt(c.cpuMs).padStart(6)} ms CPU / ${size.padStart(8)}${wire}  (${c.calls} calls${c.note ? `; ${c.note}` : ''})`);
    }
  }
  if (r.board) {
    const b = r.board;
    console.log(
      `      board frames from ${b.verdicts} real verdicts: ${b.batchFrames} scoreboard.batch frames carrying ${b.batchDeltas} deltas (${fmt(b.deltaBytes)} B a delta + ${fmt(b.frameOverhead)} B a frame) vs scoreboard.delta ${fmt(b.legacyFrameBytes)} B a frame; one socket's TCP bytes ${b.tcpCheck.tcp} vs ${b.tcpCheck.counted} counted; handshake + subscribe ${b.handshakeBytes} B (${b.note})`,
    );
    console.log(
      `      permessage-deflate (not negotiated), per socket: a one-delta batch frame ${fmt(b.deflate.batchFrameBytes)} B, a scoreboard.delta frame ${fmt(b.deflate.legacyFrameBytes)} B; ${fmt(b.deflate.cpuUs)} µs CPU per frame and socket, ${fmt(b.deflate.memoryKb)} KB per socket`,
    );
  }
  if (r.frames) {
    console.log(
      `      socket frame CPU: scoreboard.batch ${fmt(r.frames.deltaFrameCpuMs * 1000)} µs, small frame (contest.status) ${fmt(r.frames.smallFrameCpuMs * 1000)} µs; handshake ${fmt(r.frames.handshakeCpuMs)} ms CPU (${r.frames.sockets} sockets; ${r.frames.note})`,
    );
  }
  for (const x of r.mixes) {
    console.log(
      `    mixed replay of ${x.requests} requests drawn from the ${x.design === 'poll' ? 'polling' : 'push'} design's mix, 8 in flight: ${fmt(x.perSecond)} req/s; server CPU ${fmt(x.measuredCpuMs)} ms/request measured vs ${fmt(x.predictedCpuMs)} ms from the per-kind costs`,
    );
  }
  console.log(
    `    ≈ polling: ${int(polled)} requests ≈ ${cpuS(p.requestCpuMs)} CPU-s (${cores(p.requestCpuMs)} cores on average over the 5 h; the polls alone ${cpuS(p.pollCpuMs)} CPU-s); ${gb(p.bytes)} of answers uncompressed${partial(p)}`,
  );
  console.log(
    `    ≈ push: ${int(pushedReq)} requests + ${int(framesAll - heartbeats)} frames ≈ ${cpuS(q.requestCpuMs)} + ${cpuS(q.frameCpuMs)} CPU-s, heartbeats ${cpuS(q.heartbeatCpuMs)} CPU-s (${cores(q.requestCpuMs + q.frameCpuMs + q.heartbeatCpuMs)} cores on average); ${gb(q.bytes)} of answers and frames uncompressed${partial(q)}`,
  );
  const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
  const pushCpu = q.requestCpuMs + q.frameCpuMs + q.heartbeatCpuMs;
  console.log(`    on the wire (headers, gzip as the gateway sends it, WebSocket frames and handshakes), both directions:`);
  console.log(`      polling: ${gb(p.wireDown)} down + ${gb(p.wireUp)} up = ${gb(p.wireDown + p.wireUp)}`);
  console.log(`      push:    ${gb(q.wireDown)} down + ${gb(q.wireUp)} up = ${gb(q.wireDown + q.wireUp)}`);
  console.log(
    `    ≈ push / polling: bytes on the wire ${pct(q.wireDown + q.wireUp, p.wireDown + p.wireUp)} (server → client ${pct(q.wireDown, p.wireDown)}; uncompressed ${pct(q.bytes, p.bytes)}), CPU ${pct(pushCpu, p.requestCpuMs)}, requests ${pct(pushedReq, polled)}`,
  );
  // The same day with every window read over REST (as a client without its socket reads): before/after in one run.
  const restCosts = new Map(r.costs);
  for (const [key, rest] of [['rank-window', 'rank-window-rest'], ['outside-window', 'outside-window-rest']] as const) if (r.costs.get(rest)) restCosts.set(key, r.costs.get(rest)!);
  const qRest = estimate(sim, 'push', restCosts, r.frames, r.board);
  console.log(
    `      (with the window reads over REST instead: push / polling CPU ${pct(qRest.requestCpuMs + qRest.frameCpuMs + qRest.heartbeatCpuMs, p.requestCpuMs)}, bytes on the wire ${pct(qRest.wireDown + qRest.wireUp, p.wireDown + p.wireUp)})`,
  );
  // Where push's CPU goes: the requests both designs make alike (page loads: the floor of the ratio, whatever push
  // does), the board tab's window reads, the other push-only work, the frames and the heartbeats.
  const alike = (kind: string) => sim.poll.requests.has(kind) && sim.poll.requests.get(kind) === sim.push.requests.get(kind);
  const parts = new Map<string, number>();
  for (const [kind, ms] of q.byKind) {
    const part = sim.push.frames.has(kind)
      ? kind.startsWith('heartbeat')
        ? 'heartbeats'
        : kind.startsWith('scoreboard.batch')
          ? 'board frames (scoreboard.batch)'
          : 'other frames'
      : alike(kind)
        ? 'page loads alike in both designs'
        : kind.includes('window')
          ? 'board window reads'
          : kind;
    parts.set(part, (parts.get(part) ?? 0) + ms);
  }
  console.log(`    push CPU by part (CPU-s, and % of polling's CPU):`);
  for (const [part, ms] of [...parts].sort((a, b) => b[1] - a[1])) console.log(`      ${cpuS(ms).padStart(7)}  ${pct(ms, p.requestCpuMs).padStart(7)}  ${part}`);
  const topAlike = [...q.byKind].filter(([k]) => alike(k)).sort((a, b) => b[1] - a[1]).slice(0, 4);
  console.log(`      (alike: ${topAlike.map(([k, ms]) => `${k} ${cpuS(ms)}`).join('; ')})`);
  const mixOf = (d: Design) => r.mixes.find((x) => x.design === d);
  const mp = mixOf('poll');
  const mq = mixOf('push');
  if (mp && mq) {
    const handshakes = sim.push.requests.get('socket handshake (WebSocket upgrade)') ?? 0;
    const restPoll = (polled - p.sameInBoth) * mp.measuredCpuMs;
    const restPush = (pushedReq - q.sameInBoth - handshakes) * mq.measuredCpuMs + handshakes * (r.frames?.handshakeCpuMs ?? 0);
    console.log(
      `    ≈ at the mixed replay's cost per request instead (8 in flight): polling ${cpuS(restPoll)} CPU-s; push ${cpuS(restPush)} + ${cpuS(q.frameCpuMs + q.heartbeatCpuMs)} CPU-s of frames and heartbeats`,
    );
  }
  console.log(`      (not costed, the same in both: ${int(p.sameInBoth)} submits, prints and admin actions, and all judging)`);
  for (const n of r.notes) console.log(`    note: ${n}`);
}

const invoked = process.argv[1] ? path.resolve(process.argv[1]) : '';
if (invoked === fileURLToPath(import.meta.url)) {
  benchContestDay().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
