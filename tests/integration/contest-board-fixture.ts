// Shared by the contest-board suites: real services on a fresh PostgreSQL with the in-process bus, contests and
// contest submissions written as the contest service writes them (a pending judge row plus a pending contest
// record), and verdicts fed to the judge-event ingester exactly as a runner's final event arrives.
import postgres from 'postgres';
import {
  JudgeStatus,
  ScoreboardEngine,
  type AwardConfig,
  type BoardConfig,
  type BoardRow,
  type PushMessage,
  type RankVO,
  type ScoreboardDelta,
} from '@oj/proto';
import { createMemoryBus, createServices, migrate, seed, silentLogger, type MemoryBus, type OjServicesImpl, type Viewer } from '@oj/services';
import { startTestDatabase, type TestDatabase } from '../support/pg';

export const ROOT_PASSWORD = 'root-pass-1';
export const PASSWORD = 'password1';
const CODE = '#include <cstdio>\nint main() { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); return 0; }\n';

export interface ContestOpts {
  creator: string;
  type?: 0 | 1;
  /** Seconds between the start and now (negative: not started). */
  startedAgoS?: number;
  durationS?: number;
  /** Seal offset from the start in seconds (null: no seal). */
  sealS?: number | null;
  autoRealRank?: boolean;
  openRank?: boolean;
  openPrint?: boolean;
  allowEndSubmit?: boolean;
  starAccount?: string[];
  rankShowName?: 'username' | 'realname' | 'nickname';
  oiRankScoreType?: 'Recent' | 'Highest';
  awardType?: 0 | 1 | 2;
  awards?: AwardConfig[];
  problems?: number;
  visible?: boolean;
  auth?: number;
}

export interface ContestInfo {
  cid: number;
  creator: string;
  start: Date;
  displayIds: string[];
  pids: Record<string, number>;
}

export interface BoardFixture {
  db: TestDatabase;
  sql: postgres.Sql;
  services: OjServicesImpl;
  bus: MemoryBus;
  pushes: PushMessage[];
  /** Creates a user and answers its uid. */
  user(username: string, extra?: { roles?: ('root' | 'admin' | 'default_user')[]; school?: string; realname?: string; nickname?: string }): Promise<string>;
  viewer(username: string, password?: string): Promise<Viewer>;
  contest(o: ContestOpts): Promise<ContestInfo>;
  /** A pending contest submission made `atS` seconds after the start; answers its submit id. */
  submit(c: ContestInfo, uid: string, displayId: string, atS: number): Promise<number>;
  /** Feeds the runner's final event of `submitId` to the ingester (of `via`, another services process, if given). */
  verdict(submitId: number, status: number, opts?: { score?: number | null; time?: number | null; via?: OjServicesImpl }): Promise<void>;
  /** A second services process on the same database and bus (closed with the fixture). */
  otherProcess(): Promise<OjServicesImpl>;
  deltas(topic: string, since?: number): (PushMessage & { data: ScoreboardDelta })[];
  close(): Promise<void>;
}

export async function startBoardFixture(): Promise<BoardFixture> {
  const db = await startTestDatabase();
  await migrate(db.url);
  await seed(db.url, { adminPassword: ROOT_PASSWORD });
  const sql = postgres(db.url, { max: 3, onnotice: () => {} });
  const bus = createMemoryBus({ logger: silentLogger() });
  const pushes: PushMessage[] = [];
  await bus.subscribePush((m) => pushes.push(m));
  const services = await createServices({
    databaseUrl: db.url,
    transport: bus,
    logger: silentLogger(),
    config: { submitIntervalS: 0, outboxIntervalMs: 3_600_000, maintenanceIntervalMs: 3_600_000 },
  });
  const problemIds = (await sql<{ id: number }[]>`select id from problems order by id`).map((r) => r.id);
  let n = 0;
  const others: OjServicesImpl[] = [];

  return {
    db,
    sql,
    services,
    bus,
    pushes,
    async user(username, extra = {}) {
      const u = await services.account.createUser({ username, password: PASSWORD, roles: extra.roles, nickname: extra.nickname ?? null });
      await sql`update users set school = ${extra.school ?? null}, realname = ${extra.realname ?? null} where uuid = ${u.uid}`;
      return u.uid;
    },
    async viewer(username, password = PASSWORD) {
      const { user: u, sessionId } = await services.account.login(username, password, '127.0.0.1');
      return (await services.account.verifySession(u.uid, sessionId))!;
    },
    async contest(o) {
      const duration = o.durationS ?? 5 * 3600;
      const start = new Date(Date.now() - (o.startedAgoS ?? 3600) * 1000);
      const end = new Date(start.getTime() + duration * 1000);
      const seal = o.sealS === undefined || o.sealS === null ? null : new Date(start.getTime() + o.sealS * 1000);
      const [c] = await sql<{ id: number }[]>`
        insert into contest (uid, author, title, description, type, auth, start_time, end_time, duration, seal_rank,
          seal_rank_time, auto_real_rank, visible, open_print, open_rank, rank_show_name, star_account,
          oi_rank_score_type, award_type, award_config, allow_end_submit)
        values (${o.creator}, 'creator', ${`contest ${++n}`}, 'd', ${o.type ?? 0}, ${o.auth ?? 0}, ${start}, ${end}, ${duration},
          ${seal !== null}, ${seal}, ${o.autoRealRank ?? true}, ${o.visible ?? true}, ${o.openPrint ?? false},
          ${o.openRank ?? false}, ${o.rankShowName ?? 'username'}, ${sql.json(o.starAccount ?? [])},
          ${o.oiRankScoreType ?? 'Recent'}, ${o.awardType ?? 0}, ${sql.json(o.awards ?? [])}, ${o.allowEndSubmit ?? false})
        returning id`;
      const displayIds = ['A', 'B', 'C', 'D'].slice(0, o.problems ?? 3);
      const pids: Record<string, number> = {};
      const colors = ['#ff0000', '#00ff00', '#0000ff', '#ffff00'];
      for (const [i, d] of displayIds.entries()) {
        pids[d] = problemIds[i]!;
        await sql`insert into contest_problem (cid, pid, display_id, display_title, color) values (${c!.id}, ${problemIds[i]!}, ${d}, ${`P ${d}`}, ${colors[i]!})`;
      }
      return { cid: c!.id, creator: o.creator, start, displayIds, pids };
    },
    async submit(c, uid, displayId, atS) {
      const [u] = await sql<{ username: string }[]>`select username from users where uuid = ${uid}`;
      const at = new Date(c.start.getTime() + atS * 1000);
      const pid = c.pids[displayId]!;
      const [cp] = await sql<{ id: number }[]>`select id from contest_problem where cid = ${c.cid} and pid = ${pid}`;
      const [j] = await sql<{ submit_id: number }[]>`
        insert into judge (pid, display_pid, uid, username, submit_time, status, length, code, language, cid, cpid, lane)
        values (${pid}, ${displayId}, ${uid}, ${u!.username}, ${at}, ${JudgeStatus.PENDING}, ${CODE.length}, ${CODE}, 'C++', ${c.cid}, ${cp!.id}, 'contest')
        returning submit_id`;
      await sql`
        insert into contest_record (cid, uid, pid, display_id, submit_id, status, time, submit_time, language)
        values (${c.cid}, ${uid}, ${pid}, ${displayId}, ${j!.submit_id}, null, ${Math.max(0, Math.floor(atS))}, ${at}, 'C++')`;
      return j!.submit_id;
    },
    async verdict(submitId, status, opts = {}) {
      const [j] = await sql<{ version: number }[]>`select version from judge where submit_id = ${submitId}`;
      await (opts.via ?? services).ingester.handle({
        kind: 'final',
        submitId,
        version: j!.version,
        judger: 'hand-runner',
        status,
        score: opts.score ?? null,
        time: opts.time ?? 10,
        memory: 1024,
        errorMessage: null,
        cases: [],
      });
    },
    deltas(topic, since = 0) {
      return pushes.filter((m) => m.topic === topic && m.event === 'scoreboard.delta' && m.seq > since) as (PushMessage & { data: ScoreboardDelta })[];
    },
    async otherProcess() {
      const s = await createServices({ databaseUrl: db.url, transport: bus, logger: silentLogger(), config: { submitIntervalS: 0 } });
      others.push(s);
      return s;
    },
    async close() {
      for (const s of others) await s.close();
      await services?.close();
      await bus?.close();
      await sql?.end();
      await db?.stop();
    },
  };
}

/** The board computed independently from the database's contest records (the creator's and super admins' records left out). */
export async function boardFromScratch(f: BoardFixture, c: ContestInfo, cfg: Partial<BoardConfig> = {}): Promise<readonly BoardRow[]> {
  const [ct] = await f.sql<
    { uid: string; type: number; duration: number; start_time: Date; star_account: string[]; oi_rank_score_type: string; award_type: number; award_config: AwardConfig[] }[]
  >`select * from contest where id = ${c.cid}`;
  const roots = new Set((await f.sql<{ uid: string }[]>`select ur.uid from user_role ur join roles r on r.id = ur.role_id where r.role = 'root'`).map((r) => r.uid));
  const stars = ct!.star_account.length
    ? (await f.sql<{ uuid: string }[]>`select uuid from users where username in ${f.sql(ct!.star_account)}`).map((r) => r.uuid)
    : [];
  const recs = await f.sql<{ id: number; uid: string; display_id: string; time: number; status: number | null; score: number | null; use_time: number | null; submit_time: Date }[]>`
    select * from contest_record where cid = ${c.cid} order by id`;
  const records = recs
    .filter((r) => r.status !== null && r.uid !== ct!.uid && !roots.has(r.uid) && r.submit_time.getTime() >= ct!.start_time.getTime())
    .map((r) => ({ id: r.id, uid: r.uid, displayId: r.display_id, time: r.time, status: r.status!, score: r.score, useTime: r.use_time }));
  const config: BoardConfig = {
    type: ct!.type === 1 ? 1 : 0,
    durationS: ct!.duration,
    sealS: null,
    containsEnd: false,
    oiRankScoreType: ct!.oi_rank_score_type === 'Highest' ? 'Highest' : 'Recent',
    starUids: stars,
    awardType: (ct!.award_type as 0 | 1 | 2) ?? 0,
    awards: ct!.award_config,
    ...cfg,
  };
  return ScoreboardEngine.build(config, c.displayIds, records).rows();
}

/** A rank VO without its display fields (to compare with engine rows). */
export function rowOf(r: RankVO): BoardRow {
  const { username: _u, realname: _r, nickname: _n, school: _s, gender: _g, avatar: _a, ...row } = r;
  return row as BoardRow;
}
