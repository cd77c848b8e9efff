// What moves during a contest, on the real services, PostgreSQL, the memory bus and Socket.IO (listen(0)):
// who may subscribe to `contest:`, `scoreboard:` and `contest-admin:`; announcements pushed with their seq, the
// unread ones and the read marks; the contest clock's `contest.status` at start, seal and end sent once by two
// services processes; and the contest's Q&A comments with their visibility during the contest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, type JudgeJob, topics } from '@oj/proto';
import { createServices, silentLogger, type OjServicesImpl } from '@oj/services';
import { at, CODE, ROOT_PASSWORD, startContestFixture, type ContestFixture, type Received } from './contest-core-fixture';

let fx: ContestFixture;
let root: string;
let admin: string;
let admin2: string;
let alice: string;
let bob: string;

async function until<T>(fn: () => T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  fx = await startContestFixture();
  root = await fx.login('root', ROOT_PASSWORD);
  await fx.createUser('cl_admin', ['admin']);
  await fx.createUser('cl_admin2', ['admin']);
  await fx.createUser('cl_alice');
  await fx.createUser('cl_bob');
  admin = await fx.login('cl_admin');
  admin2 = await fx.login('cl_admin2');
  alice = await fx.login('cl_alice');
  bob = await fx.login('cl_bob');
});
afterAll(async () => {
  await fx?.stop();
});

describe('topic authorisation', () => {
  it('contest: whoever may enter; scoreboard: also anyone on an open started board; contest-admin: its admins', async () => {
    const priv = await fx.contest(admin, { startTime: at(-60), endTime: at(3600), auth: 1, pwd: 'pw' });
    const open = await fx.contest(admin, { startTime: at(-60), endTime: at(3600), openRank: true, auth: 1, pwd: 'pw' });
    const openLater = await fx.contest(admin, { startTime: at(3600), endTime: at(7200), openRank: true });
    const hidden = await fx.contest(admin, { startTime: at(-60), endTime: at(3600), visible: false });
    const scheduled = await fx.contest(admin, { startTime: at(3600), endTime: at(7200) });
    await fx.post('/api/register-contest', { cid: priv, password: 'pw' }, alice);

    const a = await fx.connect(alice);
    const b = await fx.connect(bob);
    const anon = await fx.connect();
    const ad = await fx.connect(admin);
    const ad2 = await fx.connect(admin2);
    const rt = await fx.connect(root);
    const forbidden = { ok: false, code: 'TOPIC_FORBIDDEN' };
    const ok = expect.objectContaining({ ok: true });

    expect(await fx.subscribe(a.socket, topics.contest(priv))).toEqual(ok);
    expect(await fx.subscribe(b.socket, topics.contest(priv))).toMatchObject(forbidden);
    expect(await fx.subscribe(anon.socket, topics.contest(priv))).toMatchObject(forbidden);
    expect(await fx.subscribe(a.socket, topics.scoreboard(priv))).toEqual(ok);
    expect(await fx.subscribe(b.socket, topics.scoreboard(priv))).toMatchObject(forbidden);
    expect(await fx.subscribe(anon.socket, topics.scoreboard(priv))).toMatchObject(forbidden);
    expect(await fx.subscribe(anon.socket, topics.scoreboard(open))).toEqual(ok);
    expect(await fx.subscribe(b.socket, topics.scoreboard(open))).toEqual(ok);
    expect(await fx.subscribe(b.socket, topics.contest(open))).toMatchObject(forbidden);
    expect(await fx.subscribe(anon.socket, topics.scoreboard(openLater))).toMatchObject(forbidden);
    // A scheduled contest's topics are open to its entrants, so the start reaches them.
    expect(await fx.subscribe(b.socket, topics.contest(scheduled))).toEqual(ok);
    expect(await fx.subscribe(b.socket, topics.contest(hidden))).toMatchObject(forbidden);
    expect(await fx.subscribe(ad.socket, topics.contest(hidden))).toEqual(ok);
    expect(await fx.subscribe(b.socket, topics.contest(987654))).toMatchObject(forbidden);

    expect(await fx.subscribe(ad.socket, topics.contestAdmin(priv))).toEqual(ok);
    expect(await fx.subscribe(rt.socket, topics.contestAdmin(priv))).toEqual(ok);
    expect(await fx.subscribe(ad2.socket, topics.contestAdmin(priv))).toMatchObject(forbidden);
    expect(await fx.subscribe(a.socket, topics.contestAdmin(priv))).toMatchObject(forbidden);
    expect(await fx.subscribe(anon.socket, topics.contestAdmin(priv))).toMatchObject(forbidden);
  });
});

describe('announcements', () => {
  it('a visible announcement is pushed on contest:<cid> with its seq; unread and read marks; edits push again', async () => {
    const cid = await fx.contest(admin, { startTime: at(-60), endTime: at(3600), auth: 1, pwd: 'pw' });
    await fx.post('/api/register-contest', { cid, password: 'pw' }, alice);
    const a = await fx.connect(alice);
    const ack = await fx.subscribe(a.socket, topics.contest(cid));
    expect(ack.ok).toBe(true);
    const seq0 = ack.ok ? ack.seq : -1;

    const body = (title: string, status = 0, id?: number) => ({ cid, announcement: { ...(id !== undefined && { id }), title, content: `${title} content`, status } });
    expect(await fx.post('/api/admin/contest/announcement', body('x'), alice)).toMatchObject({ status: 403 });
    expect(await fx.post('/api/admin/contest/announcement', body('x'), admin2)).toMatchObject({ code: 'CONTEST_ADMIN_ONLY' });
    expect(await fx.post('/api/admin/contest/announcement', body('  '), admin)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await fx.post('/api/admin/contest/announcement', body('Hidden', 1), admin)).toMatchObject({ status: 200 });
    expect(await fx.post('/api/admin/contest/announcement', body('Clarification A'), admin)).toMatchObject({ status: 200 });

    const ev = await until(() => a.received.find((r) => r.event === 'contest.announcement'));
    expect(ev).toMatchObject({ topic: topics.contest(cid), seq: seq0 + 1, data: { cid, title: 'Clarification A', content: 'Clarification A content', username: 'cl_admin', status: 0 } });
    await sleep(200);
    expect(a.received.filter((r) => r.event === 'contest.announcement')).toHaveLength(1);
    const aid = ev.data.id as number;

    const list = await fx.get(`/api/get-contest-announcement?cid=${cid}`, alice);
    expect(list.data.records.map((r: { title: string }) => r.title)).toEqual(['Clarification A']);
    expect((await fx.get(`/api/admin/contest/announcement?cid=${cid}`, admin)).data.total).toBe(2);
    expect(await fx.get(`/api/get-contest-announcement?cid=${cid}`, bob)).toMatchObject({ code: 'CONTEST_NOT_REGISTERED' });
    expect(await fx.post('/api/get-contest-not-read-announcement', { cid, readAnnouncementList: [] }, bob)).toMatchObject({ code: 'CONTEST_NOT_REGISTERED' });

    const unread = async (read: number[]) => (await fx.post('/api/get-contest-not-read-announcement', { cid, readAnnouncementList: read }, alice)).data.map((r: { id: number }) => r.id);
    expect(await unread([])).toEqual([aid]);
    expect(await unread([aid])).toEqual([]);
    expect(await fx.post('/api/read-contest-announcement', { cid, aids: [aid, 999999] }, alice)).toMatchObject({ status: 200 });
    expect(await unread([])).toEqual([]);
    expect(await fx.post('/api/read-contest-announcement', { cid, aids: [] }, alice)).toMatchObject({ code: 'VALIDATION_FAILED' });

    // An edit is pushed again and is unread again.
    expect(await fx.put('/api/admin/contest/announcement', body('Clarification A (fixed)', 0, aid), admin)).toMatchObject({ status: 200 });
    const again = await until(() => a.received.filter((r) => r.event === 'contest.announcement')[1]);
    expect(again).toMatchObject({ seq: seq0 + 2, data: { id: aid, title: 'Clarification A (fixed)' } });
    expect(await unread([])).toEqual([aid]);

    // A client back from a disconnect gets what it missed.
    const late = await fx.connect(alice);
    expect(await fx.subscribe(late.socket, topics.contest(cid), seq0)).toMatchObject({ ok: true, seq: seq0 + 2 });
    expect(late.received.map((r: Received) => r.seq)).toEqual([seq0 + 1, seq0 + 2]);

    expect(await fx.del(`/api/admin/contest/announcement?aid=${aid}`, admin2)).toMatchObject({ code: 'CONTEST_ADMIN_ONLY' });
    expect(await fx.del(`/api/admin/contest/announcement?aid=${aid}`, admin)).toMatchObject({ status: 200 });
    expect(await unread([])).toEqual([]);
    expect(await fx.del(`/api/admin/contest/announcement?aid=${aid}`, admin)).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the contest clock', () => {
  let second: OjServicesImpl;
  beforeAll(async () => {
    // A second services process on the same database and bus: each boundary must still be announced once.
    second = await createServices({ databaseUrl: fx.dbUrl, transport: fx.bus, logger: silentLogger(), config: { submitIntervalS: 0 } });
    await second.startWorkers();
  });
  afterAll(async () => {
    await second?.close();
  });

  it('pushes contest.status at the start, the seal and the end, once each, and the public board reset at the end', async () => {
    const t0 = Date.now() + 2000;
    const iso = (ms: number) => new Date(t0 + ms).toISOString();
    // Phases 2.5 s apart: ticks every second catch each even on a busy machine.
    const cid = await fx.contest(admin, { startTime: iso(0), endTime: iso(5000), sealRank: true, sealRankTime: iso(2500), autoRealRank: true });
    const b = await fx.connect(bob);
    const anon = await fx.connect();
    expect(await fx.subscribe(b.socket, topics.contest(cid))).toMatchObject({ ok: true, seq: 0 });
    expect(await fx.subscribe(b.socket, topics.scoreboard(cid))).toMatchObject({ ok: true, seq: 0 });
    // Not open: the public board's topic is for entrants only.
    expect(await fx.subscribe(anon.socket, topics.scoreboard(cid))).toMatchObject({ ok: false });

    const statuses = (topic: string) => b.received.filter((r) => r.topic === topic && r.event === 'contest.status');
    await until(() => (statuses(topics.contest(cid)).length >= 3 ? true : undefined), 20_000);
    await sleep(2000);
    const onContest = statuses(topics.contest(cid));
    expect(onContest.map((r) => [r.data.status, r.data.sealed])).toEqual([
      [0, false],
      [0, true],
      [1, false],
    ]);
    expect(onContest.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(onContest[0]!.data.now as number).toBeGreaterThanOrEqual(t0);
    // The seal counts in whole seconds from the start (2.5 s → 2 s).
    expect(onContest[1]!.data.now as number).toBeGreaterThanOrEqual(t0 + 2000);
    expect(onContest[2]!.data.now as number).toBeGreaterThanOrEqual(t0 + 5000);

    const onBoard = b.received.filter((r) => r.topic === topics.scoreboard(cid));
    expect(onBoard.filter((r) => r.event === 'contest.status').map((r) => [r.data.status, r.data.sealed])).toEqual([
      [0, false],
      [0, true],
      [1, false],
    ]);
    const resets = onBoard.filter((r) => r.event === 'scoreboard.delta');
    expect(resets.map((r) => r.data.view).sort()).toEqual(['public', 'public-end']);
    expect(resets.every((r) => r.data.reset === true && (r.data.moves as unknown[]).length === 0)).toBe(true);
    expect(onBoard.map((r) => r.seq)).toEqual(onBoard.map((_, i) => i + 1));

    // Stored once, however many processes ran the clock.
    const stored = await fx.sql`select topic, count(*)::int as n from push_event where topic in (${topics.contest(cid)}, ${topics.scoreboard(cid)}) and event = 'contest.status' group by topic`;
    expect(stored.map((r) => r.n)).toEqual([3, 3]);
    const [row] = await fx.sql`select announced_phase, next_phase_at from contest where id = ${cid}`;
    expect(row).toEqual({ announced_phase: 3, next_phase_at: null });
  });

  it('an edit that moves a contest into another phase is announced', async () => {
    const cid = await fx.contest(admin, { startTime: at(3600), endTime: at(7200) });
    const b = await fx.connect(bob);
    expect(await fx.subscribe(b.socket, topics.contest(cid))).toMatchObject({ ok: true });
    expect(
      await fx.put('/api/admin/contest', { id: cid, title: 'Moved', description: 'd', type: 0, auth: 0, startTime: at(-10), endTime: at(3600) }, admin),
    ).toMatchObject({ status: 200 });
    const ev = await until(() => b.received.find((r) => r.event === 'contest.status'));
    expect(ev.data).toMatchObject({ cid, status: 0, sealed: false });
  });
});

describe('contest comments (Q&A)', () => {
  const post = (cid: number, content: string, token: string) => fx.post('/api/comment', { cid, content }, token);
  const seen = async (cid: number, token: string) => (await fx.get(`/api/comments?cid=${cid}&limit=50`, token)).data.commentList.records.map((c: { content: string }) => c.content).sort();

  it('during the contest a contestant sees their own and the admins’ comments and replies; everything after', async () => {
    const cid = await fx.contest(admin, { startTime: at(-60), endTime: at(3600) });
    expect(await post(cid, 'Q from alice', alice)).toMatchObject({ status: 200, data: { cid } });
    expect(await post(cid, 'Q from bob', bob)).toMatchObject({ status: 200 });
    const fromAdmin = await post(cid, 'Note from admin', admin);
    const fromRoot = await post(cid, 'Note from root', root);
    expect(fromRoot.status).toBe(200);

    expect(await seen(cid, bob)).toEqual(['Note from admin', 'Note from root', 'Q from bob']);
    expect(await seen(cid, alice)).toEqual(['Note from admin', 'Note from root', 'Q from alice']);
    expect(await seen(cid, admin)).toEqual(['Note from admin', 'Note from root', 'Q from alice', 'Q from bob']);
    expect((await fx.get(`/api/comments?cid=${cid}`, bob)).data.commentList.total).toBe(3);
    expect(await fx.get(`/api/comments?cid=${cid}`)).toMatchObject({ status: 401 });

    // Replies: a contestant's reply to an admin's note is theirs alone until the end.
    const noteId = fromAdmin.data.id as number;
    expect(await fx.post('/api/reply', { reply: { commentId: noteId, content: 'alice asks more' } }, alice)).toMatchObject({ status: 200 });
    expect(await fx.post('/api/reply', { reply: { commentId: noteId, content: 'admin answers' } }, admin)).toMatchObject({ status: 200 });
    const replies = async (token: string) =>
      (await fx.get(`/api/comments?cid=${cid}&limit=50`, token)).data.commentList.records
        .find((c: { id: number }) => c.id === noteId)
        .replyList.map((r: { content: string }) => r.content);
    expect(await replies(bob)).toEqual(['admin answers']);
    expect(await replies(alice)).toEqual(['alice asks more', 'admin answers']);
    // The separate reply list never shows bob alice's reply before the end; without a caller it answers as the
    // comment list does (a contest's Q&A is for those who may enter it, docs/security.md).
    const replyList = (await fx.get(`/api/reply?commentId=${noteId}`, bob)).data.map((r: { content: string }) => r.content);
    expect(replyList).not.toContain('alice asks more');
    expect(await fx.get(`/api/reply?commentId=${noteId}`)).toMatchObject({ code: 'AUTH_NOT_LOGGED_IN' });
    const aliceQ = (await fx.get(`/api/comments?cid=${cid}`, alice)).data.commentList.records.find((c: { content: string }) => c.content === 'Q from alice');
    expect(await fx.post('/api/reply', { reply: { commentId: aliceQ.id, content: 'bob butts in' } }, bob)).toMatchObject({ code: 'COMMENT_NOT_FOUND' });

    // Deleting: the contest's admin may, another contestant may not.
    const bobQ = (await fx.get(`/api/comments?cid=${cid}`, bob)).data.commentList.records.find((c: { content: string }) => c.content === 'Q from bob');
    expect(await fx.del(`/api/comment`, alice)).toMatchObject({ status: 400 });
    const del = (id: number, token: string) => fx.gw.app.inject({ method: 'DELETE', url: '/api/comment', payload: { id }, headers: { authorization: token } }).then((r) => r.json());
    expect(await del(bobQ.id, alice)).toMatchObject({ code: 'AUTH_FORBIDDEN' });
    expect(await del(bobQ.id, admin2)).toMatchObject({ code: 'AUTH_FORBIDDEN' });
    expect(await del(bobQ.id, admin)).toMatchObject({ status: 200 });

    await fx.sql`update contest set end_time = now() - interval '1 second' where id = ${cid}`;
    expect(await seen(cid, bob)).toEqual(['Note from admin', 'Note from root', 'Q from alice']);
    expect(await replies(bob)).toEqual(['alice asks more', 'admin answers']);
    expect((await fx.get(`/api/reply?commentId=${noteId}`, bob)).data).toEqual(['alice asks more', 'admin answers'].map((content) => expect.objectContaining({ content })));
    expect(await fx.get(`/api/reply?commentId=${noteId}`)).toMatchObject({ code: 'AUTH_NOT_LOGGED_IN' });
  });

  it('posting needs entry to the contest and the site switch', async () => {
    const cid = await fx.contest(admin, { startTime: at(-60), endTime: at(3600), auth: 1, pwd: 'pw' });
    expect(await post(cid, 'let me in', bob)).toMatchObject({ code: 'CONTEST_NOT_REGISTERED' });
    expect(await fx.get(`/api/comments?cid=${cid}`, bob)).toMatchObject({ code: 'CONTEST_NOT_REGISTERED' });
    const scheduled = await fx.contest(admin, { startTime: at(3600), endTime: at(7200) });
    expect(await post(scheduled, 'early', bob)).toMatchObject({ code: 'CONTEST_NOT_STARTED' });
    expect(await post(987654, 'nowhere', bob)).toMatchObject({ code: 'CONTEST_NOT_FOUND' });
    await fx.post('/api/register-contest', { cid, password: 'pw' }, bob);
    expect(await post(cid, 'in now', bob)).toMatchObject({ status: 200 });
    fx.services.config.site.openContestComment = false;
    try {
      expect(await post(cid, 'closed', bob)).toMatchObject({ code: 'CONTEST_FORBIDDEN' });
      expect(await fx.get(`/api/comments?cid=${cid}`, bob)).toMatchObject({ code: 'CONTEST_FORBIDDEN' });
    } finally {
      fx.services.config.site.openContestComment = true;
    }
  });
});

describe('judging a contest submission', () => {
  it('the job takes the contest lane; the verdict fills the pending contest record and reaches the owner live', async () => {
    const jobs: JudgeJob[] = [];
    const consumer = await fx.bus.consumeJobs(
      async (d) => {
        jobs.push(d.job);
        await d.ack();
      },
      { concurrency: 2 },
    );
    try {
      const cid = await fx.contest(admin, { startTime: at(-60), endTime: at(3600) });
      await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 1, displayId: 'A' }, admin);
      const a = await fx.connect(alice);
      const sub = await fx.post('/api/submit-problem-judge', { pid: 'A', cid, language: 'C', code: CODE }, alice);
      expect(sub).toMatchObject({ status: 200, data: { cid, displayPid: 'A' } });
      const submitId = sub.data.submitId as number;
      expect(await fx.subscribe(a.socket, topics.submission(submitId))).toMatchObject({ ok: true });
      // Another contestant may not watch it live.
      const b = await fx.connect(bob);
      expect(await fx.subscribe(b.socket, topics.submission(submitId))).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });

      const job = await until(() => jobs.find((j) => j.submitId === submitId));
      expect(job).toMatchObject({ lane: 'contest', language: 'C', problem: { pid: 1 } });
      const head = { submitId, version: job.version, judger: 'hand-runner' };
      const c = { caseId: job.problem.cases[0]!.caseId, index: 1, status: JudgeStatus.WRONG_ANSWER, time: 3, memory: 1024, score: 0, groupNum: null, userOutput: 'x' };
      await fx.bus.publishEvent({ kind: 'final', ...head, status: JudgeStatus.WRONG_ANSWER, score: 0, time: 3, memory: 1024, errorMessage: null, cases: [c] });
      const final = await until(() => a.received.find((r) => r.event === 'submission.status' && r.data.status === JudgeStatus.WRONG_ANSWER));
      expect(final.data).toMatchObject({ submitId, status: JudgeStatus.WRONG_ANSWER });
      const rec = async () => (await fx.sql`select status, use_time from contest_record where submit_id = ${submitId}`)[0]!;
      for (let i = 0; i < 100 && (await rec()).status === null; i++) await sleep(50);
      expect(await rec()).toEqual({ status: JudgeStatus.WRONG_ANSWER, use_time: 3 });
      expect((await fx.get(`/api/get-contest-problem?cid=${cid}`, bob)).data).toMatchObject([{ displayId: 'A', ac: 0, total: 1 }]);
    } finally {
      await consumer.stop();
    }
  });
});
