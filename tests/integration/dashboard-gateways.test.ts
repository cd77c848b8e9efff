// The admin dashboard in a split deployment: one services worker and two gateways on one PostgreSQL and one
// nats-server, and a real judge runner process. Both gateways' `admin-dashboard` subscribers see the runner
// appear (and each gateway's REST snapshot lists it: every gateway hears the heartbeats itself), see a verdict
// arrive, and see the runner disappear after the timeout once it is killed.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { applyDashboardLive, topics, type ClientToServerEvents, type DashboardLive, type DashboardLiveEvent, type DashboardPanels, type ServerToClientEvents } from '@oj/proto';
import { buildGateway, loadGatewayConfig, type Gateway } from '@oj/gateway';
import { createNatsBus, createServices, migrate, seed, silentLogger, type OjServicesImpl } from '@oj/services';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { waitFor } from '../support/live';
import { startTestNats, type TestNats } from '../support/nats';

const root = path.resolve(import.meta.dirname, '../..');
const ROOT_PASSWORD = 'dash-root-pass';
const RUNNER_ID = 'dash-runner';
const TIMEOUT_S = 6;
const AB = '#include <stdio.h>\nint main(void) { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); return 0; }\n';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Bus = Awaited<ReturnType<typeof createNatsBus>>;

interface GatewayNode {
  bus: Bus;
  services: OjServicesImpl;
  gw: Gateway;
  url: string;
  token: string;
  socket: ClientSocket;
  /** The panels as a dashboard client holds them: the REST snapshot with every pushed event applied. */
  panels: DashboardPanels;
}

function kill(p: ChildProcess, signal: NodeJS.Signals): void {
  if (!p.pid) return;
  try {
    process.kill(-p.pid, signal); // the whole group: pnpm, tsx and node
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
  }
}

describe('the dashboard across two gateways', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let workerBus: Bus;
  let worker: OjServicesImpl;
  const nodes: GatewayNode[] = [];
  let runner: ChildProcess | null = null;
  const config = { submitIntervalS: 0, runnerTimeoutS: TIMEOUT_S };

  async function startGateway(i: number): Promise<GatewayNode> {
    const bus = await createNatsBus({ url: nats.url, name: `dash-gateway-${i}` });
    const services = await createServices({ databaseUrl: db.url, transport: bus, config, logger: silentLogger(), maxConnections: 4 });
    const gw = await buildGateway({ services, push: bus, config: loadGatewayConfig({ OJ_JWT_SECRET: 'dashboard-secret-'.padEnd(40, 'x') }), logger: silentLogger() });
    const url = await gw.listen(0, '127.0.0.1');
    const res = await gw.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'root', password: ROOT_PASSWORD }, remoteAddress: `10.9.0.${i + 1}` });
    const token = res.headers.authorization as string;
    const socket: ClientSocket = connectClient(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const node: GatewayNode = { bus, services, gw, url, token, socket, panels: { runners: [], lanes: [], verdicts: [] } };
    const frames: { seq: number; data: DashboardLiveEvent }[] = [];
    socket.on('dashboard.live', (frame) => frames.push(frame as { seq: number; data: DashboardLiveEvent }));
    const ack = await socket.timeout(10_000).emitWithAck('subscribe', { topic: topics.adminDashboard() });
    expect(ack).toMatchObject({ ok: true });
    const snap = (await gw.app.inject({ method: 'GET', url: '/api/admin/dashboard/get-dashboard-live', headers: { authorization: token } })).json().data as DashboardLive;
    // From here on, every frame newer than the snapshot is applied as it comes (what the web's engine does).
    node.panels = { runners: snap.runners, lanes: snap.lanes, verdicts: snap.verdicts };
    let applied = snap.seq;
    const apply = () => {
      for (const f of frames.splice(0)) if (f.seq > applied) {
        node.panels = applyDashboardLive(node.panels, f.data);
        applied = f.seq;
      }
    };
    apply();
    socket.on('dashboard.live', () => apply());
    return node;
  }

  beforeAll(async () => {
    db = await startTestDatabase();
    nats = await startTestNats();
    await migrate(db.url);
    await seed(db.url, { adminPassword: ROOT_PASSWORD });
    workerBus = await createNatsBus({ url: nats.url, name: 'dash-worker' });
    worker = await createServices({ databaseUrl: db.url, transport: workerBus, config, logger: silentLogger(), maxConnections: 4 });
    await worker.startWorkers();
    for (let i = 0; i < 2; i++) nodes.push(await startGateway(i));
  });

  afterAll(async () => {
    if (runner) kill(runner, 'SIGKILL');
    for (const n of nodes) {
      n.socket.close();
      await n.gw.close();
      await n.services.close();
      await n.bus.close();
    }
    await worker?.close();
    await workerBus?.close();
    await nats?.stop();
    await db?.stop();
  });

  it('shows the runner on both gateways, a verdict on both, and drops the killed runner on both', async () => {
    runner = spawn('pnpm', ['exec', 'tsx', 'judge-runner/src/main.ts'], {
      cwd: root,
      env: { ...process.env, NATS_URL: nats.url, OJ_RUNNER_ID: RUNNER_ID, OJ_RUNNER_SLOTS: '2', OJ_LOG_LEVEL: 'warn', NODE_OPTIONS: '--no-node-snapshot' },
      stdio: 'ignore',
      detached: true,
    });
    for (const n of nodes) {
      const r = await waitFor('the runner pushed', () => n.panels.runners.find((x) => x.runnerId === RUNNER_ID), 90_000);
      expect(r).toMatchObject({ slots: 2, version: expect.any(String) });
      expect(r.languages).toContain('C');
      // Each gateway answers the snapshot from heartbeats it received itself.
      const snap = (await n.gw.app.inject({ method: 'GET', url: '/api/admin/dashboard/get-dashboard-live', headers: { authorization: n.token } })).json().data as DashboardLive;
      expect(snap.runners.map((x) => x.runnerId)).toEqual([RUNNER_ID]);
      const listing = (await n.gw.app.inject({ method: 'GET', url: '/api/admin/config/get-judge-service-info', headers: { authorization: n.token } })).json();
      expect(listing.data.map((x: { runnerId: string }) => x.runnerId)).toEqual([RUNNER_ID]);
    }

    const [a] = nodes;
    const sub = await a!.gw.app.inject({ method: 'POST', url: '/api/submit-problem-judge', headers: { authorization: a!.token }, payload: { pid: '1000', language: 'C', code: AB } });
    const submitId = sub.json().data.submitId as number;
    expect(submitId).toBeGreaterThan(0);
    for (const n of nodes) {
      const v = await waitFor('the verdict pushed', () => n.panels.verdicts.find((x) => x.submitId === submitId), 60_000);
      expect(v).toMatchObject({ status: 0, username: 'root', displayPid: '1000', judger: RUNNER_ID });
      expect(n.panels.verdicts[0]!.submitId).toBe(submitId);
    }

    kill(runner, 'SIGKILL');
    const killedAt = Date.now();
    for (const n of nodes) await waitFor('the runner removed', () => (n.panels.runners.some((x) => x.runnerId === RUNNER_ID) ? undefined : true), 30_000);
    // Not before the timeout: it was killed, it never said goodbye.
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual((TIMEOUT_S - 5) * 1000);
    for (const n of nodes) {
      const snap = (await n.gw.app.inject({ method: 'GET', url: '/api/admin/dashboard/get-dashboard-live', headers: { authorization: n.token } })).json().data as DashboardLive;
      expect(snap.runners).toEqual([]);
    }
  }, 240_000);
});
