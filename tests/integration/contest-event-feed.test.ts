// CLICS event feeds end to end over REST (real services, PostgreSQL, memory bus): a generated feed of 300 teams,
// 12 problems and 3,000 submissions is imported and its boards equal a board computed here, plainly, from the
// feed (final board for the contest admin, frozen board with pending tries for the public); the export imports
// back to the same board; bad feeds are refused with their line and leave nothing behind.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScoreboardEngine, type AcmRow, type ScoreRecord } from '@oj/proto';
import { buildGateway, loadGatewayConfig, type Gateway } from '@oj/gateway';
import { createMemoryBus, createServices, migrate, seed, silentLogger, type MemoryBus, type OjServicesImpl } from '@oj/services';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { mulberry32 } from '@oj/proto/testing';

const ROOT_PASSWORD = 'event-feed-root-1';
const PASSWORD = 'event-feed-user-1';
type Envelope<T = unknown> = { status: number; data: T; msg: string; code?: string };
type RankRow = AcmRow & { username: string; nickname: string | null; school: string | null };
type RankPage = { records: RankRow[]; total: number; sealed: boolean };

// ---------- a seeded feed generator ----------

const HOUR = 3_600_000;
const DURATION_MS = 5 * HOUR;
const FREEZE_MS = HOUR;
const SOLVED = new Set(['AC']);
const PENALISED = new Set(['WA', 'TLE', 'RTE', 'MLE', 'PE', 'OLE', 'NO']);
const JUDGEMENT_TYPES = [
  ['AC', 'Accepted', false, true],
  ['WA', 'Wrong Answer', true, false],
  ['TLE', 'Time Limit Exceeded', true, false],
  ['RTE', 'Run-Time Error', true, false],
  ['MLE', 'Memory Limit Exceeded', true, false],
  ['PE', 'Presentation Error', true, false],
  ['OLE', 'Output Limit Exceeded', true, false],
  ['NO', 'No Output', true, false],
  ['CE', 'Compiler Error', false, false],
  ['JE', 'Judging Error', false, false],
] as const;

interface GenSubmission {
  id: string;
  team: string;
  label: string;
  ms: number;
  /** Judgements in feed order: type (null = still judging), valid. */
  judgements: { type: string | null; valid: boolean; late: boolean }[];
}
interface GeneratedFeed {
  text: string;
  startMs: number;
  shownTeams: string[];
  labels: string[];
  submissions: GenSubmission[];
}

const iso = (ms: number) => new Date(ms).toISOString();
function rel(ms: number): string {
  const h = Math.floor(ms / HOUR);
  const m = Math.floor((ms % HOUR) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
}

function generateFeed(seed: number, startMs: number): GeneratedFeed {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const labels = 'ABCDEFGHIJKL'.split('');
  const shownTeams = Array.from({ length: 300 }, (_, i) => `team${String(i + 1).padStart(3, '0')}`);
  const hiddenTeams = ['hidden1', 'hidden2', 'hidden3'];
  const observerTeams = ['observer1', 'observer2'];
  // Problem difficulty: A easy … L hard.
  const acRate = labels.map((_, i) => 0.55 - i * 0.04);
  const verdictOf = (label: string): string => {
    const r = rnd();
    if (r < acRate[labels.indexOf(label)]!) return 'AC';
    return pick(['WA', 'WA', 'WA', 'TLE', 'TLE', 'RTE', 'MLE', 'PE', 'OLE', 'NO', 'CE', 'CE', 'JE']);
  };

  const submissions: GenSubmission[] = [];
  const add = (team: string, label: string, ms: number, opening = false) => {
    const id = `${1000 + submissions.length}`;
    const judgements: GenSubmission['judgements'] = [];
    const r = rnd();
    if (opening) judgements.push({ type: rnd() < 0.5 ? 'AC' : 'WA', valid: true, late: false });
    else if (r < 0.02) {
      // pending: no judgement, or one still judging
      if (rnd() < 0.5) judgements.push({ type: null, valid: true, late: false });
    } else {
      if (rnd() < 0.1) judgements.push({ type: null, valid: true, late: false }); // judging, then the verdict
      judgements.push({ type: verdictOf(label), valid: true, late: false });
      const x = rnd();
      if (x < 0.05) judgements.push({ type: verdictOf(label), valid: true, late: true }); // rejudged
      else if (x < 0.08) judgements.push({ type: pick(['AC', 'WA']), valid: false, late: true }); // invalid rejudge
    }
    submissions.push({ id, team, label, ms, judgements });
  };
  // Every shown team opens with a judged submission in the first hour, so every team is on the board.
  for (const t of shownTeams) add(t, pick(labels.slice(0, 3)), Math.floor(rnd() * HOUR), true);
  while (submissions.length < 3000) {
    const label = labels[Math.min(11, Math.floor(rnd() * rnd() * 14))]!;
    // A few after the end (never on the board).
    const ms = rnd() < 0.01 ? DURATION_MS + Math.floor(rnd() * 10 * 60_000) : Math.floor(rnd() * DURATION_MS);
    add(pick(shownTeams), label, ms);
  }
  // Same-second pairs of one team on one problem: their order is the feed's.
  for (let i = 0; i < 20; i++) {
    const base = submissions[300 + i * 7]!;
    add(base.team, base.label, base.ms - (base.ms % 1000) + 999);
  }
  for (const t of [...hiddenTeams, ...observerTeams]) for (let i = 0; i < 8; i++) add(t, pick(labels), Math.floor(rnd() * DURATION_MS));

  const lines: unknown[] = [];
  const ev = (type: string, data: Record<string, unknown>) => lines.push({ type, id: data.id, data });
  lines.push({
    type: 'contest',
    id: null,
    data: { id: 'gen-2024', name: 'Generated', formal_name: 'Generated Regional 2024', start_time: iso(startMs), duration: rel(DURATION_MS), scoreboard_freeze_duration: rel(FREEZE_MS), scoreboard_type: 'pass-fail', penalty_time: 20 },
  });
  for (const [id, name, penalty, solved] of JUDGEMENT_TYPES) ev('judgement-types', { id, name, penalty, solved });
  ev('languages', { id: 'cpp', name: 'C++' });
  ev('languages', { id: 'java', name: 'Java' });
  labels.forEach((label, i) => ev('problems', { id: `prob-${label.toLowerCase()}`, label, name: `Problem ${label}`, ordinal: i, rgb: `#${(0x101010 * (i + 1)).toString(16).padStart(6, '0').slice(-6)}`, color: `c${i}`, time_limit: 1 + i / 4 }));
  ev('groups', { id: 'participants', name: 'Participants' });
  ev('groups', { id: 'observers', name: 'Observers', hidden: true });
  for (let i = 1; i <= 40; i++) ev('organizations', { id: `org${i}`, name: `U${i}`, formal_name: `University ${i}` });
  shownTeams.forEach((t, i) => ev('teams', { id: t, label: t, name: `Team ${i + 1}`, organization_id: `org${(i % 40) + 1}`, group_ids: ['participants'], hidden: false }));
  for (const t of hiddenTeams) ev('teams', { id: t, label: t, name: t, organization_id: null, group_ids: ['participants'], hidden: true });
  for (const t of observerTeams) ev('teams', { id: t, label: t, name: t, organization_id: 'org1', group_ids: ['observers'] });

  // The timeline: state changes, submissions with their first judgements; rejudges after the end.
  const timeline: { at: number; lines: unknown[] }[] = [];
  const state = (upTo: number, final = false) => ({
    type: 'state',
    id: null,
    data: {
      started: iso(startMs),
      frozen: upTo >= DURATION_MS - FREEZE_MS ? iso(startMs + DURATION_MS - FREEZE_MS) : null,
      ended: upTo >= DURATION_MS ? iso(startMs + DURATION_MS) : null,
      thawed: null,
      finalized: final ? iso(startMs + DURATION_MS + HOUR) : null,
      end_of_updates: final ? iso(startMs + DURATION_MS + HOUR) : null,
    },
  });
  timeline.push({ at: -1, lines: [state(0)] });
  timeline.push({ at: DURATION_MS - FREEZE_MS - 0.5, lines: [state(DURATION_MS - FREEZE_MS)] });
  timeline.push({ at: DURATION_MS - 0.5, lines: [state(DURATION_MS)] });
  const late: unknown[] = [];
  for (const s of submissions) {
    const lang = rnd() < 0.7 ? 'cpp' : 'java';
    const own: unknown[] = [{ type: 'submissions', id: s.id, data: { id: s.id, team_id: s.team, problem_id: `prob-${s.label.toLowerCase()}`, language_id: lang, time: iso(startMs + s.ms), contest_time: rel(s.ms), files: [] } }];
    let n = 0;
    s.judgements.forEach((j) => {
      // A judgement that was still running is the same judgement object, updated with its verdict.
      const jid = `j${s.id}-${n}`;
      if (j.type !== null) n++;
      const line = {
        type: 'judgements',
        id: jid,
        data: { id: jid, submission_id: s.id, judgement_type_id: j.type, start_time: iso(startMs + s.ms + 1000), start_contest_time: rel(s.ms + 1000), ...(j.valid ? {} : { valid: false }), max_run_time: 0.25 },
      };
      (j.late ? late : own).push(line);
    });
    timeline.push({ at: s.ms, lines: own });
  }
  timeline.sort((a, b) => a.at - b.at);
  for (const t of timeline) lines.push(...t.lines);
  lines.push(...late);
  lines.push(state(DURATION_MS + HOUR, true));
  const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  return { text, startMs, shownTeams, labels, submissions };
}

// ---------- the expected board, computed plainly ----------

interface ExpectedRow {
  ac: number;
  /** Penalty in minutes. */
  penalty: number;
  rank: number;
  /** Per problem: solved, minute of the AC, penalised rejections before it, hidden tries (frozen board). */
  cells: Record<string, { solved: boolean; minute: number | null; rejections: number; tries: number }>;
}

/** The verdict of a submission: its last valid judgement with a type, in feed order (null: pending). */
function verdict(s: GenSubmission): string | null {
  let v: string | null = null;
  const ordered = [...s.judgements.filter((j) => !j.late), ...s.judgements.filter((j) => j.late)];
  for (const j of ordered) if (j.valid && j.type !== null) v = j.type;
  return v;
}

function expectedBoard(feed: GeneratedFeed, sealMs: number | null): Map<string, ExpectedRow> {
  const sealS = sealMs === null ? null : sealMs / 1000;
  const rows = new Map<string, ExpectedRow>();
  for (const team of feed.shownTeams) {
    const row: ExpectedRow = { ac: 0, penalty: 0, rank: 0, cells: {} };
    for (const label of feed.labels) {
      const subs = feed.submissions
        .map((s, index) => ({ s, index }))
        .filter(({ s }) => s.team === team && s.label === label)
        .sort((a, b) => a.s.ms - b.s.ms || a.index - b.index);
      const cell = { solved: false, minute: null as number | null, rejections: 0, tries: 0 };
      let any = false;
      for (const { s } of subs) {
        const v = verdict(s);
        const second = Math.floor(s.ms / 1000);
        if (v === null || second >= DURATION_MS / 1000) continue; // pending, or after the end
        any = true;
        if (cell.solved) continue; // after the first AC
        if (sealS !== null && second >= sealS) {
          cell.tries++;
          continue;
        }
        if (SOLVED.has(v)) {
          cell.solved = true;
          cell.minute = Math.floor(second / 60);
        } else if (PENALISED.has(v)) {
          cell.rejections++;
        }
      }
      if (!any) continue;
      row.cells[label] = cell;
      if (cell.solved) {
        row.ac++;
        row.penalty += cell.minute! + 20 * cell.rejections;
      }
    }
    rows.set(team, row);
  }
  for (const row of rows.values()) {
    let better = 0;
    for (const other of rows.values()) if (other.ac > row.ac || (other.ac === row.ac && other.penalty < row.penalty)) better++;
    row.rank = better + 1;
  }
  return rows;
}

function expectBoardEquals(records: RankRow[], expected: Map<string, ExpectedRow>, opts: { frozen: boolean }): void {
  expect(records).toHaveLength(expected.size);
  const seen = new Set<string>();
  let lastRank = 0;
  for (const r of records) {
    const e = expected.get(r.username);
    expect(e, `unexpected row ${r.username}`).toBeDefined();
    seen.add(r.username);
    expect({ user: r.username, rank: r.rank, ac: r.ac, totalTime: r.totalTime }).toEqual({ user: r.username, rank: e!.rank, ac: e!.ac, totalTime: e!.penalty * 60 });
    expect(r.rank).toBeGreaterThanOrEqual(lastRank);
    lastRank = r.rank;
    for (const [label, cell] of Object.entries(e!.cells)) {
      const got = r.submissionInfo[label];
      expect(got, `${r.username} ${label}`).toBeDefined();
      expect({ user: r.username, label, isAC: got!.isAC, minute: got!.ACTime === null ? null : Math.floor(got!.ACTime / 60), errorNum: got!.isAC ? got!.errorNum : null }).toEqual({
        user: r.username,
        label,
        isAC: cell.solved,
        minute: cell.minute,
        errorNum: cell.solved ? cell.rejections : null,
      });
      if (opts.frozen) expect({ user: r.username, label, tries: got!.tryNum }).toEqual({ user: r.username, label, tries: cell.tries });
    }
  }
  expect(seen.size).toBe(expected.size);
}

// ---------- the stack ----------

interface World {
  gw: Gateway;
  services: OjServicesImpl;
  bus: MemoryBus;
  db: TestDatabase;
  sql: postgres.Sql;
  stop(): Promise<void>;
}

async function startWorld(): Promise<World> {
  const db = await startTestDatabase();
  await migrate(db.url);
  await seed(db.url, { adminPassword: ROOT_PASSWORD });
  const bus = createMemoryBus();
  const services = await createServices({ databaseUrl: db.url, transport: bus, logger: silentLogger(), config: { submitIntervalS: 0 } });
  await services.startWorkers();
  const gw = await buildGateway({ services, push: bus, config: loadGatewayConfig({ OJ_JWT_SECRET: 'event-feed-secret-'.padEnd(40, 'x') }) });
  const sql = postgres(db.url, { max: 2, onnotice: () => {} });
  return {
    gw,
    services,
    bus,
    db,
    sql,
    async stop() {
      await sql.end();
      await gw.close();
      await services.close();
      await bus.close();
      await db.stop();
    },
  };
}

function multipart(content: string | Buffer, field = 'file'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----oj-event-feed-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="event-feed.ndjson"\r\nContent-Type: application/x-ndjson\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('CLICS event feed import and export', () => {
  let w: World;
  let rootToken: string;
  let userToken: string;
  let logins = 0;
  const feed = generateFeed(20240501, Math.floor((Date.now() - 8 * HOUR) / 1000) * 1000);
  let cid = 0;

  async function login(username: string, password: string): Promise<string> {
    const remoteAddress = `10.77.${Math.floor(logins / 250)}.${(logins++ % 250) + 1}`;
    const res = await w.gw.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
    expect(res.statusCode).toBe(200);
    return res.headers.authorization as string;
  }

  async function importFeed(text: string | Buffer, token = rootToken, field = 'file') {
    const { payload, headers } = multipart(text, field);
    const res = await w.gw.app.inject({ method: 'POST', url: '/api/admin/contest/import-event-feed', payload, headers: { ...headers, authorization: token, 'accept-language': 'en-US' } });
    return { http: res.statusCode, body: res.json<Envelope<{ cid: number } | null>>() };
  }

  async function board(path: 'get-contest-outside-scoreboard' | 'get-contest-rank', body: Record<string, unknown>, token?: string): Promise<RankPage> {
    const res = await w.gw.app.inject({ method: 'POST', url: `/api/${path}`, payload: { currentPage: 1, limit: 5000, ...body }, headers: token ? { authorization: token } : {} });
    const env = res.json<Envelope<RankPage>>();
    expect(env.status, env.msg).toBe(200);
    return env.data;
  }

  async function counts() {
    const [r] = await w.sql<{ contests: number; users: number; problems: number; records: number; cps: number }[]>`
      select (select count(*)::int from contest) as contests, (select count(*)::int from users) as users,
             (select count(*)::int from problems) as problems, (select count(*)::int from contest_record) as records,
             (select count(*)::int from contest_problem) as cps`;
    return r!;
  }

  beforeAll(async () => {
    w = await startWorld();
    rootToken = await login('root', ROOT_PASSWORD);
    await w.services.account.createUser({ username: 'plain-user', password: PASSWORD });
    userToken = await login('plain-user', PASSWORD);
    // A team whose id is an existing username: that user is reused, password and all.
    await w.services.account.createUser({ username: 'team007', password: PASSWORD, nickname: 'Kept nickname' });
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('imports a generated feed of 300 teams and 3,000 submissions in one call', async () => {
    expect(feed.submissions.length).toBeGreaterThanOrEqual(3000);
    const started = Date.now();
    const { body } = await importFeed(feed.text);
    expect(body.status, body.msg).toBe(200);
    cid = body.data!.cid;
    expect(cid).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(30_000);

    const [c] = await w.sql`select * from contest where id = ${cid}`;
    expect(c).toMatchObject({ title: 'Generated Regional 2024', type: 0, imported: true, open_rank: true, visible: true, seal_rank: true, auto_real_rank: false, duration: 18000, board_version: 1, rank_show_name: 'nickname' });
    expect(new Date(c!.start_time as string).getTime()).toBe(feed.startMs);
    expect(new Date(c!.seal_rank_time as string).getTime()).toBe(feed.startMs + DURATION_MS - FREEZE_MS);
    const cps = await w.sql`select cp.display_id, cp.color, p.problem_id, p.auth, p.time_limit from contest_problem cp join problems p on p.id = cp.pid where cp.cid = ${cid} order by cp.id`;
    expect(cps.map((p) => p.display_id)).toEqual(feed.labels);
    expect(cps[0]).toMatchObject({ problem_id: `EF${cid}-A`, auth: 3, time_limit: 1000, color: '#101010' });
    // Hidden teams and the hidden observers' group are not imported; the reused user kept its own fields.
    const teams = await w.sql`select username, nickname, school from users where username like 'team%' or username like 'hidden%' or username like 'observer%' order by username`;
    expect(teams).toHaveLength(300);
    expect(teams.find((t) => t.username === 'team001')).toMatchObject({ nickname: 'Team 1', school: 'University 1' });
    expect(teams.find((t) => t.username === 'team007')).toMatchObject({ nickname: 'Kept nickname', school: null });
    const [{ n }] = (await w.sql`select count(*)::int as n from contest_record where cid = ${cid}`) as unknown as [{ n: number }];
    expect(n).toBe(feed.submissions.filter((s) => feed.shownTeams.includes(s.team)).length);
    // The reused account still logs in; the created ones cannot.
    await login('team007', PASSWORD);
    const bad = await w.gw.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'team001', password: 'anything-at-all' }, remoteAddress: '10.78.0.1' });
    expect(bad.json<Envelope>().code).toBe('AUTH_BAD_CREDENTIALS');
  });

  it('its contest records feed the board engine to the independently computed final board', async () => {
    const recs = await w.sql<{ id: number; uid: string; display_id: string; time: number; status: number; username: string }[]>`
      select r.id, r.uid, r.display_id, r.time, r.status, u.username from contest_record r join users u on u.uuid = r.uid
      where r.cid = ${cid} and r.status is not null order by r.time, r.id`;
    const records: ScoreRecord[] = recs.map((r) => ({ id: r.id, uid: r.uid, displayId: r.display_id, time: r.time, status: r.status, score: null, useTime: null }));
    const engine = ScoreboardEngine.build(
      { type: 0, durationS: 18000, sealS: null, containsEnd: false, oiRankScoreType: 'Recent', starUids: [], awardType: 0, awards: [] },
      feed.labels,
      records,
    );
    const names = new Map(recs.map((r) => [r.uid, r.username]));
    const rows = engine.rows().map((r) => ({ ...(r as AcmRow), username: names.get(r.uid)!, nickname: null, school: null }));
    expectBoardEquals(rows, expectedBoard(feed, null), { frozen: false });
  });

  it('the outside scoreboard (root, forceRefresh) and the contest rank show the final board', async () => {
    const expected = expectedBoard(feed, null);
    // The generated contest exercises the rules: shared ranks, rejections before ACs, all problems solved by someone.
    const rows = [...expected.values()];
    expect(new Set(rows.map((r) => r.rank)).size).toBeLessThan(rows.length);
    expect(rows.some((r) => Object.values(r.cells).some((c) => c.solved && c.rejections > 0))).toBe(true);
    expect(feed.labels.every((l) => rows.some((r) => r.cells[l]?.solved))).toBe(true);
    const outside = await board('get-contest-outside-scoreboard', { cid, forceRefresh: true }, rootToken);
    expect(outside.sealed).toBe(false);
    expect(outside.total).toBe(300);
    expectBoardEquals(outside.records, expected, { frozen: false });
    expect(outside.records.find((r) => r.username === 'team001')?.nickname).toBe('Team 1');
    const rank = await board('get-contest-rank', { cid, forceRefresh: true }, rootToken);
    expectBoardEquals(rank.records, expected, { frozen: false });
  });

  it('the public outside scoreboard stays frozen: results before the freeze, later submissions as pending tries', async () => {
    const frozen = await board('get-contest-outside-scoreboard', { cid });
    expect(frozen.sealed).toBe(true);
    const expected = expectedBoard(feed, DURATION_MS - FREEZE_MS);
    expect([...expected.values()].filter((r) => Object.values(r.cells).some((c) => c.tries > 0)).length).toBeGreaterThan(50);
    expectBoardEquals(frozen.records, expected, { frozen: true });
    // forceRefresh from a non-admin changes nothing.
    const asUser = await board('get-contest-outside-scoreboard', { cid, forceRefresh: true }, userToken);
    expect(asUser.sealed).toBe(true);
  });

  it('exports the contest as NDJSON that imports back to the same board', async () => {
    const res = await w.gw.app.inject({ method: 'GET', url: `/api/admin/contest/event-feed?cid=${cid}`, headers: { authorization: rootToken } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contest-\d+-event-feed\.ndjson"; filename\*=UTF-8''contest-\d+-event-feed\.ndjson$/);
    const lines = res.body.trim().split('\n').map((l) => JSON.parse(l) as { type: string; id: string | null; data: Record<string, unknown> });
    expect(lines[0]).toMatchObject({ type: 'contest', id: null, data: { name: 'Generated Regional 2024', duration: '5:00:00.000', scoreboard_freeze_duration: '1:00:00.000', scoreboard_type: 'pass-fail' } });
    const byType = (t: string) => lines.filter((l) => l.type === t);
    expect(byType('problems').map((p) => p.data.label)).toEqual(feed.labels);
    expect(byType('teams')).toHaveLength(300);
    expect(byType('teams').find((t) => t.id === 'team001')?.data).toMatchObject({ name: 'Team 1', organization_id: expect.any(String) as unknown });
    const shown = feed.submissions.filter((s) => feed.shownTeams.includes(s.team));
    expect(byType('submissions')).toHaveLength(shown.length);
    expect(byType('judgements')).toHaveLength(shown.filter((s) => verdict(s) !== null).length);
    const lastState = byType('state').at(-1)!.data;
    expect(lastState).toMatchObject({ started: iso(feed.startMs), ended: iso(feed.startMs + DURATION_MS), frozen: iso(feed.startMs + DURATION_MS - FREEZE_MS), thawed: null });
    // Referential integrity: every reference points to an object defined on an earlier line.
    const defined = new Set<string>();
    for (const l of lines) {
      const refs: [string, unknown][] = [
        ['teams', l.data.team_id],
        ['problems', l.data.problem_id],
        ['languages', l.data.language_id],
        ['submissions', l.data.submission_id],
        ['judgement-types', l.data.judgement_type_id],
        ['organizations', l.data.organization_id],
      ];
      for (const [t, id] of refs) if (typeof id === 'string') expect(defined.has(`${t}/${id}`), `${l.type} ${l.id} → ${t}/${id}`).toBe(true);
      if (l.id !== null) defined.add(`${l.type}/${l.id}`);
    }

    const again = await importFeed(res.body);
    expect(again.body.status, again.body.msg).toBe(200);
    const cid2 = again.body.data!.cid;
    const recs = async (id: number) =>
      w.sql`select u.username, r.display_id, r.status, r.time, r.submit_time, r.language from contest_record r join users u on u.uuid = r.uid where r.cid = ${id} order by r.time, r.id`;
    const [a, b] = [await recs(cid), await recs(cid2)];
    expect(b).toEqual(a);
    const one = await board('get-contest-outside-scoreboard', { cid, forceRefresh: true }, rootToken);
    const two = await board('get-contest-outside-scoreboard', { cid: cid2, forceRefresh: true }, rootToken);
    const strip = (p: RankPage) => p.records.map((r) => ({ username: r.username, rank: r.rank, ac: r.ac, totalTime: r.totalTime, total: r.total, cells: r.submissionInfo }));
    expect(strip(two)).toEqual(strip(one));
    const frozenOne = await board('get-contest-outside-scoreboard', { cid });
    const frozenTwo = await board('get-contest-outside-scoreboard', { cid: cid2 });
    expect(strip(frozenTwo)).toEqual(strip(frozenOne));
  });

  it("only the contest's admins (root, or its author while an admin) may export; only root and admins may import", async () => {
    const exp = await w.gw.app.inject({ method: 'GET', url: `/api/admin/contest/event-feed?cid=${cid}`, headers: { authorization: userToken } });
    expect(exp.json<Envelope>().code).toBe('AUTH_FORBIDDEN');
    const anon = await w.gw.app.inject({ method: 'GET', url: `/api/admin/contest/event-feed?cid=${cid}` });
    expect(anon.json<Envelope>().code).toBe('AUTH_NOT_LOGGED_IN');
    const missing = await w.gw.app.inject({ method: 'GET', url: '/api/admin/contest/event-feed?cid=999999', headers: { authorization: rootToken } });
    expect(missing.json<Envelope>().code).toBe('CONTEST_NOT_FOUND');
    const before = await counts();
    const imp = await importFeed(feed.text, userToken);
    expect(imp.http).toBe(403);
    expect(imp.body.code).toBe('AUTH_FORBIDDEN');
    const wrongField = await importFeed(feed.text, rootToken, 'feed');
    expect(wrongField.body.code).toBe('VALIDATION_FAILED');
    expect(await counts()).toEqual(before);

    // A site admin imports (and becomes the author) and may export; another site admin may not, nor an author
    // without an admin role (authority from the current role, issue 15).
    await w.services.account.createUser({ username: 'feed-admin', password: PASSWORD, roles: ['admin'] });
    const adminToken = await login('feed-admin', PASSWORD);
    const small = feed.text.split('\n').filter((l) => !l.includes('"type":"submissions"') && !l.includes('"type":"judgements"')).join('\n');
    const byAdmin = await importFeed(small, adminToken);
    expect(byAdmin.body.status, byAdmin.body.msg).toBe(200);
    const cid3 = byAdmin.body.data!.cid;
    const [c3] = await w.sql`select author, uid from contest where id = ${cid3}`;
    expect(c3!.author).toBe('feed-admin');
    const exportAs = (id: number, token: string) => w.gw.app.inject({ method: 'GET', url: `/api/admin/contest/event-feed?cid=${id}`, headers: { authorization: token } });
    const get = (token: string) => exportAs(cid3, token);
    const asAuthor = await get(adminToken);
    expect(asAuthor.statusCode).toBe(200);
    expect(asAuthor.body.split('\n')[0]).toContain('"type":"contest"');
    expect((await get(userToken)).json<Envelope>().code).toBe('AUTH_FORBIDDEN');
    expect((await exportAs(cid, adminToken)).json<Envelope>().code).toBe('CONTEST_ADMIN_ONLY');
    await w.sql`update contest set uid = (select uuid from users where username = 'plain-user') where id = ${cid3}`;
    expect((await get(userToken)).json<Envelope>().code).toBe('AUTH_FORBIDDEN');
  });

  describe('bad feeds are refused with the line, and nothing is imported', () => {
    const good = feed.text.trimEnd().split('\n');
    const contestLine = JSON.parse(good[0]!) as { data: Record<string, unknown> };
    const firstSubmission = good.findIndex((l) => l.includes('"type":"submissions"'));
    const cases: [string, string[], number, RegExp][] = [
      ['a malformed JSON line', [...good.slice(0, 100), '{"type":"teams","id":"x","data":{', ...good.slice(100)], 101, /malformed JSON/],
      [
        'a submission of an unknown team',
        [...good.slice(0, firstSubmission), JSON.stringify({ type: 'submissions', id: 'x1', data: { id: 'x1', team_id: 'ghost', problem_id: 'prob-a', language_id: 'cpp', contest_time: '0:01:00' } }), ...good.slice(firstSubmission)],
        firstSubmission + 1,
        /unknown team "ghost"/,
      ],
      ['a judgement of an unknown submission', [...good, JSON.stringify({ type: 'judgements', id: 'jx', data: { id: 'jx', submission_id: 'nope', judgement_type_id: 'AC' } })], good.length + 1, /unknown submission "nope"/],
      ['a judgement of an unknown type', [...good, JSON.stringify({ type: 'judgements', id: 'jx', data: { id: 'jx', submission_id: '1000', judgement_type_id: 'XYZ' } })], good.length + 1, /unknown judgement type "XYZ"/],
      ['a second start', [...good, JSON.stringify({ type: 'state', id: null, data: { started: iso(feed.startMs + HOUR) } })], good.length + 1, /second start/],
      ['a second contest', [...good.slice(0, 5), JSON.stringify({ type: 'contest', id: null, data: { ...contestLine.data, id: 'another' } }), ...good.slice(5)], 6, /second contest "another"/],
      ['a duration that does not parse', [JSON.stringify({ type: 'contest', id: null, data: { ...contestLine.data, duration: '300 minutes' } }), ...good.slice(1)], 1, /"duration"/],
      ['a submission without its problem', [...good, JSON.stringify({ type: 'submissions', id: 'x2', data: { id: 'x2', team_id: 'team001', language_id: 'cpp', contest_time: '0:01:00' } })], good.length + 1, /missing field "problem_id"/],
      ['an event type outside the specification', [...good, JSON.stringify({ type: 'balloons', id: 'b', data: { id: 'b' } })], good.length + 1, /unknown event type "balloons"/],
    ];
    for (const [name, lines, line, detail] of cases) {
      it(`refuses ${name} (line ${line})`, async () => {
        const before = await counts();
        const { body } = await importFeed(lines.join('\n') + '\n');
        expect(body.code, body.msg).toBe('EVENT_FEED_INVALID');
        expect(body.status).toBe(400);
        expect(body.msg).toMatch(new RegExp(`^Event feed line ${line}: `));
        expect(body.msg).toMatch(detail);
        expect(await counts()).toEqual(before);
      });
    }

    it('answers in Chinese for a Chinese client', async () => {
      const { payload, headers } = multipart('{"type":"contest"\n');
      const res = await w.gw.app.inject({ method: 'POST', url: '/api/admin/contest/import-event-feed', payload, headers: { ...headers, authorization: rootToken, 'accept-language': 'zh-CN' } });
      expect(res.json<Envelope>().msg).toMatch(/^事件流第 1 行：/);
    });
  });
});
