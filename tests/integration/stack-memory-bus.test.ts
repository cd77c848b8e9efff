// The embedded default without nats-server: the whole stack in one process on the in-process bus (services, one
// judge runner, gateway) judges a submission made over REST and pushes it over Socket.IO.
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { LOCAL_LANGUAGES, isInProgress, type ClientToServerEvents, type ServerToClientEvents, topics } from '@oj/proto';
import { startStack, type Stack } from '@oj/infra';
import { startTestDatabase, type TestDatabase } from '../support/pg';

describe('the stack on the in-process bus', () => {
  let dir: string;
  let db: TestDatabase;
  let stack: Stack;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'oj-stack-'));
    await chmod(dir, 0o755);
    db = await startTestDatabase();
    stack = await startStack(
      { port: 0, host: '127.0.0.1', dataDir: dir, databaseUrl: db.url, bus: 'memory', adminPassword: 'stack-pass' },
      { env: { OJ_SUBMIT_INTERVAL_S: '0' }, logLevel: 'warn' },
    );
  });

  afterAll(async () => {
    await stack?.stop();
    await db?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('judges A+B and pushes status and cases over the socket', async () => {
    expect(stack.natsUrl).toBeNull();
    const res = await fetch(`${stack.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: 'stack-pass' }),
    });
    const token = res.headers.get('authorization');
    expect(token).toBeTruthy();

    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(stack.url, { path: '/socket.io', transports: ['websocket'], auth: { token: token! } });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const statuses: number[] = [];
    const cases: number[] = [];
    let submitId = 0;
    const final = new Promise<number>((resolve) => {
      socket.on('submission.status', (f) => {
        if (f.data.submitId !== submitId) return;
        statuses.push(f.data.status);
        if (!isInProgress(f.data.status)) resolve(f.data.status);
      });
    });
    socket.on('submission.case', (f) => cases.push(f.data.index));

    const code = LOCAL_LANGUAGES.find((l) => l.name === 'C')!.template;
    const sub = await fetch(`${stack.url}/api/submit-problem-judge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token! },
      body: JSON.stringify({ pid: '1000', language: 'C', code, cid: 0 }),
    }).then((r) => r.json() as Promise<{ status: number; data: { submitId: number } }>);
    expect(sub.status).toBe(200);
    submitId = sub.data.submitId;
    const ack = await socket.emitWithAck('subscribe', { topic: topics.submission(submitId), since: 0 });
    expect(ack.ok).toBe(true);

    expect(await final).toBe(0);
    expect(statuses.slice(-1)).toEqual([0]);
    await new Promise((r) => setTimeout(r, 200));
    expect(cases.length).toBeGreaterThanOrEqual(3);
    expect([...cases].sort((a, b) => a - b)).toEqual(cases);
    socket.close();

    const detail = await fetch(`${stack.url}/api/get-submission-detail?submitId=${submitId}`, { headers: { authorization: token! } }).then(
      (r) => r.json() as Promise<{ data: { submission: { status: number; judger: string } } }>,
    );
    expect(detail.data.submission.status).toBe(0);
    expect(detail.data.submission.judger).toBeTruthy();
  }, 120_000);
});
