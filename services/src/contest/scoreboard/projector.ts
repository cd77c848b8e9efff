// The scoreboard projection of one services process: per contest and per view an
// in-memory engine plus the board version it reflects. Writers (the judge ingester, rejudges, rule edits) bump
// `contest.board_version` in their own transaction — the row lock orders the writers of a contest across
// processes — apply the one record incrementally and store one `scoreboard.delta` per view with its topic seq.
// Readers compare the version with the database and rebuild from `contest_record` when stale. A projection
// touched by a transaction is trusted only once PostgreSQL says that transaction committed (pg_xact_status), so
// a rollback can never leave a wrong board behind. The contest clock (contest-clock.ts) pushes the reset when
// the end lifts the seal; every process notices seal changes by itself (the state remembers how it was sealed).
import { eq, getTableColumns, sql } from 'drizzle-orm';
import {
  isInProgress,
  OjError,
  problemStats,
  ScoreboardEngine,
  type BoardView,
  type PushMessage,
  type RowMove,
  type ScoreboardDelta,
  topics,
} from '@oj/proto';
import type { ServiceContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import type { contestRecord } from '../../db/schema';
import { contest } from '../../db/schema';
import { appendPush } from '../../push/push.service';
import type { ContestRow } from '../access';
import { bumpBoardVersion, findContest } from '../contest.repo';
import { upsertRecord, type JudgeRowLike } from '../contest-record.repo';
import { cellKey, syncAcInfo } from './ac-info';
import { ALL_VIEWS, countsOnBoard, isLiveView, keptViews, publicSealed, rulesFingerprint, viewConfig, viewTopic, type BoardRecord, type RankUser } from './board-data';
import { isRootUid, loadProblems, loadRecords, loadStarUids, loadTopicSeqs, loadUsers, problemsSql } from './board.repo';


/** One contest's boards as of `version`. */
export interface BoardState {
  cid: number;
  version: number;
  /**
   * The writer transaction that produced `version`, while this process does not know it committed. Until
   * PostgreSQL reports it committed, the state is not used (aborted: thrown away).
   */
  tentativeXid: string | null;
  contest: ContestRow;
  fingerprint: string;
  /** Whether the public views were built sealed. */
  sealed: boolean;
  displayIds: string[];
  colors: Record<string, string | null>;
  starUids: string[];
  views: Map<BoardView, ScoreboardEngine>;
  /** Latest seq known on `scoreboard:<cid>` and `contest-admin:<cid>` at `version`. */
  seq: { public: number; admin: number };
  users: Map<string, RankUser>;
  byCell: Map<string, BoardRecord[]>;
  usedAt: number;
}

/** Most contests kept in memory per process (least recently used leave first). */
const MAX_STATES = 64;
/** How long a reader waits for a writer's transaction of the same contest to finish. */
const WAIT_FOR_WRITER_MS = 3000;

const contestColumns = getTableColumns(contest);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function splitContest<T extends ContestRow>(row: T): ContestRow {
  const c = {} as Record<string, unknown>;
  for (const k of Object.keys(contestColumns)) c[k] = (row as Record<string, unknown>)[k];
  return c as ContestRow;
}

/** Builds a contest's board state from the database (all records, or all but `exceptId`). */
export async function buildState(
  db: DbOrTx,
  c: ContestRow,
  version: number,
  seq: { public: number; admin: number },
  opts: { exceptId?: number; views?: readonly BoardView[] } = {},
): Promise<BoardState> {
  const problems = await loadProblems(db, c.id);
  const starUids = await loadStarUids(db, c);
  const records = await loadRecords(db, c, problems.displayIds, opts.exceptId);
  const users = await loadUsers(
    db,
    records.map((r) => r.uid),
  );
  const sealed = publicSealed(c);
  const views = new Map<BoardView, ScoreboardEngine>();
  for (const v of opts.views ?? keptViews(c, sealed)) {
    views.set(v, ScoreboardEngine.build(viewConfig(c, v, sealed, starUids), problems.displayIds, records));
  }
  const byCell = new Map<string, BoardRecord[]>();
  for (const r of records) {
    const k = cellKey(r.uid, r.displayId);
    const list = byCell.get(k);
    if (list) list.push(r);
    else byCell.set(k, [r]);
  }
  return {
    cid: c.id,
    version,
    tentativeXid: null,
    contest: c,
    fingerprint: rulesFingerprint(c, problems.fingerprint),
    sealed,
    displayIds: problems.displayIds,
    colors: problems.colors,
    starUids,
    views,
    seq,
    users,
    byCell,
    usedAt: Date.now(),
  };
}

/** Inserts `r` into its cell list in (time, id) order, replacing an older copy of the same record. */
function putRecord(s: BoardState, r: BoardRecord): void {
  const k = cellKey(r.uid, r.displayId);
  const list = (s.byCell.get(k) ?? []).filter((x) => x.id !== r.id);
  let i = list.length;
  while (i > 0 && (list[i - 1]!.time > r.time || (list[i - 1]!.time === r.time && list[i - 1]!.id > r.id))) i--;
  list.splice(i, 0, r);
  s.byCell.set(k, list);
}

/** A contest record as the boards hold it (a pending record counts as status 0 until judged). */
function toBoardRecord(rec: typeof contestRecord.$inferSelect): BoardRecord {
  return {
    id: rec.id,
    uid: rec.uid,
    displayId: rec.displayId,
    time: rec.time,
    status: rec.status ?? 0,
    score: rec.score,
    useTime: rec.useTime,
    submitId: rec.submitId,
    submitTime: rec.submitTime,
  };
}

/**
 * Applies `board` (null: the record does not count) to the state and each view, and stores one `scoreboard.delta`
 * per view (none after a reset: the clients reload) plus the AC helper's events of a counted record.
 */
async function applyToViews(tx: Tx, s: BoardState, board: BoardRecord | null, reset: boolean): Promise<PushMessage[]> {
  const out: PushMessage[] = [];
  if (board) putRecord(s, board);
  for (const [view, engine] of s.views) {
    const moves: RowMove[] = board ? engine.apply(board) : [];
    if (reset) continue;
    // Every moved row's user: a client holding a window of the board may not have seen that row yet.
    const users: Record<string, RankUser> = {};
    for (const m of moves) {
      const u = s.users.get(m.row.uid);
      if (u) users[m.row.uid] = u;
    }
    const stats = board && moves.length > 0 ? problemStats(engine.rows(), [board.displayId], engine.config.type) : undefined;
    const data: ScoreboardDelta = { cid: s.cid, view, version: s.version, moves, ...(Object.keys(users).length > 0 && { users }), ...(stats && { stats }) };
    out.push(await appendPush(tx, viewTopic(s.cid, view), 'scoreboard.delta', data));
  }
  if (board) out.push(...(await syncAcInfo(tx, { ...s, live: s.views.get('live')! }, { uid: board.uid, displayId: board.displayId })));
  return out;
}

/**
 * Stores `reset: true` deltas (reload the board over REST) for every view on the given topics. Used after a
 * rejudge, a rule change and when the seal starts or is lifted.
 */
export async function pushReset(tx: Tx, cid: number, version: number, which: 'all' | 'public'): Promise<PushMessage[]> {
  const out: PushMessage[] = [];
  for (const view of ALL_VIEWS) {
    if (which === 'public' && isLiveView(view)) continue;
    const data: ScoreboardDelta = { cid, view, version, moves: [], reset: true };
    out.push(await appendPush(tx, viewTopic(cid, view), 'scoreboard.delta', data));
  }
  return out;
}

/**
 * A contest's records or board rules changed in bulk (rejudge, edit of times, seal, stars, awards, problems,
 * import): bumps the board version, stores a reset for every view and re-syncs the AC helper, inside the
 * caller's transaction. Publish the returned messages after commit. Every process's projection of the contest
 * is stale from then on and rebuilds on its next use.
 */
export async function boardRulesChanged(tx: Tx, cid: number): Promise<PushMessage[]> {
  const c = await bumpBoardVersion(tx, cid);
  if (!c) return [];
  const out = await pushReset(tx, cid, c.boardVersion, 'all');
  const s = await buildState(tx, c, c.boardVersion, await loadTopicSeqs(tx, cid), { views: ['live'] });
  out.push(...(await syncAcInfo(tx, { ...s, live: s.views.get('live')! }, 'all')));
  return out;
}

export class BoardProjector {
  private readonly states = new Map<number, BoardState>();
  private readonly building = new Map<number, Promise<BoardState>>();

  constructor(private readonly ctx: ServiceContext) {}

  /** The current boards of contest `cid` (rebuilt when another writer moved the version on). */
  async current(cid: number): Promise<BoardState> {
    const started = Date.now();
    for (;;) {
      let s = this.states.get(cid);
      const xid = s?.tentativeXid ?? null;
      const [row] = await this.ctx.db
        .select({
          ...contestColumns,
          fp: problemsSql(cid),
          xs: xid === null ? sql<string | null>`null` : sql<string | null>`pg_xact_status(${xid}::xid8)::text`,
        })
        .from(contest)
        .where(eq(contest.id, cid));
      if (!row) throw new OjError('CONTEST_NOT_FOUND');
      const c = splitContest(row);
      const waited = Date.now() - started;
      // A writer replaced the state meanwhile: look again.
      if ((this.states.get(cid) !== s || (s && s.tentativeXid !== xid)) && waited < WAIT_FOR_WRITER_MS) continue;
      if (s && s.tentativeXid !== null) {
        if (s.tentativeXid === xid && row.xs === 'committed') s.tentativeXid = null;
        else if (row.xs === 'in progress' && waited < WAIT_FOR_WRITER_MS) {
          await sleep(5);
          continue;
        } else {
          if (row.xs !== 'in progress') this.forget(cid, s);
          s = undefined;
        }
      }
      if (s && s.version === c.boardVersion && s.sealed === publicSealed(c) && s.fingerprint === rulesFingerprint(c, row.fp)) {
        s.usedAt = Date.now();
        return s;
      }
      return this.rebuild(cid);
    }
  }

  /** One consistent snapshot (version, seqs, records) in a repeatable-read transaction; concurrent readers share it. */
  private rebuild(cid: number): Promise<BoardState> {
    const running = this.building.get(cid);
    if (running) return running;
    const p = (async () => {
      try {
        const s = await this.ctx.db.transaction(
          async (tx) => {
            const c = await findContest(tx, cid);
            if (!c) throw new OjError('CONTEST_NOT_FOUND');
            return buildState(tx, c, c.boardVersion, await loadTopicSeqs(tx, cid));
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        );
        const cur = this.states.get(cid);
        if (!cur || (cur.tentativeXid === null && cur.version <= s.version)) this.install(s);
        return s;
      } finally {
        this.building.delete(cid);
      }
    })();
    this.building.set(cid, p);
    return p;
  }

  private install(s: BoardState): void {
    s.usedAt = Date.now();
    if (this.states.get(s.cid) === s) return;
    this.states.set(s.cid, s);
    if (this.states.size <= MAX_STATES) return;
    let oldest: BoardState | null = null;
    for (const x of this.states.values()) if (x.tentativeXid === null && (!oldest || x.usedAt < oldest.usedAt)) oldest = x;
    if (oldest) this.forget(oldest.cid, oldest);
  }

  private forget(cid: number, s?: BoardState): void {
    if (s && this.states.get(cid) !== s) return;
    this.states.delete(cid);
  }

  /**
   * The ingester's hook: a contest submission reached a final verdict (inside the transaction that stores it).
   * Updates its contest record and projects it.
   */
  async onVerdict(tx: Tx, j: JudgeRowLike): Promise<PushMessage[]> {
    if (j.cid <= 0 || isInProgress(j.status)) return [];
    const rec = await upsertRecord(tx, j);
    return rec ? this.project(tx, rec) : [];
  }

  /** Applies one newly judged record of a contest; returns the deltas (and AC-helper events) to publish after commit. */
  async project(tx: Tx, rec: typeof contestRecord.$inferSelect): Promise<PushMessage[]> {
    const cid = rec.cid;
    const prev = this.states.get(cid);
    const prevXid = prev?.tentativeXid ?? null;
    const [row] = await tx
      .update(contest)
      .set({ boardVersion: sql`${contest.boardVersion} + 1` })
      .where(eq(contest.id, cid))
      .returning({
        ...contestColumns,
        fp: problemsSql(cid),
        xid: sql<string>`pg_current_xact_id()::text`,
        prevStatus: prevXid === null ? sql<string | null>`null` : sql<string | null>`pg_xact_status(${prevXid}::xid8)::text`,
      });
    if (!row) return [];
    const c = splitContest(row);
    const version = c.boardVersion;
    const sealed = publicSealed(c);
    const fingerprint = rulesFingerprint(c, row.fp);

    let s = prev;
    // A state left by another transaction is usable only if that transaction committed (or is this one).
    if (s && prevXid !== null && prevXid !== row.xid && row.prevStatus !== 'committed') s = undefined;
    let reset = false;
    if (s && (s.sealed !== sealed || s.fingerprint !== fingerprint)) {
      // Rebuilt under the new rules or seal. When the seal began nothing on the board changes (a record at or
      // after the seal is always judged after it, so it never reached an unsealed view): the delta stays valid.
      // Lifted seal or changed rules: the clients must reload.
      reset = s.fingerprint !== fingerprint || (s.sealed && !sealed);
      s = undefined;
    }
    if (!s || s.version !== version - 1) {
      s = await buildState(tx, c, version - 1, await loadTopicSeqs(tx, cid), { exceptId: rec.id });
    }
    // From here on this state reflects this transaction only.
    s.tentativeXid = row.xid;
    s.contest = c;
    s.version = version;
    s.usedAt = Date.now();
    this.install(s);

    const counted = rec.status !== null && s.displayIds.includes(rec.displayId) && countsOnBoard(c, rec.uid, rec.submitTime) && !(await isRootUid(tx, rec.uid));
    if (counted && !s.users.has(rec.uid)) {
      const u = (await loadUsers(tx, [rec.uid])).get(rec.uid);
      if (u) {
        if (c.starAccount.includes(u.username) && !s.starUids.includes(rec.uid)) {
          // A star account created after the build: the views need the new star list (its row is new anyway).
          const fresh = await buildState(tx, c, version - 1, s.seq, { exceptId: rec.id });
          fresh.tentativeXid = row.xid;
          fresh.version = version;
          s = fresh;
          this.install(s);
        }
        s.users.set(rec.uid, u);
      }
    }

    const out: PushMessage[] = [];
    if (reset) out.push(...(await pushReset(tx, cid, version, 'all')));
    out.push(...(await applyToViews(tx, s, counted ? toBoardRecord(rec) : null, reset)));
    for (const m of out) {
      if (m.topic === topics.scoreboard(cid)) s.seq.public = Math.max(s.seq.public, m.seq);
      else s.seq.admin = Math.max(s.seq.admin, m.seq);
    }
    return out;
  }

  /**
   * A writer changed records of the contest in bulk (rejudge): bump, reset, AC-helper sync (as
   * `boardRulesChanged`), and keep the freshly built state for this process.
   */
  async reset(tx: Tx, cid: number): Promise<PushMessage[]> {
    const out = await boardRulesChanged(tx, cid);
    const s = this.states.get(cid);
    if (s) this.forget(cid, s);
    return out;
  }

  close(): void {
    this.states.clear();
  }
}

