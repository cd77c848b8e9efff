// `pnpm bench s`: the split deployment (infra/src/split-deployment.ts: a 3-node NATS cluster, 2 gateways, 2 services
// workers, K runners of one slot, PostgreSQL — each its own process, as tests/chaos runs it).
//  (s)  the burst of 500 different A+B programs in C with 1 and with 2 runners: time until every verdict is on the
//       contestants' sockets;
//  (s') push latency (the final judge event on JetStream → the verdict on the owner's socket) while one of the two
//       gateways is killed and its sockets reconnect to the other (resubscribing with `since`), p50/p99, for the
//       sockets that moved and for those that stayed.
import { connect } from '@nats-io/transport-node';
import { LOCAL_LANGUAGES, SUBJECTS } from '@oj/proto';
import { startChaosDeployment, VerdictWatcher, type ChaosDeployment } from '../chaos/chaos-deployment';
import { OjClient } from '../support/oj-client';
import { percentile } from './stack-process';

const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const C_AB = LOCAL_LANGUAGES.find((l) => l.name === 'C')!.template;

async function watchers(d: ChaosDeployment, alive: () => string[]): Promise<VerdictWatcher[]> {
  const out: VerdictWatcher[] = [];
  for (const c of d.contestants) {
    const w = new VerdictWatcher(c, alive);
    await w.open();
    out.push(w);
  }
  return out;
}

/** Submits `n` distinct A+B programs as fast as the gateways take them, round-robin over the contestants. */
async function burst(d: ChaosDeployment, ws: VerdictWatcher[], n: number, tag: string): Promise<{ drainMs: number; ids: number[] }> {
  const t0 = performance.now();
  const ids: number[] = [];
  const owner = new Map<number, VerdictWatcher>();
  await Promise.all(
    d.contestants.map(async (c, k) => {
      for (let i = k; i < n; i += d.contestants.length) {
        const r = await c.submit('1000', 'C', `${C_AB}/* ${tag} ${i} ${Date.now()} */\n`);
        if (r.status !== 200) throw new Error(`submit failed: ${r.msg}`);
        ids.push(r.data.submitId);
        owner.set(r.data.submitId, ws[k]!);
      }
    }),
  );
  const deadline = Date.now() + 900_000;
  while (ids.some((id) => !owner.get(id)!.finals.has(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const last = Math.max(...ids.map((id) => owner.get(id)!.finalAt.get(id) ?? Number.NaN));
  return { drainMs: last - t0, ids };
}

async function partBurst(runners: number): Promise<void> {
  const d = await startChaosDeployment({ runners });
  const alive = () => d.split.gateways.filter((g) => g.running()).map((g) => g.url!);
  const ws = await watchers(d, alive);
  try {
    await burst(d, ws, 10, 'warm-up');
    const b = await burst(d, ws, 500, 'burst');
    console.log(`(s) split deployment, burst of 500 A+B in C, ${runners} runner${runners > 1 ? 's' : ''} (1 slot each): drained in ${fmt(b.drainMs / 1000)} s → ${fmt((500 / b.drainMs) * 1000)} submissions/s`);
    if (runners === 2) await partGatewayKill(d, ws);
  } finally {
    for (const w of ws) w.close();
    await d.stop();
  }
}

/** Verdicts flowing at ~4/s; gateway 1 (half of the sockets) killed in the middle. */
async function partGatewayKill(d: ChaosDeployment, ws: VerdictWatcher[]): Promise<void> {
  const nc = await connect({ servers: d.cluster.nodes.map((n) => n.url) });
  const publishedAt = new Map<number, number>();
  const sub = nc.subscribe(SUBJECTS.resultAll);
  void (async () => {
    for await (const m of sub) {
      const ev = JSON.parse(m.string()) as { kind: string; submitId: number };
      if (ev.kind === 'final' && !publishedAt.has(ev.submitId)) publishedAt.set(ev.submitId, performance.now());
    }
  })();
  const first = d.split.gateways[0]!.url!;
  const onFirst = new Set(ws.filter((_, k) => d.contestants[k]!.baseUrl === first));
  const ids = new Map<number, VerdictWatcher>();
  const n = 120;
  for (let i = 0; i < n; i++) {
    if (i === n / 2) await d.split.gateways[0]!.kill();
    const k = i % d.contestants.length;
    const c = d.contestants[k]!;
    // A load balancer sends a dead gateway's clients to the other one.
    const via = d.split.gateways[0]!.running() || c.baseUrl !== first ? c : Object.assign(new OjClient(d.split.gateways[1]!.url!), { token: c.token, uid: c.uid });
    const r = await via.submit('1000', 'C', C_AB);
    if (r.status === 200) ids.set(r.data.submitId, ws[k]!);
    await new Promise((x) => setTimeout(x, 250));
  }
  const deadline = Date.now() + 300_000;
  while ([...ids].some(([id, w]) => !w.finals.has(id)) && Date.now() < deadline) await new Promise((x) => setTimeout(x, 100));
  const moved: number[] = [];
  const stayed: number[] = [];
  for (const [id, w] of ids) {
    const t = w.finalAt.get(id);
    const p = publishedAt.get(id);
    if (t === undefined || p === undefined) continue;
    (onFirst.has(w) ? moved : stayed).push(t - p);
  }
  moved.sort((a, b) => a - b);
  stayed.sort((a, b) => a - b);
  const missed = [...ids].filter(([id, w]) => !w.finals.has(id)).length;
  console.log(
    `(s') push latency, final judge event → owner's socket, ${ids.size} verdicts at ~4/s, gateway 1 of 2 killed halfway: ` +
      `sockets that moved p50 ${fmt(percentile(moved, 50))} ms, p99 ${fmt(percentile(moved, 99))} ms (${moved.length}); ` +
      `sockets that stayed p50 ${fmt(percentile(stayed, 50))} ms, p99 ${fmt(percentile(stayed, 99))} ms (${stayed.length}); missed ${missed}`,
  );
  sub.unsubscribe();
  await nc.close();
}

export async function benchSplitDeployment(): Promise<void> {
  await partBurst(1);
  await partBurst(2);
}
