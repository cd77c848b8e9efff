// Operations of the whole judge, on real parts: the stack (gateway, services workers, one runner) on a real
// nats-server and PostgreSQL, plus a separate services process's ops port (as `pnpm worker` serves it). A submission
// is judged; then /metrics is parsed and its counters must have moved, and every JSON log line about the submission
// must carry `submissionId`. Then NATS goes down: /readyz of both answers 503 naming NATS and JetStream, and ready again
// once it is back, with the reconnects counted.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInProgress, LOCAL_LANGUAGES, topics } from '@oj/proto';
import { startOpsServer, type OpsServer } from '@oj/gateway';
import { startStack, type Stack } from '@oj/infra';
import { startNatsServer, type RunningNats } from '@oj/infra/processes';
import { createNatsBus, createServices, silentLogger, type NatsBus, type OjServicesImpl } from '@oj/services';
import { captureLogs, mentionsSubmission } from '../support/log-lines';
import { connectRecording, waitFor, type ClientSocket } from '../support/live';
import { parseExposition, type Exposition } from '../support/metrics';
import { startTestDatabase, type TestDatabase } from '../support/pg';

const logs = captureLogs('info');
let dir: string;
let db: TestDatabase;
let nats: RunningNats;
let natsPort: number;
let stack: Stack;
let workerBus: NatsBus;
let worker: OjServicesImpl;
let workerOps: OpsServer;
const sockets: ClientSocket[] = [];

const startNats = () => startNatsServer({ storeDir: path.join(dir, 'nats'), ...(natsPort ? { port: natsPort } : {}) });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'oj-ops-stack-'));
  await chmod(dir, 0o755);
  db = await startTestDatabase();
  nats = await startNats();
  natsPort = Number(new URL(nats.url).port);
  stack = await startStack(
    { port: 0, host: '127.0.0.1', dataDir: path.join(dir, 'data'), databaseUrl: db.url, natsUrl: nats.url, adminPassword: 'ops-stack-1' },
    { env: { OJ_SUBMIT_INTERVAL_S: '0', OJ_LOG_FORMAT: 'json' }, logger: logs.logger, runnerOutput: logs.feed },
  );
  // A second services process, as `pnpm worker` runs it, with its own ops port.
  workerBus = await createNatsBus({ url: nats.url, logger: silentLogger() });
  worker = await createServices({ databaseUrl: db.url, transport: workerBus, logger: silentLogger() });
  workerOps = await startOpsServer({ port: 0, host: '127.0.0.1', probes: [() => worker.ops.readiness()] });
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await workerOps?.close();
  await worker?.close();
  await workerBus?.close();
  await stack?.stop();
  await nats?.stop();
  await db?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function scrape(base: string): Promise<Exposition> {
  const r = await fetch(`${base}/metrics`);
  expect(r.status).toBe(200);
  return parseExposition(await r.text());
}

async function readyz(base: string): Promise<{ status: number; body: { status: string; failing: string[]; checks: { name: string; ok: boolean }[] } }> {
  const r = await fetch(`${base}/readyz`);
  return { status: r.status, body: (await r.json()) as { status: string; failing: string[]; checks: { name: string; ok: boolean }[] } };
}

describe('the judge under operations', () => {
  let submitId = 0;

  it('is ready: PostgreSQL, NATS, JetStream and the runner sandbox, on the gateway and on the worker port', async () => {
    const gw = await readyz(stack.url);
    expect(gw.status).toBe(200);
    expect(gw.body.checks.map((c) => `${c.name}:${c.ok}`)).toEqual(['postgres:true', 'nats:true', 'jetstream:true', 'nats:true', 'jetstream:true', 'sandbox:true']);
    const w = await readyz(workerOps.url);
    expect(w.status).toBe(200);
    expect(w.body.checks.map((c) => c.name)).toEqual(['postgres', 'nats', 'jetstream']);
    expect((await fetch(`${workerOps.url}/healthz`)).status).toBe(200);
  });

  it('counts a judged submission in the metrics: request, verdict, judge time, ingest lag, push latency, frames', async () => {
    const before = await scrape(stack.url);
    expect(before.has('process_cpu_user_seconds_total')).toBe(true);
    const login = await fetch(`${stack.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: 'ops-stack-1' }) });
    const token = login.headers.get('authorization')!;
    const { socket, received } = await connectRecording(stack.url, token, sockets);
    const code = LOCAL_LANGUAGES.find((l) => l.name === 'C')!.template;
    const sub = (await fetch(`${stack.url}/api/submit-problem-judge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ pid: '1000', language: 'C', code, cid: 0 }),
    }).then((r) => r.json())) as { status: number; data: { submitId: number } };
    expect(sub.status).toBe(200);
    submitId = sub.data.submitId;
    expect((await socket.emitWithAck('subscribe', { topic: topics.submission(submitId), since: 0 })).ok).toBe(true);
    const final = await waitFor(
      'the final verdict on the socket',
      () => received.find((f) => f.event === 'submission.status' && f.topic === topics.submission(submitId) && !isInProgress(f.data.status as number)),
      90_000,
    );
    expect(final.data.status).toBe(0);
    await fetch(`${stack.url}/api/get-submission-detail?submitId=${submitId}`, { headers: { authorization: token } });

    const after = await scrape(stack.url);
    const moved = (name: string, labels?: Record<string, string>) => after.value(name, labels) - before.value(name, labels);
    expect(moved('oj_http_requests_total', { method: 'POST', route: '/api/submit-problem-judge', status: '200' })).toBe(1);
    expect(moved('oj_verdicts_total', { verdict: 'ac' })).toBe(1);
    expect(moved('oj_judge_duration_seconds_count', { language: 'C' })).toBe(1);
    expect(moved('oj_judge_ingest_lag_seconds_count', { kind: 'final' })).toBe(1);
    expect(moved('oj_judge_ingest_lag_seconds_count', { kind: 'case' })).toBeGreaterThanOrEqual(1);
    // Compiling, Judging and the verdict, each on the submission's topic and the owner's.
    expect(moved('oj_push_latency_seconds_count', { event: 'submission.status' })).toBeGreaterThanOrEqual(6);
    expect(moved('oj_socket_frames_sent_total', { event: 'submission.status' })).toBeGreaterThanOrEqual(3);
    expect(after.value('oj_socket_connections')).toBeGreaterThanOrEqual(1);
    expect(after.value('oj_runner_slots_total')).toBe(1);
    expect(after.value('oj_runner_slots_busy')).toBe(0);
    for (const lane of ['contest', 'practice', 'rejudge', 'test']) {
      expect(after.value('oj_judge_queue_waiting', { lane }), lane).toBe(0);
      expect(after.has('oj_judge_queue_oldest_age_seconds', { lane }), lane).toBe(true);
    }
    expect(after.value('oj_pg_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(10);
    // The worker's port serves the same registry format.
    expect((await scrape(workerOps.url)).has('oj_pg_pool_waiting')).toBe(true);
  }, 120_000);

  it('logs JSON lines where every line about the submission carries submissionId, and request lines their id', async () => {
    const about = logs.lines.filter((l) => mentionsSubmission(l, submitId));
    const messages = about.map((l) => l.msg);
    expect(messages).toEqual(expect.arrayContaining(['submission accepted', 'judged', 'request answered']));
    expect(about.filter((l) => l.submissionId !== submitId)).toEqual([]);
    const requests = logs.lines.filter((l) => l.msg === 'request answered');
    expect(requests.length).toBeGreaterThan(3);
    for (const l of requests) expect(typeof l.reqId).toBe('string');
  });

  it('is not ready while NATS is down (naming it), and ready again once it is back, the reconnects counted', async () => {
    const before = await scrape(stack.url);
    await nats.stop();
    const down = await waitFor('the gateway not ready', async () => {
      const r = await readyz(stack.url);
      return r.status === 503 && r.body.failing.includes('nats') ? r : undefined;
    });
    expect(down.body.status).toBe('not_ready');
    expect(down.body.failing).toEqual(expect.arrayContaining(['nats', 'jetstream']));
    expect(down.body.failing).not.toContain('postgres');
    expect((await readyz(workerOps.url)).status).toBe(503);
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);

    nats = await startNats();
    await waitFor('the gateway ready again', async () => ((await readyz(stack.url)).status === 200 ? true : undefined), 30_000);
    await waitFor('the worker ready again', async () => ((await readyz(workerOps.url)).status === 200 ? true : undefined), 30_000);
    const after = await scrape(stack.url);
    for (const client of ['services', 'runner']) {
      expect(after.value('oj_nats_connection_events_total', { client, event: 'disconnect' }) - before.value('oj_nats_connection_events_total', { client, event: 'disconnect' }), client).toBeGreaterThanOrEqual(1);
      expect(after.value('oj_nats_connection_events_total', { client, event: 'reconnect' }) - before.value('oj_nats_connection_events_total', { client, event: 'reconnect' }), client).toBeGreaterThanOrEqual(1);
    }
    expect(logs.lines.some((l) => l.msg === 'NATS disconnected; reconnecting')).toBe(true);
    expect(logs.lines.some((l) => l.msg === 'NATS reconnected')).toBe(true);
  }, 90_000);
});
