// `pnpm test:chaos` (OJ_CHAOS_LONG=1): the longer fault scenarios on the split deployment, one after another while
// contest submissions stream in — the whole NATS cluster away for a minute, a runner paused (SIGSTOP) past its ack
// wait and resumed, PostgreSQL restarted, the results stream refusing publishes — each followed by the accounting
// (submitted, judged, lost, System Error), printed. Skipped in `pnpm test` (it takes several minutes).
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS } from '@oj/proto';
import { account, MIX, printCounts, startTestChaos, submitProgram, VerdictWatcher, type ChaosCounts, type ChaosDeployment, type Submitted } from './chaos-support';

const LONG = process.env.OJ_CHAOS_LONG === '1';
let d: ChaosDeployment;
const watchers: VerdictWatcher[] = [];
const all: Submitted[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Streams `n` submissions, one every `everyMs`, while `fault` runs; answers them. */
async function streamDuring(n: number, everyMs: number, fault: () => Promise<void>): Promise<Submitted[]> {
  const subs: Submitted[] = [];
  const running = fault();
  for (let i = 0; i < n; i++) {
    const c = (all.length + i) % d.contestants.length;
    const key = MIX[(all.length + i) % MIX.length]!;
    subs.push({ submitId: await submitProgram(d, d.contestants[c]!, key), key, watcher: watchers[c]! });
    await sleep(everyMs);
  }
  await running;
  all.push(...subs);
  return subs;
}

async function check(label: string, subs: Submitted[]): Promise<ChaosCounts> {
  const counts = await account(d, subs, 300_000);
  printCounts(label, counts);
  expect(counts.details).toEqual([]);
  expect(counts).toMatchObject({ lost: 0, systemError: 0, wrongVerdict: 0, missedBySocket: 0, boardExact: true });
  return counts;
}

describe.skipIf(!LONG)('chaos, the long scenarios (pnpm test:chaos)', () => {
  beforeAll(async () => {
    d = await startTestChaos({ ownPostgres: true });
    const alive = () => d.split.gateways.filter((g) => g.running()).map((g) => g.url!);
    for (const c of d.contestants) {
      const w = new VerdictWatcher(c, alive);
      await w.open();
      watchers.push(w);
    }
  }, 300_000);

  afterAll(async () => {
    for (const w of watchers) w.close();
    await d?.stop();
  }, 180_000);

  it('the whole NATS cluster away for a minute', async () => {
    const subs = await streamDuring(30, 1000, async () => {
      await sleep(5000);
      await Promise.all(d.cluster.nodes.map((n) => n.stop()));
      await sleep(60_000);
      await Promise.all(d.cluster.nodes.map((n) => n.start()));
      await d.cluster.waitHealthy(120_000);
    });
    await check('NATS cluster away 60 s', subs);
  }, 900_000);

  it('a runner paused (SIGSTOP) past its ack wait, then resumed', async () => {
    const subs = await streamDuring(30, 500, async () => {
      await sleep(3000);
      d.split.runners[0]!.signal('SIGSTOP');
      await sleep(25_000);
      d.split.runners[0]!.signal('SIGCONT');
    });
    await check('runner paused 25 s', subs);
  }, 900_000);

  it('PostgreSQL restarted', async () => {
    const subs = await streamDuring(30, 500, async () => {
      await sleep(3000);
      await d.restartPostgres!(10_000);
    });
    await check('PostgreSQL restarted (10 s down)', subs);
  }, 900_000);

  it('the results stream refusing every publish for 30 s', async () => {
    const nc = await connect({ servers: d.cluster.nodes.map((n) => n.url) });
    const jsm = await jetstreamManager(nc);
    try {
      const subs = await streamDuring(30, 500, async () => {
        await sleep(2000);
        const info = await jsm.streams.info(STREAMS.results);
        await jsm.streams.update(STREAMS.results, { max_msgs: Math.max(1, info.state.messages), discard: 'new' as never });
        await sleep(30_000);
        await jsm.streams.update(STREAMS.results, { max_msgs: -1, discard: 'old' as never });
      });
      await check('results stream refusing publishes 30 s', subs);
    } finally {
      await nc.close();
    }
  }, 900_000);

  it('in all: nothing lost, no System Error', async () => {
    const counts = await account(d, all, 60_000);
    printCounts('all long scenarios', counts);
    expect(counts).toMatchObject({ submitted: all.length, judged: all.length, lost: 0, systemError: 0 });
  }, 120_000);
});
