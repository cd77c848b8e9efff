// Who may read a contest's sealed and private data, checked per caller on the real services, PostgreSQL and
// Socket.IO (issue 15, items 2, 7, 8 and the contest part of 9): the scroll board's data, a private contest's Q&A
// after the end, likes on contest comments, a demoted author, and the event-feed export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, ROLE_CODE, topics, type AdminContestVO } from '@oj/proto';
import { at, CODE, type ContestFixture, type Env } from './contest-core-fixture';
import { startSecurityFixture, type SecurityFixture } from './security-fixture';
import { waitFor } from '../support/live';

let fx: ContestFixture;
let tok: Record<string, string>;
let uid: Record<string, string>;
let sf: SecurityFixture;

/** Only the contest's admins, while sealed: the envelope the original client shows. */
const ADMIN_ONLY = { status: 403, code: 'CONTEST_ADMIN_ONLY' };

async function scrollBoard(cid: number, token?: string): Promise<[Env, Env]> {
  return [await fx.get(`/api/get-contest-scroll-board-info?cid=${cid}`, token), await fx.get(`/api/get-contest-scroll-board-submission?cid=${cid}&removeStar=false`, token)];
}

const edit = (cid: number, patch: Partial<AdminContestVO>) => sf.edit(cid, patch);

async function judgedAc(cid: number, who: string) {
  const r = await fx.post('/api/submit-problem-judge', { pid: 'A', cid, language: 'C', code: CODE }, tok[who]);
  expect(r.status, r.msg).toBe(200);
  await sf.verdict(r.data.submitId, JudgeStatus.ACCEPTED, 100);
}

beforeAll(async () => {
  sf = await startSecurityFixture('ca', ['alice', 'bob', 'carol', 'dave']);
  ({ fx, tok, uid } = sf);
});
afterAll(async () => {
  await fx?.stop();
});

describe('the scroll board data', () => {
  it('is for the contest admins only while the board is sealed, for every other caller a 403 with the catalogue message', async () => {
    // Ended an hour ago, sealed since the last hour of it, and not unsealed by itself: the award ceremony's state.
    const cid = await fx.contest(tok.author!, { startTime: at(-3 * 3600), endTime: at(-3600), sealRank: true, sealRankTime: at(-2 * 3600), autoRealRank: false, openRank: true });
    await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 1, displayId: 'A' }, tok.author);
    await fx.post('/api/register-contest', { cid, password: '' }, tok.alice);
    for (const caller of [undefined, tok.alice, tok.bob, tok.staff]) {
      for (const r of await scrollBoard(cid, caller)) expect(r).toMatchObject(ADMIN_ONLY);
    }
    const zh = await fx.gw.app.inject({ method: 'GET', url: `/api/get-contest-scroll-board-info?cid=${cid}`, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json()).toMatchObject({ ...ADMIN_ONLY, msg: '只有比赛管理员可以执行此操作' });
    for (const caller of [tok.author, tok.root]) {
      for (const r of await scrollBoard(cid, caller)) expect(r.status, r.msg).toBe(200);
    }

    // The seal lifted (autoRealRank after the end): whoever may read the board, here anyone (open outside board).
    await edit(cid, { autoRealRank: true });
    for (const caller of [undefined, tok.alice, tok.bob, tok.staff]) {
      for (const r of await scrollBoard(cid, caller)) expect(r.status, r.msg).toBe(200);
    }
  });

  it("respects a private contest once unsealed: its registered users, not others, not anonymous callers", async () => {
    const cid = await fx.contest(tok.author!, { startTime: at(-3 * 3600), endTime: at(-3600), sealRank: true, sealRankTime: at(-2 * 3600), autoRealRank: true, auth: 1, pwd: 'pw' });
    await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 1, displayId: 'A' }, tok.author);
    expect(await fx.post('/api/register-contest', { cid, password: 'pw' }, tok.alice)).toMatchObject({ status: 200 });
    for (const r of await scrollBoard(cid, tok.alice)) expect(r.status, r.msg).toBe(200);
    for (const r of await scrollBoard(cid, tok.bob)) expect(r).toMatchObject({ code: 'CONTEST_NOT_REGISTERED' });
    for (const r of await scrollBoard(cid)) expect(r).toMatchObject({ code: 'AUTH_NOT_LOGGED_IN' });
    for (const r of await scrollBoard(cid, tok.author)) expect(r.status, r.msg).toBe(200);
  });
});

describe("a private contest's Q&A", () => {
  let cid: number;
  let commentId: number;

  beforeAll(async () => {
    cid = await fx.contest(tok.author!, { startTime: at(-3600), endTime: at(3600), auth: 1, pwd: 'pw' });
    for (const who of ['alice', 'carol', 'dave']) expect(await fx.post('/api/register-contest', { cid, password: 'pw' }, tok[who])).toMatchObject({ status: 200 });
    const c = await fx.post('/api/comment', { cid, content: 'Is the input of problem A sorted?' }, tok.alice);
    expect(c.status, c.msg).toBe(200);
    commentId = c.data.id;
    expect(await fx.post('/api/reply', { reply: { commentId, content: 'No, it is not.' } }, tok.author)).toMatchObject({ status: 200 });
  });

  it('during the contest a participant cannot like (nor reply to) a comment they cannot see', async () => {
    expect(await fx.get(`/api/comment-like?cid=${commentId}&toLike=true`, tok.carol)).toMatchObject({ code: 'COMMENT_NOT_FOUND' });
    expect(await fx.get(`/api/reply?commentId=${commentId}`, tok.carol)).toMatchObject({ code: 'COMMENT_NOT_FOUND' });
  });

  it('is not readable anonymously or by non-participants after the end; participants and admins read it', async () => {
    await edit(cid, { startTime: at(-7200), endTime: at(-60) });
    expect(await fx.get(`/api/comments?cid=${cid}`)).toMatchObject({ code: 'AUTH_NOT_LOGGED_IN' });
    expect(await fx.get(`/api/reply?commentId=${commentId}`)).toMatchObject({ code: 'AUTH_NOT_LOGGED_IN' });
    for (const who of ['bob', 'staff']) {
      expect(await fx.get(`/api/comments?cid=${cid}`, tok[who])).toMatchObject({ code: 'CONTEST_NOT_REGISTERED' });
      expect(await fx.get(`/api/reply?commentId=${commentId}`, tok[who])).toMatchObject({ code: 'CONTEST_NOT_REGISTERED' });
    }
    for (const who of ['carol', 'author', 'root']) {
      const list = await fx.get(`/api/comments?cid=${cid}`, tok[who]);
      expect(list.data.commentList.records).toEqual([expect.objectContaining({ id: commentId, replyList: [expect.objectContaining({ content: 'No, it is not.' })] })]);
      expect((await fx.get(`/api/reply?commentId=${commentId}`, tok[who])).data).toHaveLength(1);
    }
  });

  it("refuses likes from non-participants; a participant's like counts and notifies once, however often it is toggled", async () => {
    const likes = async () => (await fx.get(`/api/comments?cid=${cid}`, tok.alice)).data.commentList.records[0].likeNum as number;
    expect(await fx.get(`/api/comment-like?cid=${commentId}&toLike=true`, tok.bob)).toMatchObject({ code: 'CONTEST_NOT_REGISTERED' });
    expect(await fx.get(`/api/comment-like?cid=${commentId}&toLike=true`)).toMatchObject({ code: 'AUTH_NOT_LOGGED_IN' });
    expect(await likes()).toBe(0);
    for (const toLike of [true, true, false, true, false, true]) {
      expect(await fx.get(`/api/comment-like?cid=${commentId}&toLike=${toLike}`, tok.carol)).toMatchObject({ status: 200 });
    }
    expect(await likes()).toBe(1);
    const notices = await fx.get('/api/msg/like?currentPage=1&limit=10', tok.alice);
    expect(notices.data.total).toBe(1);
  });

  it('limits how fast one user may like or unlike (30 a minute by default)', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 32; i++) {
      const r = await fx.get(`/api/comment-like?cid=${commentId}&toLike=${i % 2 === 0}`, tok.dave);
      answers.push(r.code ?? String(r.status));
    }
    expect(answers.slice(0, 30).every((a) => a === '200')).toBe(true);
    expect(answers.slice(30)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
  });
});

describe('contest administration from the current role', () => {
  let cid: number;

  beforeAll(async () => {
    uid.former = (await fx.createUser('ca_former', ['admin'])).uid;
    tok.former = await fx.login('ca_former');
    cid = await fx.contest(tok.former, { startTime: at(-7200), endTime: at(3600), sealRank: true, sealRankTime: at(-3600), openRank: true, openPrint: true });
    await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 1, displayId: 'A' }, tok.former);
    await judgedAc(cid, 'alice');
  });

  it("a demoted author keeps nothing of the contest's administration, on REST and on sockets", async () => {
    const live = await fx.post('/api/get-contest-rank', { cid, forceRefresh: true }, tok.former);
    expect(live.data).toMatchObject({ view: 'live', sealed: false });
    const old = await fx.connect(tok.former);
    expect(await fx.subscribe(old.socket, topics.contestAdmin(cid))).toMatchObject({ ok: true });

    const demote = await fx.put('/api/admin/user/edit-user', { uid: uid.former, username: 'ca_former', type: ROLE_CODE.default_user, status: 0 }, tok.root);
    expect(demote.status, demote.msg).toBe(200);
    // The role change ends the sessions: the socket (and its contest-admin room) is dropped at once.
    await waitFor('the old socket dropped', () => (old.socket.connected ? undefined : true));
    expect(await fx.get('/api/get-user-auth-info', tok.former)).toMatchObject({ code: 'AUTH_TOKEN_INVALID' });

    const t = await fx.login('ca_former');
    expect((await fx.post('/api/get-contest-rank', { cid, forceRefresh: true }, t)).data).toMatchObject({ view: 'public', sealed: true });
    for (const path of [`/api/get-contest-ac-info?cid=${cid}`, `/api/get-contest-print?cid=${cid}`, `/api/file/download-contest-rank?cid=${cid}&forceRefresh=true`, `/api/file/download-contest-ac-submission?cid=${cid}&splitType=user`]) {
      expect(await fx.get(path, t), path).toMatchObject(ADMIN_ONLY);
    }
    expect(await fx.get(`/api/admin/contest/event-feed?cid=${cid}`, t)).toMatchObject({ code: 'AUTH_FORBIDDEN' });
    expect(await fx.get(`/api/admin/contest?cid=${cid}`, t)).toMatchObject({ code: 'AUTH_FORBIDDEN' });
    const fresh = await fx.connect(t);
    expect(await fx.subscribe(fresh.socket, topics.contestAdmin(cid))).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });
    // Sealed submissions of others are hidden from the former author like from any contestant.
    const subs = await fx.get(`/api/contest-submissions?contestID=${cid}&currentPage=1&limit=10`, t);
    expect(subs.data.records).toEqual([]);
  });

  it('an author whose role became problem admin is not a contest admin either; root always is', async () => {
    const moved = (await fx.createUser('ca_moved', ['admin'])).uid;
    const c2 = await fx.contest(await fx.login('ca_moved'), { startTime: at(-7200), endTime: at(3600), sealRank: true, sealRankTime: at(-3600) });
    expect(await fx.put('/api/admin/user/edit-user', { uid: moved, username: 'ca_moved', type: ROLE_CODE.problem_admin, status: 0 }, tok.root)).toMatchObject({ status: 200 });
    const t = await fx.login('ca_moved');
    expect(await fx.get(`/api/get-contest-ac-info?cid=${c2}`, t)).toMatchObject(ADMIN_ONLY);
    expect((await fx.post('/api/get-contest-rank', { cid: c2, forceRefresh: true }, t)).data).toMatchObject({ view: 'public' });
    expect((await fx.post('/api/get-contest-rank', { cid: c2, forceRefresh: true }, tok.root)).data).toMatchObject({ view: 'live' });
  });
});

describe('the CLICS event feed export', () => {
  it("is the contest admins' only: another site admin is refused", async () => {
    const cid = await fx.contest(tok.author!, { startTime: at(-7200), endTime: at(3600), sealRank: true, sealRankTime: at(-3600) });
    await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 1, displayId: 'A' }, tok.author);
    await judgedAc(cid, 'alice');
    const feed = (token?: string) => fx.gw.app.inject({ method: 'GET', url: `/api/admin/contest/event-feed?cid=${cid}`, headers: token ? { authorization: token } : {} });
    expect((await feed(tok.staff)).json()).toMatchObject(ADMIN_ONLY);
    expect((await feed(tok.alice)).json()).toMatchObject({ code: 'AUTH_FORBIDDEN' });
    expect((await feed()).json()).toMatchObject({ code: 'AUTH_NOT_LOGGED_IN' });
    for (const t of [tok.author, tok.root]) {
      const r = await feed(t);
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('"type":"judgements"');
    }
  });
});
