// A NATS cluster with JetStream on one machine (3 nodes by default, routes on loopback): the scale-out deployment's
// message bus in the chaos tests and the split launcher. Each node can be stopped, killed and started again on the
// same ports and store, as an operator restarts one server of a cluster.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort, waitForPort } from './ports';

export interface NatsNode {
  name: string;
  url: string;
  /** The node's monitoring endpoint (`/healthz`, `/jsz`). */
  monitorUrl: string;
  running(): boolean;
  start(): Promise<void>;
  /** SIGTERM, waited for (a clean shutdown: JetStream steps down its leaderships first). */
  stop(): Promise<void>;
  /** SIGKILL, waited for. */
  kill(): Promise<void>;
}

export interface NatsCluster {
  nodes: NatsNode[];
  /** Every node's client URL, comma-separated: what NATS_URL takes. */
  url: string;
  /** Resolves once every running node's JetStream is up and has a meta leader. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface NatsClusterOptions {
  storeDir: string;
  size?: number;
  name?: string;
  /** Servers do not tell clients about the others (`no_advertise`): a client reconnects only to the URLs it was given. */
  noAdvertise?: boolean;
  onLog?: (node: string, line: string) => void;
}

/**
 * The node's JetStream is usable: it is up and knows the meta leader. (Not the plain `/healthz`: nats-server 2.9
 * reports an idle consumer "not current" for long after a node restarts, though the consumer works.)
 */
async function healthy(monitorUrl: string): Promise<boolean> {
  try {
    const server = await fetch(`${monitorUrl}/healthz?js-server-only=true`);
    if (!server.ok) return false;
    const jsz = (await (await fetch(`${monitorUrl}/jsz`)).json()) as { meta_cluster?: { leader?: string } };
    return Boolean(jsz.meta_cluster?.leader);
  } catch {
    return false;
  }
}

export async function startNatsCluster(opts: NatsClusterOptions): Promise<NatsCluster> {
  const size = opts.size ?? 3;
  const name = opts.name ?? 'oj';
  const ports = await Promise.all(Array.from({ length: size * 3 }, () => freePort()));
  const routes = Array.from({ length: size }, (_, i) => `nats-route://127.0.0.1:${ports[size + i]}`);
  const nodes: NatsNode[] = [];
  for (let i = 0; i < size; i++) {
    const nodeName = `${name}-n${i + 1}`;
    const [client, cluster, monitor] = [ports[i]!, ports[size + i]!, ports[2 * size + i]!];
    const dir = path.resolve(opts.storeDir, nodeName);
    await mkdir(dir, { recursive: true });
    const conf = path.join(dir, 'nats.conf');
    await writeFile(
      conf,
      [
        `server_name: ${nodeName}`,
        `listen: 127.0.0.1:${client}`,
        `http: 127.0.0.1:${monitor}`,
        `jetstream { store_dir: "${path.join(dir, 'js')}" }`,
        `cluster { name: ${name}, listen: 127.0.0.1:${cluster}, routes: [${routes.join(', ')}]${opts.noAdvertise ? ', no_advertise: true' : ''} }`,
        '',
      ].join('\n'),
    );
    let child: ChildProcess | null = null;
    const exited = () => child === null || child.exitCode !== null || child.signalCode !== null;
    const end = async (signal: NodeJS.Signals) => {
      if (exited()) return;
      const c = child!;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill(signal);
      });
    };
    nodes.push({
      name: nodeName,
      url: `nats://127.0.0.1:${client}`,
      monitorUrl: `http://127.0.0.1:${monitor}`,
      running: () => !exited(),
      async start() {
        if (!exited()) return;
        const c = spawn('nats-server', ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
        child = c;
        const log = (b: Buffer) => opts.onLog?.(nodeName, b.toString());
        c.stdout?.on('data', log);
        c.stderr?.on('data', log);
        const died = new Promise<never>((_, reject) => c.once('exit', (code) => reject(new Error(`${nodeName} exited with code ${code} before it was ready`))));
        died.catch(() => {});
        await Promise.race([waitForPort(client), died]);
      },
      stop: () => end('SIGTERM'),
      kill: () => end('SIGKILL'),
    });
  }
  const cluster: NatsCluster = {
    nodes,
    url: nodes.map((n) => n.url).join(','),
    async waitHealthy(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const states = await Promise.all(nodes.filter((n) => n.running()).map((n) => healthy(n.monitorUrl)));
        if (states.every(Boolean)) return;
        if (Date.now() > deadline) throw new Error(`the NATS cluster is not healthy after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    async stop() {
      await Promise.all(nodes.map((n) => n.stop()));
    },
  };
  try {
    await Promise.all(nodes.map((n) => n.start()));
    await cluster.waitHealthy();
  } catch (e) {
    await Promise.all(nodes.map((n) => n.kill()));
    throw e;
  }
  return cluster;
}
