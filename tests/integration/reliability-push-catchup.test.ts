// A gateway whose NATS connection is away misses the push messages published meanwhile (core NATS keeps nothing);
// once it is reconnected it relays them from the push log, so its sockets still get every final verdict.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, topics } from '@oj/proto';
import { buildGateway, loadGatewayConfig, type Gateway } from '@oj/gateway';
import { createNatsBus, createServices, silentLogger, type OjServicesImpl } from '@oj/services';
import { startNatsCluster, type NatsCluster } from '@oj/infra/processes';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { connectRecording, waitFor, type ClientSocket } from '../support/live';
import { C_AB, startJudgeServices, submitAb, type JudgeServices } from './reliability-fixture';

let db: TestDatabase;
let dir: string;
let cluster: NatsCluster;
let worker: JudgeServices;
let gatewayBus: Awaited<ReturnType<typeof createNatsBus>>;
let gatewayServices: OjServicesImpl;
let gw: Gateway;
let url: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  db = await startTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'oj-rel-catchup-'));
  // Not advertised: the gateway, given node 1 only, stays away until node 1 is back (no quick hop to another node).
  cluster = await startNatsCluster({ storeDir: dir, noAdvertise: true });
  // The workers' side on node 2; the gateway on node 1.
  worker = await startJudgeServices(db.url, cluster.nodes[1]!.url);
  gatewayBus = await createNatsBus({ url: cluster.nodes[0]!.url, logger: silentLogger() });
  gatewayServices = await createServices({ databaseUrl: db.url, transport: gatewayBus, logger: silentLogger() });
  gw = await buildGateway({ services: gatewayServices, push: gatewayBus, config: loadGatewayConfig({ OJ_JWT_SECRET: 'catch-up-secret-'.padEnd(40, 'x') }), logger: silentLogger() });
  url = await gw.listen(0, '127.0.0.1');
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await gw?.close();
  await gatewayServices?.close();
  await gatewayBus?.close();
  await worker?.close();
  await cluster?.stop();
  await db?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a gateway that lost its NATS node', () => {
  it('relays the verdicts published while it was reconnecting, from the push log', async () => {
    const token = (await gw.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'root', password: 'reliability-pass' } })).headers.authorization as string;
    // No runner: the submission waits, and its verdict is fed to the ingester by hand at the chosen moment.
    const id = await submitAb(worker, C_AB);
    const { socket, received } = await connectRecording(url, token, sockets);
    const ack = await socket.timeout(10_000).emitWithAck('subscribe', { topic: topics.submission(id), since: 0 });
    expect(ack.ok).toBe(true);

    await cluster.nodes[0]!.stop();
    await worker.services.ingester.handle({ kind: 'final', submitId: id, version: 1, judger: 'by-hand', status: JudgeStatus.ACCEPTED, score: null, time: 1, memory: 1, errorMessage: null, cases: [] });

    // Stored and published while the gateway's node is down: it cannot have arrived.
    expect((await worker.services.submissions.detail(id, worker.viewer)).submission.status).toBe(JudgeStatus.ACCEPTED);
    await new Promise((r) => setTimeout(r, 500));
    expect(received.some((f) => f.event === 'submission.status' && f.data.status === JudgeStatus.ACCEPTED)).toBe(false);
    await cluster.nodes[0]!.start();
    const accepted = (on: (topic: string) => boolean) => () => received.find((f) => f.event === 'submission.status' && on(f.topic) && f.data.status === JudgeStatus.ACCEPTED);
    await waitFor('the verdict on the submission topic', accepted((t) => t === topics.submission(id)), 30_000);
    // And on the socket's own user topic, followed from its handshake: the owner's lists miss nothing either.
    await waitFor('the verdict on the user topic', accepted((t) => t.startsWith('user:')), 30_000);
  }, 120_000);
});
