// Comments, replies, likes and the message center over REST (app.inject) on the real services and PostgreSQL,
// plus the live `unread.counts` push over a real Socket.IO connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '@oj/proto';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, PushFrame, ServerToClientEvents } from '@oj/proto';
import { ROOT_PASSWORD, startHarness, type Harness } from './test-harness';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let h: Harness;
let url: string;
const tokens: Record<string, string> = {};
const uids: Record<string, string> = {};
let did = 0;

beforeAll(async () => {
  h = await startHarness({ env: { OJ_RATE_COMMENT_PER_MIN: '1000' }, servicesConfig: { commentMinAc: 0, postMinAc: 0, discussionDailyLimit: 0 } });
  url = await h.gw.listen(0, '127.0.0.1');
  for (const [name, roles] of [
    ['alice', undefined],
    ['bob', undefined],
    ['muted', ['mute_user']],
    ['nosubmitmuted', ['no_submit_mute_user']],
    ['admin1', ['admin']],
  ] as const) {
    const u = await h.createUser(name, roles ? [...roles] : undefined);
    uids[name] = u.uid;
    tokens[name] = await h.login(name);
  }
  tokens.root = await h.login('root', ROOT_PASSWORD);
  const [category] = (await call('GET', '/api/discussion-category', null)).data;
  const res = await call('POST', '/api/discussion', 'alice', { title: 'Help with A+B', description: 'Reading input', categoryId: category.id, content: 'How do I **read** input?' });
  expect(res.status).toBe(200);
  did = res.data.id;
});
afterAll(async () => {
  await h?.stop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
async function call(method: 'GET' | 'POST' | 'DELETE', url: string, who: string | null, payload?: unknown): Promise<{ http: number; status: number; code?: string; data: Json }> {
  const res = await h.gw.app.inject({ method, url, headers: who ? { authorization: tokens[who]! } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.json();
  return { http: res.statusCode, status: body.status, code: body.code, data: body.data };
}
const unread = async (who: string) => (await call('GET', '/api/msg/unread', who)).data;

describe('comments', () => {
  it('validates content: trimmed non-empty, at most 10,000 characters', async () => {
    expect((await call('POST', '/api/comment', 'bob', { did, content: '   \n ' })).code).toBe('COMMENT_EMPTY');
    expect((await call('POST', '/api/comment', 'bob', { did, content: 'x'.repeat(10_001) })).code).toBe('COMMENT_TOO_LONG');
    const ok = await call('POST', '/api/comment', 'bob', { did, content: `  ${'y'.repeat(10_000)}  ` });
    expect(ok.status).toBe(200);
    expect(ok.data.content).toHaveLength(10_000);
  });

  it('requires login, a discussion that exists, and a target', async () => {
    expect((await call('POST', '/api/comment', null, { did, content: 'hi' })).code).toBe('AUTH_NOT_LOGGED_IN');
    expect((await call('POST', '/api/comment', 'bob', { did: 999_999, content: 'hi' })).code).toBe('DISCUSSION_NOT_FOUND');
    expect((await call('POST', '/api/comment', 'bob', { content: 'hi' })).code).toBe('COMMENT_TARGET_REQUIRED');
  });

  it('refuses muted users even when they call the API directly', async () => {
    for (const who of ['muted', 'nosubmitmuted']) {
      const c = await call('POST', '/api/comment', who, { did, content: 'let me speak' });
      expect(c.code).toBe('COMMENT_FORBIDDEN');
    }
    const target = await call('POST', '/api/comment', 'alice', { did, content: 'a comment to reply to' });
    const r = await call('POST', '/api/reply', 'muted', { reply: { commentId: target.data.id, content: 'reply' }, did });
    expect(r.code).toBe('COMMENT_FORBIDDEN');
    const list = await call('GET', `/api/comments?did=${did}&limit=100`, null);
    expect(list.data.commentList.records.some((c: Json) => c.fromUid === uids.muted)).toBe(false);
  });

  it('gates commenting on the configured AC count, admins excepted', async () => {
    h.services.config.commentMinAc = 2;
    try {
      const c = await call('POST', '/api/comment', 'bob', { did, content: 'gated' });
      expect(c.code).toBe('COMMENT_AC_REQUIRED');
      expect((await call('POST', '/api/comment', 'admin1', { did, content: 'admins pass' })).status).toBe(200);
    } finally {
      h.services.config.commentMinAc = 0;
    }
  });

  it('lets the author and site admins delete, nobody else', async () => {
    const c = await call('POST', '/api/comment', 'bob', { did, content: 'delete me' });
    expect((await call('DELETE', '/api/comment', 'alice', { id: c.data.id })).code).toBe('AUTH_FORBIDDEN');
    expect((await call('DELETE', '/api/comment', 'bob', { id: c.data.id })).status).toBe(200);
    expect((await call('DELETE', '/api/comment', 'bob', { id: c.data.id })).code).toBe('COMMENT_NOT_FOUND');
    const d = await call('POST', '/api/comment', 'bob', { did, content: 'an admin removes me' });
    expect((await call('DELETE', '/api/comment', 'admin1', { id: d.data.id })).status).toBe(200);
  });

  it('pages comment lists at 10 and toggles likes per user', async () => {
    for (let i = 0; i < 11; i++) await call('POST', '/api/comment', 'alice', { did, content: `c${i}` });
    const page = await call('GET', `/api/comments?did=${did}`, 'bob');
    expect(page.data.commentList.size).toBe(10);
    expect(page.data.commentList.records).toHaveLength(10);
    const id = page.data.commentList.records[0].id;
    expect((await call('GET', `/api/comment-like?cid=${id}&toLike=true`, 'bob')).status).toBe(200);
    expect((await call('GET', `/api/comment-like?cid=${id}&toLike=true`, 'bob')).status).toBe(200);
    let again = await call('GET', `/api/comments?did=${did}`, 'bob');
    expect(again.data.commentLikeMap[String(id)]).toBe(true);
    expect(again.data.commentList.records[0].likeNum).toBe(1);
    await call('GET', `/api/comment-like?cid=${id}&toLike=false`, 'bob');
    again = await call('GET', `/api/comments?did=${did}`, 'bob');
    expect(again.data.commentLikeMap[String(id)]).toBeUndefined();
    expect(again.data.commentList.records[0].likeNum).toBe(0);
    expect((await call('GET', `/api/comment-like?cid=${id}&toLike=true`, null)).code).toBe('AUTH_NOT_LOGGED_IN');
  });
});

describe('replies and messages', () => {
  it('validates replies and lets only the author or an admin delete them', async () => {
    const c = await call('POST', '/api/comment', 'alice', { did, content: 'replies here' });
    expect((await call('POST', '/api/reply', 'bob', { reply: { commentId: c.data.id, content: ' ' }, did })).code).toBe('COMMENT_EMPTY');
    expect((await call('POST', '/api/reply', 'bob', { reply: { commentId: c.data.id, content: 'z'.repeat(10_001) }, did })).code).toBe('COMMENT_TOO_LONG');
    expect((await call('POST', '/api/reply', 'bob', { reply: { commentId: 999_999, content: 'x' }, did })).code).toBe('COMMENT_NOT_FOUND');
    const r = await call('POST', '/api/reply', 'bob', { reply: { commentId: c.data.id, content: 'a reply' }, did, quoteId: c.data.id, quoteType: 'Comment' });
    expect(r.status).toBe(200);
    expect(r.data.toUid).toBe(uids.alice);
    expect((await call('GET', `/api/reply?commentId=${c.data.id}`, null)).data).toHaveLength(1);
    expect((await call('DELETE', '/api/reply', 'alice', { reply: { id: r.data.id } })).code).toBe('AUTH_FORBIDDEN');
    expect((await call('DELETE', '/api/reply', 'root', { reply: { id: r.data.id } })).status).toBe(200);
    expect((await call('GET', `/api/reply?commentId=${c.data.id}`, null)).data).toHaveLength(0);
  });

  it('creates Discuss, Reply and Like messages for the content owner, never for oneself', async () => {
    await call('DELETE', '/api/msg/clean?type=Discuss', 'alice');
    await call('DELETE', '/api/msg/clean?type=Reply', 'alice');
    await call('DELETE', '/api/msg/clean?type=Like', 'alice');
    const mine = await call('POST', '/api/comment', 'alice', { did, content: 'own comment' });
    expect(await unread('alice')).toMatchObject({ comment: 0, reply: 0, like: 0 });
    await call('POST', '/api/comment', 'bob', { did, content: 'bob comments' });
    await call('POST', '/api/reply', 'bob', { reply: { commentId: mine.data.id, content: 'bob replies' }, did });
    await call('GET', `/api/comment-like?cid=${mine.data.id}&toLike=true`, 'bob');
    expect(await unread('alice')).toMatchObject({ comment: 1, reply: 1, like: 1 });

    const replies = await call('GET', '/api/msg/reply', 'alice');
    expect(replies.data.records[0]).toMatchObject({ action: 'Reply', senderUsername: 'bob', sourceContent: 'bob replies', quoteContent: 'own comment', url: `/discussion-detail/${did}`, state: false });
    expect(replies.data.size).toBe(6);
    expect((await unread('alice')).reply).toBe(0); // reading the tab marks it read
    const id = replies.data.records[0].id;
    expect((await call('DELETE', `/api/msg/clean?type=Reply&id=${id}`, 'bob')).code).toBe('MSG_NOT_FOUND');
    expect((await call('DELETE', `/api/msg/clean?type=Reply&id=${id}`, 'alice')).status).toBe(200);
    expect((await call('DELETE', '/api/msg/clean?type=Discuss', 'alice')).status).toBe(200);
    expect((await call('GET', '/api/msg/comment', 'alice')).data.total).toBe(0);
    expect((await call('GET', '/api/msg/unread', null)).code).toBe('AUTH_NOT_LOGGED_IN');
  });

  it('sends system notices to every user and single notices to one (root only)', async () => {
    expect((await call('POST', '/api/admin/msg/notice', 'bob', { title: 't', content: 'c' })).code).toBe('AUTH_FORBIDDEN');
    expect((await call('POST', '/api/admin/msg/notice', 'root', { title: 'Maintenance', content: '**Tonight** at 22:00' })).status).toBe(200);
    expect((await call('POST', '/api/admin/msg/notice', 'root', { title: 'For you', content: 'hi', type: 'Single', recipientId: uids.bob })).status).toBe(200);
    expect((await unread('bob')).sys).toBe(1);
    expect((await unread('bob')).mine).toBe(1);
    expect((await unread('alice')).mine).toBe(0);
    const sys = await call('GET', '/api/msg/sys', 'bob');
    expect(sys.data.records[0]).toMatchObject({ title: 'Maintenance', content: '**Tonight** at 22:00', state: false });
    expect(sys.data.size).toBe(8);
    expect((await unread('bob')).sys).toBe(0);
  });

  it('pushes unread.counts on user:<uid> the moment another user replies, and again after reading', async () => {
    const socket: ClientSocket = connectClient(url, { path: '/socket.io', auth: { token: tokens.alice }, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      const frames: PushFrame<'unread.counts'>[] = [];
      socket.on('unread.counts', (f) => frames.push(f));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const next = (n: number) =>
        new Promise<void>((resolve) => {
          const check = () => (frames.length >= n ? resolve() : setTimeout(check, 20));
          check();
        });
      const before = await unread('alice');
      const c = await call('POST', '/api/comment', 'alice', { did, content: 'socket test' });
      await call('POST', '/api/reply', 'bob', { reply: { commentId: c.data.id, content: 'live reply' }, did });
      await next(1);
      expect(frames[0]!.topic).toBe(topics.user(uids.alice));
      expect(frames[0]!.data).toEqual({ ...before, reply: before.reply + 1 });
      await call('GET', '/api/msg/reply', 'alice');
      await next(2);
      expect(frames[1]!.data.reply).toBe(0);
      expect(frames[1]!.seq).toBeGreaterThan(frames[0]!.seq);
    } finally {
      socket.close();
    }
  });
});

describe('discussions', () => {
  it('lists, shows and validates discussions', async () => {
    expect((await call('POST', '/api/discussion', 'bob', { title: '  ', content: 'x' })).code).toBe('DISCUSSION_FIELD_REQUIRED');
    expect((await call('POST', '/api/discussion', 'muted', { title: 'mine', content: 'x' })).code).toBe('AUTH_FORBIDDEN');
    const list = await call('GET', '/api/get-discussion-list', null);
    expect(list.data.records.some((d: Json) => d.id === did)).toBe(true);
    const detail = await call('GET', `/api/get-discussion-detail?did=${did}`, null);
    expect(detail.data).toMatchObject({ title: 'Help with A+B', author: 'alice' });
    expect((await call('GET', '/api/get-discussion-detail?did=999999', null)).code).toBe('DISCUSSION_NOT_FOUND');
  });
});
