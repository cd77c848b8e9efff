// Issue 18, items 9–11, through the real gateway (app.inject and a real Socket.IO connection) on the real services and
// PostgreSQL: every discussion route as anonymous, the author, another user, muted roles, an admin and the super
// admin, on a normal post, on a disabled post and with the public discussion switched off; the AC gate's message in
// both languages; the per-user limits of posts, likes and reports; and the `discussion:<did>` topic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { topics, type ClientToServerEvents, type PushEventName, type ServerToClientEvents } from '@oj/proto';
import { ROOT_PASSWORD, startHarness, type Harness } from './test-harness';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Who = 'anon' | 'author' | 'other' | 'muted' | 'noPost' | 'admin' | 'root';
const CALLERS: Who[] = ['anon', 'author', 'other', 'muted', 'noPost', 'admin', 'root'];
const POSTS_PER_MIN = 20;

let h: Harness;
let url: string;
const tokens: Partial<Record<Who | string, string>> = {};
let categoryId = 0;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  h = await startHarness({
    env: { OJ_RATE_DISCUSSION_PER_MIN: String(POSTS_PER_MIN), OJ_RATE_COMMENT_PER_MIN: '1000', OJ_SOCKET_AUTH_CACHE_MS: '0' },
    servicesConfig: { postMinAc: 0, commentMinAc: 0, discussionDailyLimit: 0 },
  });
  url = await h.gw.listen(0, '127.0.0.1');
  for (const [who, roles] of [
    ['author', undefined],
    ['other', undefined],
    ['muted', ['mute_user']],
    ['noPost', ['no_discuss_user']],
    ['admin', ['admin']],
  ] as const) {
    await h.createUser(`d_${who}`, roles ? [...roles] : undefined);
    tokens[who] = await h.login(`d_${who}`);
  }
  tokens.root = await h.login('root', ROOT_PASSWORD);
  categoryId = (await call('GET', '/api/discussion-category', 'anon')).data[0].id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await h?.stop();
});

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, who: Who | string, payload?: unknown, lang = 'en-US'): Promise<{ status: number; code?: string; msg: string; data: Json }> {
  const token = who === 'anon' ? undefined : tokens[who];
  const headers = { 'accept-language': lang, ...(token && { authorization: token }) };
  const res = await h.gw.app.inject({ method, url: path, headers, ...(payload !== undefined && { payload: payload as object }) });
  return res.json();
}
/** 'ok', or the catalogue code of the refusal. */
const outcome = async (p: ReturnType<typeof call>) => {
  const r = await p;
  return r.status === 200 ? 'ok' : (r.code ?? String(r.status));
};
/** The outcome of `request` for every caller, in CALLERS order. */
async function byCaller(request: (who: Who) => ReturnType<typeof call>): Promise<Record<Who, string>> {
  const out = {} as Record<Who, string>;
  for (const who of CALLERS) out[who] = await outcome(request(who));
  return out;
}
const fields = (title = 'Question') => ({ title, description: 'A short one', content: 'Body **text**', categoryId });
const newPost = async (who: Who = 'author') => (await call('POST', '/api/discussion', who, fields())).data.id as number;
async function setSwitch(patch: Record<string, unknown>): Promise<void> {
  const cur = (await call('GET', '/api/admin/switch/info', 'root')).data;
  expect((await call('PUT', '/api/admin/switch/update', 'root', { ...cur, ...patch })).status).toBe(200);
}
const refusedWith = (code: string, except: Partial<Record<Who, string>> = {}): Record<Who, string> =>
  Object.fromEntries(CALLERS.map((w) => [w, except[w] ?? (w === 'anon' ? 'AUTH_NOT_LOGGED_IN' : code)])) as Record<Who, string>;

describe('discussion routes by caller (a normal post)', () => {
  it('reads: categories, list, detail and comments are open to all', async () => {
    const did = await newPost();
    for (const path of ['/api/discussion-category', '/api/get-discussion-list', `/api/get-discussion-detail?did=${did}`, `/api/comments?did=${did}`]) {
      expect(await byCaller((w) => call('GET', path, w)), path).toEqual(refusedWith('ok', { anon: 'ok' }));
    }
  });

  it('writes: post (1004–1007 may not), edit (the author only), like and report (signed in), categories (root)', async () => {
    const did = await newPost();
    expect(await byCaller((w) => call('POST', '/api/discussion', w, fields()))).toEqual(refusedWith('ok', { muted: 'AUTH_FORBIDDEN', noPost: 'AUTH_FORBIDDEN' }));
    expect(await byCaller((w) => call('PUT', '/api/discussion', w, { id: did, ...fields(`Edited by ${w}`) }))).toEqual(refusedWith('DISCUSSION_EDIT_FORBIDDEN', { author: 'ok' }));
    expect((await call('GET', `/api/get-discussion-detail?did=${did}`, 'anon')).data.title).toBe('Edited by author');
    expect(await byCaller((w) => call('GET', `/api/discussion-like?did=${did}&toLike=true`, w))).toEqual(refusedWith('ok'));
    expect((await call('GET', `/api/get-discussion-detail?did=${did}`, 'anon')).data.likeNum).toBe(6);
    expect(await byCaller((w) => call('POST', '/api/discussion-report', w, { did, tags: ['spam'] }))).toEqual(refusedWith('ok'));
    expect(await byCaller((w) => call('POST', '/api/comment', w, { did, content: `from ${w}` }))).toEqual(refusedWith('ok', { muted: 'COMMENT_FORBIDDEN' }));
    const list = (await call('GET', '/api/discussion-category', 'anon')).data;
    expect(await byCaller((w) => call('POST', '/api/discussion-category', w, list))).toEqual(refusedWith('AUTH_FORBIDDEN', { root: 'ok' }));
  });

  it('delete: the author or an admin, nobody else', async () => {
    const did = await newPost();
    const strangers = ['anon', 'other', 'muted', 'noPost'] as const;
    const tried: string[] = [];
    for (const who of strangers) tried.push(await outcome(call('DELETE', `/api/discussion?did=${did}`, who)));
    expect(tried).toEqual(['AUTH_NOT_LOGGED_IN', 'DISCUSSION_DELETE_FORBIDDEN', 'DISCUSSION_DELETE_FORBIDDEN', 'DISCUSSION_DELETE_FORBIDDEN']);
    expect(await outcome(call('DELETE', `/api/discussion?did=${did}`, 'author'))).toBe('ok');
    for (const who of ['admin', 'root'] as const) {
      const theirs = await newPost();
      expect(await outcome(call('DELETE', `/api/discussion?did=${theirs}`, who)), who).toBe('ok');
      expect(await outcome(call('GET', `/api/get-discussion-detail?did=${theirs}`, 'root'))).toBe('DISCUSSION_NOT_FOUND');
    }
  });

  it('the admin routes: root and admins', async () => {
    const did = await newPost();
    expect(await byCaller((w) => call('GET', '/api/admin/discussion', w))).toEqual(refusedWith('AUTH_FORBIDDEN', { admin: 'ok', root: 'ok' }));
    expect(await byCaller((w) => call('PUT', '/api/admin/discussion', w, { id: did, topPriority: true }))).toEqual(refusedWith('AUTH_FORBIDDEN', { admin: 'ok', root: 'ok' }));
    expect(await byCaller((w) => call('GET', '/api/admin/discussion-report', w))).toEqual(refusedWith('AUTH_FORBIDDEN', { admin: 'ok', root: 'ok' }));
  });
});

describe('a disabled post', () => {
  it('is hidden from everyone but admins, and nobody else may act on it', async () => {
    const did = await newPost();
    await call('POST', '/api/comment', 'other', { did, content: 'before' });
    expect((await call('PUT', '/api/admin/discussion', 'admin', { id: did, status: 1 })).status).toBe(200);
    const hidden = refusedWith('DISCUSSION_NOT_FOUND', { anon: 'DISCUSSION_NOT_FOUND', admin: 'ok', root: 'ok' });
    expect(await byCaller((w) => call('GET', `/api/get-discussion-detail?did=${did}`, w))).toEqual(hidden);
    expect(await byCaller((w) => call('GET', `/api/comments?did=${did}`, w))).toEqual(hidden);
    expect(await byCaller((w) => call('GET', `/api/discussion-like?did=${did}&toLike=true`, w))).toEqual(refusedWith('DISCUSSION_NOT_FOUND', { admin: 'ok', root: 'ok' }));
    expect(await byCaller((w) => call('POST', '/api/discussion-report', w, { did, content: 'x' }))).toEqual(refusedWith('DISCUSSION_NOT_FOUND', { admin: 'ok', root: 'ok' }));
    expect(await outcome(call('PUT', '/api/discussion', 'author', { id: did, ...fields() }))).toBe('DISCUSSION_NOT_FOUND');
    expect(await outcome(call('DELETE', `/api/discussion?did=${did}`, 'author'))).toBe('DISCUSSION_NOT_FOUND');
    const ids = async (who: Who) => ((await call('GET', '/api/get-discussion-list?limit=100', who)).data.records as { id: number }[]).map((r) => r.id);
    expect([(await ids('author')).includes(did), (await ids('admin')).includes(did)]).toEqual([false, true]);
  });
});

describe('the public discussion switched off', () => {
  it('closes every discussion route to all but admins (the category list stays readable)', async () => {
    const did = await newPost();
    await setSwitch({ openPublicDiscussion: false });
    try {
      const closed = refusedWith('DISCUSSION_CLOSED', { anon: 'DISCUSSION_CLOSED', admin: 'ok', root: 'ok' });
      for (const path of ['/api/get-discussion-list', `/api/get-discussion-detail?did=${did}`, `/api/comments?did=${did}`]) {
        expect(await byCaller((w) => call('GET', path, w)), path).toEqual(closed);
      }
      const write = { ...closed, anon: 'AUTH_NOT_LOGGED_IN' };
      expect(await byCaller((w) => call('GET', `/api/discussion-like?did=${did}&toLike=true`, w))).toEqual(write);
      expect(await byCaller((w) => call('POST', '/api/discussion-report', w, { did, content: 'x' }))).toEqual(write);
      expect(await byCaller((w) => call('POST', '/api/comment', w, { did, content: 'x' }))).toEqual({ ...write, muted: 'COMMENT_FORBIDDEN' });
      expect(await byCaller((w) => call('POST', '/api/discussion', w, fields()))).toEqual({ ...write, muted: 'AUTH_FORBIDDEN', noPost: 'AUTH_FORBIDDEN' });
      expect(await outcome(call('PUT', '/api/discussion', 'author', { id: did, ...fields() }))).toBe('DISCUSSION_CLOSED');
      expect(await outcome(call('DELETE', `/api/discussion?did=${did}`, 'author'))).toBe('DISCUSSION_CLOSED');
      expect(await outcome(call('GET', '/api/discussion-category', 'anon'))).toBe('ok');
    } finally {
      await setSwitch({ openPublicDiscussion: true });
    }
  });
});

describe('gates and limits', () => {
  it("refuses a post below the AC gate with the configured count, in the caller's language", async () => {
    await h.createUser('d_newbie');
    tokens.newbie = await h.login('d_newbie');
    await setSwitch({ defaultCreateDiscussionACInitValue: 3, defaultCreateCommentACInitValue: 2 });
    try {
      expect(await call('POST', '/api/discussion', 'newbie', fields(), 'en-US')).toMatchObject({ code: 'ACCOUNT_POST_AC_REQUIRED', msg: 'You need to solve at least 3 problems first' });
      expect(await call('POST', '/api/discussion', 'newbie', fields(), 'zh-CN')).toMatchObject({ code: 'ACCOUNT_POST_AC_REQUIRED', msg: '您需要先通过至少 3 道题目' });
      const did = await newPost('admin');
      expect(await call('POST', '/api/comment', 'newbie', { did, content: 'hi' }, 'zh-CN')).toMatchObject({ code: 'COMMENT_AC_REQUIRED', msg: '您需要至少通过 2 道题目才能评论' });
      // Admins are not gated.
      expect(await outcome(call('POST', '/api/discussion', 'admin', fields()))).toBe('ok');
    } finally {
      await setSwitch({ defaultCreateDiscussionACInitValue: 0, defaultCreateCommentACInitValue: 0 });
    }
  });

  it('answers the form rules with the spec messages in both languages', async () => {
    expect(await call('POST', '/api/discussion', 'other', { ...fields(), title: 'x'.repeat(256) }, 'en-US')).toMatchObject({ code: 'DISCUSSION_FIELD_TOO_LONG', msg: 'Title Can not exceed 255' });
    expect(await call('POST', '/api/discussion', 'other', { ...fields(), description: ' ' }, 'zh-CN')).toMatchObject({ code: 'DISCUSSION_FIELD_REQUIRED', msg: '描述不能为空' });
    expect(await call('POST', '/api/discussion', 'other', { ...fields(), categoryId: null }, 'en-US')).toMatchObject({ msg: 'Category is required' });
    expect(await call('POST', '/api/discussion-report', 'other', { did: await newPost(), tags: [], content: ' ' }, 'en-US')).toMatchObject({ msg: 'The report label and reason cannot be empty' });
    expect((await call('POST', '/api/discussion-report', 'other', { did: 1, content: 'x'.repeat(201) })).code).toBe('VALIDATION_FAILED');
  });

  it('limits posts and edits, likes and reports per user and minute', async () => {
    await h.createUser('d_busy');
    tokens.busy = await h.login('d_busy');
    const did = await newPost();
    for (let i = 0; i < POSTS_PER_MIN - 1; i++) expect(await outcome(call('POST', '/api/discussion', 'busy', fields(`Post ${i}`))), `post ${i}`).toBe('ok');
    const mine = (await call('POST', '/api/discussion', 'busy', fields('Last'))).data.id as number;
    expect(await outcome(call('PUT', '/api/discussion', 'busy', { id: mine, ...fields() }))).toBe('RATE_LIMITED');
    expect(await outcome(call('POST', '/api/discussion', 'busy', fields()))).toBe('RATE_LIMITED');
    for (let i = 0; i < 5; i++) expect(await outcome(call('POST', '/api/discussion-report', 'busy', { did, content: `report ${i}` })), `report ${i}`).toBe('ok');
    expect(await outcome(call('POST', '/api/discussion-report', 'busy', { did, content: 'one more' }))).toBe('RATE_LIMITED');
    for (let i = 0; i < 30; i++) expect(await outcome(call('GET', `/api/discussion-like?did=${did}&toLike=${i % 2 === 0}`, 'busy')), `like ${i}`).toBe('ok');
    expect(await outcome(call('GET', `/api/discussion-like?did=${did}&toLike=true`, 'busy'))).toBe('RATE_LIMITED');
    // The limits are per user: another user is not held back.
    expect(await outcome(call('GET', `/api/discussion-like?did=${did}&toLike=true`, 'other'))).toBe('ok');
  });
});

/** Connects and records every pushed event. */
async function connect(who: Who): Promise<{ socket: ClientSocket; received: { event: PushEventName; seq: number; data: Json }[] }> {
  const token = who === 'anon' ? undefined : tokens[who];
  const socket: ClientSocket = connectClient(url, { path: '/socket.io', auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  const received: { event: PushEventName; seq: number; data: Json }[] = [];
  socket.onAny((event: PushEventName, frame: { seq: number; data: Json }) => received.push({ event, seq: frame.seq, data: frame.data }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, received };
}
const subscribe = (s: ClientSocket, topic: string, since?: number) => s.timeout(10_000).emitWithAck('subscribe', since === undefined ? { topic } : { topic, since });
async function until<T>(f: () => T | undefined | false): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = f();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out');
}

describe('the discussion:<did> topic', () => {
  it('pushes new comments, replies, likes and changes to a reader, replays from `since`, and closes with the post', async () => {
    const did = await newPost();
    const { socket, received } = await connect('anon');
    expect(await subscribe(socket, topics.discussion(did))).toMatchObject({ ok: true, seq: 0 });
    const c = (await call('POST', '/api/comment', 'other', { did, content: 'live comment' })).data;
    const comment = await until(() => received.find((m) => m.event === 'discussion.comment'));
    expect(comment.data).toEqual({ did, commentNum: 1, comment: c });
    await call('POST', '/api/reply', 'author', { reply: { commentId: c.id, content: 'live reply' }, did });
    await call('GET', `/api/discussion-like?did=${did}&toLike=true`, 'other');
    await until(() => received.find((m) => m.event === 'discussion.like'));
    expect(received.map((m) => m.event)).toEqual(['discussion.comment', 'discussion.reply', 'discussion.like']);
    expect(received.find((m) => m.event === 'discussion.reply')!.data.reply).toMatchObject({ content: 'live reply', toUid: c.fromUid });
    expect(received.at(-1)!.data).toEqual({ did, commentId: null, likeNum: 1 });

    // A second reader who missed the start catches up from `since`.
    const late = await connect('other');
    expect(await subscribe(late.socket, topics.discussion(did), 1)).toMatchObject({ ok: true, seq: 3 });
    expect(late.received.map((m) => [m.event, m.seq])).toEqual([
      ['discussion.reply', 2],
      ['discussion.like', 3],
    ]);

    // Disabled: the readers are told to reload, and nobody but admins may follow it any more.
    await call('PUT', '/api/admin/discussion', 'admin', { id: did, status: 1 });
    await until(() => received.find((m) => m.event === 'discussion.changed'));
    const again = await connect('other');
    expect(await subscribe(again.socket, topics.discussion(did))).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });
    const admin = await connect('admin');
    expect(await subscribe(admin.socket, topics.discussion(did))).toMatchObject({ ok: true });
  });

  it('is refused while the public discussion is off (admins pass), and for a post that does not exist', async () => {
    const did = await newPost();
    const { socket } = await connect('other');
    expect(await subscribe(socket, topics.discussion(999_999))).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });
    await setSwitch({ openPublicDiscussion: false });
    try {
      expect(await subscribe(socket, topics.discussion(did))).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });
      const admin = await connect('admin');
      expect(await subscribe(admin.socket, topics.discussion(did))).toMatchObject({ ok: true });
    } finally {
      await setSwitch({ openPublicDiscussion: true });
    }
  });
});
