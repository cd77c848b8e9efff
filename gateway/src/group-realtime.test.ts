// `group:<gid>` over a real Socket.IO connection (listen(0), the real services on PostgreSQL): who may subscribe (a
// visible group: anyone signed in; a hidden one: its members only), the events an application, its acceptance and an
// announcement push, in seq order, and a resubscription with `since` that replays what was missed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { GROUP_MEMBER_AUTH as M, topics, type ClientToServerEvents, type PushEventName, type ServerToClientEvents, type SubscribeAck } from '@oj/proto';
import { startHarness, type Harness } from './test-harness';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
interface Frame {
  event: PushEventName;
  topic: string;
  seq: number;
  data: Record<string, unknown>;
}

let h: Harness;
let url: string;
const sockets: ClientSocket[] = [];
const tokens: Record<string, string> = {};
const uids: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness({ servicesConfig: { createGroupMinAc: 0, createGroupDailyLimit: 0, postMinAc: 0 } });
  url = await h.gw.listen(0, '127.0.0.1');
  for (const name of ['gr_teacher', 'gr_student', 'gr_stranger']) {
    uids[name] = (await h.createUser(name)).uid;
    tokens[name] = await h.login(name);
  }
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await h?.stop();
});

async function connect(token: string): Promise<{ socket: ClientSocket; frames: Frame[] }> {
  const socket: ClientSocket = connectClient(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  const frames: Frame[] = [];
  socket.onAny((event: PushEventName, frame: Omit<Frame, 'event'>) => frames.push({ event, ...frame }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, frames };
}

const subscribe = (s: ClientSocket, topic: string, since?: number): Promise<SubscribeAck> => s.timeout(10_000).emitWithAck('subscribe', since === undefined ? { topic } : { topic, since });

async function rest(who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await h.gw.app.inject({ method, url, headers: { authorization: tokens[who]! }, ...(payload !== undefined && { payload: payload as object }) });
  const env = res.json() as { status: number; data: { id?: number } };
  expect(env.status, `${method} ${url}`).toBe(200);
  return env.data;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(check()).toBe(true);
};

describe('group:<gid>', () => {
  it('pushes an application, its acceptance and announcements to whoever may open the group, in seq order', async () => {
    const { id: gid } = await rest('gr_teacher', 'POST', '/api/group', { name: 'Realtime class 01', shortName: 'rtc01', brief: 'a live group', description: 'watched live', auth: 2, code: 'abcdef' });
    const topic = topics.group(gid!);
    const teacher = await connect(tokens.gr_teacher!);
    const student = await connect(tokens.gr_student!);
    expect(await subscribe(teacher.socket, topic)).toMatchObject({ ok: true, seq: 0 });
    // Not a member yet: a visible group's topic is open to a signed-in applicant.
    expect(await subscribe(student.socket, topic)).toMatchObject({ ok: true });

    await rest('gr_student', 'POST', `/api/group/member?gid=${gid}&reason=${encodeURIComponent('please let me in')}`);
    await until(() => teacher.frames.length === 1);
    expect(teacher.frames[0]).toMatchObject({ event: 'group.member', topic, seq: 1, data: { gid, uid: uids.gr_student, auth: M.APPLYING } });

    await rest('gr_teacher', 'PUT', '/api/group/member', { gid, uid: uids.gr_student, auth: M.MEMBER });
    await until(() => student.frames.some((f) => f.data.auth === M.MEMBER));
    const { id: aid } = await rest('gr_teacher', 'POST', '/api/group/announcement', { gid, title: 'Week 1', content: 'Read the problems' });
    await until(() => student.frames.length === 3);
    expect(student.frames.map((f) => [f.event, f.seq])).toEqual([
      ['group.member', 1],
      ['group.member', 2],
      ['group.announcement', 3],
    ]);
    // The announcement's text stays behind the members-only REST call.
    expect(student.frames[2]!.data).toEqual({ gid, id: aid });

    // A socket that missed events catches up from its seq.
    const late = await connect(tokens.gr_student!);
    const ack = await subscribe(late.socket, topic, 1);
    expect(ack).toMatchObject({ ok: true, seq: 3 });
    expect(late.frames.map((f) => f.seq)).toEqual([2, 3]);
  });

  it('closes a hidden group topic to non-members', async () => {
    const { id: gid } = await rest('gr_teacher', 'POST', '/api/group', { name: 'Realtime hidden 02', shortName: 'rtc02', brief: 'a hidden group', description: 'only for members', auth: 1, visible: false });
    const topic = topics.group(gid!);
    const stranger = await connect(tokens.gr_stranger!);
    expect(await subscribe(stranger.socket, topic)).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });
    const teacher = await connect(tokens.gr_teacher!);
    expect(await subscribe(teacher.socket, topic)).toMatchObject({ ok: true });
    // An unknown group is refused the same way.
    expect(await subscribe(stranger.socket, topics.group(999_999))).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });
  });

  it('pushes a group discussion posted, edited, pinned and deleted to another member, not to a stranger of the hidden group', async () => {
    const { id: gid } = await rest('gr_teacher', 'POST', '/api/group', { name: 'Realtime talks 03', shortName: 'rtc03', brief: 'a group that talks', description: 'watched live', auth: 1 });
    await rest('gr_student', 'POST', `/api/group/member?gid=${gid}`);
    // Hidden once the student joined: its topic is the members' only.
    await rest('gr_teacher', 'PUT', '/api/group', { id: gid, visible: false });
    const topic = topics.group(gid!);
    const teacher = await connect(tokens.gr_teacher!);
    const stranger = await connect(tokens.gr_stranger!);
    expect(await subscribe(teacher.socket, topic)).toMatchObject({ ok: true });
    expect(await subscribe(stranger.socket, topic)).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });
    const seen = () => teacher.frames.filter((f) => f.event === 'group.discussion');

    const { id: did } = await rest('gr_student', 'POST', '/api/group/discussion', { gid, title: 'How to start', description: 'a question', content: 'Where do I begin?' });
    await until(() => seen().length === 1);
    // Ids only: the title stays behind the members-only REST calls.
    expect(seen()[0]).toMatchObject({ topic, data: { gid, did } });
    await rest('gr_student', 'PUT', '/api/discussion', { id: did, title: 'How to start, edited', description: 'a question', content: 'Where do I begin?' });
    await until(() => seen().length === 2);
    await rest('gr_teacher', 'PUT', '/api/group/discussion', { id: did, topPriority: true });
    await until(() => seen().length === 3);
    await rest('gr_student', 'DELETE', `/api/group/discussion?did=${did}`);
    await until(() => seen().length === 4);
    expect(seen().map((f) => f.data)).toEqual(Array(4).fill({ gid, did }));
    // Sent in seq order with the group's other events.
    const seqs = teacher.frames.map((f) => f.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(stranger.frames.filter((f) => f.topic === topic)).toEqual([]);
  });
});
