// The chaos test of every `pnpm test` (issue 16): the split deployment on one machine (3-node NATS cluster,
// 2 gateways, 2 services workers, 2 runners, PostgreSQL) while 100 contest submissions stream in (AC, WA, TLE and
// CE): a runner, a services worker and a gateway are killed (-9) and started again, and a NATS node is restarted.
// Every submission ends with its true verdict, nothing is lost or System Error, the contest board is exact, and the
// contestants' sockets, moved to the surviving gateway, receive every final verdict. Bounded: a few minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, MIX, printCounts, startTestChaos, submitProgram, VerdictWatcher, type ChaosDeployment, type Submitted } from './chaos-support';

const SUBMISSIONS = 100;
let d: ChaosDeployment;
const watchers: VerdictWatcher[] = [];

beforeAll(async () => {
  d = await startTestChaos();
}, 300_000);

afterAll(async () => {
  for (const w of watchers) w.close();
  await d?.stop();
}, 120_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('chaos: processes killed and a NATS node restarted while submissions stream in', () => {
  it('loses nothing: true verdicts, no System Error, an exact board, every final verdict pushed', async () => {
    const alive = () => d.split.gateways.filter((g) => g.running()).map((g) => g.url!);
    // Every contestant watches from gateway 1, the one that will be killed.
    for (const c of d.contestants) {
      const w = new VerdictWatcher(c, alive);
      await w.open(d.split.gateways[0]!.url!);
      watchers.push(w);
    }
    const [runner1] = d.split.runners;
    const [worker1] = d.split.workers;
    const [gateway1] = d.split.gateways;
    const faults: Record<number, () => Promise<void>> = {
      15: async () => {
        await runner1!.kill();
        setTimeout(() => void runner1!.start(), 4000);
      },
      35: async () => {
        await worker1!.kill();
        setTimeout(() => void worker1!.start(), 4000);
      },
      55: () => gateway1!.kill(),
      75: async () => {
        const node = d.cluster.nodes[1]!;
        await node.stop();
        await sleep(3000);
        await node.start();
      },
    };
    const subs: Submitted[] = [];
    const pending: Promise<void>[] = [];
    for (let i = 0; i < SUBMISSIONS; i++) {
      const fault = faults[i];
      if (fault) pending.push(fault());
      const n = i % d.contestants.length;
      const key = MIX[i % MIX.length]!;
      subs.push({ submitId: await submitProgram(d, d.contestants[n]!, key), key, watcher: watchers[n]! });
      await sleep(250);
    }
    await Promise.all(pending);
    const counts = await account(d, subs, 150_000);
    printCounts('CI run', counts);
    expect(counts.details).toEqual([]);
    expect(counts).toMatchObject({ submitted: SUBMISSIONS, judged: SUBMISSIONS, lost: 0, systemError: 0, wrongVerdict: 0, missedBySocket: 0, boardExact: true });
    // The faults really happened: every watcher moved off the killed gateway.
    expect(watchers.every((w) => w.moves >= 1)).toBe(true);
  }, 300_000);
});
